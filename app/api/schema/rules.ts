/**
 * The rules of the platform schema as pure functions,
 * shared by the console (messages next to the fields of the editor's dialogs, tabs marked
 * '!', the whole-schema check before Save) and the sandbox (refusals of `POST app-schema` and
 * the answer of `app-schema/validate`). Each check answers the failing paths with the code of
 * the rule each breaks (`{ "label": "required" }`); checks of a part of the document answer
 * paths relative to it, `validateDocument` answers full dotted paths
 * (`platforms.0.views.1.buttons.0.urls.dev`). The console words a code from `locales/`, the
 * API in English (`RULE_MESSAGES`). Plain TypeScript; no framework.
 */
import { isHttpUrl } from "../apps/rules";
import { prefixErrors } from "../common";
import { type FileRuleCode, type ImageContent, judgeImage } from "../files/rules";
import { checkJsonText, checkJsonValue, JSON_LIMITS, type JsonLimitCode } from "../json-limits";
import type {
  ActionType,
  EndpointUrl,
  ExceptionUrl,
  PlatformFunction,
  PlatformMenu,
  PlatformSchema,
  PlatformType,
  PlatformView,
  PrecedentLocation,
  SchemaDocument,
  ViewList,
  Visibility,
} from "./schemas";
import { DESKTOP_VERSION, ENVIRONMENTS, VIEW_LISTS } from "./values";

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

/** The codes of the schema's rules (shape codes of common.ts come on top: required, tooLong, outOfRange...). */
export const SCHEMA_RULE_CODES = [
  "required",
  "tooLong",
  "tooMany",
  "tooLarge",
  "tooDeep",
  "tooManyFunctions",
  "outOfRange",
  "invalidUrl",
  "invalidType",
  "invalidSize",
  "sizeGreater50KB",
  "invalidVersion",
  "minimumVersionIs",
  "maxVerCannotBeLessMinVer",
  "mustSelectLocation",
  "unknownLocation",
  "duplicateLocation",
  "notAllowedHere",
  "unknownProductVariant",
  "unknownMatterType",
  "unknownPrecedent",
  "integratorOnly",
  "imageNotFound",
  "menuAccountingNotAllowed",
  "updateRequired",
  "missingProductVariants",
  "unknownKey",
  "duplicatePlatform",
  "invalidJson",
] as const;
export type SchemaRuleCode = (typeof SCHEMA_RULE_CODES)[number];
/** Failing paths and the code of the rule each breaks. */
export type SchemaErrors = Record<string, SchemaRuleCode>;

/** The API's English words for each code (the console has its own, from `locales/`). */
export const RULE_MESSAGES: Record<SchemaRuleCode, string> = {
  required: "is required",
  tooLong: "is too long",
  tooMany: "has too many entries",
  tooLarge: `is too large: at most ${SCHEMA_LIMITS.documentMax} characters of compact JSON, ${JSON_LIMITS.textMax} of JSON text`,
  tooDeep: `nests too deeply: at most ${JSON_LIMITS.depthMax} levels of arrays and objects`,
  tooManyFunctions: `has too many functions: at most ${SCHEMA_LIMITS.functionsMax} in a platform, nested ones included`,
  outOfRange: "is out of range",
  invalidUrl: "must be a valid URL",
  invalidType: "has the wrong file type",
  invalidSize: "has the wrong size",
  sizeGreater50KB: "must be at most 50 KB",
  invalidVersion: "must be a version of four dot-separated numbers",
  minimumVersionIs: "is below the minimum desktop version",
  maxVerCannotBeLessMinVer: "must not be less than the minimum version",
  mustSelectLocation: "a location must be chosen",
  unknownLocation: "is not a location of this platform",
  duplicateLocation: "is already present",
  notAllowedHere: "is not allowed in this location",
  unknownProductVariant: "is not a product variant of the app's country",
  unknownMatterType: "names a matter type the app's country does not have",
  unknownPrecedent: "names a precedent that is not in the library of its matter type",
  integratorOnly: "is only for companies of integratorType 1",
  imageNotFound:
    "must be a function icon uploaded by your company (POST images?purpose=function-icon)",
  menuAccountingNotAllowed:
    "the accounting menu takes no cloned button when it already has buttons",
  updateRequired: "the custom view's settings must be configured",
  missingProductVariants: "Missing product variants",
  unknownKey: "is not a key of the platform schema",
  duplicatePlatform: "must appear once",
  invalidJson: "must be a JSON platform schema",
};

/** The location id of the accounting menu. */
export const ACCOUNTING_MENU_ID = "menu-accounting";

/** Items that only group others (no endpoints, no window): headers, dropdowns and folders. */
export const GROUPING_ACTION_TYPES: readonly ActionType[] = [
  "dropdown",
  "context-header",
  "context-menu-header",
  "secondary-tab-dropdown",
  "report-folder",
];

/** Whether an item of this type runs something, and so needs its four endpoint URLs. */
export function needsEndpoints(actionType: ActionType): boolean {
  return !GROUPING_ACTION_TYPES.includes(actionType);
}

/** Items whose description is optional: context and report headers, and precedent-list items. */
const DESCRIPTION_OPTIONAL: readonly ActionType[] = [
  "context-header",
  "context-menu-header",
  "report-folder",
  "list-item",
];

/** Whether an item needs a description: not the headers, precedent-list items, nor sub-items of person and card views. */
export function needsDescription(actionType: ActionType, viewType?: string): boolean {
  if (DESCRIPTION_OPTIONAL.includes(actionType)) return false;
  return !(actionType === "sub-item" && (viewType === "person" || viewType === "card"));
}

/** Whether the Window tab applies: windowType system (not for a secondary-tab dropdown). */
export function usesWindow(item: Pick<PlatformFunction, "actionType" | "windowType">): boolean {
  return item.windowType === "system" && item.actionType !== "secondary-tab-dropdown";
}

const blank = (value: string | null | undefined) => (value ?? "").trim() === "";

function requiredText(errors: SchemaErrors, path: string, value: string | undefined, max?: number) {
  if (blank(value)) errors[path] = "required";
  else if (max !== undefined && value!.trim().length > max) errors[path] = "tooLong";
}

/**
 * The four endpoint URLs (dev, test, beta, live): each required and a valid http(s) URL.
 * Paths `urls.<env>`.
 */
export function validateEndpoints(urls: readonly EndpointUrl[] | undefined): SchemaErrors {
  const errors: SchemaErrors = {};
  for (const env of ENVIRONMENTS) {
    const url = urls?.find((entry) => entry.env === env)?.url.trim() ?? "";
    if (!url) errors[`urls.${env}`] = "required";
    else if (url.length > SCHEMA_LIMITS.urlMax) errors[`urls.${env}`] = "tooLong";
    else if (!isHttpUrl(url)) errors[`urls.${env}`] = "invalidUrl";
  }
  return errors;
}

/** Where an item stands: its platform and the type of its view (menus have none). */
export interface ItemPlace {
  platform: PlatformType;
  viewType?: string;
}

/**
 * The rules of one function: name and text (label) required, at most
 * 30; the description required (except `needsDescription`), at most 450; a secondary-tab
 * dropdown's header label; the four endpoints of an item that runs something; a system
 * window's width and height of at least 1; the button width 60 to 100; the visibility of a
 * precedent-list item (matter types and a precedent location) and of a context-menu item
 * (form names); the lengths and counts of its other fields (`validateLimits`). Its own fields
 * only; `validateItems` walks the nested ones.
 */
export function validateFunction(item: PlatformFunction, place: ItemPlace): SchemaErrors {
  const { items: _items, buttons: _buttons, ...own } = item;
  const errors: SchemaErrors = validateLimits(own);
  requiredText(errors, "name", item.name, FUNCTION_LIMITS.nameMax);
  requiredText(errors, "label", item.label, FUNCTION_LIMITS.labelMax);
  if (needsDescription(item.actionType, place.viewType))
    requiredText(errors, "description", item.description, FUNCTION_LIMITS.descriptionMax);
  else if ((item.description ?? "").trim().length > FUNCTION_LIMITS.descriptionMax)
    errors.description = "tooLong";
  if (item.actionType === "secondary-tab-dropdown")
    requiredText(errors, "headerLabel", item.headerLabel);
  if (needsEndpoints(item.actionType)) Object.assign(errors, validateEndpoints(item.urls));
  if (usesWindow(item)) {
    for (const side of ["width", "height"] as const) {
      const value = item.window?.[side];
      if (value === undefined || value === null) errors[`window.${side}`] = "required";
      else if (value < FUNCTION_LIMITS.windowMin) errors[`window.${side}`] = "outOfRange";
    }
  }
  if (
    item.width !== undefined &&
    item.width !== null &&
    (item.width < FUNCTION_LIMITS.widthMin || item.width > FUNCTION_LIMITS.widthMax)
  ) {
    errors.width = "outOfRange";
  }
  if (item.actionType === "list-item") {
    if (!item.visibility?.matterTypes?.length) errors["visibility.matterTypes"] = "required";
    if (!item.visibility?.location?.length) errors["visibility.location"] = "required";
  }
  if (
    item.actionType === "context-menu" &&
    !item.visibility?.formNames?.some((name) => !blank(name))
  )
    errors["visibility.formNames"] = "required";
  return errors;
}

/** Every function of a list and of the lists nested in them, with paths `<index>.<field>` (`0.items.1.label`). */
export function validateItems(
  items: readonly PlatformFunction[] | undefined,
  place: ItemPlace,
): SchemaErrors {
  const errors: SchemaErrors = {};
  (items ?? []).forEach((item, index) => {
    Object.assign(errors, prefixErrors(String(index), validateFunction(item, place)));
    for (const list of ["items", "buttons"] as const) {
      Object.assign(errors, prefixErrors(`${index}.${list}`, validateItems(item[list], place)));
    }
  });
  return errors;
}

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

// ---------------------------------------------------------------------------
// Icons
// ---------------------------------------------------------------------------

const ICON_CODES: Partial<Record<FileRuleCode, SchemaRuleCode>> = {
  noContent: "invalidType",
  imageTypeInvalid: "invalidType",
  imageSizeInvalid: "invalidSize",
  sizeGreater50KB: "sizeGreater50KB",
};

/**
 * A function icon: the type must match (invalidType), a PNG 28 to 65 px on each side or
 * exactly 24x24 for a list item (invalidSize), at most 50 KB (sizeGreater50KB). The files
 * contract's judge of a function icon, in this area's codes.
 */
export function checkFunctionIcon(
  image: ImageContent,
  options: { listItem?: boolean; allowSvg?: boolean } = {},
): SchemaRuleCode | undefined {
  const code = judgeImage("function-icon", image, options);
  return code ? functionIconCode(code) : undefined;
}

/** A files-area refusal of a function icon (an upload's `file` code) in this area's codes. */
export const functionIconCode = (code: FileRuleCode): SchemaRuleCode =>
  ICON_CODES[code] ?? "invalidType";

// ---------------------------------------------------------------------------
// Locations, visibility and cloning
// ---------------------------------------------------------------------------

/** What the rules know of the place a schema is for. */
export interface SchemaContext {
  /** The app's country supports product variants (desktop only; AUB counts as AU). */
  productVariantsEnabled?: boolean;
  /** The firm types of the country's product variants; a choice outside them is unknownProductVariant (unchecked when absent). */
  productVariantIds?: readonly number[];
  /** The matter type ids of the app's country; a visibility naming another is unknownMatterType (unchecked when absent). */
  matterTypeIds?: readonly string[];
  /** Whether billing modes may be chosen (UK only); unchecked when absent. */
  billingModesAllowed?: boolean;
  /** The oldest supported desktop version (resources/desktop-versions `isMinimum`). */
  minimumDesktopVersion?: string;
  /** The locations the company may use, per platform (config-init-all filtered by integratorType); unchecked when absent. */
  locations?: Partial<Record<PlatformType, readonly LocationCapabilities[]>>;
  /** The company's integratorType: the window options of a matter view are integratorType 1's (`checkViewWindow`); unchecked when absent. */
  integratorType?: number;
  /**
   * The precedent libraries of the app's country by matter type id (each precedent with its
   * parent); a precedent location outside them is unknownPrecedent (unchecked when absent).
   */
  precedents?: PrecedentLibraries;
}

/** The precedents of each matter type that has a library, by matter type id. */
export type PrecedentLibraries = Readonly<
  Record<string, readonly { precedentId: string; parentId: string | null }[]>
>;

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

/** Whether a company may use a location: every company those of integratorType 0, a company of integratorType 1 also those of 1. */
export function locationAllowed(
  location: { integratorType: number },
  companyIntegratorType: number,
): boolean {
  return location.integratorType === 0 || location.integratorType === companyIntegratorType;
}

/**
 * Spec 02 section 6: only a company of integratorType 1 has the external-window and
 * fullscreen options of a matter view (decision 0065): every window type other than none
 * (system, web, hidden, notApplicable) takes the view out of the matter window, so all of
 * them are that option. Other views, and menus (which have no window settings), are not limited.
 */
export function windowOptionsAllowed(
  viewType: string | undefined,
  companyIntegratorType: number,
): boolean {
  return viewType !== "matter" || companyIntegratorType === 1;
}

/**
 * A view's own window settings against the company: on a matter view a company of another
 * integratorType than 1 has neither a window type nor fullscreen (integratorOnly at
 * `windowType`, `isFullScreen`). Paths relative to the view.
 */
export function checkViewWindow(
  view: Pick<PlatformView, "windowType" | "isFullScreen">,
  viewType: string | undefined,
  companyIntegratorType: number,
): SchemaErrors {
  if (windowOptionsAllowed(viewType, companyIntegratorType)) return {};
  const errors: SchemaErrors = {};
  if (view.windowType !== null && view.windowType !== undefined)
    errors.windowType = "integratorOnly";
  if (view.isFullScreen) errors.isFullScreen = "integratorOnly";
  return errors;
}

/**
 * Whether `path` (precedent ids joined by '/') runs down a library from its top: the first
 * precedent at the top (no parent in the library), each next one a child of the one before.
 */
export function isPrecedentPath(
  path: string,
  library: readonly { precedentId: string; parentId: string | null }[],
): boolean {
  const byId = new Map(library.map((entry) => [entry.precedentId, entry]));
  const ids = path.split("/");
  return ids.every((id, index) => {
    const entry = byId.get(id);
    if (!entry) return false;
    if (index === 0)
      return (
        entry.parentId === null || entry.parentId === entry.precedentId || !byId.has(entry.parentId)
      );
    return entry.parentId === ids[index - 1];
  });
}

/**
 * What a visibility names against the app's country: its matter types are the country's
 * (unknownMatterType at `visibility.matterTypes`), and each precedent location's root is a
 * matter type with a library and each of its paths runs down that library
 * (unknownPrecedent at `visibility.location`). Each unchecked when the context lacks it.
 */
export function validateVisibilityChoice(
  visibility: Pick<Visibility, "matterTypes" | "location"> | undefined,
  known: { matterTypeIds?: readonly string[]; precedents?: PrecedentLibraries },
): SchemaErrors {
  const errors: SchemaErrors = {};
  if (
    known.matterTypeIds &&
    visibility?.matterTypes?.some((id) => !known.matterTypeIds!.includes(id))
  )
    errors["visibility.matterTypes"] = "unknownMatterType";
  const libraries = known.precedents;
  const knownLocation = (entry: PrecedentLocation) => {
    const library = Object.hasOwn(libraries!, entry.root) ? libraries![entry.root] : undefined;
    return library !== undefined && entry.paths.every((path) => isPrecedentPath(path, library));
  };
  if (libraries && visibility?.location?.some((entry) => !knownLocation(entry)))
    errors["visibility.location"] = "unknownPrecedent";
  return errors;
}

/** A location chosen in the add-location dialog: one must be (mustSelectLocation). */
export function checkLocationChoice(id: string | null | undefined): SchemaRuleCode | undefined {
  return blank(id) ? "mustSelectLocation" : undefined;
}

/**
 * Cloning a button into a location: the accounting menu takes none when it already has
 * buttons (menuAccountingNotAllowed).
 */
export function checkCloneTarget(target: {
  id: string;
  itemCount: number;
}): SchemaRuleCode | undefined {
  return target.id === ACCOUNTING_MENU_ID && target.itemCount > 0
    ? "menuAccountingNotAllowed"
    : undefined;
}

/** A custom view's own settings: label required, its four endpoint URLs, the lengths of its group label and function group id. */
export function validateCustomView(
  view: Pick<PlatformView, "label" | "urls" | "groupLabel" | "functionGroupId">,
): SchemaErrors {
  const errors: SchemaErrors = validateLimits({
    groupLabel: view.groupLabel,
    functionGroupId: view.functionGroupId,
  });
  requiredText(errors, "label", view.label, FUNCTION_LIMITS.labelMax);
  Object.assign(errors, validateEndpoints(view.urls));
  return errors;
}

/** Every function list of a view, with its path in the view. */
export function viewLists(view: PlatformView): { path: string; items: PlatformFunction[] }[] {
  const lists: { path: string; items: PlatformFunction[] }[] = VIEW_LISTS.map((list) => ({
    path: list,
    items: view[list] ?? [],
  }));
  (view.grids ?? []).forEach((grid, index) => {
    lists.push(
      { path: `grids.${index}.click`, items: grid.click ?? [] },
      { path: `grids.${index}.context`, items: grid.context ?? [] },
    );
  });
  return lists;
}

/** A view: its root visibility, a custom view's settings, and every function of its lists. Paths relative to the view. */
export function validateView(
  view: PlatformView,
  platform: PlatformType,
  context: SchemaContext,
): SchemaErrors {
  const errors: SchemaErrors = {};
  if (blank(view.id)) errors.id = "mustSelectLocation";
  Object.assign(errors, validateRootVisibility(view.visibility, platform, context));
  if (view.isCustomView) Object.assign(errors, validateCustomView(view));
  for (const list of viewLists(view))
    Object.assign(
      errors,
      prefixErrors(list.path, validateItems(list.items, { platform, viewType: view.type })),
    );
  return errors;
}

/** A menu: its root visibility and its items. Paths relative to the menu. */
export function validateMenu(
  menu: PlatformMenu,
  platform: PlatformType,
  context: SchemaContext,
): SchemaErrors {
  const errors: SchemaErrors = {};
  if (blank(menu.id)) errors.id = "mustSelectLocation";
  Object.assign(errors, validateRootVisibility(menu.visibility, platform, context));
  Object.assign(errors, prefixErrors("items", validateItems(menu.items, { platform })));
  return errors;
}

/**
 * One platform: its locations (known to the company's list when given, each once), every
 * view and menu, the exception URLs, and the app-level product variants on desktop where
 * they are supported. Paths relative to the platform.
 */
export function validatePlatform(
  platform: PlatformSchema,
  context: SchemaContext = {},
): SchemaErrors {
  const errors: SchemaErrors = {};
  const known = context.locations?.[platform.type];
  const seen = new Set<string>();
  const locations = [
    ...(platform.views ?? []).map((location, index) => ({
      path: `views.${index}`,
      id: location.id,
      view: location,
    })),
    ...(platform.menus ?? []).map((location, index) => ({
      path: `menus.${index}`,
      id: location.id,
      view: undefined,
    })),
  ];
  for (const { path, id, view } of locations) {
    if (blank(id)) continue;
    const setting = known?.find((entry) => entry.id === id);
    if (known && !setting) errors[`${path}.id`] = "unknownLocation";
    else if (seen.has(id)) errors[`${path}.id`] = "duplicateLocation";
    else if (setting && view)
      Object.assign(
        errors,
        prefixErrors(path, validateViewCapabilities(view, setting, platform.type)),
      );
    if (view && context.integratorType !== undefined)
      Object.assign(
        errors,
        prefixErrors(
          path,
          checkViewWindow(view, setting?.viewType ?? view.type, context.integratorType),
        ),
      );
    seen.add(id);
  }
  for (const [index, view] of (platform.views ?? []).entries())
    Object.assign(
      errors,
      prefixErrors(`views.${index}`, validateView(view, platform.type, context)),
    );
  for (const [index, menu] of (platform.menus ?? []).entries())
    Object.assign(
      errors,
      prefixErrors(`menus.${index}`, validateMenu(menu, platform.type, context)),
    );
  Object.assign(errors, prefixErrors("exceptions", validateExceptions(platform.exceptions)));
  return {
    ...errors,
    ...validateVisibilityReferences(platform, context),
    ...wholeSchemaErrors(platform, context),
  };
}

/** A function of a platform with its path there (`views.0.buttons.1.items.0`) and the type of its view. */
export interface PlacedFunction {
  path: string;
  item: PlatformFunction;
  viewType?: string;
}

/** Every function of a platform, nested ones included, in document order. */
export function everyFunction(platform: PlatformSchema): PlacedFunction[] {
  const out: PlacedFunction[] = [];
  const walk = (
    items: readonly PlatformFunction[] | undefined,
    path: string,
    viewType?: string,
  ) => {
    for (const [index, item] of (items ?? []).entries()) {
      out.push({ path: `${path}.${index}`, item, viewType });
      for (const list of ["items", "buttons"] as const)
        walk(item[list], `${path}.${index}.${list}`, viewType);
    }
  };
  for (const [index, view] of (platform.views ?? []).entries()) {
    for (const list of viewLists(view)) walk(list.items, `views.${index}.${list.path}`, view.type);
  }
  for (const [index, menu] of (platform.menus ?? []).entries())
    walk(menu.items, `menus.${index}.items`);
  return out;
}

/**
 * What a location's setting (resources/config-init-all) allows: which view lists may hold
 * items, and which grids it has.
 */
export interface LocationCapabilities {
  id: string;
  allowButtons: boolean;
  allowContextAtRoot: boolean;
  allowContextMenu: boolean;
  allowDefinableTableApp: boolean;
  allowSecondaryTabButtons: boolean;
  isPrecedentListView: boolean;
  grids: readonly { gridId: string }[];
  /** The view's type (`matter`...); menus `menu`. */
  viewType?: string;
}

/** The view lists a setting allows; `reports` belong to the reporting platform. */
export function allowedViewLists(
  setting: LocationCapabilities,
  platform: PlatformType,
): ViewList[] {
  const allowed: [ViewList, boolean][] = [
    ["buttons", setting.allowButtons],
    ["context", setting.allowContextAtRoot],
    ["contextMenu", setting.allowContextMenu],
    ["layouts", setting.allowDefinableTableApp],
    ["secondaryTab", setting.allowSecondaryTabButtons],
    ["listItems", setting.isPrecedentListView],
    ["reports", platform === "reporting"],
  ];
  return allowed.filter(([, on]) => on).map(([list]) => list);
}

/**
 * A view's lists against its setting: a list the setting does not allow holds no item, and a
 * grid is one of the setting's (notAllowedHere at the list or the grid's id).
 */
export function validateViewCapabilities(
  view: PlatformView,
  setting: LocationCapabilities,
  platform: PlatformType,
): SchemaErrors {
  const errors: SchemaErrors = {};
  const allowed = allowedViewLists(setting, platform);
  for (const list of VIEW_LISTS)
    if ((view[list]?.length ?? 0) > 0 && !allowed.includes(list)) errors[list] = "notAllowedHere";
  (view.grids ?? []).forEach((grid, index) => {
    if (!setting.grids.some((known) => known.gridId === grid.gridId))
      errors[`grids.${index}.gridId`] = "notAllowedHere";
  });
  return errors;
}

/**
 * What every visibility of a platform names, against the app's country: matter types of the
 * country (unknownMatterType), precedents of their libraries (unknownPrecedent,
 * `validateVisibilityChoice`) and billing modes only where they exist (UK: notAllowedHere).
 * Paths `<location or function>.visibility.<field>`.
 */
export function validateVisibilityReferences(
  platform: PlatformSchema,
  context: SchemaContext,
): SchemaErrors {
  const errors: SchemaErrors = {};
  const holders: { path: string; visibility?: Visibility }[] = [
    ...(platform.views ?? []).map((view, index) => ({
      path: `views.${index}`,
      visibility: view.visibility,
    })),
    ...(platform.menus ?? []).map((menu, index) => ({
      path: `menus.${index}`,
      visibility: menu.visibility,
    })),
    ...everyFunction(platform).map(({ path, item }) => ({ path, visibility: item.visibility })),
  ];
  for (const { path, visibility } of holders) {
    Object.assign(errors, prefixErrors(path, validateVisibilityChoice(visibility, context)));
    if (context.billingModesAllowed === false && visibility?.billingModes?.length)
      errors[`${path}.visibility.billingModes`] = "notAllowedHere";
  }
  return errors;
}

// ---------------------------------------------------------------------------
// The whole-schema check before Save
// ---------------------------------------------------------------------------

/** A location named by its path in the platform and its name (or id). */
export interface LocationRef {
  path: string;
  id: string;
  name: string;
}

export interface WholeSchemaCheck {
  /** Custom views whose settings (label, endpoints) are not configured: marked updateRequired. */
  updateRequired: LocationRef[];
  /** Views and menus with no product variant (desktop, where product variants are supported): 'Missing product variants' lists them. */
  missingProductVariants: LocationRef[];
  /** The app-level product variant choice (desktop, where product variants are supported): required when none is chosen. */
  productVariants?: SchemaRuleCode;
}

/** The whole-schema check on one platform. */
export function checkWholeSchema(
  platform: PlatformSchema,
  context: SchemaContext = {},
): WholeSchemaCheck {
  const ref = (path: string, location: { id: string; name?: string }) => ({
    path,
    id: location.id,
    name: location.name?.trim() || location.id,
  });
  const updateRequired = (platform.views ?? []).flatMap((view, index) =>
    view.isCustomView &&
    Object.keys(validateCustomView({ label: view.label, urls: view.urls })).length > 0
      ? [ref(`views.${index}`, view)]
      : [],
  );
  const variants = platform.type === "desktop" && context.productVariantsEnabled;
  const missingProductVariants = variants
    ? [
        ...(platform.views ?? []).flatMap((view, index) =>
          hasNoProductVariants(view.visibility) ? [ref(`views.${index}`, view)] : [],
        ),
        ...(platform.menus ?? []).flatMap((menu, index) =>
          hasNoProductVariants(menu.visibility) ? [ref(`menus.${index}`, menu)] : [],
        ),
      ]
    : [];
  const productVariants = checkProductVariants(platform.productVariants, platform.type, context);
  return {
    updateRequired,
    missingProductVariants,
    ...(productVariants ? { productVariants } : {}),
  };
}

/**
 * The whole-schema check as errors: `<location>: updateRequired`,
 * `<location>.visibility.productVariants: missingProductVariants` and the app-level
 * `productVariants` (required).
 */
export function wholeSchemaErrors(
  platform: PlatformSchema,
  context: SchemaContext = {},
): SchemaErrors {
  const check = checkWholeSchema(platform, context);
  const errors: SchemaErrors = {};
  for (const location of check.updateRequired) errors[location.path] = "updateRequired";
  for (const location of check.missingProductVariants)
    errors[`${location.path}.visibility.productVariants`] = "missingProductVariants";
  if (check.productVariants) errors.productVariants = check.productVariants;
  return errors;
}

/**
 * Every rule of a document (of the shape of `schemaDocument`), with full paths
 * `platforms.<index>.…`: its size first (tooLarge at "", nothing else judged), then the
 * lengths and counts of every part and the rules of each platform.
 */
export function validateDocument(
  document: SchemaDocument,
  context: SchemaContext = {},
): SchemaErrors {
  const size = checkDocumentSize(document);
  if (size) return { "": size };
  const errors: SchemaErrors = validateLimits(document);
  document.platforms.forEach((platform, index) => {
    // A platform of too many functions is judged no further.
    if (hasTooManyFunctions(platform)) errors[`platforms.${index}`] = "tooManyFunctions";
    else
      Object.assign(
        errors,
        prefixErrors(`platforms.${index}`, validatePlatform(platform, context)),
      );
  });
  return errors;
}

// ---------------------------------------------------------------------------
// The `json` of a save or a validation
// ---------------------------------------------------------------------------

/** Why a `json` could not be read: no JSON, or over the JSON limits (app/api/json-limits.ts). */
export type SchemaJsonRefusal = "invalidJson" | JsonLimitCode;

/**
 * The document a save or validation sends as `json`: an object as it is, a string as JSON
 * text or, when it is not JSON, as base-64 of UTF-8 JSON text. Refused when a string is
 * neither (invalidJson), or when the text or value breaks the JSON limits (tooDeep, tooLarge:
 * judged on the text before it is parsed); the shape is judged afterwards by `schemaDocument`.
 */
export function decodeSchemaJson(
  json: unknown,
): { value: unknown } | { refused: SchemaJsonRefusal } {
  if (typeof json !== "string") {
    const breach = checkJsonValue(json);
    return breach ? { refused: breach.code } : { value: json };
  }
  const parsed = parseJson(json);
  if (parsed) return parsed;
  const compact = json.replace(/\s/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length % 4 !== 0)
    return { refused: "invalidJson" };
  try {
    const bytes = Uint8Array.from(atob(compact), (char) => char.charCodeAt(0));
    return (
      parseJson(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) ?? {
        refused: "invalidJson",
      }
    );
  } catch {
    return { refused: "invalidJson" };
  }
}

/** The value of a JSON text within the limits, its breach, or undefined when it is no JSON. */
function parseJson(text: string): { value: unknown } | { refused: JsonLimitCode } | undefined {
  const breach = checkJsonText(text);
  if (breach) return { refused: breach.code };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A limit of a whole platform document: the JSON limits and the number of its functions. */
export type PlatformLimitCode = JsonLimitCode | "tooManyFunctions";

/** The functions of a value (any object with an `actionType`), nested ones included; counted without recursion. */
export function countFunctions(value: unknown): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (Array.isArray(next)) pending.push(...next);
    else if (next && typeof next === "object") {
      if ("actionType" in next) count++;
      pending.push(...Object.values(next));
    }
  }
  return count;
}

/** Whether a platform holds more than functionsMax functions. */
export const hasTooManyFunctions = (platform: unknown) =>
  countFunctions(platform) > SCHEMA_LIMITS.functionsMax;

/** Whether a change from `current` to `next` takes a platform past functionsMax (a change that removes functions never does). */
export function addsFunctionsPastLimit(next: unknown, current: unknown): boolean {
  const functions = countFunctions(next);
  return functions > SCHEMA_LIMITS.functionsMax && functions > countFunctions(current);
}

/**
 * The limit a platform document breaks as it is saved (`{ platforms: [platform] }`), if any:
 * the JSON limits (tooDeep, tooLarge), then the number of its functions (tooManyFunctions).
 */
export function checkPlatformLimits(platform: unknown): PlatformLimitCode | undefined {
  const breach = checkJsonValue({ platforms: [platform] })?.code;
  if (breach) return breach;
  return hasTooManyFunctions(platform) ? "tooManyFunctions" : undefined;
}
