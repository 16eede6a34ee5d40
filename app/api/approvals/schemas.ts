/** Wire shapes of the pre-approval calls. */
import * as z from "zod";
import { storableText } from "../common";
import { documentRef } from "../submissions/schemas";

/** The Pre-approval entity. Withdrawn ones are not listed. */
export const preApproval = z.object({
  id: z.string(),
  groupId: z.string(),
  /** The first version of the major version. */
  versionMajorId: z.string(),
  versionMajor: z.number().int(),
  /** PRE_APPROVAL_STATUS: 10 pending, 11 rejected, 100 approved. */
  status: z.number().int(),
  isWithdrawn: z.boolean(),
  submissionNotes: z.string(),
  documents: z.array(documentRef),
  /** When it was submitted. */
  date: z.string(),
  /** The name of the user who submitted it. */
  submittedBy: z.string().nullable(),
  reviewDate: z.string().nullable(),
  reviewNotes: z.string().nullable(),
});
export type PreApproval = z.infer<typeof preApproval>;
export const preApprovalList = z.array(preApproval);

/** POST app-approvals. `versionMajorId` may name any version of the major version. */
export const preApprovalRequest = z.object({
  groupId: storableText({ message: "is required" }),
  versionMajorId: z.preprocess(
    (value) => value ?? "",
    storableText({ message: "must be the id of a version" }),
  ),
  submissionNotes: z.preprocess((value) => value ?? "", storableText({ message: "must be text" })),
  /** Ids of uploaded documents (`POST files?fileType=0`). */
  documents: z.preprocess(
    (value) => value ?? [],
    z.array(storableText({ message: "must be the id of an uploaded document" }), {
      message: "must be a list of document ids",
    }),
  ),
});
export type PreApprovalRequest = z.input<typeof preApprovalRequest>;
