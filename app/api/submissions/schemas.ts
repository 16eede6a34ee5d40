/**
 * Wire shapes of the submission calls (`app-submissions/*`): the
 * Submission entity, the prefilled contact data with what may be submitted, the submit and
 * pause-request bodies, the answer of a version's move, and the state-history timeline. The
 * shapes only: the rules (rules.ts) decide what a value may be.
 */
import * as z from "zod";
import { storableText } from "../common";

const dateTime = z.string();

/** Text that may be sent as null or left out (then ""); the database must be able to store it. */
const inText = z.preprocess((value) => value ?? "", storableText({ message: "must be text" }));
/** An id that must be sent. */
const inId = storableText({ message: "is required" });

/** A document as the submission and pre-approval answers list it. */
export const documentRef = z.object({
  id: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  url: z.string(),
});
export type DocumentRef = z.infer<typeof documentRef>;

/** The Submission entity. */
export const submission = z.object({
  id: z.string(),
  /** The app version submitted. */
  appId: z.string(),
  appGroupId: z.string(),
  /** The version as it was submitted, 1.000 style. */
  version: z.string(),
  /** SUBMISSION_STATUS: 0 awaiting review, 1 rejected, 2 approved, 3 archived. */
  status: z.number().int(),
  /** A review status text of SUBMISSION_STATUS_TEXTS. */
  statusText: z.string(),
  /** Withdrawn ('withdrew'). */
  isSoftDeleted: z.boolean(),
  submissionDateTime: dateTime,
  reviewDateTime: dateTime.nullable(),
  /** The name of the user who submitted it. */
  submittedBy: z.string().nullable(),
  submissionNotes: z.string(),
  reviewNotes: z.string().nullable(),
  documents: z.array(documentRef),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhoneNumber: z.string(),
  instanceId: z.string().nullable(),
  releaseDateAndTime: dateTime.nullable(),
  /** A submission to beta (its version goes to QueuedForBeta when approved). */
  isBeta: z.boolean(),
});
export type Submission = z.infer<typeof submission>;
export const submissionList = z.array(submission);

/**
 * GET app-submissions/init/{versionId}: the dialog's prefilled contact data (of the group's
 * last submission, else the user and the company), which submit the version's status allows
 * (`action` null when none), whether beta may be chosen and the beta flag a resubmit keeps,
 * and what blocks a submit now (codes of SUBMISSION_BLOCKERS).
 */
export const submissionInit = z.object({
  appId: z.string(),
  appGroupId: z.string(),
  version: z.string(),
  statusCode: z.number().int(),
  action: z.enum(["submit", "submitToLive", "resubmit"]).nullable(),
  isBetaOffered: z.boolean(),
  isBeta: z.boolean(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhoneNumber: z.string(),
  blockers: z.array(z.string()),
});
export type SubmissionInit = z.infer<typeof submissionInit>;

/**
 * POST app-submissions: submit, submit to live (from Beta) or resubmit, as the version's
 * status allows. `appId` names the version. `isBeta` counts only on a first submit from
 * Sandbox; left-out `releaseDateAndTime` is now.
 */
export const submissionRequest = z.object({
  appId: inId,
  instanceId: storableText({ message: "must be the id of a sandbox account" })
    .nullable()
    .optional(),
  releaseDateAndTime: storableText({ message: "must be a date and time" }).nullable().optional(),
  submissionNotes: inText,
  isBeta: z.boolean({ message: "must be true or false" }).nullable().optional(),
  contactName: inText,
  contactEmail: inText,
  contactPhoneNumber: inText,
  /** Ids of uploaded documents (`POST files?fileType=0`). */
  documents: z.preprocess(
    (value) => value ?? [],
    z.array(storableText({ message: "must be the id of an uploaded document" }), {
      message: "must be a list of document ids",
    }),
  ),
});
export type SubmissionRequest = z.input<typeof submissionRequest>;

/** PUT app-submissions/pause/{versionId} and resume/{versionId}: the requester and the reason. */
export const statusRequestBody = z.object({
  name: inText,
  email: inText,
  phone: inText,
  reason: inText,
});
export type StatusRequestBody = z.input<typeof statusRequestBody>;

/** A pause or unpause request: open (0) until the provider approves (2) or declines (1) it. */
export const STATUS_REQUEST_STATUS = { open: 0, declined: 1, approved: 2 } as const;

export const statusRequest = z.object({
  id: z.string(),
  appId: z.string(),
  kind: z.enum(["pause", "unpause"]),
  status: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  reason: z.string(),
  requestDateTime: dateTime,
  decisionDateTime: dateTime.nullable(),
});
export type StatusRequest = z.infer<typeof statusRequest>;

/** The answer of a move of a version (go-live, archive, withdraw, roll back): what was done and where the version is now. */
export const versionMove = z.object({
  appId: z.string(),
  appGroupId: z.string(),
  /** The version action performed (VERSION_ACTIONS). */
  action: z.string(),
  statusCode: z.number().int(),
  status: z.string(),
  isLiveSubmissionRejected: z.boolean(),
  appWentLiveDateTime: dateTime.nullable(),
});
export type VersionMove = z.infer<typeof versionMove>;

/**
 * One state change of a version in the timeline (GET app-submissions/history/{groupId}):
 * who (`by` developer or provider, with the user's name for a developer), when, what
 * (`action`: a VERSION_ACTIONS or PROVIDER_DECISIONS name, `declinePause`, `declineUnpause`,
 * or `created`), the statuses before and after, and the notes given (submission notes, review
 * notes, a request's reason).
 */
export const timelineEntry = z.object({
  appId: z.string(),
  version: z.string(),
  at: dateTime,
  action: z.string(),
  by: z.enum(["developer", "provider"]),
  byName: z.string().nullable(),
  fromStatusCode: z.number().int().nullable(),
  toStatusCode: z.number().int().nullable(),
  notes: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;
export const timeline = z.array(timelineEntry);
