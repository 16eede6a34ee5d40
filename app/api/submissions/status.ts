/**
 * Submissions and the version statuses they move: the submission statuses and their texts,
 * what a version's timeline shows, and which submit, archive, go-live or pause request a
 * version's status allows and where it leads (from the status table, app/api/apps/status.ts).
 * Plain TypeScript: it runs in the browser too.
 */
import {
  STATUS_TABLE,
  statusName,
  type VersionAction,
  type VersionStatusName,
} from "../apps/status";

// ---------------------------------------------------------------------------
// Submission statuses
// ---------------------------------------------------------------------------

/** Submission status enum. */
export const SUBMISSION_STATUS = {
  AwaitingReview: 0,
  Rejected: 1,
  Approved: 2,
  Archived: 3,
} as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUS)[keyof typeof SUBMISSION_STATUS];

/** Review status texts, as the provider stores and answers them. */
export const SUBMISSION_STATUS_TEXTS = {
  awaitingReview: "Awaiting Review",
  betaAwaitingReview: "Beta Awaiting Review",
  betaToLiveAwaitingReview: "Beta To Live Awaiting Review",
  rejected: "Rejected",
  betaRejected: "Beta Rejected",
  approved: "Approved",
  betaApproved: "Beta Approved",
} as const;
export type SubmissionStatusTextKey = keyof typeof SUBMISSION_STATUS_TEXTS;

/** What a submission is for: live, beta, or a Beta version to live. */
export type SubmissionKind = "live" | "beta" | "betaToLive";

/** The kind of a submission from the status its version entered on submit. */
export function submissionKindOf(awaitingStatus: VersionStatusName): SubmissionKind {
  return awaitingStatus === "BetaAwaitingReview"
    ? "beta"
    : awaitingStatus === "BetaToLiveAwaitingReview"
      ? "betaToLive"
      : "live";
}

/** The status text of a submission of a kind, awaiting review or decided. */
export function submissionStatusText(kind: SubmissionKind, status: SubmissionStatus): string {
  const beta = kind === "beta";
  if (status === SUBMISSION_STATUS.Rejected)
    return SUBMISSION_STATUS_TEXTS[beta ? "betaRejected" : "rejected"];
  if (status === SUBMISSION_STATUS.Approved)
    return SUBMISSION_STATUS_TEXTS[beta ? "betaApproved" : "approved"];
  return SUBMISSION_STATUS_TEXTS[
    kind === "beta"
      ? "betaAwaitingReview"
      : kind === "betaToLive"
        ? "betaToLiveAwaitingReview"
        : "awaitingReview"
  ];
}

/** The key of a status text (for the console's translation); undefined for a text it does not know. */
export function statusTextKey(text: string): SubmissionStatusTextKey | undefined {
  return (Object.keys(SUBMISSION_STATUS_TEXTS) as SubmissionStatusTextKey[]).find(
    (key) => SUBMISSION_STATUS_TEXTS[key] === text,
  );
}

/**
 * Active on the submissions page: awaiting review and not withdrawn. The rest is history;
 * a withdrawn one (`isSoftDeleted`) is labelled 'withdrew'.
 */
export function isActiveSubmission(submission: {
  status: number;
  isSoftDeleted: boolean;
}): boolean {
  return submission.status === SUBMISSION_STATUS.AwaitingReview && !submission.isSoftDeleted;
}

/**
 * The actions a version's timeline shows (GET app-submissions/history/{groupId}): its
 * creation, the developer's actions and the provider's decisions (a declined pause or
 * unpause request as `declinePause`, `declineUnpause`). Saves and other changes are left out.
 */
export const TIMELINE_ACTIONS = [
  "created",
  "submit",
  "submitToLive",
  "resubmit",
  "withdraw",
  "pushToLive",
  "pushToBeta",
  "rollbackToBeta",
  "archive",
  "pause",
  "unpause",
  "approve",
  "reject",
  "declinePause",
  "declineUnpause",
] as const;
export type TimelineAction = (typeof TIMELINE_ACTIONS)[number];

// ---------------------------------------------------------------------------
// Which submit a status allows
// ---------------------------------------------------------------------------

/** The submit actions of the status table. */
export const SUBMIT_ACTIONS = ["submit", "submitToLive", "resubmit"] as const;
export type SubmitAction = (typeof SUBMIT_ACTIONS)[number];

export interface SubmitMove {
  action: SubmitAction;
  /** The status the version enters. */
  to: VersionStatusName;
  /** A beta submission (beta review, then QueuedForBeta). */
  isBeta: boolean;
  /** Whether the developer may choose beta (only a first submit, from Sandbox). */
  betaOffered: boolean;
}

/**
 * The submit a version's status allows and where it leads (undefined when none): from
 * Sandbox to AwaitingReview, or BetaAwaitingReview when `wantsBeta`; from Beta to
 * BetaToLiveAwaitingReview; a resubmit from Rejected or BetaRejected keeps the rejected
 * state's beta flag, whatever `wantsBeta` says.
 */
export function submitMove(statusCode: number, wantsBeta = false): SubmitMove | undefined {
  const name = statusName(statusCode);
  if (name === "Unknown") return undefined;
  const actions = STATUS_TABLE[name].actions;
  for (const action of SUBMIT_ACTIONS) {
    const move = actions[action];
    if (!move?.to) continue;
    const betaOffered = Boolean(move.beta);
    const to = betaOffered && wantsBeta ? move.beta! : move.to;
    return { action, to, isBeta: to === "BetaAwaitingReview", betaOffered };
  }
  return undefined;
}

/** The first of `actions` the version's status allows, and where it leads. */
function firstMove<A extends VersionAction>(
  statusCode: number,
  actions: readonly A[],
): { action: A; to: VersionStatusName } | undefined {
  const name = statusName(statusCode);
  if (name === "Unknown") return undefined;
  for (const action of actions) {
    const to = STATUS_TABLE[name].actions[action]?.to;
    if (to) return { action, to };
  }
  return undefined;
}

/** The developer actions of `PUT app-submissions/archive/{id}`: told apart by the version's status (one of them per status). */
export const ARCHIVE_CALL_ACTIONS = [
  "withdraw",
  "rollbackToBeta",
  "archive",
] as const satisfies readonly VersionAction[];
export type ArchiveCallAction = (typeof ARCHIVE_CALL_ACTIONS)[number];

/** The action `PUT app-submissions/archive/{id}` performs on a version in this status, and where it leads. */
export const archiveCallMove = (statusCode: number) => firstMove(statusCode, ARCHIVE_CALL_ACTIONS);

/** The actions of `PUT app-submissions/go-live/{id}`. */
export const GO_LIVE_ACTIONS = [
  "pushToLive",
  "pushToBeta",
] as const satisfies readonly VersionAction[];
export type GoLiveAction = (typeof GO_LIVE_ACTIONS)[number];

export const goLiveMove = (statusCode: number) => firstMove(statusCode, GO_LIVE_ACTIONS);

/** Whether a pause (or unpause) request may be made in this status. */
export function requestAllowed(kind: "pause" | "unpause", statusCode: number): boolean {
  const name = statusName(statusCode);
  return name !== "Unknown" && Boolean(STATUS_TABLE[name].actions[kind]?.request);
}
