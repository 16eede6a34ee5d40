/**
 * The review lifecycle of a version from the pages that list versions (the app list's cards
 * and the app group's versions): what the submit dialog needs, and the version actions
 * (pause, push to beta or live, withdraw, archive and the like) posted from the menu's
 * dialogs. `handleAppAction` (./version-actions.server) hands every intent of REVIEW_INTENTS here, so each page's action
 * stays one call.
 *
 * | intent           | fields                                          | call                                   | success toast |
 * |------------------|-------------------------------------------------|----------------------------------------|---------------|
 * | `submit`         | `versionId`, the submit form (forms/submit.ts)  | `POST app-submissions` (submit, submit to live or resubmit, as the status allows) | 'submitted successfully' |
 * | `pause`/`unpause`| `versionId`, name, email, phone, reason         | `PUT app-submissions/pause|resume/{id}` | 'request received' |
 * | `pushToLive`, `pushToBeta` | `versionId`                           | `PUT app-submissions/go-live/{id}`     | 'pushed to live' / 'pushed to beta' |
 * | `archiveVersion`, `withdraw`, `rollbackToBeta` | `versionId`         | `PUT app-submissions/archive/{id}`     | 'archived' / 'submission withdrawn' / 'rolled back to beta' |
 * | `unarchiveFirst` | `appGroupId`, `then` (UNARCHIVE_THEN)            | `PUT apps/group/{id}/setArchived?flag=false` | 'unarchived', and the interrupted dialog opens again |
 *
 * The actions that put a version on the market (submit, push to live or beta, roll back to
 * beta, unpause) need a current app: on an archived one the page asks to unarchive first
 * (ReviewDialogs), and a post that skips the question is refused with the archived app's
 * blocker. Archive, withdraw and a pause request take nothing to the market and go ahead.
 *
 * Every success redirects to `back` (post/redirect/get), so the list and the version are
 * loaded fresh. A form that fails its rules (or that the API refuses by a rule code) comes
 * back as `json({ intent, versionId, result, apiError: null }, 400)`, the dialog open with
 * what was typed; any other refusal opens the error dialog of `back` with the rule worded
 * from `locales/` (a status the action does not fit, a blocker) or the provider's detail.
 */

import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, json, type TypedResponse } from "@remix-run/node";
import type { TFunction } from "i18next";
import * as z from "zod";
import { getApp, getAppGroup, setArchived } from "~/api/apps/endpoints";
import { validateDetails, validateMarketplace } from "~/api/apps/rules";
import { type ApiClient, ApiError } from "~/api/client.server";
import {
  archiveVersion,
  createSubmission,
  getSubmissionInit,
  goLive,
  requestPause,
  requestResume,
} from "~/api/submissions/endpoints";
import { SUBMISSION_BLOCKERS, type SubmissionBlocker } from "~/api/submissions/rules";
import type { SubmissionInit } from "~/api/submissions/schemas";
import { archiveCallMove, goLiveMove } from "~/api/submissions/status";
import { requireUser } from "~/auth.server";
import type { Translate } from "~/forms/app-editor";
import { parseForm } from "~/forms/parse.server";
import { NEEDS_CURRENT_APP, reviewRuleMessage, unarchiveThen } from "~/forms/review";
import { pauseSchema, submitSchema } from "~/forms/review.server";
import { formatReleaseDate, releaseDateAndTime } from "~/forms/submit";
import i18next from "~/i18next.server";
import type { ShownError } from "~/lib/errors";
import { markFailed } from "~/lib/title";
import { redirectWithError, redirectWithToast, safeRedirect } from "~/session.server";

export const REVIEW_INTENTS = [
  "submit",
  "pause",
  "unpause",
  "pushToLive",
  "pushToBeta",
  "archiveVersion",
  "withdraw",
  "rollbackToBeta",
  "unarchiveFirst",
] as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[number];

export const isReviewIntent = (value: unknown): value is ReviewIntent =>
  typeof value === "string" && (REVIEW_INTENTS as readonly string[]).includes(value);

/** The version actions a confirmation asks for (`?confirm={action}:{versionId}`), and the intent each posts. */
export const CONFIRM_ACTIONS = {
  pushToLive: "pushToLive",
  pushToBeta: "pushToBeta",
  archive: "archiveVersion",
  withdraw: "withdraw",
  rollbackToBeta: "rollbackToBeta",
} as const;
export type ConfirmAction = keyof typeof CONFIRM_ACTIONS;

const TOASTS: Record<
  Exclude<ReviewIntent, "submit" | "pause" | "unpause" | "unarchiveFirst">,
  string
> = {
  pushToLive: "pushedToLive",
  pushToBeta: "pushedToBeta",
  archiveVersion: "archived",
  withdraw: "submissionWithdrawn",
  rollbackToBeta: "rolledBackToBeta",
};

/** The answer of a failed submit or request: the dialog comes back open with the values and messages. */
export interface ReviewActionFailure {
  intent: "submit" | "pause" | "unpause";
  versionId: string;
  result: SubmissionResult<string[]>;
  apiError: (ShownError & { status: number }) | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = z.string().regex(UUID);
const badRequest = (message: string) =>
  new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });

// ---------------------------------------------------------------------------
// The submit dialog's data
// ---------------------------------------------------------------------------

/** The items of the readiness checklist, in order, and the page each is fixed on. */
export const READINESS_ITEMS = [
  "details",
  "listing",
  "images",
  "platform",
  "price",
  "preApproval",
] as const;
export type ReadinessItem = (typeof READINESS_ITEMS)[number];

export interface ReadinessEntry {
  key: ReadinessItem;
  done: boolean;
  /** Where it is fixed. */
  href: string;
  /** The listing's missing or invalid fields (paths of appEditor:fields). */
  fields?: string[];
}

export interface SubmitDialogData {
  version: { versionId: string; versionDisplay: string; statusCode: number };
  appGroupId: string;
  appName: string;
  isArchived: boolean;
  action: "submit" | "submitToLive" | "resubmit";
  isBetaOffered: boolean;
  /** The beta flag a resubmit keeps. */
  isBeta: boolean;
  prefill: {
    contactName: string;
    contactEmail: string;
    contactPhoneNumber: string;
    releaseDate: string;
  };
  /** The provider's blockers other than the archived app (codes of SUBMISSION_BLOCKERS). */
  blockers: SubmissionBlocker[];
  readiness: ReadinessEntry[];
}

const LISTING_IMAGE_FIELDS = new Set(["promo.appIcon", "promo.banners", "promo.screenshots"]);

/** The checklist before a submit, from the version, the app's flags and the provider's blockers. */
export function readiness(
  lang: string,
  version: {
    id: string;
    groupId: string;
    details: Parameters<typeof validateDetails>[0];
    marketplace: Parameters<typeof validateMarketplace>[0];
  },
  group: { isPriceRequired: boolean; isPreApprovalRequired: boolean },
  blockers: readonly string[],
): ReadinessEntry[] {
  const versionPage = (page: string) => `/${lang}/apps/${version.id}/${page}`;
  const groupPage = (page: string) => `/${lang}/apps/group/${version.groupId}/${page}`;
  const listingErrors = Object.keys(
    validateMarketplace(version.marketplace, { appType: version.details.appType }),
  );
  const listingFields = listingErrors.filter((field) => !LISTING_IMAGE_FIELDS.has(field));
  const entries: ReadinessEntry[] = [
    {
      key: "details",
      done: Object.keys(validateDetails(version.details)).length === 0,
      href: versionPage("details"),
    },
    {
      key: "listing",
      done: listingFields.length === 0,
      href: versionPage("marketplace"),
      ...(listingFields.length ? { fields: listingFields } : {}),
    },
    {
      key: "images",
      done: !listingErrors.some((field) => LISTING_IMAGE_FIELDS.has(field)),
      href: versionPage("marketplace"),
    },
    {
      key: "platform",
      done: !blockers.includes("platformConfigurationRequired"),
      href: versionPage("desktop"),
    },
  ];
  if (group.isPriceRequired)
    entries.push({
      key: "price",
      done: !blockers.includes("priceRequired"),
      href: groupPage("pricing"),
    });
  if (group.isPreApprovalRequired)
    entries.push({
      key: "preApproval",
      done: !blockers.includes("preApprovalRequired"),
      href: groupPage("approval"),
    });
  return entries;
}

/**
 * What the submit dialog of `?submit={versionId}` shows; null when the id names no version
 * the user can see or one whose status allows no submit (the page then shows no dialog).
 */
export async function loadSubmitDialog(
  api: ApiClient,
  language: string,
  versionId: string | null,
): Promise<SubmitDialogData | null> {
  if (!versionId || !UUID.test(versionId)) return null;
  try {
    const [init, version] = await Promise.all([
      api.call(getSubmissionInit, { params: { versionId } }),
      api.call(getApp, { params: { id: versionId } }),
    ]);
    if (!init.action) return null;
    const group = await api.call(getAppGroup, { params: { groupId: version.groupId } });
    const blockers = init.blockers.filter(
      (code): code is SubmissionBlocker =>
        (SUBMISSION_BLOCKERS as readonly string[]).includes(code) && code !== "appArchived",
    );
    return {
      version: {
        versionId,
        versionDisplay: version.versionNumberDisplay,
        statusCode: version.statusCode,
      },
      appGroupId: version.groupId,
      appName: group.name,
      isArchived: group.isArchived,
      action: init.action,
      isBetaOffered: init.isBetaOffered,
      isBeta: init.isBeta,
      prefill: {
        contactName: init.contactName,
        contactEmail: init.contactEmail,
        contactPhoneNumber: init.contactPhoneNumber,
        releaseDate: formatReleaseDate(new Date(), language),
      },
      blockers,
      readiness: readiness(language, version, group, init.blockers),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------
// The actions
// ---------------------------------------------------------------------------

const shown = (error: ApiError, fallback: string): ShownError => ({
  detail: error.detail,
  traceId: error.traceId,
  fallback,
});

/**
 * The words of a refusal whose rule the console knows (a status the action does not fit, a
 * blocker of a submit, an archived app), else the provider's detail with the fallback.
 */
export function refusalText(
  t: TFunction | Translate,
  error: ApiError,
  fallback: string,
): ShownError {
  const codes = Object.values(error.errors ?? {});
  const messages: string[] = [];
  for (const code of codes) {
    if (code === "actionNotAllowed") messages.push(t("review:errors.notAllowed"));
    else if (code === "requestOpen") messages.push(t("review:errors.requestOpen"));
    else if (code === "appArchived") messages.push(t("review:submit.blockers.archived"));
    else if (code === "priceRequired") messages.push(t("review:submit.blockers.price"));
    else if (code === "preApprovalRequired") messages.push(t("review:submit.blockers.preApproval"));
    else if (code === "platformConfigurationRequired")
      messages.push(t("review:submit.blockers.platform"));
  }
  if (messages.length > 0) return { detail: messages.join(" "), traceId: error.traceId };
  if (error.status === 404)
    return { detail: t("review:errors.unknownVersionAction"), traceId: error.traceId };
  return shown(error, fallback);
}

/** The submit form's fields the API names in a refusal (`releaseDateAndTime` is the form's `releaseDate`). */
const SUBMIT_API_FIELDS: Record<string, string> = {
  contactName: "contactName",
  contactEmail: "contactEmail",
  contactPhoneNumber: "contactPhoneNumber",
  submissionNotes: "submissionNotes",
  releaseDateAndTime: "releaseDate",
};
const PAUSE_API_FIELDS: Record<string, string> = {
  name: "name",
  email: "email",
  phone: "phone",
  reason: "reason",
};

/** A 400 of the API by rule codes on the form's fields, as messages next to them; undefined for any other refusal. */
function apiFieldErrors(
  t: Translate,
  language: string,
  error: ApiError,
  fields: Record<string, string>,
  labelOf: (field: string) => string,
) {
  if (error.status !== 400 || !error.errors) return undefined;
  const fieldErrors: Record<string, string[]> = {};
  for (const [path, code] of Object.entries(error.errors)) {
    const field = fields[path];
    if (!field) return undefined;
    const message =
      code === "invalidDate" || code === "releaseDateInPast"
        ? t(
            code === "invalidDate" ? "review:errors.invalidDate" : "review:errors.dateBeforeToday",
            {
              example: formatReleaseDate(new Date(), language),
              today: formatReleaseDate(new Date(), language),
            },
          )
        : reviewRuleMessage(t, language, code, labelOf(field), { max: 3000 });
    if (!message) return undefined;
    fieldErrors[field] = [message];
  }
  return Object.keys(fieldErrors).length ? fieldErrors : undefined;
}

export async function handleReviewAction(
  request: Request,
  context: AppLoadContext,
  { formData, back, intent }: { formData: FormData; back: string; intent: ReviewIntent },
): Promise<TypedResponse<ReviewActionFailure> | TypedResponse<never>> {
  const { api, language } = await requireUser(request, context);
  const backPath = safeRedirect(back) ?? `/${language}/apps`;
  const t = (await i18next.getFixedT(request, ["review", "common"])) as unknown as Translate;

  if (intent === "unarchiveFirst") {
    const appGroupId = uuid.safeParse(formData.get("appGroupId"));
    if (!appGroupId.success) throw badRequest("appGroupId must be the id of an app group.");
    const then = unarchiveThen(formData.get("then"));
    try {
      await api.call(setArchived, {
        params: { groupId: appGroupId.data },
        query: { flag: "false" },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithError(backPath, shown(error, "savingData"));
    }
    // And on to the action it interrupted.
    const next = new URL(backPath, "http://console.invalid");
    if (then) next.searchParams.set(then[0], then[1]);
    return redirectWithToast(`${next.pathname}${next.search}`, { key: "unarchived" });
  }

  const versionId = uuid.safeParse(formData.get("versionId"));
  if (!versionId.success) throw badRequest("versionId must be the id of an app version.");
  const id = versionId.data;

  switch (intent) {
    case "submit": {
      let init: SubmissionInit;
      try {
        init = await api.call(getSubmissionInit, { params: { versionId: id } });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return redirectWithError(backPath, refusalText(t, error, "submitApp"));
      }
      if (!init.action)
        return redirectWithError(backPath, { detail: t("review:errors.notAllowed") });
      const submission = parseForm(
        formData,
        submitSchema(t, language, { today: new Date(), allowBeta: init.isBetaOffered }),
      );
      if (submission.status !== "success") {
        markFailed(context);
        return json<ReviewActionFailure>(
          { intent, versionId: id, result: submission.reply(), apiError: null },
          400,
        );
      }
      const value = submission.value;
      try {
        await api.call(createSubmission, {
          body: {
            appId: id,
            releaseDateAndTime: releaseDateAndTime(value.releaseDate, new Date()),
            submissionNotes: value.submissionNotes,
            isBeta: init.isBetaOffered ? value.isBeta : init.isBeta,
            contactName: value.contactName,
            contactEmail: value.contactEmail,
            contactPhoneNumber: value.contactPhoneNumber,
            documents: [],
          },
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        markFailed(context);
        const fieldErrors = apiFieldErrors(t, language, error, SUBMIT_API_FIELDS, (field) =>
          t(`review:submit.fields.${field}`),
        );
        if (fieldErrors)
          return json<ReviewActionFailure>(
            { intent, versionId: id, result: submission.reply({ fieldErrors }), apiError: null },
            400,
          );
        return redirectWithError(backPath, refusalText(t, error, "submitApp"));
      }
      return redirectWithToast(backPath, { key: "submittedSuccessfully" });
    }

    case "pause":
    case "unpause": {
      const submission = parseForm(formData, pauseSchema(t, language));
      if (submission.status !== "success") {
        markFailed(context);
        return json<ReviewActionFailure>(
          { intent, versionId: id, result: submission.reply(), apiError: null },
          400,
        );
      }
      try {
        if (intent === "unpause" && (await api.call(getApp, { params: { id } })).isArchived) {
          return redirectWithError(backPath, { detail: t("review:errors.appArchived") });
        }
        await api.call(intent === "pause" ? requestPause : requestResume, {
          params: { id },
          body: submission.value,
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        markFailed(context);
        const fieldErrors = apiFieldErrors(t, language, error, PAUSE_API_FIELDS, (field) =>
          t(`review:pause.fields.${field}`),
        );
        if (fieldErrors)
          return json<ReviewActionFailure>(
            { intent, versionId: id, result: submission.reply({ fieldErrors }), apiError: null },
            400,
          );
        return redirectWithError(backPath, refusalText(t, error, "requestFailed"));
      }
      return redirectWithToast(backPath, { key: "requestReceived" });
    }

    default: {
      // One call does several actions, told apart by the version's status: the status must
      // still be one where it does the action confirmed.
      const action = intent === "archiveVersion" ? "archive" : intent;
      try {
        const { statusCode, isArchived } = await api.call(getApp, { params: { id } });
        const goes = intent === "pushToLive" || intent === "pushToBeta";
        if ((goes ? goLiveMove(statusCode) : archiveCallMove(statusCode))?.action !== action) {
          return redirectWithError(backPath, { detail: t("review:errors.notAllowed") });
        }
        if (isArchived && (NEEDS_CURRENT_APP as readonly string[]).includes(action))
          return redirectWithError(backPath, { detail: t("review:errors.appArchived") });
        if (goes) await api.call(goLive, { params: { id } });
        else await api.call(archiveVersion, { params: { id } });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return redirectWithError(backPath, refusalText(t, error, "requestFailed"));
      }
      return redirectWithToast(backPath, { key: TOASTS[intent] });
    }
  }
}
