/**
 * The life of an app version as data: the 14 status codes, their badge
 * colours, whether a version can be edited, what the developer can do in each status and
 * where each action leads, and what the provider decides. The console's menus, the API's
 * refusals and the reviewer all read this one table. Plain TypeScript, no framework import.
 */

export const VERSION_STATUS = {
  Sandbox: 0,
  AwaitingReview: 100,
  Rejected: 101,
  QueuedForLive: 102,
  BetaAwaitingReview: 110,
  BetaRejected: 111,
  QueuedForBeta: 112,
  BetaToLiveAwaitingReview: 113,
  BetaQueuedForLive: 114,
  Live: 200,
  Archived: 201,
  Beta: 210,
  Paused: 300,
  BetaPaused: 310,
} as const;
export type VersionStatusName = keyof typeof VERSION_STATUS;
export type VersionStatusCode = (typeof VERSION_STATUS)[VersionStatusName];

export const VERSION_STATUS_NAMES = Object.keys(VERSION_STATUS) as VersionStatusName[];
export const VERSION_STATUS_CODES = Object.values(VERSION_STATUS) as VersionStatusCode[];

const nameByCode = new Map<number, VersionStatusName>(
  VERSION_STATUS_NAMES.map((name) => [VERSION_STATUS[name], name]),
);

export function isVersionStatusCode(code: unknown): code is VersionStatusCode {
  return typeof code === "number" && nameByCode.has(code);
}

/** The status name of a code ('Unknown' for a code the table does not hold). */
export function statusName(code: number): VersionStatusName | "Unknown" {
  return nameByCode.get(code) ?? "Unknown";
}

/** Colour group of a status badge. */
export type StatusColour = "info" | "warning" | "success" | "danger" | "error";

/** What the developer can do with a version (its context menu); `duplicate` and `preview` apply to every status. */
export const VERSION_ACTIONS = [
  "submit", // Sandbox: submit for review (live, or beta when ticked)
  "submitToLive", // Beta: submit for review to live
  "resubmit", // Rejected, BetaRejected (the beta flag follows the rejected state)
  "pushToLive",
  "pushToBeta",
  "pause", // a pause request
  "unpause", // an unpause request
  "archive",
  "withdraw", // withdraw the submission
  "rollbackToBeta",
  "duplicate",
  "preview", // preview in the marketplace
] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];

/** What the provider decides about a version in review or a pause request. */
export const PROVIDER_DECISIONS = ["approve", "reject", "pause", "unpause"] as const;
export type ProviderDecision = (typeof PROVIDER_DECISIONS)[number];

/**
 * Where an action leads. `beta`: the status a first submit leads to when the beta option is
 * ticked. `request`: the version stays as it is until the provider decides (pause, unpause).
 * `liveSubmissionRejected`: the version is marked 'submission to live rejected'.
 */
export interface Move {
  to?: VersionStatusName;
  beta?: VersionStatusName;
  request?: true;
  liveSubmissionRejected?: true;
}

export interface StatusRow {
  colour: StatusColour;
  /** Saved, with Save and the Actions menu shown, while its app is not archived (docs/decisions/0001-edit-check.md). */
  editable: boolean;
  /** The developer's actions in menu order, and where each leads. */
  actions: Partial<Record<VersionAction, Move>>;
  /** The provider's decisions. */
  decisions: Partial<Record<ProviderDecision, Move>>;
  /** A version in this status keeps its app from being deleted. */
  blocksDelete: boolean;
  /** A version in this status keeps its app from being archived (and hides the card menu). */
  blocksArchive: boolean;
  /** The version is (or is about to be, while paused) in the marketplace. */
  inMarket: boolean;
}

const row = (colour: StatusColour, fields: Partial<Omit<StatusRow, "colour">> = {}): StatusRow => ({
  colour,
  editable: false,
  actions: {},
  decisions: {},
  blocksDelete: false,
  blocksArchive: false,
  inMarket: false,
  ...fields,
});

/** Every status: its badge, whether it can be edited, and the actions it allows. */
export const STATUS_TABLE: Record<VersionStatusName, StatusRow> = {
  Sandbox: row("info", {
    editable: true,
    actions: { submit: { to: "AwaitingReview", beta: "BetaAwaitingReview" } },
  }),
  AwaitingReview: row("info", {
    actions: { withdraw: { to: "Sandbox" } },
    decisions: { approve: { to: "QueuedForLive" }, reject: { to: "Rejected" } },
  }),
  Rejected: row("danger", {
    editable: true,
    actions: { resubmit: { to: "AwaitingReview" }, archive: { to: "Archived" } },
  }),
  QueuedForLive: row("warning", {
    actions: { pushToLive: { to: "Live" }, archive: { to: "Archived" } },
  }),
  BetaAwaitingReview: row("info", {
    actions: { withdraw: { to: "Sandbox" } },
    decisions: { approve: { to: "QueuedForBeta" }, reject: { to: "BetaRejected" } },
  }),
  BetaRejected: row("danger", {
    editable: true,
    actions: { resubmit: { to: "BetaAwaitingReview" }, archive: { to: "Archived" } },
  }),
  QueuedForBeta: row("warning", {
    actions: { pushToBeta: { to: "Beta" }, archive: { to: "Archived" } },
  }),
  BetaToLiveAwaitingReview: row("info", {
    actions: { withdraw: { to: "Beta" } },
    decisions: {
      approve: { to: "BetaQueuedForLive" },
      reject: { to: "Beta", liveSubmissionRejected: true },
    },
  }),
  BetaQueuedForLive: row("warning", {
    actions: { pushToLive: { to: "Live" }, rollbackToBeta: { to: "Beta" } },
  }),
  Live: row("success", {
    actions: { pause: { request: true } },
    decisions: { pause: { to: "Paused" } },
    blocksDelete: true,
    blocksArchive: true,
    inMarket: true,
  }),
  Archived: row("error"),
  Beta: row("success", {
    actions: { submitToLive: { to: "BetaToLiveAwaitingReview" }, pause: { request: true } },
    decisions: { pause: { to: "BetaPaused" } },
    blocksDelete: true,
    inMarket: true,
  }),
  Paused: row("warning", {
    actions: { unpause: { request: true }, archive: { to: "Archived" } },
    decisions: { unpause: { to: "Live" } },
    blocksDelete: true,
    inMarket: true,
  }),
  BetaPaused: row("warning", {
    actions: { unpause: { request: true }, archive: { to: "Archived" } },
    decisions: { unpause: { to: "Beta" } },
    blocksDelete: true,
    inMarket: true,
  }),
};

const rowOf = (code: number): StatusRow | undefined => {
  const name = nameByCode.get(code);
  return name ? STATUS_TABLE[name] : undefined;
};

const namesWhere = (test: (row: StatusRow) => boolean) =>
  VERSION_STATUS_NAMES.filter((name) => test(STATUS_TABLE[name]));
const codesWhere = (test: (row: StatusRow) => boolean): readonly number[] =>
  namesWhere(test).map((name) => VERSION_STATUS[name]);

export const STATUS_COLOURS = Object.fromEntries(
  VERSION_STATUS_NAMES.map((name) => [name, STATUS_TABLE[name].colour]),
) as Record<VersionStatusName, StatusColour>;

export function statusColour(code: number): StatusColour {
  return rowOf(code)?.colour ?? "info";
}

/** The status-specific actions of each status, in menu order (see `versionActions`). */
export const ACTIONS_BY_STATUS = Object.fromEntries(
  VERSION_STATUS_NAMES.map((name) => [
    name,
    Object.keys(STATUS_TABLE[name].actions) as VersionAction[],
  ]),
) as unknown as Record<VersionStatusName, readonly VersionAction[]>;

export const EDITABLE_STATUSES = codesWhere((r) => r.editable);
export const DELETE_BLOCKING_STATUSES = codesWhere((r) => r.blocksDelete);
export const ARCHIVE_BLOCKING_STATUSES = codesWhere((r) => r.blocksArchive);
export const IN_MARKET_STATUSES = codesWhere((r) => r.inMarket);
/** The statuses a version enters when it goes live (the went-live time is set once). */
export const GO_LIVE_STATUSES: readonly number[] = [VERSION_STATUS.Live, VERSION_STATUS.Beta];

/** App level 3 (AlwaysOnInternal) hides the marketplace preview. */
export const APP_LEVEL_WITHOUT_PREVIEW = 3;

/** Every action of a version's menu, in table order, then duplicate and preview. */
export function versionActions(
  statusCode: number,
  options: { appLevel?: number } = {},
): VersionAction[] {
  const own = Object.keys(rowOf(statusCode)?.actions ?? {}) as VersionAction[];
  const always: VersionAction[] = ["duplicate"];
  if (options.appLevel !== APP_LEVEL_WITHOUT_PREVIEW) always.push("preview");
  return [...own, ...always];
}

type WithStatus = { statusCode: number };

/** A version can be saved when it is Sandbox, Rejected or BetaRejected and its app is not archived. */
export function isEditable(statusCode: number, isArchived: boolean): boolean {
  return !isArchived && Boolean(rowOf(statusCode)?.editable);
}

/** An app can be deleted when no version is Live, Paused, Beta or BetaPaused. */
export function canDelete(versions: readonly WithStatus[]): boolean {
  return !versions.some((v) => DELETE_BLOCKING_STATUSES.includes(v.statusCode));
}

/** An app can be archived when no version is Live (unarchiving is always allowed). */
export function canArchive(versions: readonly WithStatus[]): boolean {
  return !versions.some((v) => ARCHIVE_BLOCKING_STATUSES.includes(v.statusCode));
}

/** The card menu of the app list (archive or unarchive, delete) shows when no version is Live. */
export function showCardMenu(versions: readonly WithStatus[]): boolean {
  return canArchive(versions);
}

/** One move of a version: who made it, which action or decision, and where it led. */
export interface Step {
  by: "developer" | "provider";
  action: VersionAction | ProviderDecision;
  /** A submit with the beta option ticked. */
  beta?: boolean;
  from: VersionStatusName;
  to: VersionStatusName;
  liveSubmissionRejected?: boolean;
}

/** The moves out of a status that change it (requests wait for the provider's decision). */
export function movesFrom(from: VersionStatusName): Step[] {
  const steps: Step[] = [];
  const { actions, decisions } = STATUS_TABLE[from];
  for (const [action, move] of Object.entries(actions) as [VersionAction, Move][]) {
    if (move.to) steps.push({ by: "developer", action, from, to: move.to });
    if (move.beta) steps.push({ by: "developer", action, beta: true, from, to: move.beta });
  }
  for (const [action, move] of Object.entries(decisions) as [ProviderDecision, Move][]) {
    if (move.to)
      steps.push({
        by: "provider",
        action,
        from,
        to: move.to,
        ...(move.liveSubmissionRejected ? { liveSubmissionRejected: true } : {}),
      });
  }
  return steps;
}

/**
 * The shortest way through the table from one status to another (the reviewer moves a
 * version there step by step); an empty list when it is already there, undefined when the
 * table has no way (nothing leaves Archived).
 */
export function pathBetween(from: VersionStatusName, to: VersionStatusName): Step[] | undefined {
  const cameFrom = new Map<VersionStatusName, Step | null>([[from, null]]);
  const queue: VersionStatusName[] = [from];
  while (queue.length > 0) {
    const at = queue.shift() as VersionStatusName;
    if (at === to) {
      const path: Step[] = [];
      for (let step = cameFrom.get(at); step; step = cameFrom.get(step.from)) path.unshift(step);
      return path;
    }
    for (const step of movesFrom(at)) {
      if (cameFrom.has(step.to)) continue;
      cameFrom.set(step.to, step);
      queue.push(step.to);
    }
  }
  return undefined;
}

/** `archived` of GET apps and the app list's archive filter: all -1, current 0 (default on the list), archived 1. */
export const ARCHIVE_FILTERS = { all: -1, current: 0, archived: 1 } as const;

/** Keeps the items the archive filter asks for. */
export function filterByArchived<T extends { isArchived: boolean }>(
  items: readonly T[],
  archived: number,
): T[] {
  if (archived === ARCHIVE_FILTERS.current) return items.filter((item) => !item.isArchived);
  if (archived === ARCHIVE_FILTERS.archived) return items.filter((item) => item.isArchived);
  return [...items];
}
