/**
 * The rules of uploaded files (Marketplace images, Documents and Data
 * attestation), shared by the console (its own check, so that
 * the spec's messages show before anything is sent) and the sandbox (the provider's check of
 * every upload): each image purpose with its formats, byte limit and pixel size, the
 * document limits, the rule codes of a refusal, one judge of an image from what its content
 * says (content.ts reads that content). The console words a code from `locales/`, the API
 * in English. Plain TypeScript: it runs in the browser too.
 *
 * Order of the checks of an image: empty -> type -> byte size -> dimensions; the first one
 * that fails gives the code. The type is decided by the content, never by the file name or
 * the declared content type.
 *
 * SVG: a vector image has no fixed pixel size. Where a purpose wants an exact size (app icon
 * 256x256, banner 1410x480) an SVG must have that aspect ratio within 1%, and an SVG whose
 * size cannot be found is refused; elsewhere an SVG is of any size. Its size comes from its
 * root `width` and `height` when both are absolute lengths, otherwise from its `viewBox`
 * (scaled by `width` or `height` when one of them is given). The provider also refuses an
 * SVG with active or external content.
 */

const KB = 1024;

/** What a refused upload breaks: the codes a client words in its own language. */
export const FILE_RULE_CODES = [
  "noContent",
  "mustBePdf",
  "tooBig",
  "imageTypeInvalid",
  "imageSizeInvalid",
  "sizeGreater50KB",
  "sizeGreater400KB",
  "sizeGreater800KB",
  // 429: the company's uploads not yet attached to anything are at their quota
  "uploadQuotaReached",
] as const;
export type FileRuleCode = (typeof FILE_RULE_CODES)[number];

export const FILE_LIMITS = {
  /** A document or data-flow diagram: 9 MB (9 * 1024 KB). */
  documentBytes: 9 * 1024 * KB,
  /** The documents of an app version together: 80 MB. */
  documentsTotalBytes: 80 * 1024 * KB,
  /** A PNG or JPEG larger than this on a side is refused (a guard against decoding bombs). */
  maxRasterSide: 10_000,
  /** How far an SVG's aspect ratio may be from the one of an exact-size purpose (1%). */
  svgRatioTolerance: 0.01,
} as const;

/**
 * A company's uploads that nothing references yet, kept until the unreferenced-file cleanup's
 * grace ends: past either figure a new upload is refused (docs/decisions/0067-limits-on-secrets-uploads-drafts.md).
 */
export const UNATTACHED_UPLOAD_QUOTA = { files: 50, bytes: 200 * 1024 * KB } as const;
export interface UploadQuota {
  files: number;
  bytes: number;
}

/** Whether one more upload of `incomingBytes` goes past the quota, given what is held unattached. */
export const overUploadQuota = (
  held: { files: number; bytes: number },
  incomingBytes: number,
  quota: UploadQuota = UNATTACHED_UPLOAD_QUOTA,
) => held.files + 1 > quota.files || held.bytes + incomingBytes > quota.bytes;

/** Documents and data-flow diagrams are PDFs. */
export const PDF_CONTENT_TYPE = "application/pdf";

/** `fileType` of `POST files`: 0 documents, 1 data-flow diagrams. */
export const FILE_TYPE_KINDS = { "0": "document", "1": "diagram" } as const;
export type DocumentKind = (typeof FILE_TYPE_KINDS)[keyof typeof FILE_TYPE_KINDS];

/** The image formats taken anywhere, with the content type and file extension they are kept under. */
export const IMAGE_FORMATS = {
  png: { contentType: "image/png", extension: "png" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  svg: { contentType: "image/svg+xml", extension: "svg" },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** The format a content type names (as stored with a file), if it is an image format. */
export function imageFormatOf(contentType: string): ImageFormat | undefined {
  const type = contentType.trim().toLowerCase();
  return (Object.keys(IMAGE_FORMATS) as ImageFormat[]).find(
    (format) => IMAGE_FORMATS[format].contentType === type,
  );
}

export const IMAGE_PURPOSES = [
  "icon",
  "banner",
  "screenshot",
  "company-icon",
  "function-icon",
] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

export interface Size {
  width: number;
  height: number;
}

/** The pixel size a PNG or JPEG must have; every field given must hold. */
export interface PixelRule {
  /** Exactly this size. An SVG must have its aspect ratio instead. */
  exact?: Size;
  /** Width equal to height. */
  square?: boolean;
  /** At least this many pixels on each side. */
  minSide?: number;
  /** At most this many pixels on each side. */
  maxSide?: number;
}

export interface ImageRule {
  formats: readonly ImageFormat[];
  maxBytes: number;
  /** The pixel size of a PNG or JPEG (and, through `exact`, the aspect ratio of an SVG). */
  pixels?: PixelRule;
  /** The pixel size of a PNG or JPEG shown as a list item, when it differs; an SVG is of any size there. */
  listItemPixels?: PixelRule;
}

/** The image rules of each purpose, and of an image uploaded without one (`any`). */
export const IMAGE_RULES: Record<ImagePurpose | "any", ImageRule> = {
  // Marketplace app icon: PNG exactly 256x256 or SVG, at most 400 KB.
  icon: {
    formats: ["png", "svg"],
    maxBytes: 400 * KB,
    pixels: { exact: { width: 256, height: 256 } },
  },
  // Marketplace banner: PNG or SVG, exactly 1410x480, at most 800 KB.
  banner: {
    formats: ["png", "svg"],
    maxBytes: 800 * KB,
    pixels: { exact: { width: 1410, height: 480 } },
  },
  // Marketplace screenshot: PNG or JPEG, at most 800 KB (1200x480 is only advice).
  screenshot: { formats: ["png", "jpeg"], maxBytes: 800 * KB },
  // Company icon: PNG, square, at least 256x256, at most 400 KB.
  "company-icon": { formats: ["png"], maxBytes: 400 * KB, pixels: { square: true, minSide: 256 } },
  // Function icon: PNG 28 to 65 px each side (exactly 24x24 for a list item of a precedent list) or SVG, at most 50 KB.
  "function-icon": {
    formats: ["png", "svg"],
    maxBytes: 50 * KB,
    pixels: { minSide: 28, maxSide: 65 },
    listItemPixels: { exact: { width: 24, height: 24 } },
  },
  // No purpose given: any PNG, JPEG or SVG of at most 800 KB.
  any: { formats: ["png", "jpeg", "svg"], maxBytes: 800 * KB },
};

/** The code of an image over its purpose's byte limit. */
const tooBigCodes: Record<number, FileRuleCode> = {
  [50 * KB]: "sizeGreater50KB",
  [400 * KB]: "sizeGreater400KB",
  [800 * KB]: "sizeGreater800KB",
};

/** What is known of an image from its content. */
export interface ImageContent {
  /** By the content; undefined when it is none of the image formats. */
  format?: ImageFormat;
  /** The whole file's size in bytes. */
  fileSize: number;
  /** The size as shown, in pixels; unknown when null or undefined. */
  width?: number | null;
  height?: number | null;
  /**
   * The content has the format's signature but is not a sound image of it (a PNG or JPEG
   * that does not decode, an SVG with active content): refused as of the wrong type, once
   * the byte size has been checked.
   */
  invalid?: boolean;
}

export interface JudgeOptions {
  /** A function icon shown as a list item (precedent list): exactly 24x24. */
  listItem?: boolean;
  /** Whether SVG is taken where the purpose allows it (the country's allow-svg-button flag); yes by default. */
  allowSvg?: boolean;
}

/** The first rule an image breaks for `purpose`, in the order empty -> type -> byte size -> dimensions; undefined when it fits. */
export function judgeImage(
  purpose: ImagePurpose | "any",
  image: ImageContent,
  options: JudgeOptions = {},
): FileRuleCode | undefined {
  const early = judgeFormatAndBytes(purpose, image, options);
  if (early) return early;
  if (image.invalid) return "imageTypeInvalid";
  const rule = IMAGE_RULES[purpose];
  const size =
    image.width && image.height ? { width: image.width, height: image.height } : undefined;
  const fits =
    image.format === "svg"
      ? svgFits(rule, size)
      : rasterFits(
          options.listItem && rule.listItemPixels ? rule.listItemPixels : rule.pixels,
          size,
        );
  return fits ? undefined : "imageSizeInvalid";
}

/**
 * The first checks of `judgeImage`, which need only the format and the byte size (empty ->
 * type -> byte size): what they refuse need not be decoded.
 */
export function judgeFormatAndBytes(
  purpose: ImagePurpose | "any",
  image: Pick<ImageContent, "format" | "fileSize">,
  options: Pick<JudgeOptions, "allowSvg"> = {},
): FileRuleCode | undefined {
  const rule = IMAGE_RULES[purpose];
  if (image.fileSize === 0) return "noContent";
  const format = image.format;
  if (!format || !rule.formats.includes(format) || (format === "svg" && options.allowSvg === false))
    return "imageTypeInvalid";
  return image.fileSize > rule.maxBytes ? tooBigCodes[rule.maxBytes] : undefined;
}

function svgFits(rule: ImageRule, size: Size | undefined): boolean {
  const want = rule.pixels?.exact;
  if (!want) return true;
  if (!size) return false;
  const ratio = want.width / want.height;
  return Math.abs(size.width / size.height - ratio) / ratio <= FILE_LIMITS.svgRatioTolerance;
}

function rasterFits(rule: PixelRule | undefined, size: Size | undefined): boolean {
  if (size && Math.max(size.width, size.height) > FILE_LIMITS.maxRasterSide) return false;
  if (!rule) return true;
  if (!size) return false;
  const { width, height } = size;
  if (rule.exact && (width !== rule.exact.width || height !== rule.exact.height)) return false;
  if (rule.square && width !== height) return false;
  if (rule.minSide !== undefined && Math.min(width, height) < rule.minSide) return false;
  return rule.maxSide === undefined || Math.max(width, height) <= rule.maxSide;
}
