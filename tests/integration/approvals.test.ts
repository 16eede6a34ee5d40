/**
 * Pre-approvals over real HTTP, with the reviewer's
 * endpoints: create with documents, one pending or approved at a time, withdraw, reject,
 * approve; the form's rules; the submission blocker it lifts; and a second company that finds
 * none of it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PRE_APPROVAL_STATUS as P, PRE_APPROVAL_LIMITS } from "~/api/approvals/rules";
import { preApproval } from "~/api/approvals/schemas";
import {
  configurePlatform,
  createApp,
  createPreApproval,
  expectRefused,
  goLive,
  init,
  json,
  ok,
  pending,
  postPreApproval,
  preApprovals,
  review,
  reviewPreApproval,
  setFlags,
  submit,
  type TestApp,
  uploadPdf,
} from "./review-support";
import { admin, newCompany, type TestCompany } from "./support";

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
});

const withdraw = (company: TestCompany, id: string) =>
  company.api(`app-approvals/withdraw/${id}`, json("PUT"));
const body = (app: TestApp, extra: Record<string, unknown> = {}) => ({
  groupId: app.groupId,
  versionMajorId: app.versionId,
  submissionNotes: "Our app reads matters.",
  ...extra,
});

describe("pre-approvals", () => {
  it("is created pending with its documents, withdrawn, rejected and approved, one at a time", async () => {
    const app = await createApp(a);
    expect(await preApprovals(a, app.groupId)).toEqual([]);
    const [one, two] = await Promise.all([
      uploadPdf(a, {}, "design.pdf"),
      uploadPdf(a, {}, "security.pdf"),
    ]);

    const first = await createPreApproval(a, app, [one.id, two.id]);
    expect(first).toMatchObject({
      groupId: app.groupId,
      versionMajorId: app.versionId,
      versionMajor: 1,
      status: P.Pending,
      isWithdrawn: false,
      submissionNotes: "Our app reads matters.",
      reviewDate: null,
    });
    expect(first.documents.map((d) => d.fileName)).toEqual(["design.pdf", "security.pdf"]);
    expect(first.submittedBy).toEqual(expect.any(String));
    expect((await pending()).preApprovals.map((p) => p.id)).toContain(first.id);
    await expectRefused(await postPreApproval(a, body(app)), 409, { groupId: "preApprovalExists" });

    const withdrawn = preApproval.parse(await ok(await withdraw(a, first.id)));
    expect(withdrawn).toMatchObject({ id: first.id, isWithdrawn: true });
    expect(await preApprovals(a, app.groupId)).toEqual([]);
    expect((await withdraw(a, first.id)).status).toBe(404);
    expect(
      (await admin(`pre-approvals/${first.id}/review`, json("PUT", { decision: "approve" })))
        .status,
    ).toBe(409);

    const second = await createPreApproval(a, app);
    expect(
      await reviewPreApproval(second.id, "reject", "Tell us more about the data you keep."),
    ).toMatchObject({ status: P.Rejected });
    expect((await preApprovals(a, app.groupId))[0]).toMatchObject({
      id: second.id,
      status: P.Rejected,
      reviewNotes: "Tell us more about the data you keep.",
    });
    await expectRefused(await withdraw(a, second.id), 409, { status: "preApprovalNotPending" });

    expect((await init(a, app.versionId)).blockers).toContain("preApprovalRequired");
    const third = await createPreApproval(a, app);
    expect(await reviewPreApproval(third.id, "approve", "Approved.")).toMatchObject({
      status: P.Approved,
    });
    expect((await preApprovals(a, app.groupId)).map((p) => p.status)).toEqual([
      P.Approved,
      P.Rejected,
    ]);
    await expectRefused(await withdraw(a, third.id), 409, { status: "preApprovalNotPending" });
    await expectRefused(await postPreApproval(a, body(app)), 409, { groupId: "preApprovalExists" });
    expect((await init(a, app.versionId)).blockers).not.toContain("preApprovalRequired");

    const history = await ok<{ action: string; actor: string }[]>(
      await admin(`changes?entityId=${third.id}`),
    );
    expect(
      history.map((c) => `${c.actor === "provider" ? "provider" : "developer"}:${c.action}`),
    ).toEqual(["developer:created", "provider:provider-approve"]);
  });

  it("lets an approved pre-approval carry a submit through", async () => {
    const app = await createApp(a);
    await Promise.all([
      configurePlatform(app.versionId),
      setFlags(app.groupId, { isPriceRequired: false }),
    ]);
    await reviewPreApproval((await createPreApproval(a, app)).id, "approve");
    await submit(a, app.versionId);
  });

  it("refuses a missing or long text, an unknown version, a live major version and an archived app", async () => {
    const app = await createApp(a);
    await expectRefused(
      await postPreApproval(a, body(app, { versionMajorId: "", submissionNotes: " " })),
      400,
      { versionMajorId: "required", submissionNotes: "required" },
    );
    await expectRefused(
      await postPreApproval(
        a,
        body(app, { submissionNotes: "n".repeat(PRE_APPROVAL_LIMITS.notesMax + 1) }),
      ),
      400,
      { submissionNotes: "tooLong" },
    );
    const other = await createApp(a);
    await expectRefused(
      await postPreApproval(a, body(app, { versionMajorId: other.versionId })),
      400,
      { versionMajorId: "versionNotFound" },
    );

    const live = await createApp(a);
    await Promise.all([
      configurePlatform(live.versionId),
      setFlags(live.groupId, { isPriceRequired: false, isPreApprovalRequired: false }),
    ]);
    await review((await submit(a, live.versionId)).id, "approve");
    await goLive(a, live.versionId);
    await expectRefused(await postPreApproval(a, body(live)), 400, {
      versionMajorId: "versionMajorLive",
    });

    await ok(await a.api(`apps/group/${app.groupId}/setArchived?flag=true`, json("PUT")));
    await expectRefused(await postPreApproval(a, body(app)), 409, { groupId: "appArchived" });
    expect(await preApprovals(a, app.groupId)).toEqual([]);
  });

  it("refuses documents that are not the company's PDFs, or more than 10", async () => {
    const app = await createApp(a);
    const [theirs, mine] = await Promise.all([uploadPdf(b), uploadPdf(a)]);
    await expectRefused(
      await postPreApproval(a, body(app, { documents: [mine.id, theirs.id] })),
      400,
      { "documents.1": "documentNotFound" },
    );
    const eleven = await Promise.all(Array.from({ length: 11 }, () => uploadPdf(a)));
    await expectRefused(
      await postPreApproval(a, body(app, { documents: eleven.map((d) => d.id) })),
      400,
      { documents: "tooManyFiles" },
    );
    expect(await preApprovals(a, app.groupId)).toEqual([]);
  });
});

describe("another company", () => {
  it("finds nothing of the pre-approvals and cannot act on them", async () => {
    const app = await createApp(a);
    const pendingOne = await createPreApproval(a, app);
    expect((await b.api(`apps/group/${app.groupId}/approvals`)).status).toBe(404);
    expect((await postPreApproval(b, body(app))).status).toBe(404);
    expect((await withdraw(b, pendingOne.id)).status).toBe(404);
    expect((await preApprovals(a, app.groupId))[0]).toMatchObject({
      id: pendingOne.id,
      status: P.Pending,
      isWithdrawn: false,
    });
  });
});
