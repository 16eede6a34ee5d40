/**
 * The app and version actions that several pages offer (the app list's card and version
 * menus, the app group page): one action module, called from each page's `action`.
 *
 *   export async function action({ request, context }: ActionFunctionArgs) {
 *     const formData = await request.formData();
 *     return handleAppAction(request, context, { formData, back: `/${lang}/apps/group/${id}` });
 *   }
 *
 * `versionsPageAction` is that action for the pages that list versions (the app list, an
 * app's versions page), back to the page as it was without its dialog.
 *
 * Intents (the form's `intent` field) and their fields:
 *
 * | intent      | fields                                  | call                                        | success |
 * |-------------|-----------------------------------------|---------------------------------------------|---------|
 * | `duplicate` | `versionId`, `appName`, `countryCode`   | `POST apps/{versionId}/duplicate`           | `list`, toast 'duplicated successfully' |
 * | `archive`   | `appGroupId`                            | `PUT apps/group/{id}/setArchived?flag=true` | `back`, toast 'archived' |
 * | `unarchive` | `appGroupId`                            | `PUT apps/group/{id}/setArchived?flag=false`| `back`, toast 'unarchived' |
 * | `delete`    | `appGroupId`                            | `GET apps/group/{id}`, then `DELETE apps/delete/{a version id}` | `list`, toast 'deleted successfully' |
 *
 * The intents of a version's review (submit, pause and unpause requests, push to live or beta,
 * archive a version, withdraw, roll back, unarchive first) go to `handleReviewAction`
 * (./review.server), which answers in the same way.
 *
 * Every success is a redirect (post/redirect/get) with its toast. Failures:
 * - duplicate, fields that fail `duplicateSchema` (or that the API refuses by a rule code in `errors`):
 *   `json({ intent: "duplicate", result, apiError: null }, 400)`; pass `result` to
 *   `<DuplicateDialog lastResult>` (the dialog stays open with the typed values).
 * - duplicate, any other API error: `json({ intent: "duplicate", result, apiError }, status)`;
 *   render `<ErrorDialog error={actionData?.apiError} />` (after the dialog, so it is on top).
 * - archive, unarchive, delete, API errors (a rule the API enforces, e.g. 409 'cannot be
 *   deleted while a version is Live'): a redirect to `back` that opens the error dialog of
 *   the root (flash), with the API's detail or the fallback ('savingData', 'deletingApp').
 * - an unknown intent or a malformed id: a 400 Response (thrown).
 *
 * `back`: where archive and unarchive land, and failures (the page itself, without its
 * dialog). `list`: where delete and duplicate land (default `/{lang}/apps`): the deleted
 * app's pages are gone, and the copy is a new app of the list. Both must be same-origin
 * paths (checked with `safeRedirect`).
 */

import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, json, type TypedResponse } from "@remix-run/node";
import * as z from "zod";
import { deleteApp, duplicateApp, getAppGroup, setArchived } from "~/api/apps/endpoints";
import { ApiError } from "~/api/client.server";
import { requireUser } from "~/auth.server";
import type { FormRules } from "~/forms/check";
import { duplicateFieldErrors } from "~/forms/duplicate-app";
import { duplicateSchema } from "~/forms/duplicate-app.server";
import { parseForm } from "~/forms/parse.server";
import { pauseSchema, submitSchema } from "~/forms/review.server";
import { formRules } from "~/forms/rules.server";
import i18next from "~/i18next.server";
import type { ShownError } from "~/lib/errors";
import { readForm } from "~/lib/multipart.server";
import { pageSearch } from "~/lib/page-action";
import { markFailed } from "~/lib/title";
import { redirectWithError, redirectWithToast, safeRedirect } from "~/session.server";
import { handleReviewAction, isReviewIntent, type ReviewActionFailure } from "./review.server";

export const APP_ACTION_INTENTS = ["duplicate", "archive", "unarchive", "delete"] as const;
export type AppActionIntent = (typeof APP_ACTION_INTENTS)[number];

export interface AppActionOptions {
  formData: FormData;
  /** Where archive and unarchive lead, and where failures are shown: the page without its dialog. */
  back: string;
  /** Where delete and duplicate lead; `/{lang}/apps` by default. */
  list?: string;
}

/** The answer of a failed duplicate (the only intent that answers with data). */
export interface AppActionFailure {
  intent: "duplicate";
  result: SubmissionResult<string[]>;
  apiError: (ShownError & { status: number }) | null;
}

const intentField = z.enum(APP_ACTION_INTENTS);
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

const badRequest = (message: string) =>
  new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });

/** The error dialog's view of an API error, with the action's fallback text. */
const shown = (error: ApiError, fallback: string): ShownError => ({
  detail: error.detail,
  traceId: error.traceId,
  fallback,
});

/** A status for the page that shows a failed call: the API's own for refusals, 502 when the provider failed. */
const failureStatus = (error: ApiError) => (error.status >= 500 ? 502 : error.status);

export async function handleAppAction(
  request: Request,
  context: AppLoadContext,
  { formData, back, list }: AppActionOptions,
): Promise<
  TypedResponse<AppActionFailure> | TypedResponse<ReviewActionFailure> | TypedResponse<never>
> {
  const { api, language } = await requireUser(request, context);
  const listPath = safeRedirect(list) ?? `/${language}/apps`;
  const backPath = safeRedirect(back) ?? listPath;

  // The version's review actions (submit, requests, go-live, archive, withdraw...).
  const review = formData.getAll("intent");
  if (review.length === 1 && isReviewIntent(review[0]))
    return handleReviewAction(request, context, { formData, back: backPath, intent: review[0] });

  const intent = intentField.safeParse(formData.get("intent"));
  if (!intent.success) throw badRequest("Unknown intent.");

  switch (intent.data) {
    case "duplicate": {
      const versionId = uuid.safeParse(formData.get("versionId"));
      if (!versionId.success) throw badRequest("versionId must be the id of an app version.");
      const t = await i18next.getFixedT(request, ["appList", "appEditor", "common"]);
      const submission = parseForm(formData, duplicateSchema(t, language));
      if (submission.status !== "success") {
        markFailed(context);
        return json<AppActionFailure>(
          { intent: "duplicate", result: submission.reply(), apiError: null },
          400,
        );
      }
      try {
        await api.call(duplicateApp, { params: { id: versionId.data }, body: submission.value });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        markFailed(context);
        // The form passed the same rules; a field the API still refuses (a country it does not
        // offer, say) is worded by the rule code it names.
        const fieldError =
          error.status === 400 ? duplicateFieldErrors(t, language, error.errors) : undefined;
        if (fieldError) {
          return json<AppActionFailure>(
            {
              intent: "duplicate",
              result: submission.reply({ fieldErrors: fieldError }),
              apiError: null,
            },
            400,
          );
        }
        return json<AppActionFailure>(
          {
            intent: "duplicate",
            result: submission.reply(),
            apiError: { ...shown(error, "savingData"), status: error.status },
          },
          failureStatus(error),
        );
      }
      return redirectWithToast(listPath, { key: "duplicatedSuccessfully" });
    }

    case "archive":
    case "unarchive":
    case "delete": {
      const appGroupId = uuid.safeParse(formData.get("appGroupId"));
      if (!appGroupId.success) throw badRequest("appGroupId must be the id of an app group.");
      const id = appGroupId.data;
      if (intent.data === "delete") {
        try {
          // The API deletes an app group through any of its versions.
          const group = await api.call(getAppGroup, { params: { groupId: id } });
          const versionId = group.versions[0]?.versionId ?? group.history[0]?.versionId;
          if (!versionId) throw new ApiError(404, `apps/group/${id}`);
          await api.call(deleteApp, { params: { id: versionId } });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          return redirectWithError(backPath, shown(error, "deletingApp"));
        }
        return redirectWithToast(listPath, { key: "deletedSuccessfully" });
      }
      const archive = intent.data === "archive";
      try {
        await api.call(setArchived, {
          params: { groupId: id },
          query: { flag: archive ? "true" : "false" },
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return redirectWithError(backPath, shown(error, "savingData"));
      }
      return redirectWithToast(backPath, { key: archive ? "archived" : "unarchived" });
    }
  }
}

/** The browser's rules of the forms of a version menu's dialogs: duplicate, and submit and pause with `review`. */
export interface VersionDialogRules {
  duplicate: FormRules;
  submit: FormRules;
  pause: FormRules;
}

/**
 * For the loader of a page with a version menu: the rules of the dialogs its address can open,
 * worded in the page's language (the duplicate dialog's only, on a page without the review
 * dialogs).
 */
export async function versionDialogRules(
  request: Request,
  language: string,
): Promise<VersionDialogRules>;
export async function versionDialogRules(
  request: Request,
  language: string,
  options: { review: false },
): Promise<Pick<VersionDialogRules, "duplicate">>;
export async function versionDialogRules(
  request: Request,
  language: string,
  { review = true } = {},
) {
  const t = await i18next.getFixedT(request, ["appList", "appEditor", "review", "common"]);
  const duplicate = formRules(duplicateSchema(t, language));
  if (!review) return { duplicate };
  return {
    duplicate,
    submit: formRules(submitSchema(t, language, { today: new Date(), allowBeta: true })),
    pause: formRules(pauseSchema(t, language)),
  };
}

/**
 * The action of a page that lists versions: back to the page (its query without the dialog,
 * nor Remix's `index`); on the app list (`appList`) a duplicate and a delete come back there too.
 */
export async function versionsPageAction(
  request: Request,
  context: AppLoadContext,
  { appList = false } = {},
) {
  const url = new URL(request.url);
  const search = pageSearch(url.search).toString();
  const page = `${url.pathname}${search ? `?${search}` : ""}`;
  return handleAppAction(request, context, {
    formData: await readForm(request),
    back: page,
    list: appList ? page : undefined,
  });
}
