/**
 * The review lifecycle over real HTTP (`app-submissions/*`), with
 * the reviewer's endpoints: submit, reject, resubmit, approve, push live; the beta path, beta
 * to live, its rejection and roll back; pause and unpause requests approved and declined;
 * withdraw; archive; every blocker; the submit form's and the documents' rules; the timeline;
 * and a second company that finds none of it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_LIMITS } from "~/api/submissions/rules";
import { fileForm, pdf, png } from "../../server/conformance/files";
import {
  archive,
  configurePlatform,
  createApp,
  decide,
  expectRefused,
  getVersion,
  goLive,
  history,
  init,
  json,
  ok,
  pending,
  postSubmission,
  readyApp,
  request,
  requester,
  review,
  setFlags,
  statusOf,
  submissions,
  submit,
  uploadPdf,
} from "./review-support";
import { admin, newCompany, sandboxUrl, type TestCompany } from "./support";

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
});

describe("submitting for review", () => {
  it("prefills the contact and names what the status allows and what blocks it", async () => {
    const app = await createApp(a);
    const prefilled = await init(a, app.versionId);
    expect(prefilled).toMatchObject({
      appId: app.versionId,
      appGroupId: app.groupId,
      version: "1.000",
      statusCode: 0,
      action: "submit",
      isBetaOffered: true,
      isBeta: false,
      contactEmail: a.email,
      blockers: ["priceRequired", "preApprovalRequired", "platformConfigurationRequired"],
    });
    expect(prefilled.contactName.length).toBeGreaterThan(0);
  });

  it("refuses each blocker with its rule code, and submits once none is left", async () => {
    const app = await createApp(a);
    const all = await expectRefused(await postSubmission(a, { appId: app.versionId }), 409, {
      price: "priceRequired",
      preApproval: "preApprovalRequired",
      platforms: "platformConfigurationRequired",
    });
    expect(all.detail).toMatch(/Unable to submit/);
    await setFlags(app.groupId, { isPriceRequired: false });
    const two = await expectRefused(await postSubmission(a, { appId: app.versionId }), 409, {
      preApproval: "preApprovalRequired",
    });
    expect(two.errors).not.toHaveProperty("price");
    await setFlags(app.groupId, { isPreApprovalRequired: false });
    const one = await expectRefused(await postSubmission(a, { appId: app.versionId }), 409, {
      platforms: "platformConfigurationRequired",
    });
    expect(one.detail).toMatch(/Please create platform configuration/);
    await configurePlatform(app.versionId, "mobile");
    await expectRefused(await postSubmission(a, { appId: app.versionId }), 409, {
      platforms: "platformConfigurationRequired",
    });
    await configurePlatform(app.versionId, "reporting");
    expect(await statusOf(a, app.versionId)).toBe("Sandbox");

    await ok(await a.api(`apps/group/${app.groupId}/setArchived?flag=true`, json("PUT")));
    await expectRefused(await postSubmission(a, { appId: app.versionId }), 409, {
      app: "appArchived",
    });
    expect((await init(a, app.versionId)).blockers).toEqual(["appArchived"]);
    await ok(await a.api(`apps/group/${app.groupId}/setArchived?flag=false`, json("PUT")));
    await submit(a, app.versionId);
    expect(await statusOf(a, app.versionId)).toBe("AwaitingReview");
  });

  it("lets a connector submit without platform configuration", async () => {
    const app = await createApp(a, { appType: 1 });
    await setFlags(app.groupId, { isPreApprovalRequired: false, isPriceRequired: false });
    expect((await init(a, app.versionId)).blockers).toEqual([]);
    await submit(a, app.versionId);
  });

  it("refuses a missing or invalid field of the form with its rule code, and stores nothing", async () => {
    const app = await readyApp(a);
    const empty = {
      contactName: "",
      contactEmail: "",
      contactPhoneNumber: " ",
      submissionNotes: "",
    };
    await expectRefused(await postSubmission(a, { appId: app.versionId, ...empty }), 400, {
      contactName: "required",
      contactEmail: "required",
      contactPhoneNumber: "required",
      submissionNotes: "required",
    });
    await expectRefused(
      await postSubmission(a, { appId: app.versionId, contactEmail: "ada@" }),
      400,
      { contactEmail: "invalidEmail" },
    );
    await expectRefused(
      await postSubmission(a, { appId: app.versionId, contactPhoneNumber: "call me" }),
      400,
      { contactPhoneNumber: "invalidPhone" },
    );
    await expectRefused(
      await postSubmission(a, {
        appId: app.versionId,
        submissionNotes: "n".repeat(SUBMISSION_LIMITS.notesMax + 1),
      }),
      400,
      { submissionNotes: "tooLong" },
    );
    await expectRefused(
      await postSubmission(a, { appId: app.versionId, releaseDateAndTime: "31/12/2030" }),
      400,
      { releaseDateAndTime: "invalidDate" },
    );
    await expectRefused(
      await postSubmission(a, { appId: app.versionId, releaseDateAndTime: "2020-01-01T00:00:00Z" }),
      400,
      { releaseDateAndTime: "releaseDateInPast" },
    );
    await expectRefused(
      await postSubmission(a, {
        appId: app.versionId,
        instanceId: "00000000-0000-4000-8000-000000000000",
      }),
      400,
      { instanceId: "instanceNotFound" },
    );
    expect(await submissions(a, app.groupId)).toEqual([]);
    expect(await statusOf(a, app.versionId)).toBe("Sandbox");
  });

  it("refuses an action the status table does not allow, with a clear detail", async () => {
    const app = await readyApp(a);
    const goLiveRefused = await expectRefused(
      await a.api(`app-submissions/go-live/${app.versionId}`, json("PUT")),
      409,
      { statusCode: "actionNotAllowed" },
    );
    expect(goLiveRefused.detail).toMatch(/Sandbox/);
    await expectRefused(await a.api(`app-submissions/archive/${app.versionId}`, json("PUT")), 409, {
      statusCode: "actionNotAllowed",
    });
    await expectRefused(
      await a.api(`app-submissions/pause/${app.versionId}`, json("PUT", requester)),
      409,
      { statusCode: "actionNotAllowed" },
    );
    await expectRefused(
      await a.api(`app-submissions/resume/${app.versionId}`, json("PUT", requester)),
      409,
      { statusCode: "actionNotAllowed" },
    );
    await submit(a, app.versionId);
    await expectRefused(await postSubmission(a, { appId: app.versionId }), 409, {
      statusCode: "actionNotAllowed",
    });
    expect(await submissions(a, app.groupId)).toHaveLength(1);
  });
});

describe("the live path", () => {
  it("submits, is rejected, resubmits, is approved and goes live, each step in the list and the timeline", async () => {
    const app = await readyApp(a);
    const first = await submit(a, app.versionId, { releaseDateAndTime: "2099-01-02T09:00:00Z" });
    expect(first).toMatchObject({
      appId: app.versionId,
      version: "1.000",
      status: 0,
      statusText: "Awaiting Review",
      isBeta: false,
      isSoftDeleted: false,
    });
    expect(first.releaseDateAndTime).toBe("2099-01-02T09:00:00.000Z");
    expect(first.submittedBy).toEqual(expect.any(String));
    expect((await pending()).submissions.map((s) => s.id)).toContain(first.id);

    expect(await review(first.id, "reject", "The listing needs screenshots.")).toMatchObject({
      status: 1,
      statusText: "Rejected",
      versionStatus: "Rejected",
    });
    await expectRefused(
      await admin(`submissions/${first.id}/review`, json("PUT", { decision: "approve" })),
      409,
      { status: "notAwaitingReview" },
    );
    const rejected = (await submissions(a, app.groupId))[0];
    expect(rejected).toMatchObject({
      status: 1,
      statusText: "Rejected",
      reviewNotes: "The listing needs screenshots.",
    });
    expect(rejected.reviewDateTime).toEqual(expect.any(String));

    const resubmitInit = await init(a, app.versionId);
    expect(resubmitInit).toMatchObject({
      action: "resubmit",
      isBetaOffered: false,
      isBeta: false,
      contactName: "Ada Lovelace",
    });
    // The beta option is not offered on resubmit: the rejected state decides.
    const second = await submit(a, app.versionId, { isBeta: true });
    expect(second).toMatchObject({ statusText: "Awaiting Review", isBeta: false });
    expect(await statusOf(a, app.versionId)).toBe("AwaitingReview");

    expect(await review(second.id, "approve", "Looks good.")).toMatchObject({
      status: 2,
      statusText: "Approved",
      versionStatus: "QueuedForLive",
    });
    const live = await goLive(a, app.versionId);
    expect(live).toMatchObject({ action: "pushToLive", status: "Live", statusCode: 200 });
    expect(live.appWentLiveDateTime).toEqual(expect.any(String));
    expect((await getVersion(a, app.versionId)).appWentLiveDateTime).toBe(live.appWentLiveDateTime);

    const list = await submissions(a, app.groupId);
    expect(list.map((s) => s.id)).toEqual([second.id, first.id]);
    const steps = (await history(a, app.groupId)).map(
      (e) => `${e.by}:${e.action}:${e.toStatusCode}:${e.notes ?? ""}`,
    );
    expect(steps).toEqual([
      "developer:created:0:",
      "developer:submit:100:Please review this version.",
      "provider:reject:101:The listing needs screenshots.",
      "developer:resubmit:100:Please review this version.",
      "provider:approve:102:Looks good.",
      "developer:pushToLive:200:",
    ]);
    const entry = (await history(a, app.groupId))[1];
    expect(entry.byName).toEqual(expect.any(String));
    expect(entry.at).toEqual(expect.any(String));
  });

  it("lets the reviewer push a queued version, and a new Live version replaces the old one", async () => {
    const app = await readyApp(a);
    await review((await submit(a, app.versionId)).id, "approve");
    const pushed = await ok<{ status: string }>(
      await admin(`versions/${app.versionId}/go-live`, json("PUT")),
    );
    expect(pushed.status).toBe("Live");
    await expectRefused(await admin(`versions/${app.versionId}/go-live`, json("PUT")), 409, {
      statusCode: "actionNotAllowed",
    });
    expect((await history(a, app.groupId)).at(-1)).toMatchObject({
      by: "provider",
      action: "pushToLive",
    });
  });
});

describe("the beta path", () => {
  it("goes to beta, to live with a rejection and a roll back on the way, then live", async () => {
    const app = await readyApp(a);
    const beta = await submit(a, app.versionId, { isBeta: true });
    expect(beta).toMatchObject({ statusText: "Beta Awaiting Review", isBeta: true });
    expect(await review(beta.id, "reject", "Not yet.")).toMatchObject({
      statusText: "Beta Rejected",
      versionStatus: "BetaRejected",
    });

    expect(await init(a, app.versionId)).toMatchObject({
      action: "resubmit",
      isBetaOffered: false,
      isBeta: true,
    });
    const again = await submit(a, app.versionId, { isBeta: false });
    expect(again).toMatchObject({ statusText: "Beta Awaiting Review", isBeta: true });
    expect(await review(again.id, "approve")).toMatchObject({
      statusText: "Beta Approved",
      versionStatus: "QueuedForBeta",
    });
    expect(await goLive(a, app.versionId)).toMatchObject({ action: "pushToBeta", status: "Beta" });

    expect(await init(a, app.versionId)).toMatchObject({
      action: "submitToLive",
      isBetaOffered: false,
    });
    const toLive = await submit(a, app.versionId);
    expect(toLive).toMatchObject({ statusText: "Beta To Live Awaiting Review", isBeta: false });
    expect(await review(toLive.id, "reject", "Beta feedback first.")).toMatchObject({
      statusText: "Rejected",
      versionStatus: "Beta",
      isLiveSubmissionRejected: true,
    });
    expect(await getVersion(a, app.versionId)).toMatchObject({
      status: "Beta",
      isLiveSubmissionRejected: true,
    });

    await review((await submit(a, app.versionId)).id, "approve");
    expect(await getVersion(a, app.versionId)).toMatchObject({
      status: "BetaQueuedForLive",
      isLiveSubmissionRejected: false,
    });
    expect(await archive(a, app.versionId)).toMatchObject({
      action: "rollbackToBeta",
      status: "Beta",
    });

    await review((await submit(a, app.versionId)).id, "approve");
    expect(await goLive(a, app.versionId)).toMatchObject({ action: "pushToLive", status: "Live" });
    const actions = (await history(a, app.groupId)).map((e) => e.action);
    expect(actions).toEqual([
      "created",
      "submit",
      "reject",
      "resubmit",
      "approve",
      "pushToBeta",
      "submitToLive",
      "reject",
      "submitToLive",
      "approve",
      "rollbackToBeta",
      "submitToLive",
      "approve",
      "pushToLive",
    ]);
  });
});

describe("pause and unpause requests", () => {
  it("leaves the version as it is until the provider decides, declined or approved", async () => {
    const app = await readyApp(a);
    await review((await submit(a, app.versionId)).id, "approve");
    await goLive(a, app.versionId);

    const declined = await request(a, "pause", app.versionId);
    expect(declined).toMatchObject({
      appId: app.versionId,
      kind: "pause",
      status: 0,
      ...requester,
    });
    expect(await statusOf(a, app.versionId)).toBe("Live");
    await expectRefused(
      await a.api(`app-submissions/pause/${app.versionId}`, json("PUT", requester)),
      409,
      { statusCode: "requestOpen" },
    );
    expect((await pending()).requests.map((r) => r.id)).toContain(declined.id);
    expect(await decide(declined.id, "decline", "Not during end of month.")).toMatchObject({
      status: 1,
      versionStatus: "Live",
    });
    await expectRefused(
      await admin(`status-requests/${declined.id}/decision`, json("PUT", { decision: "approve" })),
      409,
      { status: "requestDecided" },
    );

    const approved = await request(a, "pause", app.versionId);
    expect(await decide(approved.id, "approve", "Paused as asked.")).toMatchObject({
      status: 2,
      versionStatus: "Paused",
    });

    const unpauseDeclined = await request(a, "resume", app.versionId);
    expect(unpauseDeclined.kind).toBe("unpause");
    expect(await decide(unpauseDeclined.id, "decline")).toMatchObject({ versionStatus: "Paused" });
    expect(await decide((await request(a, "resume", app.versionId)).id, "approve")).toMatchObject({
      versionStatus: "Live",
    });

    const steps = (await history(a, app.groupId))
      .slice(-8)
      .map((e) => `${e.by}:${e.action}:${e.toStatusCode}`);
    expect(steps).toEqual([
      "developer:pause:200",
      "provider:declinePause:200",
      "developer:pause:200",
      "provider:pause:300",
      "developer:unpause:300",
      "provider:declineUnpause:300",
      "developer:unpause:300",
      "provider:unpause:200",
    ]);
    expect((await history(a, app.groupId)).find((e) => e.action === "declinePause")?.notes).toBe(
      "Not during end of month.",
    );
  });

  it("pauses and unpauses a Beta version", async () => {
    const app = await readyApp(a);
    await review((await submit(a, app.versionId, { isBeta: true })).id, "approve");
    await goLive(a, app.versionId);
    expect(await decide((await request(a, "pause", app.versionId)).id, "approve")).toMatchObject({
      versionStatus: "BetaPaused",
    });
    expect(await decide((await request(a, "resume", app.versionId)).id, "approve")).toMatchObject({
      versionStatus: "Beta",
    });
  });

  it("refuses a request with a missing field", async () => {
    const app = await readyApp(a);
    await expectRefused(
      await a.api(`app-submissions/pause/${app.versionId}`, json("PUT", {})),
      400,
      { name: "required", email: "required", phone: "required", reason: "required" },
    );
  });
});

describe("withdraw and archive", () => {
  it("withdraws a submission awaiting review: the version goes back, the submission is kept as withdrawn", async () => {
    const app = await readyApp(a);
    const sent = await submit(a, app.versionId);
    expect(await archive(a, app.versionId)).toMatchObject({
      action: "withdraw",
      status: "Sandbox",
    });
    expect((await submissions(a, app.groupId))[0]).toMatchObject({
      id: sent.id,
      isSoftDeleted: true,
      status: 0,
    });
    expect((await pending()).submissions.map((s) => s.id)).not.toContain(sent.id);
    expect((await history(a, app.groupId)).at(-1)).toMatchObject({
      action: "withdraw",
      by: "developer",
      toStatusCode: 0,
    });
    expect((await init(a, app.versionId)).action).toBe("submit");
  });

  it("withdraws a beta version's submission to live back to Beta", async () => {
    const app = await readyApp(a);
    await review((await submit(a, app.versionId, { isBeta: true })).id, "approve");
    await goLive(a, app.versionId);
    await submit(a, app.versionId);
    expect(await archive(a, app.versionId)).toMatchObject({ action: "withdraw", status: "Beta" });
  });

  it("archives a rejected version, and then allows nothing more", async () => {
    const app = await readyApp(a);
    await review((await submit(a, app.versionId)).id, "reject");
    expect(await archive(a, app.versionId)).toMatchObject({
      action: "archive",
      status: "Archived",
    });
    await expectRefused(await a.api(`app-submissions/archive/${app.versionId}`, json("PUT")), 409, {
      statusCode: "actionNotAllowed",
    });
    await expectRefused(await postSubmission(a, { appId: app.versionId }), 409, {
      statusCode: "actionNotAllowed",
    });
  });

  it("archives a paused version", async () => {
    const app = await readyApp(a);
    await review((await submit(a, app.versionId)).id, "approve");
    await goLive(a, app.versionId);
    await decide((await request(a, "pause", app.versionId)).id, "approve");
    const archived = await archive(a, app.versionId);
    expect(archived).toMatchObject({ action: "archive", status: "Archived" });
    expect((await getVersion(a, app.versionId)).appStoppedLiveDateTime).toEqual(expect.any(String));
  });
});

describe("supporting documents", () => {
  it("keeps the company's PDFs with the submission", async () => {
    const app = await readyApp(a);
    const [one, two] = await Promise.all([
      uploadPdf(a, {}, "one.pdf"),
      uploadPdf(a, {}, "two.pdf"),
    ]);
    const sent = await submit(a, app.versionId, { documents: [one.id, two.id] });
    expect(sent.documents.map((d) => d.fileName)).toEqual(["one.pdf", "two.pdf"]);
    expect((await submissions(a, app.groupId))[0].documents.map((d) => d.id).sort()).toEqual(
      [one.id, two.id].sort(),
    );
  });

  it("refuses another company's document, an image, an unknown id and a document named twice", async () => {
    const app = await readyApp(a);
    const [mine, theirs] = await Promise.all([uploadPdf(a), uploadPdf(b)]);
    const image = await ok<{ id: string }>(
      await a.api("images?purpose=icon", {
        method: "POST",
        body: fileForm(png(256, 256), "icon.png"),
      }),
      201,
    );
    await expectRefused(
      await postSubmission(a, {
        appId: app.versionId,
        documents: [mine.id, theirs.id, image.id, "nope", mine.id],
      }),
      400,
      {
        "documents.1": "documentNotFound",
        "documents.2": "documentNotFound",
        "documents.3": "documentNotFound",
        "documents.4": "duplicateDocument",
      },
    );
  });

  it("refuses more than 10 documents", async () => {
    const app = await readyApp(a);
    const eleven = await Promise.all(Array.from({ length: 11 }, () => uploadPdf(a)));
    const refused = await expectRefused(
      await postSubmission(a, { appId: app.versionId, documents: eleven.map((d) => d.id) }),
      400,
      { documents: "tooManyFiles" },
    );
    expect(refused.detail).toMatch(/Maximum 10 file\(s\) allowed/);
  });

  it("refuses documents over 80 MB together", { timeout: 120_000 }, async () => {
    const app = await readyApp(a);
    const nine = [];
    for (let i = 0; i < 9; i++)
      nine.push(await uploadPdf(a, { minBytes: SUBMISSION_LIMITS.documentBytes }));
    const refused = await expectRefused(
      await postSubmission(a, { appId: app.versionId, documents: nine.map((d) => d.id) }),
      400,
      { documents: "totalTooBig" },
    );
    expect(refused.detail).toMatch(/Total file size exceeds 80MB/);
  });

  it("refuses an empty file, a file that is not a PDF and one over 9 MB at upload", async () => {
    const upload = (bytes: Uint8Array | string, name: string) =>
      a.api("files?fileType=0", { method: "POST", body: fileForm(bytes, name) });
    await expectRefused(await upload(new Uint8Array(0), "empty.pdf"), 400, { file: "noContent" });
    await expectRefused(await upload(png(10, 10), "image.pdf"), 400, { file: "mustBePdf" });
    await expectRefused(
      await upload(pdf({ minBytes: SUBMISSION_LIMITS.documentBytes + 1 }), "big.pdf"),
      400,
      { file: "tooBig" },
    );
  });
});

describe("the reviewer's endpoints", () => {
  it("refuse an unknown decision, an unknown id and a caller without the reviewer token", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    await expectRefused(
      await admin(`submissions/${unknown}/review`, json("PUT", { decision: "maybe" })),
      400,
      { decision: "invalidValue" },
    );
    await expectRefused(
      await admin(`status-requests/${unknown}/decision`, json("PUT", { decision: "reject" })),
      400,
      { decision: "invalidValue" },
    );
    for (const [path, body] of [
      [`submissions/${unknown}/review`, { decision: "approve" }],
      [`pre-approvals/${unknown}/review`, { decision: "reject" }],
      [`status-requests/${unknown}/decision`, { decision: "decline" }],
      [`versions/${unknown}/go-live`, undefined],
      ["submissions/not-an-id/review", { decision: "approve" }],
    ] as const) {
      expect((await admin(path, json("PUT", body))).status, path).toBe(404);
    }
    const app = await readyApp(a);
    const sent = await submit(a, app.versionId);
    expect(
      (
        await fetch(new URL("/admin/pending", new URL(sandboxUrl())).href, {
          headers: { authorization: `Bearer ${a.token}` },
        })
      ).status,
    ).toBe(401);
    expect(await statusOf(a, app.versionId)).toBe("AwaitingReview");
    expect((await pending()).submissions.map((s) => s.id)).toContain(sent.id);
  });
});

describe("another company", () => {
  it("finds nothing of the app and cannot act on it", async () => {
    const app = await readyApp(a);
    await submit(a, app.versionId);
    const before = await getVersion(a, app.versionId);
    for (const path of [
      `app-submissions/init/${app.versionId}`,
      `app-submissions/${app.groupId}`,
      `app-submissions/history/${app.groupId}`,
    ]) {
      expect((await b.api(path)).status, path).toBe(404);
    }
    for (const path of [
      `app-submissions/go-live/${app.versionId}`,
      `app-submissions/archive/${app.versionId}`,
    ]) {
      expect((await b.api(path, json("PUT"))).status, path).toBe(404);
    }
    for (const path of [
      `app-submissions/pause/${app.versionId}`,
      `app-submissions/resume/${app.versionId}`,
    ]) {
      expect((await b.api(path, json("PUT", requester))).status, path).toBe(404);
    }
    expect((await postSubmission(b, { appId: app.versionId })).status).toBe(404);
    expect(await getVersion(a, app.versionId)).toEqual(before);
    expect(await submissions(a, app.groupId)).toHaveLength(1);
  });
});
