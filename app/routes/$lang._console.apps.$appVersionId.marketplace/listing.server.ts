/**
 * The listing page's action. Its `intent`: `save` (default); `upload` (upload the chosen
 * files and show them, without JS); `remove:{list}:{index}`, `up:{list}:{index}`,
 * `down:{list}:{index}` (change the images, without JS: nothing is saved until Save);
 * `upload-files` (upload.server.ts); `go:details` (what the form holds is kept as a draft,
 * chosen files uploaded first, and the details page opens); `discard` (the draft is
 * dropped); `duplicate`. Any refused file, failing field or missing mandatory detail saves
 * nothing; Save sends `PUT apps/{id}` with the stored details and the listing.
 */

import type { Session } from "@remix-run/node";
import { type AppLoadContext, json, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import { updateApp } from "~/api/apps/endpoints";
import { sanitizeOverview } from "~/api/apps/overview.server";
import { validateDetails } from "~/api/apps/rules";
import type { AppVersion } from "~/api/apps/schemas";
import { isEditable } from "~/api/apps/status";
import { type ApiClient, ApiError } from "~/api/client.server";
import { requireUser } from "~/auth.server";
import { LISTING_FIELDS } from "~/forms/app-editor";
import { listingBody, listingSchema } from "~/forms/app-editor.server";
import { parseForm } from "~/forms/parse.server";
import {
  dropEditorDraft,
  goTarget,
  keepEditorDraft,
  listingDraftOf,
} from "~/lib/apps/drafts.server";
import { answerStatus, loadVersion, svgAllowed } from "~/lib/apps/editor.server";
import {
  apiFieldErrors,
  type EditorFailure,
  failure,
  fixedT,
  replaceWithToast,
  shown,
} from "~/lib/apps/editor-save.server";
import { handleAppAction } from "~/lib/apps/version-actions.server";
import { redirectAfterDraft } from "~/lib/drafts.server";
import { FormTooLargeError, type UploadFolder, withUploadFolder } from "~/lib/multipart.server";
import {
  applyImageIntent,
  isListingIntent,
  readImages,
  readListingForm,
  withImages,
} from "./listing-form.server";
import { type UploadAnswer, uploadFiles, uploadOnSelection } from "./upload.server";

/**
 * The listing page's action: the duplicate dialog, an upload of the page's fetcher (JS), a
 * change of the images (no JS), or Save.
 */
export async function saveListing(
  request: Request,
  context: AppLoadContext,
  versionId: string | undefined,
) {
  const user = await requireUser(request, context);
  // The version (the company's) is checked before a byte of the body is read.
  const version = await loadVersion(request, user.api, versionId);
  return withUploadFolder((folder) => saveListingForm(request, context, user, version, folder));
}

async function saveListingForm(
  request: Request,
  context: AppLoadContext,
  user: Awaited<ReturnType<typeof requireUser>>,
  version: AppVersion,
  folder: UploadFolder,
) {
  const { api, language, session } = user;
  const t = await fixedT(request);
  const page = new URL(request.url).pathname;

  let read: Awaited<ReturnType<typeof readListingForm>>;
  try {
    read = await readListingForm(request, folder);
  } catch (error) {
    if (!(error instanceof FormTooLargeError)) throw error;
    return failure(
      context,
      { result: null, apiError: null, formError: t("appEditor:errors.formTooLarge") },
      413,
    );
  }
  const { formData, files } = read;
  const intent = String(formData.get("intent") ?? "save");
  if (intent === "duplicate") return handleAppAction(request, context, { formData, back: page });
  if (!isListingIntent(intent)) throw new Response("Unknown intent.", { status: 400 });

  if (intent === "discard") {
    await dropEditorDraft(session, version.id, "listing");
    return redirect(page);
  }
  const go = goTarget(intent);
  if (go && !isEditable(version.statusCode, version.isArchived))
    return redirect(`/${language}/apps/${version.id}/${go}`);
  const allowSvg = await svgAllowed(api, version.details.countryCode);
  if (!isEditable(version.statusCode, version.isArchived)) {
    const apiError = { detail: t("appEditor:notEditable.saveRefused") };
    if (intent === "upload-files")
      return json<UploadAnswer>({ intent, kind: "icon", images: [], errors: [], apiError }, 409);
    return failure(context, { result: null, apiError, formError: null }, 409);
  }

  // With JS: the files of one kind, uploaded on selection.
  if (intent === "upload-files")
    return uploadOnSelection(api, t, language, formData, files, { allowSvg });

  // The overview as the allowlist leaves it: a textarea without JS may hold anything.
  const overview = formData.get("detail.description");
  if (typeof overview === "string") formData.set("detail.description", sanitizeOverview(overview));

  const outcome = await uploadFiles(api, t, language, files, readImages(formData), { allowSvg });
  const fieldErrors = Object.fromEntries(Object.entries(outcome.errors)) as Record<
    string,
    string[]
  >;
  const posted: Posted = { api, context, t, language, version, formData, outcome, fieldErrors };
  if (intent !== "save") return changeImages(posted, intent, go, session);
  return saveTheListing(posted, page, session);
}

/** A listing form as posted, its chosen files uploaded. */
interface Posted {
  api: ApiClient;
  context: AppLoadContext;
  t: TFunction;
  language: string;
  version: AppVersion;
  formData: FormData;
  outcome: Awaited<ReturnType<typeof uploadFiles>>;
  /** Messages of refused files, by field. */
  fieldErrors: Record<string, string[]>;
}

/** Any intent but Save: the form comes back as typed, with the images changed and no field checked; `go:` keeps it as a draft. */
async function changeImages(
  posted: Posted,
  intent: string,
  go: ReturnType<typeof goTarget>,
  session: Session,
) {
  const { context, t, language, version, formData, outcome, fieldErrors } = posted;
  const hasFileErrors = Object.keys(fieldErrors).length > 0;
  const images = applyImageIntent(outcome.images, intent) ?? outcome.images;
  const shape = parseForm(
    withImages(formData, images),
    listingSchema(t, language, { appType: version.details.appType }, { validate: false }),
  );
  const result = shape.reply(hasFileErrors ? { fieldErrors } : undefined);
  if (outcome.apiError || hasFileErrors) {
    return failure(
      context,
      { result, apiError: outcome.apiError, formError: null, images },
      outcome.apiError ? 502 : 400,
    );
  }
  if (go) {
    // Moving to the version's other page keeps what the form holds, chosen files uploaded.
    const kept =
      shape.status === "success" &&
      (await keepEditorDraft(session, version, "listing", listingDraftOf(shape.value, images)));
    if (kept) return redirectAfterDraft(`/${language}/apps/${version.id}/${go}`, kept);
    const apiError =
      shape.status === "success" ? { detail: t("appEditor:draft.keepFailed") } : null;
    return failure(
      context,
      { result, apiError, formError: null, images },
      shape.status === "success" ? 503 : 400,
    );
  }
  return json<EditorFailure>({ intent: "save", result, apiError: null, formError: null, images });
}

/** Save: the listing checked with the version's stored details, then `PUT apps/{id}`. */
async function saveTheListing(posted: Posted, page: string, session: Session) {
  const { api, context, t, language, version, formData, outcome, fieldErrors } = posted;
  const images = outcome.images;
  const hasFileErrors = Object.keys(fieldErrors).length > 0;
  const submission = parseForm(
    withImages(formData, images),
    listingSchema(t, language, { appType: version.details.appType }),
  );
  const missingDetails = Object.keys(validateDetails(version.details)).length > 0;
  const formError = missingDetails ? t("appEditor:errors.mandatoryDetails") : null;
  if (outcome.apiError)
    return failure(
      context,
      { result: submission.reply(), apiError: outcome.apiError, formError, images },
      502,
    );
  if (submission.status !== "success" || hasFileErrors || missingDetails) {
    return failure(
      context,
      {
        result: submission.reply({ fieldErrors, formErrors: formError ? [formError] : undefined }),
        apiError: null,
        formError,
        images,
      },
      400,
    );
  }
  try {
    const { categoryId, name, description, appType, countryCode } = version.details;
    await api.call(updateApp, {
      params: { id: version.id },
      body: {
        details: { categoryId, name, description, appType, countryCode },
        marketplace: listingBody(submission.value, sanitizeOverview),
      },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const apiFields = apiFieldErrors(t, language, error, "marketplace", LISTING_FIELDS);
    if (apiFields)
      return failure(
        context,
        {
          result: submission.reply({ fieldErrors: apiFields }),
          apiError: null,
          formError: null,
          images,
        },
        400,
      );
    if (error.status === 400 && error.field?.startsWith("details.")) {
      const message = t("appEditor:errors.mandatoryDetails");
      return failure(
        context,
        {
          result: submission.reply({ formErrors: [message] }),
          apiError: null,
          formError: message,
          images,
        },
        400,
      );
    }
    return failure(
      context,
      { result: submission.reply(), apiError: shown(error), formError: null, images },
      answerStatus(error),
    );
  }
  await dropEditorDraft(session, version.id, "listing");
  return replaceWithToast(page);
}
