/**
 * Helpers of the review lifecycle suites (submissions.test.ts, approvals.test.ts): an app
 * made ready to submit, the developer's calls, the reviewer's endpoints, and refusals with
 * their rule codes.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { preApproval, preApprovalList } from "~/api/approvals/schemas";
import { appSaveResponse, appVersion } from "~/api/apps/schemas";
import {
  type SubmissionRequest,
  statusRequest,
  submission,
  submissionInit,
  submissionList,
  timeline,
  versionMove,
} from "~/api/submissions/schemas";
import { fileForm, pdf } from "../../server/conformance/files";
import { admin, expectErrorShape, type TestCompany } from "./support";

export const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

export async function ok<T>(res: Response, status = 200): Promise<T> {
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A refusal in the error shape with `status`, naming `field` with `code` in `errors`. */
export async function expectRefused(res: Response, status: number, errors: Record<string, string>) {
  expect(res.status, JSON.stringify(errors)).toBe(status);
  const body = await expectErrorShape(res);
  expect(body.errors).toMatchObject(errors);
  expect(Object.keys(errors)).toContain(body.field);
  return body;
}

export interface TestApp {
  versionId: string;
  groupId: string;
}

/** A new app (version 1.000 in Sandbox) of the company. */
export async function createApp(
  company: TestCompany,
  overrides: { appType?: number; countryCode?: string } = {},
): Promise<TestApp> {
  const details = {
    name: "Review Lifecycle App",
    description: "An app going through review.",
    countryCode: "AU",
    categoryId: 1,
    appType: 0,
    ...overrides,
  };
  const saved = appSaveResponse.parse(
    await ok(await company.api("apps", json("POST", { id: randomUUID(), details })), 201),
  );
  return { versionId: saved.id, groupId: saved.groupAppId };
}

export async function setFlags(
  groupId: string,
  flags: { isPreApprovalRequired?: boolean; isPriceRequired?: boolean },
) {
  await ok(await admin(`app-groups/${groupId}/flags`, json("PUT", flags)));
}

export async function configurePlatform(versionId: string, platform = "web") {
  await ok(
    await admin(`versions/${versionId}/platform-schemas/${platform}`, json("PUT", { views: [] })),
  );
}

/** An app nothing keeps from being submitted: a web configuration, no price or pre-approval required. */
export async function readyApp(company: TestCompany): Promise<TestApp> {
  const app = await createApp(company);
  await Promise.all([
    configurePlatform(app.versionId),
    setFlags(app.groupId, { isPreApprovalRequired: false, isPriceRequired: false }),
  ]);
  return app;
}

export const contact = {
  contactName: "Ada Lovelace",
  contactEmail: "ada@example.com",
  contactPhoneNumber: "+61 2 9999 0000",
  submissionNotes: "Please review this version.",
};

export const postSubmission = (
  company: TestCompany,
  body: Partial<SubmissionRequest> & { appId: string },
) => company.api("app-submissions", json("POST", { ...contact, ...body }));

export async function submit(
  company: TestCompany,
  appId: string,
  extra: Partial<SubmissionRequest> = {},
) {
  return submission.parse(await ok(await postSubmission(company, { appId, ...extra }), 201));
}

export const getVersion = async (company: TestCompany, id: string) =>
  appVersion.parse(await ok(await company.api(`apps/${id}`)));
export const statusOf = async (company: TestCompany, id: string) =>
  (await getVersion(company, id)).status;
export const init = async (company: TestCompany, id: string) =>
  submissionInit.parse(await ok(await company.api(`app-submissions/init/${id}`)));
export const submissions = async (company: TestCompany, groupId: string) =>
  submissionList.parse(await ok(await company.api(`app-submissions/${groupId}`)));
export const history = async (company: TestCompany, groupId: string) =>
  timeline.parse(await ok(await company.api(`app-submissions/history/${groupId}`)));
export const goLive = async (company: TestCompany, id: string) =>
  versionMove.parse(await ok(await company.api(`app-submissions/go-live/${id}`, json("PUT"))));
export const archive = async (company: TestCompany, id: string) =>
  versionMove.parse(await ok(await company.api(`app-submissions/archive/${id}`, json("PUT"))));

export const requester = {
  name: "Grace Hopper",
  email: "grace@example.com",
  phone: "0400 000 000",
  reason: "Planned maintenance.",
};
export async function request(company: TestCompany, kind: "pause" | "resume", id: string) {
  return statusRequest.parse(
    await ok(await company.api(`app-submissions/${kind}/${id}`, json("PUT", requester))),
  );
}

// The reviewer.

export async function review(submissionId: string, decision: "approve" | "reject", notes = "") {
  return ok<{
    status: number;
    statusText: string;
    versionStatus: string;
    isLiveSubmissionRejected: boolean;
  }>(await admin(`submissions/${submissionId}/review`, json("PUT", { decision, notes })));
}

export async function reviewPreApproval(id: string, decision: "approve" | "reject", notes = "") {
  return ok<{ status: number; reviewNotes: string }>(
    await admin(`pre-approvals/${id}/review`, json("PUT", { decision, notes })),
  );
}

export async function decide(requestId: string, decision: "approve" | "decline", notes = "") {
  return ok<{ status: number; versionStatus: string }>(
    await admin(`status-requests/${requestId}/decision`, json("PUT", { decision, notes })),
  );
}

export async function pending() {
  return ok<{
    submissions: { id: string }[];
    preApprovals: { id: string }[];
    requests: { id: string; kind: string }[];
  }>(await admin("pending"));
}

// Documents and pre-approvals.

export async function uploadPdf(
  company: TestCompany,
  options: { minBytes?: number } = {},
  name = "supporting.pdf",
) {
  return ok<{ id: string; fileSize: number }>(
    await company.api("files?fileType=0", { method: "POST", body: fileForm(pdf(options), name) }),
    201,
  );
}

export const postPreApproval = (company: TestCompany, body: Record<string, unknown>) =>
  company.api("app-approvals", json("POST", body));

export async function createPreApproval(
  company: TestCompany,
  app: TestApp,
  documents: string[] = [],
) {
  return preApproval.parse(
    await ok(
      await postPreApproval(company, {
        groupId: app.groupId,
        versionMajorId: app.versionId,
        submissionNotes: "Our app reads matters.",
        documents,
      }),
      201,
    ),
  );
}

export const preApprovals = async (company: TestCompany, groupId: string) =>
  preApprovalList.parse(await ok(await company.api(`apps/group/${groupId}/approvals`)));
