import { describe, expect, it } from "vitest";
import type { GroupHistoryItem, GroupVersion } from "~/api/apps/schemas";
import { activeRows, groupAction, historyRows, showLiveParam } from "./versions";

const version = (statusCode: number, extra: Partial<GroupVersion> = {}): GroupVersion => ({
  versionId: `v-${statusCode}`,
  versionMajorId: "v-1",
  versionMajor: 1,
  versionDisplay: "1.000",
  statusCode,
  status: "x",
  appGroupId: "g",
  isLiveSubmissionRejected: false,
  modifiedDateTime: "2024-03-05T12:00:00.000Z",
  ...extra,
});

const history = (versionId: string, extra: Partial<GroupHistoryItem> = {}): GroupHistoryItem => ({
  versionId,
  submissionDate: null,
  liveStartDate: null,
  liveEndDate: null,
  version: "1.000",
  versionStatusCode: 201,
  modifiedDateTime: "2024-03-05T12:00:00.000Z",
  modifiedBy: null,
  status: 0,
  ...extra,
});

describe("showLiveParam", () => {
  it("is on for live=1 (and true, on), off otherwise", () => {
    expect(showLiveParam(new URLSearchParams("live=1"))).toBe(true);
    expect(showLiveParam(new URLSearchParams("live=on"))).toBe(true);
    expect(showLiveParam(new URLSearchParams("live=0"))).toBe(false);
    expect(showLiveParam(new URLSearchParams(""))).toBe(false);
  });
});

describe("activeRows", () => {
  it("lists the versions that are not Archived, with their date", () => {
    const rows = activeRows({
      versions: [version(0), version(201), version(210, { isLiveSubmissionRejected: true })],
    });
    expect(rows.map((r) => r.statusCode)).toEqual([0, 210]);
    expect(rows[0]).toEqual({
      versionId: "v-0",
      version: "1.000",
      statusCode: 0,
      isLiveSubmissionRejected: false,
      modified: "05/03/2024",
    });
    expect(rows[1].isLiveSubmissionRejected).toBe(true);
  });
});

describe("historyRows", () => {
  const items = [
    history("went-live", {
      liveStartDate: "2024-01-02T12:00:00.000Z",
      liveEndDate: "2024-02-03T12:00:00.000Z",
      submissionDate: "2023-12-24T12:00:00.000Z",
      status: 1,
    }),
    history("rejected", {
      submissionDate: "2023-11-01T12:00:00.000Z",
      status: 2,
    }),
  ];
  it("lists every archived version with its dates and outcome", () => {
    const rows = historyRows({ history: items }, false);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      submitted: "24/12/2023",
      liveFrom: "02/01/2024",
      liveUntil: "03/02/2024",
      outcome: 1,
    });
    expect(rows[1]).toMatchObject({
      liveFrom: null,
      liveUntil: null,
      outcome: 2,
    });
  });
  it("keeps only the versions that went live when the filter is on", () => {
    expect(historyRows({ history: items }, true).map((r) => r.versionId)).toEqual(["went-live"]);
  });
});

describe("groupAction", () => {
  it("offers archive unless a version is Live, and unarchive for an archived app", () => {
    expect(groupAction({ isArchived: false, versions: [version(0)] })).toBe("archive");
    expect(groupAction({ isArchived: false, versions: [version(200)] })).toBeNull();
    expect(groupAction({ isArchived: true, versions: [version(0)] })).toBe("unarchive");
  });
});
