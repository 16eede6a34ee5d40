import { describe, expect, it } from "vitest";
import {
  ACTIONS_BY_STATUS,
  canArchive,
  canDelete,
  filterByArchived,
  isEditable,
  pathBetween,
  STATUS_COLOURS,
  STATUS_TABLE,
  showCardMenu,
  statusColour,
  statusName,
  VERSION_STATUS,
  VERSION_STATUS_NAMES,
  versionActions,
} from "./status";

const S = VERSION_STATUS;
const v = (...codes: number[]) => codes.map((statusCode) => ({ statusCode }));

describe("version status codes", () => {
  it("names every code of the spec table", () => {
    expect(VERSION_STATUS_NAMES).toHaveLength(14);
    expect(statusName(0)).toBe("Sandbox");
    expect(statusName(113)).toBe("BetaToLiveAwaitingReview");
    expect(statusName(310)).toBe("BetaPaused");
    expect(statusName(999)).toBe("Unknown");
  });

  it("groups the badge colours as the spec says", () => {
    const by = (colour: string) =>
      VERSION_STATUS_NAMES.filter((name) => STATUS_COLOURS[name] === colour).sort();
    expect(by("info")).toEqual([
      "AwaitingReview",
      "BetaAwaitingReview",
      "BetaToLiveAwaitingReview",
      "Sandbox",
    ]);
    expect(by("warning")).toEqual([
      "BetaPaused",
      "BetaQueuedForLive",
      "Paused",
      "QueuedForBeta",
      "QueuedForLive",
    ]);
    expect(by("success")).toEqual(["Beta", "Live"]);
    expect(by("danger")).toEqual(["BetaRejected", "Rejected"]);
    expect(by("error")).toEqual(["Archived"]);
    expect(statusColour(S.Live)).toBe("success");
  });
});

describe("actions by status", () => {
  it("follows the status table: which moves each status allows", () => {
    expect(versionActions(S.Sandbox)).toEqual(["submit", "duplicate", "preview"]);
    expect(versionActions(S.Beta)).toEqual(["submitToLive", "pause", "duplicate", "preview"]);
    expect(versionActions(S.Live)).toEqual(["pause", "duplicate", "preview"]);
    expect(versionActions(S.BetaQueuedForLive)).toEqual([
      "pushToLive",
      "rollbackToBeta",
      "duplicate",
      "preview",
    ]);
    expect(versionActions(S.QueuedForBeta)).toEqual([
      "pushToBeta",
      "archive",
      "duplicate",
      "preview",
    ]);
    for (const name of [
      "AwaitingReview",
      "BetaAwaitingReview",
      "BetaToLiveAwaitingReview",
    ] as const) {
      expect(ACTIONS_BY_STATUS[name]).toEqual(["withdraw"]);
    }
    for (const name of [
      "Rejected",
      "BetaRejected",
      "QueuedForLive",
      "QueuedForBeta",
      "Paused",
      "BetaPaused",
    ] as const) {
      expect(ACTIONS_BY_STATUS[name]).toContain("archive");
    }
    expect(ACTIONS_BY_STATUS.Paused).toContain("unpause");
  });

  it("hides the preview for app level 3 only", () => {
    expect(versionActions(S.Sandbox, { appLevel: 3 })).toEqual(["submit", "duplicate"]);
    expect(versionActions(S.Sandbox, { appLevel: 1 })).toContain("preview");
  });
});

describe("rules of the app's state", () => {
  it("edits only Sandbox, Rejected and BetaRejected versions of a current app", () => {
    for (const code of Object.values(S)) {
      const expected = code === S.Sandbox || code === S.Rejected || code === S.BetaRejected;
      expect(isEditable(code, false)).toBe(expected);
      expect(isEditable(code, true)).toBe(false);
    }
  });

  it("deletes only without a Live, Paused, Beta or BetaPaused version", () => {
    expect(canDelete(v(S.Sandbox, S.Rejected, S.Archived, S.QueuedForLive))).toBe(true);
    for (const code of [S.Live, S.Paused, S.Beta, S.BetaPaused])
      expect(canDelete(v(S.Sandbox, code))).toBe(false);
    expect(canDelete([])).toBe(true);
  });

  it("archives and shows the card menu only without a Live version", () => {
    expect(canArchive(v(S.Beta, S.Paused, S.BetaPaused))).toBe(true);
    expect(canArchive(v(S.Sandbox, S.Live))).toBe(false);
    expect(showCardMenu(v(S.Live))).toBe(false);
    expect(showCardMenu(v(S.Beta))).toBe(true);
  });

  it("filters by archive state", () => {
    const items = [{ isArchived: true }, { isArchived: false }];
    expect(filterByArchived(items, -1)).toHaveLength(2);
    expect(filterByArchived(items, 0)).toEqual([{ isArchived: false }]);
    expect(filterByArchived(items, 1)).toEqual([{ isArchived: true }]);
  });
});

describe("the status table: where actions lead", () => {
  it("leads each action of the spec to its status", () => {
    expect(STATUS_TABLE.Sandbox.actions.submit).toEqual({
      to: "AwaitingReview",
      beta: "BetaAwaitingReview",
    });
    expect(STATUS_TABLE.Rejected.actions.resubmit?.to).toBe("AwaitingReview");
    expect(STATUS_TABLE.BetaRejected.actions.resubmit?.to).toBe("BetaAwaitingReview");
    expect(STATUS_TABLE.BetaQueuedForLive.actions.rollbackToBeta?.to).toBe("Beta");
    expect(STATUS_TABLE.Live.actions.pause).toEqual({ request: true });
    expect(STATUS_TABLE.Paused.decisions.unpause?.to).toBe("Live");
    expect(STATUS_TABLE.BetaToLiveAwaitingReview.decisions.reject).toEqual({
      to: "Beta",
      liveSubmissionRejected: true,
    });
    for (const name of VERSION_STATUS_NAMES) {
      if (STATUS_TABLE[name].actions.archive)
        expect(STATUS_TABLE[name].actions.archive?.to).toBe("Archived");
    }
  });

  it("finds the shortest way between statuses, and none out of Archived", () => {
    expect(pathBetween("Sandbox", "Sandbox")).toEqual([]);
    expect(
      pathBetween("Sandbox", "Live")?.map((step) => `${step.by}:${step.action}->${step.to}`),
    ).toEqual([
      "developer:submit->AwaitingReview",
      "provider:approve->QueuedForLive",
      "developer:pushToLive->Live",
    ]);
    expect(pathBetween("Sandbox", "Beta")?.[0]).toMatchObject({
      action: "submit",
      beta: true,
      to: "BetaAwaitingReview",
    });
    expect(pathBetween("Live", "Archived")?.map((step) => step.to)).toEqual(["Paused", "Archived"]);
    expect(pathBetween("Archived", "Sandbox")).toBeUndefined();
    for (const name of VERSION_STATUS_NAMES)
      expect(pathBetween("Sandbox", name), name).toBeDefined();
  });
});

describe("the actions table, status by status", () => {
  // The status-specific actions of each of the 14 statuses.
  const SPEC: Record<string, string[]> = {
    Sandbox: ["submit"],
    AwaitingReview: ["withdraw"],
    Rejected: ["resubmit", "archive"],
    QueuedForLive: ["pushToLive", "archive"],
    BetaAwaitingReview: ["withdraw"],
    BetaRejected: ["resubmit", "archive"],
    QueuedForBeta: ["pushToBeta", "archive"],
    BetaToLiveAwaitingReview: ["withdraw"],
    BetaQueuedForLive: ["pushToLive", "rollbackToBeta"],
    Live: ["pause"],
    Archived: [],
    Beta: ["submitToLive", "pause"],
    Paused: ["unpause", "archive"],
    BetaPaused: ["unpause", "archive"],
  };

  it.each(VERSION_STATUS_NAMES)(
    "%s allows exactly the spec's actions, then duplicate and preview",
    (name) => {
      expect(Object.keys(SPEC)).toHaveLength(14);
      expect(ACTIONS_BY_STATUS[name]).toEqual(SPEC[name]);
      expect(versionActions(S[name])).toEqual([...SPEC[name], "duplicate", "preview"]);
      expect(versionActions(S[name], { appLevel: 3 })).toEqual([...SPEC[name], "duplicate"]);
    },
  );

  it("asks the provider about pause and unpause, and moves nothing until then", () => {
    for (const name of ["Live", "Beta"] as const)
      expect(STATUS_TABLE[name].actions.pause).toEqual({ request: true });
    for (const name of ["Paused", "BetaPaused"] as const)
      expect(STATUS_TABLE[name].actions.unpause).toEqual({ request: true });
    expect(STATUS_TABLE.Live.decisions.pause?.to).toBe("Paused");
    expect(STATUS_TABLE.Beta.decisions.pause?.to).toBe("BetaPaused");
    expect(STATUS_TABLE.BetaPaused.decisions.unpause?.to).toBe("Beta");
  });

  it("lets the provider decide only the three awaiting-review statuses", () => {
    const reviewed = VERSION_STATUS_NAMES.filter((name) => STATUS_TABLE[name].decisions.approve);
    expect(reviewed.sort()).toEqual([
      "AwaitingReview",
      "BetaAwaitingReview",
      "BetaToLiveAwaitingReview",
    ]);
    expect(STATUS_TABLE.AwaitingReview.decisions).toMatchObject({
      approve: { to: "QueuedForLive" },
      reject: { to: "Rejected" },
    });
    expect(STATUS_TABLE.BetaAwaitingReview.decisions).toMatchObject({
      approve: { to: "QueuedForBeta" },
      reject: { to: "BetaRejected" },
    });
    expect(STATUS_TABLE.BetaToLiveAwaitingReview.decisions.approve?.to).toBe("BetaQueuedForLive");
    expect(STATUS_TABLE.BetaToLiveAwaitingReview.actions.withdraw?.to).toBe("Beta");
  });
});
