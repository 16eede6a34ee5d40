/**
 * The app version editor's server side, shared by the routes that create an app
 * (`/apps/new/details`) and edit a version (`/apps/{id}/details`, `/apps/{id}/marketplace`):
 * loading a version and the lookups, and the actions (STYLE.md: 'new' and 'edit' share one
 * action module).
 *
 * | action | form | call | success |
 * |---|---|---|---|
 * | `createApp` | details (+ `id`, made when the form was shown) | `POST apps` | replaces the entry with `/apps/{id}/marketplace`, toast 'saved successfully' |
 * | `saveDetails` | details (type and country locked) | `PUT apps/{id}` with the details only (the listing is kept) | the same page, toast |
 * | `saveListing` | multipart: the listing, its images, chosen files | `POST images?purpose=` per file, then `PUT apps/{id}` with details and listing | the same page, toast |
 *
 * Both version forms also take `go:details` / `go:marketplace` (the other page's tab: what
 * the form holds is kept as a draft, unchecked, and that page opens; the listing's chosen
 * files are uploaded first) and `discard` (the page's draft is dropped). A successful save
 * drops the page's draft (drafts.server.ts).
 *
 * The listing form's `intent`: `save` (default); `upload` (upload the chosen files and show
 * them, without JS); `remove:{list}:{index}`, `up:{list}:{index}`, `down:{list}:{index}`
 * (change the images, without JS: nothing is saved until Save); `upload-files` (a fetcher of
 * the page with JS: uploads the files of one kind on selection and answers them). Each image
 * is checked by content first (image-check.ts), so the spec's messages show before anything
 * is sent; any refused file, failing field or missing mandatory detail saves nothing.
 *
 * Failures answer 400 (fields: `result` for conform, images, messages) or the API's status
 * with `apiError` for the error dialog; the intent `duplicate` goes to `handleAppAction`.
 */
import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, json, redirect, replace } from "@remix-run/node";
import * as z from "zod";
import { createApp as createAppCall, getApp, updateApp } from "~/api/apps/endpoints";
import { sanitizeOverview } from "~/api/apps/overview.server";
import {
  APP_LIMITS,
  type ListingImageKind,
  RULE_KEYS,
  type RuleKey,
  validateDetails,
} from "~/api/apps/rules";
import type { AppVersion, ImageRef } from "~/api/apps/schemas";
import { isEditable } from "~/api/apps/status";
import { type ApiClient, ApiError, ProviderUnreachable } from "~/api/client.server";
import { uploadImage } from "~/api/files/endpoints";
import { getAppCategories } from "~/api/resources/endpoints";
import type { AppCategory, CountryItem } from "~/api/resources/schemas";
import { requireUser } from "~/auth.server";
import {
  apiFieldRule,
  type DetailsContext,
  fieldMessage,
  type ImageField,
  LISTING_FIELDS,
  type Translate,
} from "~/forms/app-editor";
import { detailsBody, detailsSchema, listingBody, listingSchema } from "~/forms/app-editor.server";
import { parseForm } from "~/forms/parse.server";
import { formRules } from "~/forms/rules.server";
import i18next from "~/i18next.server";
import { handleAppAction } from "~/lib/apps/version-actions.server";
import { BODY_LIMITS } from "~/lib/body-limits";
import { getCountries } from "~/lib/countries.server";
import { redirectAfterDraft } from "~/lib/drafts.server";
import type { ShownError } from "~/lib/errors";
import { countryFlags } from "~/lib/feature-flags.server";
import { logger } from "~/lib/log.server";
import {
  FormTooLargeError,
  readForm,
  readUploadForm,
  type UploadFolder,
  withUploadFolder,
} from "~/lib/multipart.server";
import { uploadQuotaMessage } from "~/lib/retry-after";
import { markFailed, pageTitle } from "~/lib/title";
import { toastHeader } from "~/session.server";
import {
  type DetailsDraft,
  detailsDraftOf,
  dropEditorDraft,
  goTarget,
  keepEditorDraft,
  listingDraftOf,
} from "./drafts.server";
import { checkImage } from "./image-check";

export const EDITOR_NAMESPACES = ["appEditor", "apps", "appList", "common"] as const;

// ---------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------

const VERSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isVersionId = (value: unknown): value is string =>
  typeof value === "string" && VERSION_ID.test(value);

/** The body of an error Response a loader throws: the page title, and the API's error when it was not a 404. */
export interface LoadError {
  title: string;
  detail?: string;
  traceId?: string;
  fallback?: string;
}

/** A 404 Response ('page not found'), with the page title for the route's meta. */
export async function notFound(request: Request): Promise<Response> {
  const t = await i18next.getFixedT(request, "common");
  return json<LoadError>(
    { title: pageTitle(t, t("errors.notFoundTitle")) },
    { status: 404, statusText: "Not Found" },
  );
}

/** The Response a failed load becomes: 404 for anything not found, else the API's error for the boundary. */
export async function loadFailure(
  request: Request,
  error: unknown,
  fallback = "fetchApp",
): Promise<Response> {
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 404 || error.status === 400 || error.status === 403)
    return notFound(request);
  const t = await i18next.getFixedT(request, "common");
  logger.warn(
    { status: error.status, url: error.url, traceId: error.traceId },
    "app editor: loading failed",
  );
  return json<LoadError>(
    {
      title: pageTitle(t, t("errors.somethingWentWrong")),
      detail: error.detail,
      traceId: error.traceId,
      fallback,
    },
    { status: answerStatus(error) },
  );
}

/**
 * The status the console answers for an error of the provider: 503 when the provider could
 * not be reached (a page then keeps what it shows: app/lib/outage.ts), 502 for its other
 * server errors, else the provider's own.
 */
export const answerStatus = (error: ApiError) =>
  error instanceof ProviderUnreachable ? 503 : error.status >= 500 ? 502 : error.status;

/** `GET apps/{id}`; an unknown, foreign or malformed id throws a 404 Response (nothing of the app is sent). */
export async function loadVersion(
  request: Request,
  api: ApiClient,
  id: string | undefined,
): Promise<AppVersion> {
  if (!isVersionId(id)) throw await notFound(request);
  try {
    return await api.call(getApp, { params: { id } });
  } catch (error) {
    throw await loadFailure(request, error);
  }
}

export interface Lookups {
  categories: AppCategory[];
  countries: Pick<CountryItem, "code" | "name">[];
}

/** Categories and pick-list countries (IE is never one). */
export async function loadLookups(request: Request, api: ApiClient): Promise<Lookups> {
  const language = await i18next.getLocale(request);
  try {
    const [categories, countries] = await Promise.all([
      api.call(getAppCategories),
      getCountries(api, language),
    ]);
    return {
      categories,
      countries: countries.map((country) => ({ code: country.code, name: country.name })),
    };
  } catch (error) {
    throw await loadFailure(request, error, "fetchingData");
  }
}

/** The name of an app's category; null when it is not one of the categories, or they cannot be read. */
export async function categoryName(
  api: ApiClient,
  categoryId: number | null,
): Promise<string | null> {
  const categories = await api.call(getAppCategories).catch(() => []);
  return categories.find((c) => c.id === categoryId)?.name ?? null;
}

/** Whether the country's allow-svg-button flag is on (off when the flags cannot be read: the provider decides anyway). */
export async function svgAllowed(api: ApiClient, countryCode: string): Promise<boolean> {
  return (await countryFlags(api, countryCode))["allow-svg-button"];
}

/** The version's editable state and title parts. */
export function versionSummary(version: AppVersion) {
  return {
    id: version.id,
    name: version.details.name,
    versionDisplay: version.versionNumberDisplay,
    statusCode: version.statusCode,
    isLiveSubmissionRejected: version.isLiveSubmissionRejected,
    appLevel: version.appLevel,
    editable: isEditable(version.statusCode, version.isArchived),
    isArchived: version.isArchived,
  };
}
export type VersionSummary = ReturnType<typeof versionSummary>;

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

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

/** The answer of `upload-files` (a fetcher, with JS). */
export interface UploadAnswer {
  intent: "upload-files";
  kind: ListingImageKind;
  images: ImageRef[];
  errors: string[];
  apiError: ShownError | null;
}

/** What the error dialog shows of a failed save; a provider out of reach says that nothing was saved. */
const shown = (error: ApiError, fallback = "savingData"): ShownError => ({
  detail: error.detail,
  traceId: error.traceId,
  fallback: error instanceof ProviderUnreachable ? "unreachable" : fallback,
});

/**
 * A save whose page could not be loaded because the provider is out of reach (and no last
 * answer was kept to show it from): the form comes back as typed, with the error dialog.
 */
function unreachableFailure(context: AppLoadContext, formData: FormData, thrown: unknown) {
  if (!(thrown instanceof Response) || thrown.status !== 503) throw thrown;
  const typed = parseForm(formData, z.looseObject({})).reply();
  return failure(
    context,
    { result: typed, apiError: { fallback: "unreachable" }, formError: null },
    503,
  );
}

async function replaceWithToast(to: string) {
  return replace(to, {
    headers: { "Set-Cookie": await toastHeader({ key: "savedSuccessfully" }) },
  });
}

function failure(context: AppLoadContext, data: Omit<EditorFailure, "intent">, status: number) {
  markFailed(context);
  return json<EditorFailure>({ intent: "save", ...data }, status);
}

async function fixedT(request: Request): Promise<Translate> {
  return (await i18next.getFixedT(request, EDITOR_NAMESPACES)) as unknown as Translate;
}

/** The details form's context: the categories and countries offered; an existing app's type and country as created. */
function detailsContext(lookups: Lookups, locked?: DetailsContext["locked"]): DetailsContext {
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

/** The rules of the listing form a browser checks, worded in the page's language (the action's schema). */
export async function listingRules(request: Request, language: string, appType: number) {
  return formRules(listingSchema(await fixedT(request), language, { appType }));
}

// ---------------------------------------------------------------------------
// Details: create and save
// ---------------------------------------------------------------------------

/**
 * A refusal of the API about the form's fields, as a message on each field the answer's
 * `errors` names, worded from its rule code. Undefined when any refusal is not one of this
 * form's field rules: the error dialog then shows the provider's detail.
 */
export function apiFieldErrors(
  t: Translate,
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

/** POST apps: a new app from the details form; the id was made when the form was shown. */
export async function createApp(request: Request, context: AppLoadContext) {
  const { api, language } = await requireUser(request, context);
  const t = await fixedT(request);
  const formData = await readForm(request);
  const lookups = await loadLookups(request, api);
  const submission = parseForm(formData, detailsSchema(t, language, detailsContext(lookups)));
  if (submission.status !== "success")
    return failure(context, { result: submission.reply(), apiError: null, formError: null }, 400);

  const id = isVersionId(submission.value.id) ? submission.value.id.toLowerCase() : randomUUID();
  const next = `/${language}/apps/${id}/marketplace`;
  try {
    await api.call(createAppCall, { body: { id, details: detailsBody(submission.value) } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409 && error.field === "id") {
      // The same form sent twice: the first one made the app.
      const made = await api.call(getApp, { params: { id } }).catch(() => null);
      if (made) return replaceWithToast(next);
    }
    const fieldErrors = apiFieldErrors(t, language, error, "details", [
      "categoryId",
      "name",
      "appType",
      "description",
      "countryCode",
    ]);
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
  return replaceWithToast(next);
}

/** PUT apps/{id} with the details only (the stored listing is kept); type and country stay as created. */
export async function saveDetails(
  request: Request,
  context: AppLoadContext,
  versionId: string | undefined,
) {
  const { api, language, session } = await requireUser(request, context);
  const formData = await readForm(request);
  const page = new URL(request.url).pathname;
  const intent = String(formData.get("intent") ?? "save");
  if (intent === "duplicate") return handleAppAction(request, context, { formData, back: page });
  const go = goTarget(intent);
  if (intent !== "save" && intent !== "discard" && !go)
    throw new Response("Unknown intent.", { status: 400 });

  const t = await fixedT(request);
  let version: AppVersion;
  let lookups: Lookups;
  try {
    [version, lookups] = await Promise.all([
      loadVersion(request, api, versionId),
      loadLookups(request, api),
    ]);
  } catch (thrown) {
    return unreachableFailure(context, formData, thrown);
  }
  const locked = { appType: version.details.appType, countryCode: version.details.countryCode };
  const submission = parseForm(
    formData,
    detailsSchema(t, language, detailsContext(lookups, locked)),
  );
  const editable = isEditable(version.statusCode, version.isArchived);
  if (intent === "discard") {
    await dropEditorDraft(session, version.id, "details");
    return redirect(page);
  }
  if (go) {
    // Moving to the version's other page keeps what the form holds (nothing is checked yet).
    const to = `/${language}/apps/${version.id}/${go}`;
    if (!editable) return redirect(to);
    const saved: DetailsDraft = {
      categoryId: version.details.categoryId,
      name: version.details.name,
      description: version.details.description,
    };
    const kept = await keepEditorDraft(
      session,
      version,
      "details",
      detailsDraftOf(formData, saved),
    );
    if (kept) return redirectAfterDraft(to, kept);
    return failure(
      context,
      {
        result: submission.reply({ resetForm: false }),
        apiError: { detail: t("appEditor:draft.keepFailed") },
        formError: null,
      },
      503,
    );
  }
  if (!editable) {
    return failure(
      context,
      {
        result: submission.reply(),
        apiError: { detail: t("appEditor:notEditable.saveRefused") },
        formError: null,
      },
      409,
    );
  }
  if (submission.status !== "success")
    return failure(context, { result: submission.reply(), apiError: null, formError: null }, 400);
  try {
    await api.call(updateApp, {
      params: { id: version.id },
      body: { details: detailsBody(submission.value, locked) },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fieldErrors = apiFieldErrors(t, language, error, "details", [
      "categoryId",
      "name",
      "description",
    ]);
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
  await dropEditorDraft(session, version.id, "details");
  return replaceWithToast(page);
}

// ---------------------------------------------------------------------------
// The listing form: multipart with files
// ---------------------------------------------------------------------------

/** File inputs of the listing form, by the kind of image they hold. */
export const FILE_INPUTS = {
  iconFile: "icon",
  bannerFiles: "banner",
  screenshotFiles: "screenshot",
  files: null,
} as const;

export interface FilePart {
  input: keyof typeof FILE_INPUTS;
  fileName: string;
  /** The whole file's size. */
  size: number;
  /** Its bytes, at most the largest allowed size plus one (enough to tell it is too big), on disk while the page runs. */
  blob: Blob;
  contentType: string;
}

const LARGEST_IMAGE = Math.max(
  APP_LIMITS.iconBytes,
  APP_LIMITS.bannerBytes,
  APP_LIMITS.screenshotBytes,
);
const LISTING_LIMITS = {
  textBytes: 256 * 1024,
  bodyBytes: BODY_LIMITS.listing,
  parts: 400,
  // A file part of any other name keeps a byte: enough to stand in the form as a file.
  fileBytes: (name: string) => (name in FILE_INPUTS ? LARGEST_IMAGE + 1 : 1),
};

/**
 * The form's fields (text) and its files (kept apart, each cut at its limit), with limits on
 * the whole body. A file sent where a text field goes stays in the form as a file, so that
 * the field's rule refuses it rather than the field being saved empty.
 */
export async function readListingForm(
  request: Request,
  folder: UploadFolder,
): Promise<{ formData: FormData; files: FilePart[] }> {
  const files: FilePart[] = [];
  const formData = await readUploadForm(
    request,
    LISTING_LIMITS,
    folder,
    ({ name, fileName, contentType, size, blob, head }) => {
      if (!(name in FILE_INPUTS)) return new File([head], fileName, { type: contentType });
      files.push({
        input: name as keyof typeof FILE_INPUTS,
        fileName: fileName.slice(-200) || "image",
        size,
        blob,
        contentType,
      });
      return undefined;
    },
  );
  return { formData, files };
}

/** The rule of an upload the provider refused (the code it gives the `file`), when it is one of the images' rules. */
function providerImageRule(error: ApiError): RuleKey | undefined {
  const code = error.errors?.file;
  return code && (RULE_KEYS as readonly string[]).includes(code) ? (code as RuleKey) : undefined;
}

/** Image list names of the form and their fields. */
const LISTS = {
  appIcon: "promo.appIcon",
  banners: "promo.banners",
  screenshots: "promo.screenshots",
} as const;
type ListName = keyof typeof LISTS;
const KIND_FIELD: Record<ListingImageKind, ImageField> = {
  icon: "promo.appIcon",
  banner: "promo.banners",
  screenshot: "promo.screenshots",
};

const imageUrl = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^https?:\/\//i.test(value) ? value.slice(0, 2048) : "";

/** The images as the form's hidden fields hold them (`promo.banners[0].id`, `...url`). */
export function readImages(formData: FormData): ListingImages {
  const list = (name: "banners" | "screenshots") => {
    const items: { index: number; image: ImageRef }[] = [];
    for (const [key, value] of formData.entries()) {
      const match = new RegExp(`^promo\\.${name}\\[(\\d{1,3})\\]\\.id$`).exec(key);
      if (!match || typeof value !== "string" || !value.trim()) continue;
      const index = Number(match[1]);
      items.push({
        index,
        image: { id: value.trim(), url: imageUrl(formData.get(`promo.${name}[${index}].url`)) },
      });
    }
    return items.sort((a, b) => a.index - b.index).map((item) => item.image);
  };
  const iconId = formData.get("promo.appIcon.id");
  return {
    appIcon:
      typeof iconId === "string" && iconId.trim()
        ? { id: iconId.trim(), url: imageUrl(formData.get("promo.appIcon.url")) }
        : null,
    banners: list("banners"),
    screenshots: list("screenshots"),
  };
}

/** The form's fields with the images written back as hidden fields. */
function withImages(formData: FormData, images: ListingImages): FormData {
  const out = new FormData();
  // Every field but the images' (a file where text goes included: its field's rule refuses it).
  for (const [key, value] of formData.entries()) {
    if (!key.startsWith("promo.appIcon.") && !/^promo\.(banners|screenshots)\[/.test(key))
      out.append(key, value);
  }
  if (images.appIcon) {
    out.append("promo.appIcon.id", images.appIcon.id);
    out.append("promo.appIcon.url", images.appIcon.url);
  }
  for (const name of ["banners", "screenshots"] as const) {
    images[name].forEach((image, index) => {
      out.append(`promo.${name}[${index}].id`, image.id);
      out.append(`promo.${name}[${index}].url`, image.url);
    });
  }
  return out;
}

const IMAGE_INTENT = /^(remove|up|down):(appIcon|banners|screenshots)(?::(\d{1,3}))?$/;

/** The intents of the listing form (besides `duplicate`, the dialog's). */
export const isListingIntent = (intent: string) =>
  ["save", "upload", "upload-files", "discard"].includes(intent) ||
  IMAGE_INTENT.test(intent) ||
  goTarget(intent) !== undefined;

/** Applies a no-JS image intent (`remove:banners:2`, `up:screenshots:1`...); undefined when it is not one. */
export function applyImageIntent(images: ListingImages, intent: string): ListingImages | undefined {
  const match = IMAGE_INTENT.exec(intent);
  if (!match) return undefined;
  const [, action, list, indexText] = match as unknown as [
    string,
    "remove" | "up" | "down",
    ListName,
    string | undefined,
  ];
  if (list === "appIcon") return action === "remove" ? { ...images, appIcon: null } : images;
  const index = Number(indexText ?? -1);
  const items = [...images[list]];
  if (index < 0 || index >= items.length) return images;
  if (action === "remove") items.splice(index, 1);
  else {
    const to = action === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= items.length) return images;
    [items[index], items[to]] = [items[to], items[index]];
  }
  return { ...images, [list]: items };
}

interface UploadOutcome {
  images: ListingImages;
  /** Messages of refused files, by field. */
  errors: Partial<Record<ImageField, string[]>>;
  apiError: ShownError | null;
}

/**
 * Checks each chosen file by content and uploads the good ones (`POST images?purpose=`),
 * adding them to the images: a new icon replaces the old one; banners and screenshots are
 * added at the end, at most 8 each.
 */
async function uploadFiles(
  api: ApiClient,
  t: Translate,
  language: string,
  files: FilePart[],
  start: ListingImages,
  options: { allowSvg: boolean },
): Promise<UploadOutcome> {
  const images: ListingImages = {
    appIcon: start.appIcon,
    banners: [...start.banners],
    screenshots: [...start.screenshots],
  };
  const errors: UploadOutcome["errors"] = {};
  const refuse = (field: ImageField, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  for (const file of files) {
    const kind = FILE_INPUTS[file.input];
    if (!kind) continue;
    const field = KIND_FIELD[kind];
    const list =
      kind === "banner" ? images.banners : kind === "screenshot" ? images.screenshots : undefined;
    const limit = kind === "banner" ? APP_LIMITS.bannersMax : APP_LIMITS.screenshotsMax;
    if (list && list.length >= limit) {
      refuse(
        field,
        t("appEditor:images.fileRefused", {
          file: file.fileName,
          message: fieldMessage(t, language, field, "tooMany"),
        }),
      );
      continue;
    }
    // One image's bytes at a time, read back from disk (at most the largest image and a byte).
    const problem = checkImage(
      kind,
      new Uint8Array(await file.blob.arrayBuffer()),
      file.size,
      options,
    );
    if (problem) {
      refuse(
        field,
        t("appEditor:images.fileRefused", {
          file: file.fileName,
          message: fieldMessage(t, language, field, problem),
        }),
      );
      continue;
    }
    const body = new FormData();
    body.append(
      "file",
      file.blob.slice(0, file.blob.size, file.contentType || "application/octet-stream"),
      file.fileName,
    );
    try {
      const uploaded = await api.call(uploadImage, { query: { purpose: kind }, body });
      const image = { id: uploaded.id, url: uploaded.url };
      if (list) list.push(image);
      else images.appIcon = image;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const quota = uploadQuotaMessage(t, language, error);
      if (quota) {
        refuse(field, t("appEditor:images.fileRefused", { file: file.fileName, message: quota }));
        continue;
      }
      const rule = error.status === 400 ? providerImageRule(error) : undefined;
      if (error.status === 400 || error.status === 413) {
        const message = rule
          ? fieldMessage(t, language, field, rule)
          : (error.detail ?? t("common:errors.generic"));
        refuse(field, t("appEditor:images.fileRefused", { file: file.fileName, message }));
        continue;
      }
      return { images, errors, apiError: shown(error) };
    }
  }
  return { images, errors, apiError: null };
}

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
  if (intent === "upload-files") {
    const kind = z.enum(["icon", "banner", "screenshot"]).safeParse(formData.get("kind"));
    if (!kind.success)
      throw new Response("kind must be icon, banner or screenshot", { status: 400 });
    const start = readImages(formData);
    const chosen = files
      .filter((file) => file.input === "files")
      .map((file) => ({ ...file, input: inputOf(kind.data) }));
    const outcome = await uploadFiles(api, t, language, chosen, start, { allowSvg });
    const added =
      kind.data === "icon"
        ? outcome.images.appIcon && outcome.images.appIcon.id !== start.appIcon?.id
          ? [outcome.images.appIcon]
          : []
        : outcome.images[kind.data === "banner" ? "banners" : "screenshots"].slice(
            start[kind.data === "banner" ? "banners" : "screenshots"].length,
          );
    return json<UploadAnswer>(
      {
        intent,
        kind: kind.data,
        images: added,
        errors: outcome.errors[KIND_FIELD[kind.data]] ?? [],
        apiError: outcome.apiError,
      },
      outcome.apiError ? 502 : 200,
    );
  }

  // The overview as the allowlist leaves it: a textarea without JS may hold anything.
  const overview = formData.get("detail.description");
  if (typeof overview === "string") formData.set("detail.description", sanitizeOverview(overview));

  const outcome = await uploadFiles(api, t, language, files, readImages(formData), { allowSvg });
  let images = outcome.images;
  const fieldErrors = Object.fromEntries(Object.entries(outcome.errors)) as Record<
    string,
    string[]
  >;
  const hasFileErrors = Object.keys(fieldErrors).length > 0;

  if (intent !== "save") {
    images = applyImageIntent(images, intent) ?? images;
    // Not a save: the form comes back as typed, with the images changed and no field checked.
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

const inputOf = (kind: ListingImageKind): keyof typeof FILE_INPUTS =>
  kind === "icon" ? "iconFile" : kind === "banner" ? "bannerFiles" : "screenshotFiles";

/** The images of a stored version. */
export const versionImages = (version: AppVersion): ListingImages => ({
  appIcon: version.marketplace.promo.appIcon,
  banners: version.marketplace.promo.banners,
  screenshots: version.marketplace.promo.screenshots,
});
