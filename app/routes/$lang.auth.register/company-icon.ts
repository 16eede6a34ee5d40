/**
 * The company icon at registration: the files contract's rules of the
 * `company-icon` purpose, judged by content in the provider's order (type, byte size,
 * pixels), answered as the registration form's message keys. Pure: bytes in, a verdict
 * out. The provider checks the icon again.
 */

import { readImage } from "~/api/files/content";
import { type FileRuleCode, IMAGE_RULES, judgeImage } from "~/api/files/rules";

export const COMPANY_ICON_MAX_BYTES = IMAGE_RULES["company-icon"].maxBytes;

/** The icon's message keys (register.errors.icon*). */
export type CompanyIconProblem = "invalidType" | "invalidSize" | "sizeGreater400KB";

/** The problem of each refusal the icon can meet; any other (an empty file) is of no type. */
const problems: Partial<Record<FileRuleCode, CompanyIconProblem>> = {
  imageSizeInvalid: "invalidSize",
  sizeGreater400KB: "sizeGreater400KB",
};

/** The first rule the icon breaks, or null. */
export function checkCompanyIcon(bytes: Uint8Array): CompanyIconProblem | null {
  const code = judgeImage("company-icon", readImage(bytes));
  return code === undefined ? null : (problems[code] ?? "invalidType");
}

export const ICON_MESSAGE_KEYS: Record<CompanyIconProblem, string> = {
  invalidType: "register.errors.iconInvalidType",
  invalidSize: "register.errors.iconInvalidSize",
  sizeGreater400KB: "register.errors.iconTooBig",
};
