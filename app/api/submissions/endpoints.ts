/**
 * The submission calls (`app-submissions/*`), and the timeline of a
 * group's versions. `{id}` of pause, resume, go-live and archive is the app version's id
 * (docs/decisions/0050-submissions-and-pre-approvals.md). Every action is checked against the
 * status table (app/api/apps/status.ts); a refused one is a 409 with a rule code.
 */
import { endpoint, lookup } from "../endpoint";
import { DOCUMENT_LIST_RULE_CODES } from "./rules";
import {
  statusRequest,
  statusRequestBody,
  submission,
  submissionInit,
  submissionList,
  submissionRequest,
  timeline,
  versionMove,
} from "./schemas";

/** Prefilled contact data, the submit the status allows and what blocks it. */
export const getSubmissionInit = lookup("app-submissions/init/:versionId", submissionInit);

/** The group's submissions, newest first, withdrawn ones included (`isSoftDeleted`). */
export const listSubmissions = lookup("app-submissions/:groupId", submissionList);

/** Every state change of the group's versions, oldest first. */
export const getSubmissionTimeline = lookup("app-submissions/history/:groupId", timeline);

/** Submit (live or beta), submit to live from Beta, or resubmit: 201 with the submission. */
export const createSubmission = endpoint({
  method: "POST",
  created: true,
  path: "app-submissions",
  body: submissionRequest,
  refusals: {
    400: [
      ...DOCUMENT_LIST_RULE_CODES,
      "instanceNotFound",
      "invalidDate",
      "invalidPhone",
      "releaseDateInPast",
    ],
    404: true,
    409: [
      "actionNotAllowed",
      "appArchived",
      "platformConfigurationRequired",
      "preApprovalRequired",
      "priceRequired",
    ],
  },
  answer: submission,
});

/** A pause request for a Live or Beta version: the version stays as it is until the provider decides. */
export const requestPause = endpoint({
  method: "PUT",
  path: "app-submissions/pause/:id",
  body: statusRequestBody,
  refusals: { 404: true, 409: ["actionNotAllowed", "requestOpen"] },
  answer: statusRequest,
});

/** An unpause request for a Paused or BetaPaused version. */
export const requestResume = endpoint({
  method: "PUT",
  path: "app-submissions/resume/:id",
  body: statusRequestBody,
  refusals: { 404: true, 409: ["actionNotAllowed", "requestOpen"] },
  answer: statusRequest,
});

/** Push to live (QueuedForLive, BetaQueuedForLive) or to beta (QueuedForBeta). */
export const goLive = endpoint({
  method: "PUT",
  path: "app-submissions/go-live/:id",
  refusals: { 404: true, 409: ["actionNotAllowed"] },
  answer: versionMove,
});

/**
 * Withdraw the submission (the three awaiting-review statuses), roll back to beta
 * (BetaQueuedForLive) or archive (Rejected, BetaRejected, QueuedForLive, QueuedForBeta,
 * Paused, BetaPaused): the version's status tells which (`archiveCallMove`).
 */
export const archiveVersion = endpoint({
  method: "PUT",
  path: "app-submissions/archive/:id",
  refusals: { 404: true, 409: ["actionNotAllowed"] },
  answer: versionMove,
});
