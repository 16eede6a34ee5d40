/**
 * The reviewer's calls (under /admin/, not the provider API): each as an endpoint object, so
 * its routes read their query and body as the API's do (server/sandbox/http/route.ts). The
 * answers are the reviewer service's own; only the console's contract holds answer shapes.
 */
import { z } from "zod";
import { APP_LEVELS, APP_PLATFORMS } from "~/api/apps/rules";
import { isVersionStatusCode } from "~/api/apps/status";
import { endpoint, type Method } from "~/api/endpoint";
import { FAULT_STATUSES } from "./faults";

const answer = z.unknown();
const trueOrFalse = z.boolean({ message: "must be true or false" });
const notes = z
  .string({ message: "must be text" })
  .max(3000, { message: "must be at most 3000 characters" })
  .optional();
const levels = Object.values(APP_LEVELS) as number[];

/**
 * A reviewer call about one entity by its id: a malformed or unknown id is its 404; `conflicts`
 * are the codes of its 409s (a state the move or decision cannot come from).
 */
const about = <const P extends string, B extends z.ZodType | undefined = undefined>(
  method: Method,
  path: P,
  body?: B,
  conflicts?: readonly string[],
) =>
  endpoint({
    method,
    path,
    body: body as B,
    answer,
    refusals: conflicts ? { 404: true, 409: conflicts } : { 404: true },
  });

/** The platforms of a schema document, by name in the path. */
export const PLATFORM_NAMES = APP_PLATFORMS as readonly string[];

export const listCompanies = endpoint({ method: "GET", path: "companies", answer });
export const getCompany = about("GET", "companies/:id");
/** Approves the company's details submitted for review (no body): hasAwaitingSubmission cleared. */
export const approveCompanyDetails = about("PUT", "companies/:id/approve-details");
/** `{ integratorType: 0 | 1 }`: the company's integratorType (its locations and a matter view's window options). */
export const setIntegratorType = about(
  "PUT",
  "companies/:id/integrator-type",
  z.object({
    integratorType: z.union([z.literal(0), z.literal(1)], { message: "must be 0 or 1" }),
  }),
);

export const listUsers = endpoint({
  method: "GET",
  path: "users",
  query: z.object({ companyId: z.uuid({ message: "must be a company id" }).optional() }),
  answer,
});
export const verifyUser = about("POST", "users/:id/verify");
export const setAccessToTest = about(
  "PUT",
  "users/:id/access-to-test",
  z.object({ hasAccessToTest: trueOrFalse }),
);
export const setSuspended = about(
  "PUT",
  "users/:id/suspended",
  z.object({ suspended: trueOrFalse }),
);

/** `{ statusCode, isLiveSubmissionRejected? }`: moves a version to any status. */
export const setVersionStatus = about(
  "PUT",
  "versions/:id/status",
  z.object({
    statusCode: z
      .number({ message: "must be a version status code" })
      .refine(isVersionStatusCode, { message: "must be a version status code" }),
    isLiveSubmissionRejected: trueOrFalse.optional(),
  }),
  ["unreachable"],
);

/** `{ isPreApprovalRequired?, isPriceRequired?, appLevel? }`: the provider's flags of an app group. */
export const setAppGroupFlags = about(
  "PUT",
  "app-groups/:id/flags",
  z.object({
    isPreApprovalRequired: trueOrFalse.optional(),
    isPriceRequired: trueOrFalse.optional(),
    appLevel: z
      .number({ message: `must be one of ${levels.join(", ")}` })
      .refine((value) => levels.includes(value), {
        message: `must be one of ${levels.join(", ")}`,
      })
      .optional(),
  }),
);

/** The body is the platform's schema document; `platform` is desktop, web, mobile or reporting. */
export const setPlatformSchema = about(
  "PUT",
  "versions/:id/platform-schemas/:platform",
  z.record(z.string(), z.unknown(), { message: "must be a JSON object" }),
);

/** What waits for the reviewer: submissions awaiting review, pending pre-approvals, open pause and unpause requests, prices to review. */
export const listPending = endpoint({ method: "GET", path: "pending", answer });

const review = z.object({
  decision: z.enum(["approve", "reject"], { error: "must be approve or reject" }),
  notes,
});
/** `{ decision: approve|reject, notes? }`: the review of a submission; its version moves as the status table says. */
export const reviewSubmission = about("PUT", "submissions/:id/review", review, [
  "notAwaitingReview",
  "actionNotAllowed",
]);
/** `{ decision: approve|reject, notes? }`: the review of a pending pre-approval. */
export const reviewPreApproval = about("PUT", "pre-approvals/:id/review", review, [
  "preApprovalNotPending",
]);
/** `{ decision: approve|reject, notes? }`: the review of a price or price change waiting for review. */
export const reviewPrice = about("PUT", "prices/:id/review", review, ["priceNotAwaitingReview"]);

/** Grants each tab's live-app client the permissions of its sandbox-app client (no body). */
export const grantLivePermissions = about("PUT", "app-groups/:id/live-permissions", undefined, [
  "clientsNotGenerated",
]);
/** Pushes a queued version live (QueuedForLive, BetaQueuedForLive) or to beta (QueuedForBeta). */
export const goLive = about("PUT", "versions/:id/go-live", undefined, ["actionNotAllowed"]);
/** `{ decision: approve|decline, notes? }`: the provider's decision on a pause or unpause request. */
export const decideRequest = about(
  "PUT",
  "status-requests/:id/decision",
  z.object({
    decision: z.enum(["approve", "decline"], { error: "must be approve or decline" }),
    notes,
  }),
  ["requestDecided", "actionNotAllowed"],
);

/** `{ firmId, firmName?, count }`: a firm using a live or beta app version (count 0 removes the firm's row). */
export const recordUsage = about(
  "PUT",
  "versions/:id/usage",
  z.object({
    firmId: z
      .string({ message: "is required" })
      .trim()
      .min(1, { message: "is required" })
      .max(100, { message: "must be at most 100 characters" }),
    firmName: z
      .string({ message: "must be text" })
      .max(200, { message: "must be at most 200 characters" })
      .nullable()
      .optional(),
    count: z
      .number({ message: "must be a number" })
      .int({ message: "must be a whole number" })
      .min(0, { message: "must be at least 0" })
      .max(1_000_000, { message: "must be at most 1000000" }),
  }),
  ["notLiveOrBeta"],
);

const fault = z.object({
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"], {
    error: "must be GET, POST, PUT, PATCH or DELETE",
  }),
  path: z
    .string({ message: "must be a path of the API" })
    .max(2000, { message: "must be at most 2000 characters" })
    .regex(/^\/api\/[^?#]+$/, { message: "must be a path of the API, from /api/ on" }),
  companyId: z.uuid({ message: "must be a company id" }).optional(),
});

/**
 * `{ method, path, status, companyId? }`: that call of the API answers `status` (500, 502 or
 * 503) until the fault is cleared; with `companyId`, only to that company's callers.
 */
export const addFault = endpoint({
  method: "PUT",
  path: "faults",
  body: fault.extend({ status: z.literal(FAULT_STATUSES, { error: "must be 500, 502 or 503" }) }),
  answer,
});
/** `?method=&path=[&companyId=]`: clears the fault of that call (of that company). */
export const clearFault = endpoint({ method: "DELETE", path: "faults", query: fault, answer });

/** The history of an entity by its id: what changed, from and to which state, by whom, when. */
export const listChanges = endpoint({
  method: "GET",
  path: "changes",
  query: z.object({ entityId: z.string().min(1, "is required").max(200) }),
  answer,
});

export const readOutbox = endpoint({
  method: "GET",
  path: "outbox",
  query: z.object({
    to: z.string().optional(),
    limit: z.coerce.number({ message: "must be a number" }).int().min(1).max(500).optional(),
  }),
  answer,
});
