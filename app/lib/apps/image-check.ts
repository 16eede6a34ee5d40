/**
 * The console's own check of a listing image, by content, so that the
 * console's messages show before anything is sent: the files contract reads the type and size
 * from the bytes (PNG and JPEG signatures, a PNG's IHDR chunk, an SVG's root element), then
 * `checkListingImage` judges them. The provider checks every upload again (and refuses SVGs
 * with active content). Runs in the browser (a chosen file) and in the action (an uploaded
 * part).
 */
import {
  checkListingImage,
  type ImageFacts,
  type ListingImageKind,
  type RuleKey,
} from "~/api/apps/rules";
import { readImage } from "~/api/files/content";
import { IMAGE_FORMATS, IMAGE_RULES } from "~/api/files/rules";

/**
 * What the content says about an image: its type, pixel size (PNG, SVG) and byte size.
 * `fileSize` is the whole file's size (the bytes may be only its beginning). A PNG whose
 * header cannot be read is of no type.
 */
export function imageFacts(bytes: Uint8Array, fileSize: number): ImageFacts {
  const image = readImage(bytes, fileSize);
  if (!image.format || image.invalid)
    return { contentType: "application/octet-stream", width: null, height: null, fileSize };
  return {
    contentType: IMAGE_FORMATS[image.format].contentType,
    width: image.width ?? null,
    height: image.height ?? null,
    fileSize,
  };
}

/** The largest file of a kind, in bytes. */
export const maxBytes = (kind: ListingImageKind) => IMAGE_RULES[kind].maxBytes;

/** The rule an image breaks, or undefined. An empty file is of no type. */
export function checkImage(
  kind: ListingImageKind,
  bytes: Uint8Array,
  fileSize: number,
  options: { allowSvg: boolean },
): RuleKey | undefined {
  return checkListingImage(kind, imageFacts(bytes, fileSize), options);
}
