/**
 * The console's own check of a listing image, by content (spec 01 section 5), so that the
 * spec's messages show before anything is sent: the type from the bytes (PNG and JPEG
 * signatures, an SVG root element), a PNG's pixel size from its IHDR chunk, an SVG's size
 * from its root width, height or viewBox; then the contract's `checkListingImage`. The
 * provider checks every upload again (and refuses SVGs with active content). Runs in the
 * browser (a chosen file) and in the action (an uploaded part).
 */
import { APP_LIMITS, checkListingImage, type ImageFacts, type ListingImageKind, type RuleKey } from "~/api/apps/rules";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPng(bytes: Uint8Array) {
  return bytes.length >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

const isJpeg = (bytes: Uint8Array) => bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** Width and height from the IHDR chunk, which must come first. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (!isPng(bytes) || bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  if (view.getUint32(8) !== 13 || type !== "IHDR") return undefined;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

const SVG_ROOT = /^\ufeff?\s*(?:<\?xml\s[^]*?\?>\s*)?(?:(?:<!--[^]*?-->|<!DOCTYPE[^>]*>)\s*)*<(?:[A-Za-z_][\w.-]*:)?svg(\s(?:[^>"']|"[^"]*"|'[^']*')*)?\/?>/i;

function svgText(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 64 * 1024));
    return SVG_ROOT.test(text) ? text : undefined;
  } catch {
    // A multi-byte character cut at 64 KB, or not UTF-8: decode leniently to look for the root.
    const text = new TextDecoder("utf-8").decode(bytes.subarray(0, 64 * 1024));
    return SVG_ROOT.test(text) && !text.includes("\ufffd") ? text : undefined;
  }
}

/** A length in CSS pixels (unitless or px); other units are left to the provider. */
function pixels(value: string | undefined): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(px)?\s*$/i.exec(value ?? "");
  const number = match ? Number(match[1]) : NaN;
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** An SVG's intrinsic size as the provider reads it, when the console can tell. */
export function svgSize(text: string): { width: number; height: number } | undefined {
  const root = SVG_ROOT.exec(text.replace(/<!--[^]*?-->/g, ""));
  if (!root) return undefined;
  const attributes: Record<string, string> = {};
  for (const match of (root[1] ?? "").matchAll(/([^\s=/>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes[match[1]] = match[2] ?? match[3] ?? "";
  }
  // Absolute units other than px: the provider converts them; the console leaves them to it.
  const otherUnit = (value: string | undefined) => /^\s*[\d.]+(?:e[+-]?\d+)?\s*(?:in|cm|mm|pt|pc)\s*$/i.test(value ?? "");
  if (otherUnit(attributes.width) || otherUnit(attributes.height)) return undefined;
  const width = pixels(attributes.width);
  const height = pixels(attributes.height);
  if (width && height) return { width, height };
  const box = (attributes.viewBox ?? "").trim().split(/[\s,]+/).map(Number);
  if (box.length !== 4 || !box.every(Number.isFinite) || box[2] <= 0 || box[3] <= 0) return undefined;
  if (width) return { width, height: (width * box[3]) / box[2] };
  if (height) return { width: (height * box[2]) / box[3], height };
  return { width: box[2], height: box[3] };
}

/**
 * What the content says about an image: its type, pixel size (PNG, SVG) and byte size.
 * `fileSize` is the whole file's size (the bytes may be only its beginning).
 */
export function imageFacts(bytes: Uint8Array, fileSize: number): ImageFacts {
  if (isPng(bytes)) {
    const size = pngSize(bytes);
    return { contentType: size ? "image/png" : "application/octet-stream", width: size?.width ?? null, height: size?.height ?? null, fileSize };
  }
  if (isJpeg(bytes)) return { contentType: "image/jpeg", width: null, height: null, fileSize };
  const text = svgText(bytes);
  if (text !== undefined) {
    const size = svgSize(text);
    return { contentType: "image/svg+xml", width: size?.width ?? null, height: size?.height ?? null, fileSize };
  }
  return { contentType: "application/octet-stream", width: null, height: null, fileSize };
}

/** The largest file of a kind, in bytes. */
export const maxBytes = (kind: ListingImageKind) =>
  kind === "icon" ? APP_LIMITS.iconBytes : kind === "banner" ? APP_LIMITS.bannerBytes : APP_LIMITS.screenshotBytes;

/**
 * The rule an image breaks, or undefined. An empty file is of no type. An SVG whose size
 * the console cannot tell (units other than px) is left to the provider for its size.
 */
export function checkImage(kind: ListingImageKind, bytes: Uint8Array, fileSize: number, options: { allowSvg: boolean }): RuleKey | undefined {
  if (fileSize === 0) return "imageTypeInvalid";
  const facts = imageFacts(bytes, fileSize);
  if (facts.contentType === "image/svg+xml" && kind !== "screenshot" && (!facts.width || !facts.height)) {
    const want = APP_LIMITS[kind];
    return checkListingImage(kind, { ...facts, width: want.width, height: want.height }, options);
  }
  return checkListingImage(kind, facts, options);
}
