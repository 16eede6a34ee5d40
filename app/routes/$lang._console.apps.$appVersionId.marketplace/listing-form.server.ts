/**
 * The listing form as it is posted: multipart, its files kept apart from its fields within
 * the body's limits; the images as its hidden fields hold them, and the no-JS intents that
 * change them (nothing is saved until Save).
 */
import { APP_LIMITS, type ListingImageKind } from "~/api/apps/rules";
import type { AppVersion, ImageRef } from "~/api/apps/schemas";
import type { ImageField } from "~/forms/app-editor";
import { listingSchema } from "~/forms/app-editor.server";
import { formRules } from "~/forms/rules.server";
import { goTarget } from "~/lib/apps/drafts.server";
import { fixedT, type ListingImages } from "~/lib/apps/editor-save.server";
import { BODY_LIMITS } from "~/lib/body-limits";
import { readUploadForm, type UploadFolder } from "~/lib/multipart.server";

/** The rules of the listing form a browser checks, worded in the page's language (the action's schema). */
export async function listingRules(request: Request, language: string, appType: number) {
  return formRules(listingSchema(await fixedT(request), language, { appType }));
}

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

/** Image list names of the form and their fields. */
const LISTS = {
  appIcon: "promo.appIcon",
  banners: "promo.banners",
  screenshots: "promo.screenshots",
} as const;
type ListName = keyof typeof LISTS;
export const KIND_FIELD: Record<ListingImageKind, ImageField> = {
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
export function withImages(formData: FormData, images: ListingImages): FormData {
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

/** The file input of a kind of image. */
export const inputOf = (kind: ListingImageKind): keyof typeof FILE_INPUTS =>
  kind === "icon" ? "iconFile" : kind === "banner" ? "bannerFiles" : "screenshotFiles";

/** The images of a stored version. */
export const versionImages = (version: AppVersion): ListingImages => ({
  appIcon: version.marketplace.promo.appIcon,
  banners: version.marketplace.promo.banners,
  screenshots: version.marketplace.promo.screenshots,
});
