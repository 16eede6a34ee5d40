/** The pre-approval calls. */

import { endpoint, lookup } from "../endpoint";
import { DOCUMENT_LIST_RULE_CODES } from "../submissions/rules";
import { preApproval, preApprovalList, preApprovalRequest } from "./schemas";

/** The group's pre-approvals, newest first (withdrawn ones left out). */
export const listPreApprovals = lookup("apps/group/:groupId/approvals", preApprovalList);

/** A new pre-approval, pending (10): 201 with it. */
export const createPreApproval = endpoint({
  method: "POST",
  created: true,
  path: "app-approvals",
  body: preApprovalRequest,
  refusals: {
    400: [...DOCUMENT_LIST_RULE_CODES, "versionMajorLive", "versionNotFound"],
    404: true,
    409: ["appArchived", "preApprovalExists"],
  },
  answer: preApproval,
});

/** Withdraws a pending pre-approval ('pre-approval withdrawn'). */
export const withdrawPreApproval = endpoint({
  method: "PUT",
  path: "app-approvals/withdraw/:id",
  refusals: { 404: true, 409: ["preApprovalNotPending"] },
  answer: preApproval,
});
