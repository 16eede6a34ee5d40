/**
 * Wire shapes of the platform schema calls (`app-schema*`): the
 * platform schema document (platforms with their views, menus and functions), what a save,
 * a validation and a download send and answer. The document schema is the whole truth of
 * what the provider stores: an object key it does not name is refused (`unknownKey`), never
 * dropped, so that a misspelt key of an imported document is told rather than lost
 * (docs/decisions/0055-platform-schema.md).
 *
 * The shape holds types, allowed values and the text rule of the database; what a value must
 * be to be saved (required texts, lengths, URLs, versions, visibility) is judged by the rules
 * of `rules.ts`, which run on a document of this shape and name each failing path with a code.
 */
import * as z from "zod";
import { storableText, wholeNumber } from "../common";
import {
  PLATFORM_CODES,
  PLATFORM_TYPES,
  type PlatformType,
  VIEW_TYPES,
} from "../resources/schemas";
import {
  ACTION_TYPES,
  type ActionType,
  BILLING_MODE_VALUES,
  CARD_TYPES,
  ENVIRONMENTS,
  TIME_TRACKING_VALUES,
  TRIGGERING_APPLICATIONS,
  WINDOW_TYPES,
  type WindowType,
} from "./values";

export * from "./values";
export { PLATFORM_CODES, PLATFORM_TYPES, type PlatformType, VIEW_TYPES };

// ---------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------

/** Any text of the document: a string the database can store (no length rule here; see rules.ts). */
const text = () => storableText({ message: "must be text" });
const flag = () => z.boolean({ message: "must be true or false" });
/** A whole number of pixels, or nothing. */
const pixels = () => wholeNumber({ min: 0, max: 100_000 }).nullable();
const timeTracked = () =>
  z.union(
    TIME_TRACKING_VALUES.map((value) => z.literal(value)),
    { message: "must be 0, 1 or 2" },
  );

/** An endpoint URL of one environment. */
export const endpointUrl = z.strictObject({ env: z.enum(ENVIRONMENTS), url: text() });
export type EndpointUrl = z.infer<typeof endpointUrl>;

/** A function's icon: an uploaded function-icon image (`POST images`), by id and address. */
export const functionIcon = z.strictObject({ id: text(), url: text() });
export type FunctionIcon = z.infer<typeof functionIcon>;

/** A selected precedent location: the precedent folder at the top and the paths chosen under it. */
export const precedentLocation = z.strictObject({ root: text(), paths: z.array(text()) });
export type PrecedentLocation = z.infer<typeof precedentLocation>;

/**
 * Who sees a location or a function. Every field is optional: absent means no limit.
 * `productVariants`: the firm types (product variants) that see it; null is 'All' (-1 chosen),
 * an empty list is none chosen. `supportedDesktopVersions`: `[minimum, maximum]` desktop
 * versions (`a.b.c.d`), the maximum may be "" (none). `formNames`: the forms a context-menu
 * item shows on. Product variants and desktop versions are set on a location (its root) only.
 */
export const visibility = z.strictObject({
  billingModes: z
    .array(
      z.union(
        BILLING_MODE_VALUES.map((value) => z.literal(value)),
        { message: "must be 0 or 218" },
      ),
    )
    .optional(),
  /** Matter type ids (resources/matter-types). */
  matterTypes: z.array(text()).optional(),
  /** States (jurisdictions) of the matter types. */
  states: z.array(text()).optional(),
  /** 0 external, 1 internal, 2 entry; null for any. */
  entityType: wholeNumber({ min: 0, max: 2 }).nullable().optional(),
  cardType: z.array(z.enum(CARD_TYPES)).optional(),
  productVariants: z
    .array(wholeNumber({ min: 1 }))
    .nullable()
    .optional(),
  supportedDesktopVersions: z
    .array(text())
    .max(2, { message: "must be a minimum and a maximum" })
    .optional(),
  tableIds: z.array(text()).optional(),
  formNames: z.array(text()).optional(),
  location: z.array(precedentLocation).optional(),
});
export type Visibility = z.infer<typeof visibility>;

/** The window a function of windowType system opens in (sizes in pixels). */
export const functionWindow = z.strictObject({
  title: text().optional(),
  width: pixels().optional(),
  height: pixels().optional(),
  minWidth: pixels().optional(),
  minHeight: pixels().optional(),
  maxWidth: pixels().optional(),
  maxHeight: pixels().optional(),
  /** The name of the app's handler called when the window closes. */
  closeHandler: text().optional(),
  useNativeLoading: flag().optional(),
  hideControls: flag().optional(),
});
export type FunctionWindow = z.infer<typeof functionWindow>;

/**
 * A function: a button, menu item, dropdown (with `items`), sub-item, context entry, layout
 * item, list item, secondary-tab item or report folder/item. `name` is its name, `label` the
 * text shown. `items` holds the entries of a dropdown, header or folder; `buttons` the buttons
 * of an item that has some.
 */
export interface PlatformFunction {
  functionGroupId?: string;
  actionType: ActionType;
  name?: string;
  label?: string;
  headerLabel?: string;
  groupLabel?: string;
  description?: string;
  icon?: FunctionIcon | null;
  iconSvg?: string | null;
  items?: PlatformFunction[];
  buttons?: PlatformFunction[];
  formNames?: string[];
  isSupportMultipleInstances?: boolean;
  messageBus?: boolean;
  externalEmailIntegrationReq?: boolean;
  triggeredFromApplication?: (typeof TRIGGERING_APPLICATIONS)[number] | null;
  popOutWindow?: boolean;
  /** Button width, 60 to 100 (FUNCTION_LIMITS in rules.ts). */
  width?: number | null;
  timeTracked?: 0 | 1 | 2;
  /** null: none chosen (fullscreen clears it). */
  windowType?: WindowType | null;
  urls?: EndpointUrl[];
  window?: FunctionWindow;
  visibility?: Visibility;
}

export const platformFunction: z.ZodType<PlatformFunction> = z.lazy(() =>
  z.strictObject({
    functionGroupId: text().optional(),
    actionType: z.enum(ACTION_TYPES),
    name: text().optional(),
    label: text().optional(),
    headerLabel: text().optional(),
    groupLabel: text().optional(),
    description: text().optional(),
    icon: functionIcon.nullable().optional(),
    iconSvg: text().nullable().optional(),
    items: z.array(platformFunction).optional(),
    buttons: z.array(platformFunction).optional(),
    formNames: z.array(text()).optional(),
    isSupportMultipleInstances: flag().optional(),
    messageBus: flag().optional(),
    externalEmailIntegrationReq: flag().optional(),
    triggeredFromApplication: z.enum(TRIGGERING_APPLICATIONS).nullable().optional(),
    popOutWindow: flag().optional(),
    width: wholeNumber({ min: 0, max: 10_000 }).nullable().optional(),
    timeTracked: timeTracked().optional(),
    windowType: z.enum(WINDOW_TYPES).nullable().optional(),
    urls: z.array(endpointUrl).optional(),
    window: functionWindow.optional(),
    visibility: visibility.optional(),
  }),
);

/** A grid of a view (resources' location grids): the functions run on a click and from its context menu. */
export const viewGrid = z.strictObject({
  gridId: text(),
  id: text().optional(),
  name: text().optional(),
  click: z.array(platformFunction).optional(),
  context: z.array(platformFunction).optional(),
});
export type ViewGrid = z.infer<typeof viewGrid>;

/**
 * A view location (`id` is the location setting's id, e.g. `matter`). A custom view
 * (`isCustomView`) carries its own settings: `label`, `urls`, `order` 9999, window options.
 */
export const platformView = z.strictObject({
  id: text(),
  name: text().optional(),
  type: z.enum(VIEW_TYPES).optional(),
  buttons: z.array(platformFunction).optional(),
  /** The root context entries. */
  context: z.array(platformFunction).optional(),
  contextMenu: z.array(platformFunction).optional(),
  /** Definable-table layout items. */
  layouts: z.array(platformFunction).optional(),
  /** Precedent-list items. */
  listItems: z.array(platformFunction).optional(),
  secondaryTab: z.array(platformFunction).optional(),
  grids: z.array(viewGrid).optional(),
  /** Report folders and items (reporting platform). */
  reports: z.array(platformFunction).optional(),
  isCustomView: flag().optional(),
  isPrecedentListView: flag().optional(),
  label: text().optional(),
  urls: z.array(endpointUrl).optional(),
  order: wholeNumber({ min: 0 }).optional(),
  windowType: z.enum(WINDOW_TYPES).nullable().optional(),
  isFullScreen: flag().optional(),
  messageBus: flag().optional(),
  externalEmailIntegrationReq: flag().optional(),
  timeTracked: timeTracked().optional(),
  groupLabel: text().optional(),
  functionGroupId: text().optional(),
  visibility: visibility.optional(),
});
export type PlatformView = z.infer<typeof platformView>;

/** A menu location (`id` is the location setting's id, e.g. `menu-tools`) and its items. */
export const platformMenu = z.strictObject({
  id: text(),
  name: text().optional(),
  items: z.array(platformFunction).optional(),
  /** Product variants and desktop versions of the menu (its root). */
  visibility: visibility.optional(),
});
export type PlatformMenu = z.infer<typeof platformMenu>;

/** A desktop web-area exception URL; `isInternal` keeps it inside the desktop's own browser. */
export const exceptionUrl = z.strictObject({ url: text(), isInternal: flag() });
export type ExceptionUrl = z.infer<typeof exceptionUrl>;

/**
 * One platform of the schema. `productVariants`: the app-level product variants (desktop,
 * where the country has them), null for 'All'. `productVariantsMap`: the names of those
 * variants by firm type as they were when chosen, so that a later change of the list can be
 * shown as added and removed variants.
 */
export const platformSchema = z.strictObject({
  type: z.enum(PLATFORM_TYPES),
  views: z.array(platformView).optional(),
  menus: z.array(platformMenu).optional(),
  exceptions: z.array(exceptionUrl).optional(),
  productVariants: z
    .array(wholeNumber({ min: 1 }))
    .nullable()
    .optional(),
  productVariantsMap: z.record(text(), text()).optional(),
  timeTracked: timeTracked().optional(),
});
export type PlatformSchema = z.infer<typeof platformSchema>;

/** The platform schema document: any of the four platforms, each at most once. */
export const schemaDocument = z
  .strictObject({ platforms: z.array(platformSchema) })
  .superRefine((document, ctx) => {
    const seen = new Set<string>();
    document.platforms.forEach((platform, index) => {
      if (seen.has(platform.type))
        ctx.addIssue({
          code: "custom",
          path: ["platforms", index, "type"],
          message: "must appear once",
          params: { code: "duplicatePlatform" },
        });
      seen.add(platform.type);
    });
  });
export type SchemaDocument = z.infer<typeof schemaDocument>;

// ---------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------

/** The `json` of a save or a validation: the document as an object, or as text (JSON, or base-64 of it). */
function schemaJson() {
  return z.union([storableText(), z.record(z.string(), z.unknown())], {
    message: "must be a platform schema document or its JSON text",
  });
}

/**
 * POST app-schema: `appIdOld` is the app version the schema was edited on; `json` the
 * document, as an object, as JSON text, or as base-64 of JSON text. Each platform it holds
 * replaces that platform in the new version; the others are carried over unchanged.
 */
export const saveSchemaRequest = z.object({
  appIdOld: storableText({ message: "is required" }).trim().min(1, { message: "is required" }),
  json: schemaJson(),
});
export type SaveSchemaRequest = z.input<typeof saveSchemaRequest>;

/** The new app version holding the saved schema. */
export const saveSchemaResponse = z.object({
  appId: z.string(),
  versionMajor: z.number().int(),
  versionMinor: z.number().int(),
  /** As shown: `1.001`. */
  versionNumber: z.string(),
});
export type SaveSchemaResponse = z.infer<typeof saveSchemaResponse>;

/**
 * POST app-schema/validate: the document in any of the forms a save takes. With `appId` (a
 * version of the caller's company) it is judged as a save of that version judges it: with the
 * app's country, the company's locations and its function icons; without, by the rules that
 * need no app.
 */
export const validateSchemaRequest = z.object({
  json: schemaJson(),
  appId: storableText().optional(),
});
export type ValidateSchemaRequest = z.input<typeof validateSchemaRequest>;

/** One problem of a document: the dotted path of the value (`platforms.0.views.1.label`) and what is wrong, in English. */
export const schemaProblem = z.object({
  path: z.string(),
  message: z.string(),
  /** The rule code, for a client to word in its own language. */
  code: z.string(),
});
export type SchemaProblem = z.infer<typeof schemaProblem>;

export const validateSchemaResponse = z.object({
  valid: z.boolean(),
  errors: z.array(schemaProblem),
});
export type ValidateSchemaResponse = z.infer<typeof validateSchemaResponse>;

/** `true`/`false` in a query string. */
const queryBoolean = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : value),
  z.boolean({ message: "must be true or false" }),
);

/**
 * GET app-schema/download/{id}/{env}?isInLeapLive=: the configuration file of an environment;
 * `isInLeapLive` false is the staging variant (callers with test access only), true the live one.
 */
export const downloadSchemaQuery = z.object({
  isInLeapLive: queryBoolean.optional().default(true),
});
export type DownloadSchemaQuery = z.input<typeof downloadSchemaQuery>;

/** GET app-schema/{appVersionId}?platform=: one platform, by its type or its code. */
export const readSchemaQuery = z.object({
  platform: z.preprocess(
    (value) =>
      typeof value === "string" && /^[0-3]$/.test(value) ? PLATFORM_TYPES[Number(value)] : value,
    z.enum(PLATFORM_TYPES, { message: "must be desktop, web, mobile or reporting" }),
  ),
});
export type ReadSchemaQuery = z.input<typeof readSchemaQuery>;

/** The saved schema of one platform of a version; `schema` is null while the platform has none. */
export const readSchemaResponse = z.object({
  appVersionId: z.string(),
  platform: z.enum(PLATFORM_TYPES),
  schema: platformSchema.nullable(),
  /** Whether the version may be saved from (the edit check): the console shows Save only then. */
  canEdit: z.boolean(),
  modifiedAt: z.string().nullable(),
});
export type ReadSchemaResponse = z.infer<typeof readSchemaResponse>;
