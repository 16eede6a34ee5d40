/**
 * The review lifecycle of a version from the pages that list versions (the app list's cards
 * and the app group's versions): the version actions (submit, pause, push to beta or live,
 * withdraw, archive and the like) posted from the menu's dialogs (what the submit dialog
 * shows: submit-dialog.server.ts). `handleAppAction` (./version-actions.server) hands every
 * intent of REVIEW_INTENTS here, so each page's action stays one call.
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
import { getApp, setArchived } from "~/api/apps/endpoints";
import { type ApiClient, ApiError } from "~/api/client.server";
import {
  archiveVersion,
  createSubmission,
  getSubmissionInit,
  goLive,
  requestPause,
  requestResume,
} from "~/api/submissions/endpoints";
import type { SubmissionInit } from "~/api/submissions/schemas";
import { archiveCallMove, goLiveMove } from "~/api/submissions/status";
import { requireUser } from "~/auth.server";
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
  t: TFunction | TFunction,
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
  t: TFunction,
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
  const t = await i18next.getFixedT(request, ["review", "common"]);
  if (intent === "unarchiveFirst") return unarchiveFirst(api, formData, backPath);

  const versionId = uuid.safeParse(formData.get("versionId"));
  if (!versionId.success) throw badRequest("versionId must be the id of an app version.");
  const posted: Posted = { api, context, t, language, formData, backPath, id: versionId.data };
  if (intent === "submit") return submit(posted);
  if (intent === "pause" || intent === "unpause") return requestPauseOrResume(posted, intent);
  return moveVersion(posted, intent);
}

/** A version action as posted, from the page at `backPath`. */
interface Posted {
  api: ApiClient;
  context: AppLoadContext;
  t: TFunction;
  language: string;
  formData: FormData;
  backPath: string;
  /** The version's id. */
  id: string;
}

/** The dialog of a submit or request comes back open, with what was typed and the messages. */
function dialogAgain(
  { context, id }: Posted,
  intent: ReviewActionFailure["intent"],
  result: SubmissionResult<string[]>,
) {
  markFailed(context);
  return json<ReviewActionFailure>({ intent, versionId: id, result, apiError: null }, 400);
}

/** A submit or request the API refused: messages next to the fields it names, else the error dialog of the page. */
function refused(
  posted: Posted,
  intent: ReviewActionFailure["intent"],
  error: ApiError,
  submission: {
    reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
  },
  form: { fields: Record<string, string>; labels: string; fallback: string },
) {
  const { context, t, language, backPath } = posted;
  markFailed(context);
  const fieldErrors = apiFieldErrors(t, language, error, form.fields, (field) =>
    t(`${form.labels}.${field}`),
  );
  if (fieldErrors) return dialogAgain(posted, intent, submission.reply({ fieldErrors }));
  return redirectWithError(backPath, refusalText(t, error, form.fallback));
}

/** Unarchives the app group, then opens the dialog the archived app interrupted. */
async function unarchiveFirst(api: ApiClient, formData: FormData, backPath: string) {
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

/** `POST app-submissions`: submit, submit to live or resubmit, as the version's status allows. */
async function submit(posted: Posted) {
  const { api, t, language, formData, backPath, id } = posted;
  let init: SubmissionInit;
  try {
    init = await api.call(getSubmissionInit, { params: { versionId: id } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithError(backPath, refusalText(t, error, "submitApp"));
  }
  if (!init.action) return redirectWithError(backPath, { detail: t("review:errors.notAllowed") });
  const submission = parseForm(
    formData,
    submitSchema(t, language, { today: new Date(), allowBeta: init.isBetaOffered }),
  );
  if (submission.status !== "success") return dialogAgain(posted, "submit", submission.reply());
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
    return refused(posted, "submit", error, submission, {
      fields: SUBMIT_API_FIELDS,
      labels: "review:submit.fields",
      fallback: "submitApp",
    });
  }
  return redirectWithToast(backPath, { key: "submittedSuccessfully" });
}

/** `PUT app-submissions/pause|resume/{id}`: a request to pause the app on the market, or to resume it. */
async function requestPauseOrResume(posted: Posted, intent: "pause" | "unpause") {
  const { api, t, language, formData, backPath, id } = posted;
  const submission = parseForm(formData, pauseSchema(t, language));
  if (submission.status !== "success") return dialogAgain(posted, intent, submission.reply());
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
    return refused(posted, intent, error, submission, {
      fields: PAUSE_API_FIELDS,
      labels: "review:pause.fields",
      fallback: "requestFailed",
    });
  }
  return redirectWithToast(backPath, { key: "requestReceived" });
}

/** Push to live or beta, archive, withdraw, roll back to beta: the actions confirmed in a dialog. */
async function moveVersion({ api, t, backPath, id }: Posted, intent: keyof typeof TOASTS) {
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
