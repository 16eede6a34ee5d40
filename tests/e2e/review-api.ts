/**
 * The review lifecycle's set-up through the provider API and the reviewer's endpoints
 * (`provider.admin`), for e2e tests that need an app, a submission or a version status in a
 * known state before the page opens.
 */
import { randomUUID } from "node:crypto";
import { png } from "../../server/conformance/files";
import { provider } from "./fixtures";

export async function ok<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
export const admin = (path: string, method: string, body?: unknown) =>
  provider.admin(path, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
export const api = (token: string, path: string, method = "GET", body?: unknown) =>
  provider.apiFetch(
    path,
    { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
    token,
  );

/**
 * The reviewer makes one call of the API (`/api/...`) fail for one company only
 * (`PUT /admin/faults` with its id), so tests running beside it are not disturbed; `clear` ends it.
 */
export async function failForCompany(
  companyId: string,
  method: string,
  path: string,
  status = 503,
) {
  const fault = { method, path, companyId };
  await ok(await admin("faults", "PUT", { ...fault, status }), "set fault");
  return {
    clear: async () =>
      void (await ok(await admin(`faults?${new URLSearchParams(fault)}`, "DELETE"), "clear fault")),
  };
}

export interface ReviewApp {
  versionId: string;
  groupId: string;
  name: string;
}

/**
 * A connector app (no platform configuration needed) with a complete listing; `ready` also
 * lifts the price and pre-approval requirements, so nothing keeps it from being submitted.
 */
export async function createReviewApp(
  token: string,
  options: { ready?: boolean; listing?: boolean; appType?: number } = {},
): Promise<ReviewApp> {
  const name = `Review ${randomUUID().slice(0, 6)}`;
  const details = {
    name,
    description: "Goes through review.",
    countryCode: "AU",
    categoryId: 1,
    appType: options.appType ?? 1,
  };
  const versionId = randomUUID();
  const saved = await ok<{ groupAppId: string }>(
    await api(token, "apps", "POST", { id: versionId, details }),
    "POST apps",
  );
  if (options.listing !== false) {
    const form = new FormData();
    form.append("file", new Blob([png(256, 256) as BlobPart], { type: "image/png" }), "icon.png");
    const icon = await ok<{ id: string; url: string }>(
      await provider.apiFetch("images?purpose=icon", { method: "POST", body: form }, token),
      "POST images",
    );
    const marketplace = {
      detail: {
        description: `<p>${"An overview of the app. ".repeat(12)}</p>`,
        websiteUrl: "https://example.com",
        supportUrl: "https://example.com/support",
        contactEmail: "help@example.com",
      },
      legal: {
        privacyPolicyUrl: "https://example.com/privacy",
        termsOfServiceUrl: "https://example.com/terms",
      },
      promo: { appIcon: icon },
    };
    await ok(await api(token, `apps/${versionId}`, "PUT", { details, marketplace }), "PUT apps");
  }
  if (options.ready !== false)
    await ok(
      await admin(`app-groups/${saved.groupAppId}/flags`, "PUT", {
        isPreApprovalRequired: false,
        isPriceRequired: false,
      }),
      "flags",
    );
  return { versionId, groupId: saved.groupAppId, name };
}

/** The reviewer puts a version in a status (the set-up of a state the test starts from). */
export const setStatus = async (versionId: string, statusCode: number) =>
  ok(await admin(`versions/${versionId}/status`, "PUT", { statusCode }), "status");

export interface StoredSubmission {
  id: string;
  appId: string;
  status: number;
  isSoftDeleted: boolean;
}
export async function submissionsOf(token: string, groupId: string) {
  return ok<StoredSubmission[]>(await api(token, `app-submissions/${groupId}`), "submissions");
}
export async function preApprovalsOf(token: string, groupId: string) {
  return ok<{ id: string; status: number }[]>(
    await api(token, `apps/group/${groupId}/approvals`),
    "pre-approvals",
  );
}
export async function openSubmission(token: string, app: ReviewApp) {
  const list = await submissionsOf(token, app.groupId);
  const open = list.find((s) => s.status === 0 && !s.isSoftDeleted);
  if (!open) throw new Error("no submission awaiting review");
  return open.id;
}
export const review = async (id: string, decision: "approve" | "reject", notes = "") =>
  ok(await admin(`submissions/${id}/review`, "PUT", { decision, notes }), "review");
export const statusOf = async (token: string, id: string) =>
  (
    await ok<{ statusCode: number; isLiveSubmissionRejected: boolean }>(
      await api(token, `apps/${id}`),
      "GET apps",
    )
  ).statusCode;
