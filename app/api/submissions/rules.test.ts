import { describe, expect, it } from "vitest";
import { VERSION_STATUS as S, VERSION_STATUS_NAMES } from "../apps/status";
import {
  blockerErrors,
  checkDocuments,
  checkReleaseDate,
  hasPdfSignature,
  isPhoneNumber,
  SUBMISSION_LIMITS,
  submissionBlockers,
  validateStatusRequest,
  validateSubmission,
} from "./rules";
import {
  archiveCallMove,
  goLiveMove,
  isActiveSubmission,
  requestAllowed,
  SUBMISSION_STATUS,
  submissionKindOf,
  submissionStatusText,
  submitMove,
} from "./status";

const MB = 1024 * 1024;
const pdf = (fileSize: number) => ({ fileSize, contentType: "application/pdf" });

describe("which submit a status allows", () => {
  it("submits from Sandbox to live, or to beta when ticked", () => {
    expect(submitMove(S.Sandbox)).toEqual({
      action: "submit",
      to: "AwaitingReview",
      isBeta: false,
      betaOffered: true,
    });
    expect(submitMove(S.Sandbox, true)).toEqual({
      action: "submit",
      to: "BetaAwaitingReview",
      isBeta: true,
      betaOffered: true,
    });
  });

  it("keeps the rejected state's beta flag on resubmit, whatever is asked", () => {
    expect(submitMove(S.Rejected, true)).toEqual({
      action: "resubmit",
      to: "AwaitingReview",
      isBeta: false,
      betaOffered: false,
    });
    expect(submitMove(S.BetaRejected, false)).toEqual({
      action: "resubmit",
      to: "BetaAwaitingReview",
      isBeta: true,
      betaOffered: false,
    });
  });

  it("submits a Beta version to live, without the beta option", () => {
    expect(submitMove(S.Beta, true)).toEqual({
      action: "submitToLive",
      to: "BetaToLiveAwaitingReview",
      isBeta: false,
      betaOffered: false,
    });
  });

  it("allows no submit in any other status", () => {
    const submittable: number[] = [S.Sandbox, S.Rejected, S.BetaRejected, S.Beta];
    for (const name of VERSION_STATUS_NAMES)
      expect(submitMove(S[name]) !== undefined, name).toBe(submittable.includes(S[name]));
    expect(submitMove(999)).toBeUndefined();
  });
});

describe("the archive call, go-live and requests", () => {
  it("withdraws, rolls back or archives by the version's status", () => {
    expect(archiveCallMove(S.AwaitingReview)).toEqual({ action: "withdraw", to: "Sandbox" });
    expect(archiveCallMove(S.BetaAwaitingReview)).toEqual({ action: "withdraw", to: "Sandbox" });
    expect(archiveCallMove(S.BetaToLiveAwaitingReview)).toEqual({ action: "withdraw", to: "Beta" });
    expect(archiveCallMove(S.BetaQueuedForLive)).toEqual({ action: "rollbackToBeta", to: "Beta" });
    for (const code of [
      S.Rejected,
      S.BetaRejected,
      S.QueuedForLive,
      S.QueuedForBeta,
      S.Paused,
      S.BetaPaused,
    ]) {
      expect(archiveCallMove(code)).toEqual({ action: "archive", to: "Archived" });
    }
    for (const code of [S.Sandbox, S.Live, S.Beta, S.Archived])
      expect(archiveCallMove(code)).toBeUndefined();
  });

  it("pushes queued versions live or to beta", () => {
    expect(goLiveMove(S.QueuedForLive)).toEqual({ action: "pushToLive", to: "Live" });
    expect(goLiveMove(S.BetaQueuedForLive)).toEqual({ action: "pushToLive", to: "Live" });
    expect(goLiveMove(S.QueuedForBeta)).toEqual({ action: "pushToBeta", to: "Beta" });
    expect(goLiveMove(S.Live)).toBeUndefined();
  });

  it("takes pause requests of Live and Beta, unpause requests of Paused and BetaPaused", () => {
    for (const name of VERSION_STATUS_NAMES) {
      expect(requestAllowed("pause", S[name]), name).toBe(name === "Live" || name === "Beta");
      expect(requestAllowed("unpause", S[name]), name).toBe(
        name === "Paused" || name === "BetaPaused",
      );
    }
  });
});

describe("submission statuses", () => {
  it("words each kind and status with the spec's texts", () => {
    expect(submissionStatusText("live", 0)).toBe("Awaiting Review");
    expect(submissionStatusText("beta", 0)).toBe("Beta Awaiting Review");
    expect(submissionStatusText("betaToLive", 0)).toBe("Beta To Live Awaiting Review");
    expect(submissionStatusText("live", 1)).toBe("Rejected");
    expect(submissionStatusText("beta", 1)).toBe("Beta Rejected");
    expect(submissionStatusText("betaToLive", 1)).toBe("Rejected");
    expect(submissionStatusText("live", 2)).toBe("Approved");
    expect(submissionStatusText("beta", 2)).toBe("Beta Approved");
    expect(submissionKindOf("BetaToLiveAwaitingReview")).toBe("betaToLive");
  });

  it("counts awaiting, not withdrawn submissions as active", () => {
    expect(
      isActiveSubmission({ status: SUBMISSION_STATUS.AwaitingReview, isSoftDeleted: false }),
    ).toBe(true);
    expect(
      isActiveSubmission({ status: SUBMISSION_STATUS.AwaitingReview, isSoftDeleted: true }),
    ).toBe(false);
    expect(isActiveSubmission({ status: SUBMISSION_STATUS.Rejected, isSoftDeleted: false })).toBe(
      false,
    );
  });
});

describe("submission blockers", () => {
  const ready = {
    isArchived: false,
    isPriceRequired: true,
    hasPrice: true,
    isPreApprovalRequired: true,
    hasApprovedPreApproval: true,
    appType: 0,
    platforms: ["web"],
  };

  it("lets a ready version through", () => {
    expect(submissionBlockers(ready)).toEqual([]);
    expect(
      submissionBlockers({
        ...ready,
        isPriceRequired: false,
        hasPrice: false,
        isPreApprovalRequired: false,
        hasApprovedPreApproval: false,
      }),
    ).toEqual([]);
  });

  it("names each blocker, in order", () => {
    expect(submissionBlockers({ ...ready, isArchived: true })).toEqual(["appArchived"]);
    expect(submissionBlockers({ ...ready, hasPrice: false })).toEqual(["priceRequired"]);
    expect(submissionBlockers({ ...ready, hasApprovedPreApproval: false })).toEqual([
      "preApprovalRequired",
    ]);
    expect(submissionBlockers({ ...ready, platforms: [] })).toEqual([
      "platformConfigurationRequired",
    ]);
    expect(submissionBlockers({ ...ready, platforms: ["mobile"] })).toEqual([
      "platformConfigurationRequired",
    ]);
    expect(submissionBlockers({ ...ready, platforms: [], appType: 1 })).toEqual([]);
    const all = submissionBlockers({
      ...ready,
      isArchived: true,
      hasPrice: false,
      hasApprovedPreApproval: false,
      platforms: [],
    });
    expect(all).toEqual([
      "appArchived",
      "priceRequired",
      "preApprovalRequired",
      "platformConfigurationRequired",
    ]);
    expect(blockerErrors(all)).toEqual({
      app: "appArchived",
      price: "priceRequired",
      preApproval: "preApprovalRequired",
      platforms: "platformConfigurationRequired",
    });
  });
});

describe("the submit and request forms", () => {
  const now = new Date("2025-06-10T12:00:00Z");
  const valid = {
    submissionNotes: "Please review.",
    contactName: "Ada",
    contactEmail: "ada@example.com",
    contactPhoneNumber: "+61 2 9999 0000",
  };

  it("takes a complete form", () => {
    expect(validateSubmission(valid, now)).toEqual({});
    expect(
      validateSubmission({ ...valid, releaseDateAndTime: "2025-06-10T00:00:00+10:00" }, now),
    ).toEqual({});
  });

  it("requires contact name, email, phone and notes", () => {
    expect(validateSubmission({ contactName: " ", contactEmail: null }, now)).toEqual({
      contactName: "required",
      contactEmail: "required",
      contactPhoneNumber: "required",
      submissionNotes: "required",
    });
  });

  it("refuses a bad email, phone, long notes, unstorable text", () => {
    expect(validateSubmission({ ...valid, contactEmail: "ada@" }, now)).toEqual({
      contactEmail: "invalidEmail",
    });
    expect(validateSubmission({ ...valid, contactPhoneNumber: "call me" }, now)).toEqual({
      contactPhoneNumber: "invalidPhone",
    });
    expect(
      validateSubmission(
        { ...valid, submissionNotes: "n".repeat(SUBMISSION_LIMITS.notesMax + 1) },
        now,
      ),
    ).toEqual({ submissionNotes: "tooLong" });
    expect(validateSubmission({ ...valid, contactName: "A\u0000" }, now)).toEqual({
      contactName: "invalidCharacters",
    });
    expect(isPhoneNumber("(02) 9999-0000")).toBe(true);
    expect(isPhoneNumber("12345")).toBe(false);
  });

  it("takes a release date from today on, refuses an invalid or past one", () => {
    expect(checkReleaseDate(undefined, now)).toBeUndefined();
    expect(checkReleaseDate("2025-07-01", now)).toBeUndefined();
    expect(checkReleaseDate("not a date", now)).toBe("invalidDate");
    expect(checkReleaseDate("2025-13-45", now)).toBe("invalidDate");
    expect(checkReleaseDate("2025-06-01T00:00:00Z", now)).toBe("releaseDateInPast");
  });

  it("requires every field of a pause request", () => {
    expect(
      validateStatusRequest({
        name: "Ada",
        email: "ada@example.com",
        phone: "0400 000 000",
        reason: "Maintenance",
      }),
    ).toEqual({});
    expect(validateStatusRequest({})).toEqual({
      name: "required",
      email: "required",
      phone: "required",
      reason: "required",
    });
  });
});

describe("documents", () => {
  it("takes up to 10 PDFs of at most 9 MB each, 80 MB together", () => {
    expect(checkDocuments([pdf(1), pdf(9 * MB)])).toEqual({});
    expect(checkDocuments(Array.from({ length: 10 }, () => pdf(8 * MB)))).toEqual({});
  });

  it("refuses an empty file, another type, a file over 9 MB", () => {
    expect(
      checkDocuments([pdf(0), { fileSize: 10, contentType: "image/png" }, pdf(9 * MB + 1)]),
    ).toEqual({
      "documents.0": "noContent",
      "documents.1": "mustBePdf",
      "documents.2": "tooBig",
    });
  });

  it("refuses more than 10 files, or more than 80 MB together", () => {
    expect(checkDocuments(Array.from({ length: 11 }, () => pdf(10)))).toEqual({
      documents: "tooManyFiles",
    });
    expect(checkDocuments([...Array.from({ length: 8 }, () => pdf(9 * MB)), pdf(8 * MB)])).toEqual(
      {},
    );
    expect(
      checkDocuments([...Array.from({ length: 8 }, () => pdf(9 * MB)), pdf(8 * MB + 1)]),
    ).toEqual({ documents: "totalTooBig" });
  });

  it("knows a PDF by its first bytes", () => {
    expect(hasPdfSignature(new TextEncoder().encode("%PDF-1.7\n"))).toBe(true);
    expect(hasPdfSignature(new TextEncoder().encode("<html>"))).toBe(false);
  });
});
