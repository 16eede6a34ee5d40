import { describe, expect, it } from "vitest";
import { VERSION_STATUS as S } from "../apps/status";
import {
  canCreatePreApproval,
  canWithdrawPreApproval,
  hasApprovedPreApproval,
  isLiveMajor,
  PRE_APPROVAL_STATUS as P,
  preApprovableMajors,
  validatePreApproval,
} from "./rules";

describe("pre-approval rules", () => {
  it("offers the major versions that are not live", () => {
    const versions = [
      { versionMajor: 1, statusCode: S.Live },
      { versionMajor: 2, statusCode: S.Sandbox },
      { versionMajor: 2, statusCode: S.Archived },
      { versionMajor: 3, statusCode: S.Paused },
      { versionMajor: 4, statusCode: S.Beta },
    ];
    expect(isLiveMajor(versions, 1)).toBe(true);
    expect(isLiveMajor(versions, 3)).toBe(true);
    expect(preApprovableMajors(versions)).toEqual([2, 4]);
  });

  it("holds one pending or approved pre-approval at a time", () => {
    expect(canCreatePreApproval([])).toBe(true);
    expect(
      canCreatePreApproval([{ status: P.Rejected }, { status: P.Pending, isWithdrawn: true }]),
    ).toBe(true);
    expect(canCreatePreApproval([{ status: P.Pending }])).toBe(false);
    expect(canCreatePreApproval([{ status: P.Approved }])).toBe(false);
    expect(hasApprovedPreApproval([{ status: P.Approved }])).toBe(true);
    expect(hasApprovedPreApproval([{ status: P.Pending }, { status: P.Rejected }])).toBe(false);
  });

  it("withdraws a pending one only", () => {
    expect(canWithdrawPreApproval({ status: P.Pending })).toBe(true);
    expect(canWithdrawPreApproval({ status: P.Pending, isWithdrawn: true })).toBe(false);
    expect(canWithdrawPreApproval({ status: P.Approved })).toBe(false);
    expect(canWithdrawPreApproval({ status: P.Rejected })).toBe(false);
  });

  it("requires the version and the additional information, at most 3,000 characters", () => {
    expect(validatePreApproval({ versionMajorId: "v", submissionNotes: "Why" })).toEqual({});
    expect(validatePreApproval({ versionMajorId: "", submissionNotes: "  " })).toEqual({
      versionMajorId: "required",
      submissionNotes: "required",
    });
    expect(validatePreApproval({ versionMajorId: "v", submissionNotes: "n".repeat(3001) })).toEqual(
      { submissionNotes: "tooLong" },
    );
    expect(validatePreApproval({ versionMajorId: "v", submissionNotes: "\ud800" })).toEqual({
      submissionNotes: "invalidCharacters",
    });
  });
});
