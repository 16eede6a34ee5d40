/**
 * The usage summary's rules as pure functions: which
 * statuses count as live and as beta, which usage list an app level belongs to, and the
 * tables of the summary (firm-level live and beta, user-level live and beta, always-on beta),
 * each app with its total and its firms. Shared by the console (the tables) and the sandbox
 * (the report). Plain TypeScript.
 */
import { APP_LEVELS } from "../apps/rules";
import type { AppsReport, ReportApp, UsageRow } from "./schemas";

/** Status groups: live = Live; beta = Beta, BetaQueuedForLive, BetaToLiveAwaitingReview. */
export const USAGE_STATUS_GROUPS = {
  live: ["Live"],
  beta: ["Beta", "BetaQueuedForLive", "BetaToLiveAwaitingReview"],
} as const;
export type UsageGroup = keyof typeof USAGE_STATUS_GROUPS;
export const USAGE_STATUSES: readonly string[] = [
  ...USAGE_STATUS_GROUPS.live,
  ...USAGE_STATUS_GROUPS.beta,
];

/** The group of a status name, or undefined for a status the summary does not show. */
export function usageGroupOf(status: string): UsageGroup | undefined {
  if ((USAGE_STATUS_GROUPS.live as readonly string[]).includes(status)) return "live";
  if ((USAGE_STATUS_GROUPS.beta as readonly string[]).includes(status)) return "beta";
  return undefined;
}

export const ALWAYS_ON_LEVELS: readonly number[] = [
  APP_LEVELS.AlwaysOn,
  APP_LEVELS.AlwaysOnInternal,
  APP_LEVELS.ProductVariantAlwaysOn,
];

/** The report list a usage row of an app belongs to; undefined when it is in none (an always-on app that is live). */
export function usageListOf(
  app: Pick<ReportApp, "appLevel" | "appStatus">,
): "firmApps" | "staffApps" | "alwaysOnBetaApps" | undefined {
  if (app.appLevel === APP_LEVELS.Firm) return "firmApps";
  if (app.appLevel === APP_LEVELS.Staff) return "staffApps";
  if (ALWAYS_ON_LEVELS.includes(app.appLevel) && usageGroupOf(app.appStatus) === "beta")
    return "alwaysOnBetaApps";
  return undefined;
}

export const USAGE_TABLES = [
  "firmLive",
  "firmBeta",
  "staffLive",
  "staffBeta",
  "alwaysOnBeta",
] as const;
export type UsageTableName = (typeof USAGE_TABLES)[number];

export interface UsageTableApp {
  app: ReportApp;
  /** The sum of the firms' counts. */
  total: number;
  /** By firm name, unknown names last. */
  firms: UsageRow[];
}

/** The table of an app: by its level's list and its status group. */
function tableOf(app: ReportApp): UsageTableName | undefined {
  const list = usageListOf(app);
  const group = usageGroupOf(app.appStatus);
  if (!list || !group) return undefined;
  if (list === "alwaysOnBetaApps") return "alwaysOnBeta";
  return `${list === "firmApps" ? "firm" : "staff"}${group === "live" ? "Live" : "Beta"}` as UsageTableName;
}

/** The summary's tables of a report, of one country when `countryCode` is given; apps by name. */
export function usageTables(
  report: AppsReport,
  countryCode?: string,
): Record<UsageTableName, UsageTableApp[]> {
  const tables = Object.fromEntries(
    USAGE_TABLES.map((name) => [name, [] as UsageTableApp[]]),
  ) as Record<UsageTableName, UsageTableApp[]>;
  const country = countryCode?.toUpperCase();
  const apps = report.apps
    .filter((app) => !country || app.countryCode.toUpperCase() === country)
    .sort((x, y) => x.appName.localeCompare(y.appName));
  for (const app of apps) {
    const table = tableOf(app);
    if (!table) continue;
    const list = usageListOf(app)!;
    const firms = report[list]
      .filter((row) => row.appId === app.appId)
      .sort(
        (x, y) =>
          (x.firmName === null ? 1 : 0) - (y.firmName === null ? 1 : 0) ||
          (x.firmName ?? "").localeCompare(y.firmName ?? "") ||
          x.firmId.localeCompare(y.firmId),
      );
    tables[table].push({ app, total: firms.reduce((sum, row) => sum + row.count, 0), firms });
  }
  return tables;
}
