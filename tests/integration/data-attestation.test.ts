/**
 * Data attestation over real HTTP
 * (docs/decisions/0053-data-attestation.md): only where data attestation is enabled for the
 * version's country; 404 until one is saved; the six texts required and at most 2,000
 * characters, and a data flow diagram of the company's (a PDF under 9 MB, uploaded with
 * files?fileType=1), each with its rule code; saved, read back and replaced; refused once the
 * version cannot be edited; and a second company refused on every call.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { dataAttestation, dataAttestationSaved } from "~/api/data-attestation/schemas";
import { fileForm, pdf } from "../../server/conformance/files";
import {
  createApp,
  expectRefused,
  json,
  ok,
  readyApp,
  submit,
  type TestApp,
  uploadPdf,
} from "./review-support";
import { newCompany, type TestCompany } from "./support";

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
});

const MB = 1024 * 1024;
const path = (app: TestApp) => `app-data-attestation/${app.versionId}`;
const put = (company: TestCompany, app: TestApp, body: unknown) =>
  company.api(path(app), json("PUT", body));
const uploadDiagram = async (
  company: TestCompany,
  options: { minBytes?: number } = {},
  name = "flow.pdf",
) =>
  ok<{ id: string; fileName: string }>(
    await company.api("files?fileType=1", { method: "POST", body: fileForm(pdf(options), name) }),
    201,
  );

const texts = {
  purposeOfDataUsage: "To show a matter's documents in the app.",
  outlineDataUsage: "Document titles and dates are read.",
  dataSubjects: "Clients of the firm.",
  frequencyOfSync: "Every hour.",
  thirdPartyDisclosure: "None.",
  dataRetention: "Thirty days.",
};

describe("data attestation", () => {
  it("answers only where data attestation is enabled for the version's country", async () => {
    for (const countryCode of ["US", "NZ"]) {
      const app = await createApp(a, { countryCode });
      const diagram = await uploadDiagram(a);
      for (const res of [
        await a.api(path(app)),
        await put(a, app, { ...texts, dataFlowDiagramId: diagram.id }),
      ]) {
        const body = await expectRefused(res, 409, { appVersionId: "dataAttestationNotEnabled" });
        expect(body.detail).toBe("Data attestation is not enabled for this app's country.");
      }
    }
    // AU and UK have it; 404 until one is saved (an empty form).
    for (const countryCode of ["AU", "UK"]) {
      const app = await createApp(a, { countryCode });
      expect((await a.api(path(app))).status).toBe(404);
    }
  });

  it("refuses each text missing or over 2,000 characters, and a diagram that is not the company's", async () => {
    const app = await createApp(a);
    await expectRefused(await put(a, app, {}), 400, {
      purposeOfDataUsage: "required",
      outlineDataUsage: "required",
      dataSubjects: "required",
      frequencyOfSync: "required",
      thirdPartyDisclosure: "required",
      dataRetention: "required",
      dataFlowDiagramId: "required",
    });
    const diagram = await uploadDiagram(a);
    await expectRefused(
      await put(a, app, { ...texts, dataSubjects: "   ", dataFlowDiagramId: diagram.id }),
      400,
      { dataSubjects: "required" },
    );
    await expectRefused(
      await put(a, app, {
        ...texts,
        dataRetention: "x".repeat(2001),
        dataFlowDiagramId: diagram.id,
      }),
      400,
      { dataRetention: "tooLong" },
    );
    await expectRefused(
      await put(a, app, { ...texts, dataSubjects: 5, dataFlowDiagramId: diagram.id }),
      400,
      { dataSubjects: "invalidType" },
    );
    // A document (fileType 0) is not a diagram; nor is an unknown id, nor another company's diagram.
    const document = await uploadPdf(a);
    const theirs = await uploadDiagram(b);
    for (const id of [document.id, crypto.randomUUID(), "not-an-id", theirs.id]) {
      await expectRefused(await put(a, app, { ...texts, dataFlowDiagramId: id }), 400, {
        dataFlowDiagramId: "diagramNotFound",
      });
    }
    expect((await a.api(path(app))).status).toBe(404);
  });

  it("takes a diagram under 9 MB that is a PDF by its content", async () => {
    const refused = async (res: Response, code: string, detail: string) => {
      const body = await expectRefused(res, 400, { file: code });
      expect(body.detail).toBe(detail);
    };
    const upload = (bytes: Uint8Array | string, name: string) =>
      a.api("files?fileType=1", { method: "POST", body: fileForm(bytes, name) });
    await refused(
      await upload(pdf({ minBytes: 9 * MB }), "big.pdf"),
      "tooBig",
      "file must be less than 9MB",
    );
    await refused(
      await upload("%PNG not a pdf", "flow.pdf"),
      "mustBePdf",
      "File type must be .PDF",
    );
    await refused(await upload(new Uint8Array(0), "empty.pdf"), "noContent", "File has no content");
    expect((await uploadDiagram(a, { minBytes: 9 * MB - 1 }, "just-under.pdf")).fileName).toBe(
      "just-under.pdf",
    );
  });

  it("saves the texts (trimmed) and the diagram, reads them back, and replaces them", async () => {
    const app = await createApp(a, { countryCode: "UK" });
    const diagram = await uploadDiagram(a, {}, "Data flow.pdf");
    const saved = dataAttestationSaved.parse(
      await ok(
        await put(a, app, {
          ...texts,
          purposeOfDataUsage: `  ${texts.purposeOfDataUsage}  `,
          dataFlowDiagramId: diagram.id,
        }),
      ),
    );
    expect(saved.appId).toBe(app.versionId);
    const read = dataAttestation.parse(await ok(await a.api(path(app))));
    expect(read).toMatchObject({
      id: saved.id,
      appId: app.versionId,
      ...texts,
      dataFlowDiagram: { id: diagram.id, fileName: "Data flow.pdf" },
    });
    const download = await a.api(read.dataFlowDiagram!.url.replace(/^.*\/api\//, ""));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");

    const next = await uploadDiagram(a, {}, "Data flow v2.pdf");
    const again = dataAttestationSaved.parse(
      await ok(
        await put(a, app, { ...texts, dataRetention: "Seven days.", dataFlowDiagramId: next.id }),
      ),
    );
    expect(again.id).toBe(saved.id);
    expect(dataAttestation.parse(await ok(await a.api(path(app))))).toMatchObject({
      dataRetention: "Seven days.",
      dataFlowDiagram: { id: next.id, fileName: "Data flow v2.pdf" },
    });
  });

  it("is read but not changed once the version cannot be edited", async () => {
    const app = await readyApp(a);
    const diagram = await uploadDiagram(a);
    await ok(await put(a, app, { ...texts, dataFlowDiagramId: diagram.id }));
    await submit(a, app.versionId);
    const body = await expectRefused(
      await put(a, app, { ...texts, dataRetention: "Changed.", dataFlowDiagramId: diagram.id }),
      409,
      { appVersionId: "versionNotEditable" },
    );
    expect(body.detail).toMatch(/AwaitingReview/);
    expect(dataAttestation.parse(await ok(await a.api(path(app)))).dataRetention).toBe(
      texts.dataRetention,
    );

    const archived = await createApp(a);
    await ok(await a.api(`apps/group/${archived.groupId}/setArchived?flag=true`, json("PUT")));
    await expectRefused(await put(a, archived, { ...texts, dataFlowDiagramId: diagram.id }), 409, {
      appVersionId: "versionNotEditable",
    });
  });

  it("lets another company neither read nor change an attestation", async () => {
    const app = await createApp(a);
    const diagram = await uploadDiagram(a);
    await ok(await put(a, app, { ...texts, dataFlowDiagramId: diagram.id }));
    const theirs = await uploadDiagram(b);
    expect((await b.api(path(app))).status).toBe(404);
    expect(
      (await put(b, app, { ...texts, dataRetention: "Taken over.", dataFlowDiagramId: theirs.id }))
        .status,
    ).toBe(404);
    expect((await b.api(`files/${diagram.id}/download`)).status).toBe(404);
    expect(dataAttestation.parse(await ok(await a.api(path(app)))).dataRetention).toBe(
      texts.dataRetention,
    );
  });
});
