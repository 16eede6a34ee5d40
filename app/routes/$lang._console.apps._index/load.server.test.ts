import { describe, expect, it } from "vitest";
import type { AppListItem } from "~/api/apps/schemas";
import { VERSION_STATUS as S } from "~/api/apps/status";
import { cardActions, toCard } from "./load.server";

const v = (statusCode: number) => ({ statusCode });

describe("cardActions", () => {
  it("offers archive and delete for an app in Sandbox", () => {
    expect(cardActions({ isArchived: false, versions: [v(S.Sandbox)] })).toEqual([
      "archive",
      "delete",
    ]);
  });
  it("offers unarchive instead of archive for an archived app", () => {
    expect(cardActions({ isArchived: true, versions: [v(S.Rejected)] })).toEqual([
      "unarchive",
      "delete",
    ]);
  });
  it("shows no menu while a version is Live", () => {
    expect(cardActions({ isArchived: false, versions: [v(S.Sandbox), v(S.Live)] })).toEqual([]);
    expect(cardActions({ isArchived: true, versions: [v(S.Live)] })).toEqual([]);
  });
  it.each([S.Paused, S.Beta, S.BetaPaused])(
    "offers archive but not delete with a version in %i",
    (status) => {
      expect(cardActions({ isArchived: false, versions: [v(S.Sandbox), v(status)] })).toEqual([
        "archive",
      ]);
    },
  );
});

describe("toCard", () => {
  const item: AppListItem = {
    appLevel: 1,
    appGroupId: "g",
    name: "Matter Sync",
    appIcon: { id: "i", url: "http://api.test/images/i" },
    countryCode: "UK",
    platforms: ["desktop", "reporting"],
    appType: 1,
    isArchived: false,
    versions: [
      {
        versionId: "v",
        versionMajorId: "v",
        versionMajor: 1,
        versionDisplay: "1.000",
        statusCode: S.Sandbox,
        status: "Sandbox",
        appGroupId: "g",
        isLiveSubmissionRejected: false,
        modifiedDateTime: "2026-03-04T10:00:00.000Z",
      },
    ],
    lastModifiedDate: "2026-03-04T10:00:00.000Z",
  };

  it("keeps only what the card shows, with the date as dd/MM/yyyy", () => {
    expect(toCard(item, new Map([["UK", "United Kingdom"]]))).toEqual({
      appGroupId: "g",
      name: "Matter Sync",
      iconUrl: "http://api.test/images/i",
      countryCode: "UK",
      countryName: "United Kingdom",
      platforms: ["desktop", "reporting"],
      appType: 1,
      appLevel: 1,
      isArchived: false,
      lastModified: { iso: "2026-03-04T10:00:00.000Z", display: "04/03/2026" },
      versions: [
        {
          versionId: "v",
          versionDisplay: "1.000",
          statusCode: S.Sandbox,
          isLiveSubmissionRejected: false,
        },
      ],
      actions: ["archive", "delete"],
    });
  });

  it("passes the app level on when the API sends it", () => {
    expect(toCard({ ...item, appLevel: 3, appIcon: null }, new Map())).toMatchObject({
      appLevel: 3,
      iconUrl: null,
      countryName: null,
    });
  });
});
