/**
 * The reading of an uploaded file's content that needs no server library, for the rules of
 * rules.ts: PNG and JPEG by their first bytes, a PNG's size, and an SVG's text and size.
 * Plain TypeScript: it runs in the browser too.
 */
import type { ImageContent, Size } from "./rules";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG (or APNG) by its 8-byte signature. */
export function isPng(bytes: Uint8Array): boolean {
  return (
    bytes.length >= PNG_SIGNATURE.length &&
    PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)
  );
}

/** A JPEG by its start-of-image marker and the marker after it. */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** A PNG's width and height from its IHDR chunk, which must come first; undefined when it does not. */
export function pngSize(bytes: Uint8Array): Size | undefined {
  if (!isPng(bytes) || bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkType = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  if (view.getUint32(8) !== 13 || chunkType !== "IHDR") return undefined;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/**
 * What the content says of an image, read without decoding it: PNG (with its IHDR size) and
 * JPEG (without a size) by signature, SVG by its root element (with its size). `bytes` may
 * be only the beginning of a file of `fileSize` bytes.
 */
export function readImage(bytes: Uint8Array, fileSize = bytes.byteLength): ImageContent {
  if (isPng(bytes)) {
    const size = pngSize(bytes);
    return size ? { format: "png", fileSize, ...size } : { format: "png", fileSize, invalid: true };
  }
  if (isJpeg(bytes)) return { format: "jpeg", fileSize };
  const text = svgText(bytes, { wholeFile: bytes.byteLength >= fileSize });
  return text === undefined ? { fileSize } : { format: "svg", fileSize, ...svgDimensions(text) };
}

/**
 * The text of an SVG: UTF-8 without NUL characters whose root element is `svg`; undefined
 * for anything else. When the bytes are not the whole file, a character cut at their end is
 * no fault.
 */
export function svgText(
  bytes: Uint8Array,
  options: { wholeFile?: boolean } = {},
): string | undefined {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes, {
      stream: options.wholeFile === false,
    });
  } catch {
    return undefined;
  }
  return !text.includes("\u0000") && isSvgText(text) ? text : undefined;
}

/** True when the first element of the text (after a prolog within its first 64 KB) is `svg`. */
export function isSvgText(text: string): boolean {
  const prolog =
    /^\ufeff?\s*(?:<\?xml\s[\s\S]*?\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<([A-Za-z_][\w.-]*:)?svg[\s/>]/i;
  return prolog.test(text.slice(0, 64 * 1024));
}

const namedEntities: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Decodes XML character references; undefined when an entity other than the five XML ones is used. */
export function decodeXmlEntities(value: string): string | undefined {
  let bad = false;
  const decoded = value.replace(
    /&(#x[0-9a-f]+|#[0-9]+|[A-Za-z][\w.-]*)?(;)?/gi,
    (_match, name?: string, semi?: string) => {
      if (!name || !semi) {
        bad = true;
        return "";
      }
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X"
            ? parseInt(name.slice(2), 16)
            : parseInt(name.slice(1), 10);
        if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) {
          bad = true;
          return "";
        }
        return String.fromCodePoint(code);
      }
      const known = namedEntities[name];
      if (known === undefined) bad = true;
      return known ?? "";
    },
  );
  return bad ? undefined : decoded;
}

/** CSS pixels of an absolute length unit. */
const unitsInPx: Record<string, number> = {
  "": 1,
  px: 1,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  pt: 96 / 72,
  pc: 16,
};

function parseLength(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([+]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|in|cm|mm|pt|pc)?\s*$/i.exec(
    value,
  );
  if (!match) return undefined;
  const px = Number(match[1]) * unitsInPx[(match[2] ?? "").toLowerCase()];
  return Number.isFinite(px) && px > 0 ? px : undefined;
}

function rootAttributes(text: string): Record<string, string> | undefined {
  const root = /<(?:[A-Za-z_][\w.-]*:)?svg(\s(?:[^>"']|"[^"]*"|'[^']*')*)?\/?>/i.exec(
    text.replace(/<!--[\s\S]*?-->/g, ""),
  );
  if (!root) return undefined;
  const attributes: Record<string, string> = {};
  for (const match of (root[1] ?? "").matchAll(/([^\s=/>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes[match[1]] = decodeXmlEntities(match[2] ?? match[3] ?? "") ?? "";
  }
  return attributes;
}

/**
 * The intrinsic size of an SVG in CSS pixels: root `width` and `height` when both are
 * absolute lengths (px, in, cm, mm, pt, pc or no unit); otherwise the `viewBox` size, scaled
 * to `width` or `height` when one is given. Undefined when neither gives a size (percentages
 * and em units do not).
 */
export function svgDimensions(text: string): Size | undefined {
  const attributes = rootAttributes(text);
  if (!attributes) return undefined;
  const width = parseLength(attributes.width);
  const height = parseLength(attributes.height);
  if (width && height) return { width, height };
  const box = (attributes.viewBox ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const viewBox =
    box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0
      ? { width: box[2], height: box[3] }
      : undefined;
  if (!viewBox) return undefined;
  if (width) return { width, height: (width * viewBox.height) / viewBox.width };
  if (height) return { width: (height * viewBox.width) / viewBox.height, height };
  return viewBox;
}
