/**
 * The rules of a location's root settings and of a platform's own: supported desktop versions,
 * product variants, and the web area's exception URLs.
 */
import { prefixErrors } from "../common";
import type { SchemaErrors, SchemaRuleCode } from "./codes";
import type { SchemaContext } from "./context";
import { blank, FUNCTION_LIMITS, SCHEMA_LIMITS } from "./limits";
import type { ExceptionUrl, PlatformType, Visibility } from "./schemas";
import { DESKTOP_VERSION } from "./values";

// ---------------------------------------------------------------------------
// Desktop versions
// ---------------------------------------------------------------------------

/** Compares two dot-separated versions part by part (a missing part is 0): negative when `a` is older than `b`. */
export function compareVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * One desktop version: at most 30 characters (tooLong), four dot-separated whole numbers like
 * an IP address, `6.2.0.14` (invalidVersion), not older than the minimum supported version
 * when known (minimumVersionIs). Undefined when it is fine; a blank value is left to the caller.
 */
export function checkDesktopVersion(
  value: string,
  minimumVersion?: string,
): SchemaRuleCode | undefined {
  const version = value.trim();
  if (version.length > FUNCTION_LIMITS.desktopVersionMax) return "tooLong";
  if (!DESKTOP_VERSION.test(version)) return "invalidVersion";
  if (
    minimumVersion &&
    DESKTOP_VERSION.test(minimumVersion) &&
    compareVersions(version, minimumVersion) < 0
  )
    return "minimumVersionIs";
  return undefined;
}

/**
 * The supported desktop versions `[minimum, maximum]` of a location: each blank or a valid
 * version (`checkDesktopVersion`), the maximum not less than the minimum
 * (maxVerCannotBeLessMinVer). A blank minimum means from the oldest supported version, so a
 * maximum alone is taken (docs/decisions/0071-a-maximum-desktop-version-alone.md). Paths `0` and `1`.
 */
export function validateDesktopVersions(
  versions: readonly string[] | undefined,
  minimumVersion?: string,
): SchemaErrors {
  const errors: SchemaErrors = {};
  const [min = "", max = ""] = versions ?? [];
  for (const [index, value] of [min, max].entries()) {
    const code = blank(value) ? undefined : checkDesktopVersion(value, minimumVersion);
    if (code) errors[String(index)] = code;
  }
  if (
    !errors[0] &&
    !errors[1] &&
    !blank(min) &&
    !blank(max) &&
    compareVersions(max.trim(), min.trim()) < 0
  )
    errors[1] = "maxVerCannotBeLessMinVer";
  return errors;
}

// ---------------------------------------------------------------------------
// Web-area exception URLs
// ---------------------------------------------------------------------------

/** What stands between the optional wildcards: an optional http(s) scheme, a host (a leading or trailing dot next to a wildcard), an optional port and path. */
const EXCEPTION_BODY =
  /^(https?:\/\/)?\.?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.?(:\d{1,5})?([/?#][^\s*]*)?$/;

/** A web exception URL: required, no whitespace, an optional `*` at the start and at the end, else invalidUrl. */
export function checkExceptionUrl(value: string): SchemaRuleCode | undefined {
  if (blank(value)) return "required";
  if (value.trim().length > SCHEMA_LIMITS.urlMax) return "tooLong";
  if (/\s/.test(value.trim())) return "invalidUrl";
  const body = value.trim().replace(/^\*/, "").replace(/\*$/, "");
  return EXCEPTION_BODY.test(body) ? undefined : "invalidUrl";
}

/** The exception URL rows: paths `<index>.url`. */
export function validateExceptions(exceptions: readonly ExceptionUrl[] | undefined): SchemaErrors {
  const errors: SchemaErrors = {};
  (exceptions ?? []).forEach((row, index) => {
    const code = checkExceptionUrl(row.url);
    if (code) errors[`${index}.url`] = code;
  });
  return errors;
}

/**
 * The visibility of a location (its root): desktop versions, and on desktop where product
 * variants are supported, the product variants (required: null is 'All', an empty list is
 * none). Paths under `visibility.`.
 */
export function validateRootVisibility(
  visibility: Visibility | undefined,
  platform: PlatformType,
  context: SchemaContext,
): SchemaErrors {
  const errors: SchemaErrors = {};
  Object.assign(
    errors,
    prefixErrors(
      "visibility.supportedDesktopVersions",
      validateDesktopVersions(visibility?.supportedDesktopVersions, context.minimumDesktopVersion),
    ),
  );
  const variants = checkProductVariants(visibility?.productVariants, platform, context);
  if (variants) errors["visibility.productVariants"] = variants;
  return errors;
}

/** A product variant choice: required on desktop where the country has product variants, each one of them. */
export function checkProductVariants(
  choice: readonly number[] | null | undefined,
  platform: PlatformType,
  context: SchemaContext,
): SchemaRuleCode | undefined {
  if (platform !== "desktop" || !context.productVariantsEnabled) return undefined;
  if (choice !== null && !choice?.length) return "required";
  const known = context.productVariantIds;
  return known && choice?.some((id) => !known.includes(id)) ? "unknownProductVariant" : undefined;
}

/** No product variant chosen: the list is missing or empty ('All' is null). */
export function hasNoProductVariants(
  visibility: Pick<Visibility, "productVariants"> | undefined,
): boolean {
  return visibility?.productVariants !== null && !visibility?.productVariants?.length;
}
