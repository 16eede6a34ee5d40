/**
 * What the app version editors' saves share (creating an app, saving its details, saving its
 * listing): the answer of a save that failed, the toast of one that succeeded, the details
 * form's rules and the provider's refusals worded on the form's fields.
 */

import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, json, replace } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { ImageRef } from "~/api/apps/schemas";
import { type ApiError, ProviderUnreachable } from "~/api/client.server";
import { apiFieldRule, type DetailsContext, fieldMessage } from "~/forms/app-editor";
import { detailsSchema } from "~/forms/app-editor.server";
import { formRules } from "~/forms/rules.server";
import i18next from "~/i18next.server";
import type { ShownError } from "~/lib/errors";
import { markFailed } from "~/lib/title";
import { toastHeader } from "~/session.server";
import { answerStatus, EDITOR_NAMESPACES, type Lookups } from "./editor.server";

export interface ListingImages {
  appIcon: ImageRef | null;
  banners: ImageRef[];
  screenshots: ImageRef[];
}

/** The answer of a save that did not succeed. */
export interface EditorFailure {
  intent: "save";
  result: SubmissionResult<string[]> | null;
  apiError: ShownError | null;
  /** A message of the whole form (the mandatory details of the listing, a form too large). */
  formError: string | null;
  /** The listing's images as the form now holds them. */
  images?: ListingImages;
}

/** What the error dialog shows of a failed save; a provider out of reach says that nothing was saved. */
export const shown = (error: ApiError, fallback = "savingData"): ShownError => ({
  detail: error.detail,
  traceId: error.traceId,
  fallback: error instanceof ProviderUnreachable ? "unreachable" : fallback,
});

/** Back to `to` in place of the form's entry, with the toast 'saved successfully'. */
export async function replaceWithToast(to: string) {
  return replace(to, {
    headers: { "Set-Cookie": await toastHeader({ key: "savedSuccessfully" }) },
  });
}

/** A failed save: the page's title says so, the form's answer with the status. */
export function failure(
  context: AppLoadContext,
  data: Omit<EditorFailure, "intent">,
  status: number,
) {
  markFailed(context);
  return json<EditorFailure>({ intent: "save", ...data }, status);
}

/** The editors' translations, typed for the form schemas. */
export async function fixedT(request: Request): Promise<TFunction> {
  return await i18next.getFixedT(request, EDITOR_NAMESPACES);
}

/** The details form's context: the categories and countries offered; an existing app's type and country as created. */
export function detailsContext(
  lookups: Lookups,
  locked?: DetailsContext["locked"],
): DetailsContext {
  return {
    categoryIds: lookups.categories.map((c) => c.id),
    countryCodes: locked ? [] : lookups.countries.map((c) => c.code),
    locked,
  };
}

/** The rules of the details form a browser checks, worded in the page's language (the action's schema). */
export async function detailsRules(
  request: Request,
  language: string,
  lookups: Lookups,
  locked?: DetailsContext["locked"],
) {
  return formRules(detailsSchema(await fixedT(request), language, detailsContext(lookups, locked)));
}

/**
 * A refusal of the API about the form's fields, as a message on each field the answer's
 * `errors` names, worded from its rule code. Undefined when any refusal is not one of this
 * form's field rules: the error dialog then shows the provider's detail.
 */
export function apiFieldErrors(
  t: TFunction,
  language: string,
  error: ApiError,
  prefix: "details" | "marketplace",
  fields: readonly string[],
) {
  if (error.status !== 400 || !error.errors) return undefined;
  const fieldErrors: Record<string, string[]> = {};
  for (const [path, code] of Object.entries(error.errors)) {
    const rule = apiFieldRule(path, code, prefix);
    if (!rule || !fields.includes(rule.field)) return undefined;
    fieldErrors[rule.field] ??= [fieldMessage(t, language, rule.field, rule.key)];
  }
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined;
}

/**
 * A save of the details form the provider refused: messages on the named fields when the
 * refusal is about them, else the error dialog with the provider's status.
 */
export function detailsRefused(
  context: AppLoadContext,
  t: TFunction,
  language: string,
  error: ApiError,
  submission: {
    reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
  },
  fields: readonly string[],
) {
  const fieldErrors = apiFieldErrors(t, language, error, "details", fields);
  if (fieldErrors)
    return failure(
      context,
      { result: submission.reply({ fieldErrors }), apiError: null, formError: null },
      400,
    );
  return failure(
    context,
    { result: submission.reply(), apiError: shown(error), formError: null },
    answerStatus(error),
  );
}
