/**
 * The company icon rules of spec 02 section 5.5, judged by content: a PNG (its 8-byte
 * signature), at most 400 KB, square and at least 256x256 (width and height from the IHDR
 * chunk). Pure: bytes in, a verdict out. The provider checks the icon again.
 */
export const COMPANY_ICON_MAX_BYTES = 400 * 1024;
export const COMPANY_ICON_MIN_SIDE = 256;

/** The message keys of spec 02 section 5.5 (register.errors.icon*). */
export type CompanyIconProblem = "invalidType" | "invalidSize" | "sizeGreater400KB";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** Width and height from the IHDR chunk, which must come first; undefined when it does not. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (!isPng(bytes) || bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkLength = view.getUint32(8);
  const chunkType = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  if (chunkLength !== 13 || chunkType !== "IHDR") return undefined;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** The first rule the icon breaks, in the provider's order (type, byte size, pixels), or null. */
export function checkCompanyIcon(bytes: Uint8Array): CompanyIconProblem | null {
  if (!isPng(bytes)) return "invalidType";
  if (bytes.byteLength > COMPANY_ICON_MAX_BYTES) return "sizeGreater400KB";
  const size = pngSize(bytes);
  if (!size) return "invalidType";
  if (size.width !== size.height || size.width < COMPANY_ICON_MIN_SIDE) return "invalidSize";
  return null;
}

export const ICON_MESSAGE_KEYS: Record<CompanyIconProblem, string> = {
  invalidType: "register.errors.iconInvalidType",
  invalidSize: "register.errors.iconInvalidSize",
  sizeGreater400KB: "register.errors.iconTooBig",
};
