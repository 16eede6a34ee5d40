/**
 * What the platform schema's rules know of the place a schema is for: the app's country, the
 * company and the locations its settings allow. Checks against it are skipped where it is silent.
 */
import type { PlatformType } from "./schemas";

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
