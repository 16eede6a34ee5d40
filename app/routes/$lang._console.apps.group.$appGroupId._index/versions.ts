/**
 * The versions page's rows, shaped from the app group: Active
 * (versions whose status is not Archived) and History (the group's archived versions), with
 * the 'show versions that went live' filter and dates as dd/MM/yyyy. Plain TypeScript.
 */
import type { AppGroup } from "~/api/apps/schemas";
import { canArchive, VERSION_STATUS } from "~/api/apps/status";
import { formatDate } from "~/lib/dates";

/** The search parameter of the history filter: `?live=1` shows only versions that went live. */
export const LIVE_PARAM = "live";

export interface ActiveRow {
  versionId: string;
  version: string;
  statusCode: number;
  isLiveSubmissionRejected: boolean;
  modified: string;
}

export interface HistoryRow {
  versionId: string;
  version: string;
  statusCode: number;
  /** 0 not submitted, 1 approved, 2 rejected (HISTORY_STATUS). */
  outcome: number;
  submitted: string | null;
  liveFrom: string | null;
  liveUntil: string | null;
}

/** True when the history filter is on (`?live=1`; also `true` and `on`). */
export function showLiveParam(search: URLSearchParams): boolean {
  return ["1", "true", "on"].includes(search.get(LIVE_PARAM) ?? "");
}

export function activeRows(group: Pick<AppGroup, "versions">): ActiveRow[] {
  return group.versions
    .filter((v) => v.statusCode !== VERSION_STATUS.Archived)
    .map((v) => ({
      versionId: v.versionId,
      version: v.versionDisplay,
      statusCode: v.statusCode,
      isLiveSubmissionRejected: v.isLiveSubmissionRejected,
      modified: formatDate(v.modifiedDateTime) ?? "",
    }));
}

/** The history; with `showLive`, only the versions that went live. */
export function historyRows(group: Pick<AppGroup, "history">, showLive: boolean): HistoryRow[] {
  return group.history
    .filter((h) => !showLive || Boolean(h.liveStartDate))
    .map((h) => ({
      versionId: h.versionId,
      version: h.version,
      statusCode: h.versionStatusCode,
      outcome: h.status,
      submitted: formatDate(h.submissionDate),
      liveFrom: formatDate(h.liveStartDate),
      liveUntil: formatDate(h.liveEndDate),
    }));
}

/** What the page offers on the group: archive (when no version is Live) or unarchive. */
export function groupAction(
  group: Pick<AppGroup, "isArchived" | "versions">,
): "archive" | "unarchive" | null {
  if (group.isArchived) return "unarchive";
  return canArchive(group.versions) ? "archive" : null;
}
