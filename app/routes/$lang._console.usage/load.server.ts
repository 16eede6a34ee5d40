/**
 * The usage summary's data: one call, `GET apps/report`, shaped
 * into the page's five tables by `usageTables` (app/api/usage/rules.ts), with the country
 * filter's choices (the countries of the company's live and beta apps) and the chart's bars.
 */
import type { ApiClient } from "~/api/client.server";
import { ApiError } from "~/api/client.server";
import { getAppsReport } from "~/api/usage/endpoints";
import {
  USAGE_TABLES,
  type UsageTableApp,
  type UsageTableName,
  usageTables,
} from "~/api/usage/rules";
import type { AppsReport } from "~/api/usage/schemas";
import type { ShownError } from "~/lib/errors";

/** The search parameter of the country filter. */
export const COUNTRY_PARAM = "country";

/** The bars of the chart: the apps with the most usage. */
export const CHART_BARS = 10;

/** A country code as the filter takes it (upper case), or "" (every country) for anything else. */
export function countryChoice(value: string | null | undefined): string {
  const code = (value ?? "").trim().toUpperCase();
  return /^[A-Z]{2,3}$/.test(code) ? code : "";
}

/**
 * How a table's expanded rows show a firm: a tick and its count of usage (firm-level and
 * always-on), or its count of users (user-level). Each shows the count, the total's part.
 */
export const TABLE_SHOWS: Record<UsageTableName, "tick" | "count"> = {
  firmLive: "tick",
  firmBeta: "tick",
  staffLive: "count",
  staffBeta: "count",
  alwaysOnBeta: "tick",
};

export interface UsageView {
  country: string;
  countries: { code: string; name: string }[];
  tables: { name: UsageTableName; shows: "tick" | "count"; rows: UsageTableApp[] }[];
  /** No live or beta app (in the chosen country). */
  noApps: boolean;
  /** Apps, but no firm uses any of them. */
  noUsage: boolean;
  chart: { appId: string; appName: string; total: number }[];
  loadError: ShownError | null;
}

/** The page's data from a report (or none, after a failed load), for `country` ("" for every one). */
export function usageView(
  report: AppsReport | null,
  country: string,
  nameOf: (code: string) => string,
  loadError: ShownError | null = null,
): UsageView {
  const tables = report ? usageTables(report, country || undefined) : undefined;
  const shown = USAGE_TABLES.map((name) => ({
    name,
    shows: TABLE_SHOWS[name],
    rows: tables?.[name] ?? [],
  }));
  const rows = shown.flatMap((table) => table.rows);
  const codes = new Set((report?.apps ?? []).map((app) => app.countryCode.toUpperCase()));
  if (country) codes.add(country);
  return {
    country,
    countries: [...codes]
      .map((code) => ({ code, name: nameOf(code) }))
      .sort((x, y) => x.name.localeCompare(y.name)),
    tables: shown,
    noApps: report !== null && rows.length === 0,
    noUsage: rows.length > 0 && rows.every((row) => row.firms.length === 0),
    chart: rows
      .filter((row) => row.total > 0)
      .sort((x, y) => y.total - x.total || x.app.appName.localeCompare(y.app.appName))
      .slice(0, CHART_BARS)
      .map(({ app, total }) => ({ appId: app.appId, appName: app.appName, total })),
    loadError,
  };
}

/** The report, or the error to show when the provider does not answer it. */
export async function loadUsage(
  api: ApiClient,
  country: string,
  nameOf: (code: string) => string,
): Promise<UsageView> {
  try {
    return usageView(await api.call(getAppsReport), country, nameOf);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return usageView(null, country, nameOf, {
      detail: error.detail,
      traceId: error.traceId,
      fallback: "fetchingData",
    });
  }
}
