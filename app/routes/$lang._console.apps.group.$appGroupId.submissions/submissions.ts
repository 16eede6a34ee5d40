/**
 * The submissions page's content, shaped from the provider's answers:
 * Active (awaiting review and not withdrawn) and History (the rest, a withdrawn one
 * labelled 'withdrew' in place of the status it was withdrawn from), newest first, dates as
 * dd/MM/yyyy; and the timeline of every state change of each version (who, when, notes),
 * oldest first. Plain TypeScript.
 */
import { lightFormat } from "date-fns";
import type { AppGroup } from "~/api/apps/schemas";
import type { Submission, TimelineEntry } from "~/api/submissions/schemas";
import { isActiveSubmission, statusTextKey } from "~/api/submissions/status";

export interface SubmissionRow {
  id: string;
  versionId: string;
  version: string;
  /**
   * A key under review:submissions: `withdrew` once withdrawn (the provider keeps the status
   * it was withdrawn from, which would read as still waiting), else of `statusTexts` (the
   * provider's review status text), else of `statusText` (the enum).
   */
  statusKey: string;
  withdrawn: boolean;
  kind: "live" | "beta";
  submitted: string;
  submittedBy: string | null;
  reviewed: string | null;
  notes: string;
  reviewNotes: string | null;
}

export interface TimelineItem {
  at: string;
  iso: string;
  action: string;
  by: "developer" | "provider";
  byName: string | null;
  from: number | null;
  to: number | null;
  notes: string | null;
}

export interface VersionTimeline {
  versionId: string;
  version: string;
  entries: TimelineItem[];
}

const date = (value: string | null | undefined, pattern = "dd/MM/yyyy"): string | null => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : lightFormat(d, pattern);
};

function row(submission: Submission): SubmissionRow {
  const key = statusTextKey(submission.statusText);
  return {
    id: submission.id,
    versionId: submission.appId,
    version: submission.version,
    statusKey: submission.isSoftDeleted
      ? "withdrew"
      : key
        ? `statusTexts.${key}`
        : `statusText.${submission.status}`,
    withdrawn: submission.isSoftDeleted,
    kind: submission.isBeta ? "beta" : "live",
    submitted: date(submission.submissionDateTime) ?? "",
    submittedBy: submission.submittedBy,
    reviewed: date(submission.reviewDateTime),
    notes: submission.submissionNotes,
    reviewNotes: submission.reviewNotes?.trim() ? submission.reviewNotes : null,
  };
}

const newestFirst = (a: Submission, b: Submission) =>
  b.submissionDateTime.localeCompare(a.submissionDateTime);

export function submissionSections(submissions: readonly Submission[]) {
  const sorted = [...submissions].sort(newestFirst);
  return {
    active: sorted.filter(isActiveSubmission).map(row),
    history: sorted.filter((s) => !isActiveSubmission(s)).map(row),
  };
}

/** The timeline of each version, newest version first, its entries oldest first. */
export function timelines(entries: readonly TimelineEntry[]): VersionTimeline[] {
  const byVersion = new Map<string, VersionTimeline>();
  const sorted = [...entries].sort((a, b) => a.at.localeCompare(b.at));
  for (const entry of sorted) {
    let timeline = byVersion.get(entry.appId);
    if (!timeline) {
      timeline = { versionId: entry.appId, version: entry.version, entries: [] };
      byVersion.set(entry.appId, timeline);
    }
    timeline.entries.push({
      at: date(entry.at, "dd/MM/yyyy HH:mm") ?? "",
      iso: entry.at,
      action: entry.action,
      by: entry.by,
      byName: entry.byName,
      from: entry.fromStatusCode,
      to: entry.toStatusCode,
      notes: entry.notes?.trim() ? entry.notes : null,
    });
  }
  return [...byVersion.values()].sort((a, b) =>
    b.version.localeCompare(a.version, undefined, { numeric: true }),
  );
}

/** A version whose timeline the page offers. */
export interface TimelineVersion {
  versionId: string;
  version: string;
}

/** Every version of the group, current and archived, newest first: each has a timeline. */
export function groupVersions(group: Pick<AppGroup, "versions" | "history">): TimelineVersion[] {
  const versions = new Map<string, TimelineVersion>();
  for (const v of group.versions)
    versions.set(v.versionId, { versionId: v.versionId, version: v.versionDisplay });
  for (const v of group.history)
    if (!versions.has(v.versionId))
      versions.set(v.versionId, { versionId: v.versionId, version: v.version });
  return [...versions.values()].sort((a, b) =>
    b.version.localeCompare(a.version, undefined, { numeric: true }),
  );
}
