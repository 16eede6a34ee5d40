/**
 * The values of the platform schema that pages and dialogs offer
 * and the rules (rules.ts) judge: environments, window types, action types, card types,
 * billing modes, time tracking, the view lists, a desktop version's form. No zod here:
 * the browser imports these; the wire shapes of schemas.ts re-export them.
 */

/** The provider's environments; each function has one endpoint URL per environment. */
export const ENVIRONMENTS = ["dev", "test", "beta", "live"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** How a function opens: a window of the desktop (system), a web page, nothing shown (hidden), or not applicable. */
export const WINDOW_TYPES = ["system", "web", "hidden", "notApplicable"] as const;
export type WindowType = (typeof WINDOW_TYPES)[number];

/** What kind of item a function is, by where it stands. */
export const ACTION_TYPES = [
  "menu-item",
  "dropdown",
  "button",
  "sub-item",
  "click",
  "context-header",
  "context",
  "context-menu-header",
  "context-menu",
  "secondary-tab-dropdown",
  "layout-item",
  "list-item",
  "report-folder",
  "report-item",
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Card types a function can be limited to. */
export const CARD_TYPES = ["People", "Company", "Business", "Government", "Trust"] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Billing modes a function can be limited to (UK only): 0 private, 218 other. */
export const BILLING_MODES = { private: 0, other: 218 } as const;
export const BILLING_MODE_VALUES = [BILLING_MODES.private, BILLING_MODES.other] as const;

/** Time tracking: 0 disabled, 1 enabled billable, 2 enabled non-billable. */
export const TIME_TRACKING = { disabled: 0, billable: 1, nonBillable: 2 } as const;
export const TIME_TRACKING_VALUES = [
  TIME_TRACKING.disabled,
  TIME_TRACKING.billable,
  TIME_TRACKING.nonBillable,
] as const;

/** The applications a function can be started from. */
export const TRIGGERING_APPLICATIONS = ["msOutlook", "msWord"] as const;

/** The product variant choice 'All': chosen as -1, stored as null. */
export const PRODUCT_VARIANT_ALL = -1;

/** The `order` of a custom view. */
export const CUSTOM_VIEW_ORDER = 9999;

/** A desktop version: four dot-separated whole numbers (`a.b.c.d`). */
export const DESKTOP_VERSION = /^\d+\.\d+\.\d+\.\d+$/;

/** The function lists of a view, in the order the editor shows them. */
export const VIEW_LISTS = [
  "buttons",
  "context",
  "contextMenu",
  "layouts",
  "listItems",
  "secondaryTab",
  "reports",
] as const;
export type ViewList = (typeof VIEW_LISTS)[number];

/**
 * The downloaded configuration of one environment: the schema with every function's and
 * custom view's `urls` replaced by the one `url` of that environment.
 */
export const DOWNLOAD_FILE = { contentType: "application/json" } as const;
