import { describe, expect, it } from "vitest";
import type { Submission, TimelineEntry } from "~/api/submissions/schemas";
import { groupVersions, submissionSections, timelines } from "./submissions";

const base: Submission = {
  id: "s1",
  appId: "v1",
  appGroupId: "g1",
  version: "1.000",
  status: 0,
  statusText: "Awaiting Review",
  isSoftDeleted: false,
  submissionDateTime: "2026-07-01T10:00:00.000Z",
  reviewDateTime: null,
  submittedBy: "Ada Lovelace",
  submissionNotes: "First.",
  reviewNotes: null,
  documents: [],
  contactName: "Ada",
  contactEmail: "ada@example.test",
  contactPhoneNumber: "0400 000 000",
  instanceId: null,
  releaseDateAndTime: null,
  isBeta: false,
};

const entry = (appId: string, version: string, at: string, action: string): TimelineEntry => ({
  appId,
  version,
  at,
  action,
  by: "developer",
  byName: "Ada",
  fromStatusCode: 0,
  toStatusCode: 100,
  notes: null,
});

describe("the submissions page", () => {
  it("lists awaiting review and not withdrawn as active, the rest as history, newest first", () => {
    const { active, history } = submissionSections([
      {
        ...base,
        id: "old",
        status: 1,
        statusText: "Rejected",
        reviewNotes: "Fix the icon.",
        reviewDateTime: "2026-07-02T10:00:00.000Z",
      },
      {
        ...base,
        id: "withdrawn",
        isSoftDeleted: true,
        submissionDateTime: "2026-07-03T10:00:00.000Z",
      },
      {
        ...base,
        id: "now",
        isBeta: true,
        statusText: "Beta Awaiting Review",
        submissionDateTime: "2026-07-04T10:00:00.000Z",
      },
    ]);
    expect(active.map((row) => [row.id, row.statusKey, row.kind])).toEqual([
      ["now", "statusTexts.betaAwaitingReview", "beta"],
    ]);
    expect(history.map((row) => [row.id, row.withdrawn, row.statusKey])).toEqual([
      // Withdrawn: its status is 'withdrew', not the 'Awaiting review' the provider keeps.
      ["withdrawn", true, "withdrew"],
      ["old", false, "statusTexts.rejected"],
    ]);
    expect(history[1]).toMatchObject({
      reviewNotes: "Fix the icon.",
      reviewed: "02/07/2026",
      submitted: "01/07/2026",
    });
  });

  it("groups the timeline by version, entries oldest first", () => {
    const result = timelines([
      entry("v1", "1.000", "2026-07-02T00:00:00.000Z", "submit"),
      entry("v2", "2.000", "2026-07-03T00:00:00.000Z", "created"),
      entry("v1", "1.000", "2026-07-01T00:00:00.000Z", "created"),
    ]);
    expect(result.map((t) => [t.version, t.entries.map((e) => e.action)])).toEqual([
      ["2.000", ["created"]],
      ["1.000", ["created", "submit"]],
    ]);
  });

  it("writes each moment as dd/MM/yyyy HH:mm in the console's time, and drops one that cannot be read", () => {
    const at = new Date(2026, 6, 1, 9, 5).toISOString();
    const [timeline] = timelines([
      entry("v1", "1.000", at, "submit"),
      entry("v1", "1.000", "not a date", "created"),
    ]);
    expect(timeline.entries.map((e) => [e.at, e.iso])).toEqual([
      ["01/07/2026 09:05", at],
      ["", "not a date"],
    ]);
  });
});

describe("groupVersions", () => {
  it("lists every version, current and archived, once, newest first", () => {
    const current = (versionId: string, versionDisplay: string) =>
      ({ versionId, versionDisplay }) as never;
    const archived = (versionId: string, version: string) => ({ versionId, version }) as never;
    expect(
      groupVersions({
        versions: [current("v2", "1.001"), current("v10", "1.010")],
        history: [archived("v1", "1.000"), archived("v2", "1.001")],
      }),
    ).toEqual([
      { versionId: "v10", version: "1.010" },
      { versionId: "v2", version: "1.001" },
      { versionId: "v1", version: "1.000" },
    ]);
  });
});
