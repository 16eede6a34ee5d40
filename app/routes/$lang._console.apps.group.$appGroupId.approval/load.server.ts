/**
 * What the approval page reads: the app group (the company's), its pre-approvals, and the
 * major versions a new one may name.
 */
import type { AppLoadContext } from "@remix-run/node";
import { listPreApprovals } from "~/api/approvals/endpoints";
import {
  canCreatePreApproval,
  canWithdrawPreApproval,
  preApprovableMajors,
} from "~/api/approvals/rules";
import { requireUser } from "~/auth.server";
import { preApprovalSchema } from "~/forms/review.server";
import { formRules } from "~/forms/rules.server";
import i18next from "~/i18next.server";
import { fetchAppGroup, groupErrorResponse } from "~/lib/apps/group.server";
import { formatDate } from "~/lib/dates";
import { hasFailed, pageTitle } from "~/lib/title";

/** The group's major versions a pre-approval may name, each by its first version's id. */
function majorChoices(
  versions: readonly { versionMajor: number; versionMajorId: string; statusCode: number }[],
) {
  return preApprovableMajors(versions).map((major) => ({
    versionMajorId: versions.find((v) => v.versionMajor === major)?.versionMajorId ?? "",
    versionMajor: major,
  }));
}

export async function loadApprovals(
  request: Request,
  context: AppLoadContext,
  appGroupId: string | undefined,
) {
  const { api, language } = await requireUser(request, context);
  const group = await fetchAppGroup(api, appGroupId);
  const approvals = await api
    .call(listPreApprovals, { params: { groupId: group.appGroupId } })
    .catch((error: unknown) => {
      throw groupErrorResponse(error);
    });
  return {
    api,
    language,
    group,
    approvals,
    majors: majorChoices(group.versions).filter((m) => m.versionMajorId),
  };
}

/** The page's data: the group, its pre-approvals, and the form's rules when one may be made. */
export async function loadApprovalPage(
  request: Request,
  context: AppLoadContext,
  appGroupId: string | undefined,
) {
  const { group, approvals, majors, language } = await loadApprovals(request, context, appGroupId);
  const t = await i18next.getFixedT(request, ["review", "common"]);
  const canCreate = canCreatePreApproval(approvals);
  return {
    title: pageTitle(
      t,
      t("review:preApproval.pageTitle", { name: group.name }),
      hasFailed(context),
    ),
    group: {
      appGroupId: group.appGroupId,
      name: group.name,
      isArchived: group.isArchived,
      isPreApprovalRequired: group.isPreApprovalRequired,
    },
    canCreate,
    majors,
    // The form's rules, when the page can show it (`?new=1`).
    rules: canCreate
      ? formRules(
          preApprovalSchema(t, language, { versionMajorIds: majors.map((m) => m.versionMajorId) }),
        )
      : null,
    approvals: approvals.map((p) => ({
      id: p.id,
      version: `${p.versionMajor}`,
      status: p.status,
      canWithdraw: canWithdrawPreApproval(p),
      submitted: formatDate(p.date) ?? "",
      submittedBy: p.submittedBy,
      reviewed: formatDate(p.reviewDate),
      notes: p.submissionNotes,
      reviewNotes: p.reviewNotes?.trim() ? p.reviewNotes : null,
      documents: p.documents.map((d) => d.fileName),
    })),
  };
}
