/**
 * The lengths and counts the platform schema leaves open, and the required texts: a text over
 * its key's limit is tooLong, a list with more entries tooMany, a whole document over its
 * size tooLarge.
 */
import type { SchemaErrors, SchemaRuleCode } from "./codes";
import type { EndpointUrl } from "./schemas";

export const FUNCTION_LIMITS = {
  nameMax: 30,
  labelMax: 30,
  descriptionMax: 450,
  desktopVersionMax: 30,
  /** Button width slider: 60 to 100, step 1, default 75. */
  widthMin: 60,
  widthMax: 100,
  widthStep: 1,
  widthDefault: 75,
  /** Window width and height of a system window: at least 1. */
  windowMin: 1,
} as const;

/**
 * Lengths and counts the platform schema leaves open (decision 0055, 'Limits'): a text longer than
 * its limit is `tooLong`, a list with more entries `tooMany`, a document whose JSON text is
 * longer than `documentMax` characters `tooLarge` (well within the API's 1 MB body, base-64
 * included).
 */
export const SCHEMA_LIMITS = {
  /** Any text without a limit of its own: ids, names of locations and grids, states, precedent paths, form names, table ids. */
  textMax: 255,
  headerLabelMax: FUNCTION_LIMITS.labelMax,
  groupLabelMax: 50,
  functionGroupIdMax: 100,
  windowTitleMax: 100,
  closeHandlerMax: 100,
  /** An endpoint or exception URL. */
  urlMax: 2048,
  /** An inline SVG icon, as the 50 KB of an uploaded icon. */
  iconSvgMax: 50_000,
  /** Any list without a limit of its own: the functions of a list, locations, matter types, precedents. */
  listMax: 500,
  formNamesMax: 50,
  tableIdsMax: 50,
  exceptionsMax: 100,
  /** The whole document as compact JSON text, in characters. */
  documentMax: 500_000,
  /**
   * The functions of one platform, nested ones included: a real app places tens; the editor's
   * page shows each with its controls, so a document of thousands would make it megabytes long.
   */
  functionsMax: 200,
} as const;

/** The longest text a key of the document may hold. */
const TEXT_LIMITS: Record<string, number> = {
  description: FUNCTION_LIMITS.descriptionMax,
  headerLabel: SCHEMA_LIMITS.headerLabelMax,
  groupLabel: SCHEMA_LIMITS.groupLabelMax,
  functionGroupId: SCHEMA_LIMITS.functionGroupIdMax,
  title: SCHEMA_LIMITS.windowTitleMax,
  closeHandler: SCHEMA_LIMITS.closeHandlerMax,
  url: SCHEMA_LIMITS.urlMax,
  iconSvg: SCHEMA_LIMITS.iconSvgMax,
};

/** The most entries a list (or record) of the document may hold, by its key. */
const LIST_LIMITS: Record<string, number> = {
  formNames: SCHEMA_LIMITS.formNamesMax,
  tableIds: SCHEMA_LIMITS.tableIdsMax,
  exceptions: SCHEMA_LIMITS.exceptionsMax,
};

/** The longest text of a field, by its name or path (`window.title`, `visibility.formNames`, `urls.dev`): its last key's limit, else `textMax`. */
export function textLimitOf(name: string): number {
  const keys = name.split(".").filter((part) => !/^\d+$/.test(part));
  if (keys.at(-2) === "urls") return SCHEMA_LIMITS.urlMax;
  return TEXT_LIMITS[keys.at(-1) ?? ""] ?? SCHEMA_LIMITS.textMax;
}

/** The most entries of a list, by its name or path: its last key's limit, else `listMax`. */
export function listLimitOf(name: string): number {
  const key =
    name
      .split(".")
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? "";
  return LIST_LIMITS[key] ?? SCHEMA_LIMITS.listMax;
}

/**
 * The lengths and counts of any part of the document (`SCHEMA_LIMITS`): a text over its
 * key's limit is tooLong at its path, a list or record with more entries tooMany at its path.
 * A list of texts (form names, table ids, matter types...) is refused at the list's own path,
 * as the editor edits it as one field; an endpoint URL at `urls.<env>`. The names and labels of functions and custom views and
 * the desktop versions are judged with their required rules (`validateFunction`,
 * `validateCustomView`, `validateDesktopVersions`) and their own limits. Paths relative to `value`.
 */
export function validateLimits(value: unknown, path = ""): SchemaErrors {
  const errors: SchemaErrors = {};
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (typeof value === "string") {
    if (value.length > textLimitOf(path)) errors[path] = "tooLong";
  } else if (Array.isArray(value)) {
    if (value.length > listLimitOf(path)) errors[path] = "tooMany";
    else if (path === "urls" || path.endsWith(".urls")) {
      // Endpoint URLs are named by their environment, as `validateEndpoints` names them.
      for (const entry of value as EndpointUrl[])
        if (entry.url.length > SCHEMA_LIMITS.urlMax) errors[at(entry.env)] = "tooLong";
    } else if (value.length > 0 && value.every((entry) => typeof entry === "string")) {
      if (value.some((entry: string) => entry.length > textLimitOf(path))) errors[path] = "tooLong";
    } else
      for (const [index, entry] of value.entries())
        Object.assign(errors, validateLimits(entry, at(index)));
  } else if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length > SCHEMA_LIMITS.listMax) errors[path] = "tooMany";
    else
      for (const [key, entry] of entries) {
        if (key.length > SCHEMA_LIMITS.textMax) errors[at(key)] = "tooLong";
        else Object.assign(errors, validateLimits(entry, at(key)));
      }
  }
  return errors;
}

/** A whole document (or its JSON text) longer than `documentMax` characters is tooLarge. */
export function checkDocumentSize(value: unknown): SchemaRuleCode | undefined {
  const length = typeof value === "string" ? value.length : (JSON.stringify(value) ?? "").length;
  return length > SCHEMA_LIMITS.documentMax ? "tooLarge" : undefined;
}

/** Whether a text is missing or only white space. */
export const blank = (value: string | null | undefined) => (value ?? "").trim() === "";

/** A required text at `path`: blank is required, longer than `max` (trimmed) tooLong. */
export function requiredText(
  errors: SchemaErrors,
  path: string,
  value: string | undefined,
  max?: number,
) {
  if (blank(value)) errors[path] = "required";
  else if (max !== undefined && value!.trim().length > max) errors[path] = "tooLong";
}
