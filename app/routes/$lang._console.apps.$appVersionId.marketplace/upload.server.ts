/**
 * Uploading the listing's chosen images: each file is checked by content first
 * (image-check.ts), so the spec's messages show before anything is sent; the good ones go
 * to `POST images?purpose=`. With JS the page's fetcher uploads the files of one kind on
 * selection (`upload-files`); without JS they go with the form.
 */

import { json } from "@remix-run/node";
import type { TFunction } from "i18next";
import * as z from "zod";
import { APP_LIMITS, type ListingImageKind, RULE_KEYS, type RuleKey } from "~/api/apps/rules";
import type { ImageRef } from "~/api/apps/schemas";
import { type ApiClient, ApiError } from "~/api/client.server";
import { uploadImage } from "~/api/files/endpoints";
import { fieldMessage, type ImageField } from "~/forms/app-editor";
import { type ListingImages, shown } from "~/lib/apps/editor-save.server";
import { checkImage } from "~/lib/apps/image-check";
import type { ShownError } from "~/lib/errors";
import { uploadQuotaMessage } from "~/lib/retry-after";
import { FILE_INPUTS, type FilePart, inputOf, KIND_FIELD, readImages } from "./listing-form.server";

/** The answer of `upload-files` (a fetcher, with JS). */
export interface UploadAnswer {
  intent: "upload-files";
  kind: ListingImageKind;
  images: ImageRef[];
  errors: string[];
  apiError: ShownError | null;
}

/** The rule of an upload the provider refused (the code it gives the `file`), when it is one of the images' rules. */
function providerImageRule(error: ApiError): RuleKey | undefined {
  const code = error.errors?.file;
  return code && (RULE_KEYS as readonly string[]).includes(code) ? (code as RuleKey) : undefined;
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
export async function uploadFiles(
  api: ApiClient,
  t: TFunction,
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

/** `upload-files`: the chosen files of one kind, uploaded; the answer holds the ones added and the refusals. */
export async function uploadOnSelection(
  api: ApiClient,
  t: TFunction,
  language: string,
  formData: FormData,
  files: FilePart[],
  options: { allowSvg: boolean },
) {
  const kind = z.enum(["icon", "banner", "screenshot"]).safeParse(formData.get("kind"));
  if (!kind.success) throw new Response("kind must be icon, banner or screenshot", { status: 400 });
  const start = readImages(formData);
  const chosen = files
    .filter((file) => file.input === "files")
    .map((file) => ({ ...file, input: inputOf(kind.data) }));
  const outcome = await uploadFiles(api, t, language, chosen, start, options);
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
      intent: "upload-files",
      kind: kind.data,
      images: added,
      errors: outcome.errors[KIND_FIELD[kind.data]] ?? [],
      apiError: outcome.apiError,
    },
    outcome.apiError ? 502 : 200,
  );
}
