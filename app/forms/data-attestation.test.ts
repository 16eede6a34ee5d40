// @vitest-environment node
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { asT } from "~/lib/t.testing";
import { firstMessages } from "./agreement.testing";
import { checkForm } from "./check";
import { dataAttestationMessages, pickedDiagramCode } from "./data-attestation";
import { dataAttestationSchema } from "./data-attestation.server";
import { parseForm } from "./parse.server";
import { formRules } from "./rules.server";

const t = asT(
  (key: string, options?: Record<string, unknown>) =>
    `${key}${options ? ` ${JSON.stringify(options)}` : ""}`,
);
const MB = 1024 * 1024;

const texts = {
  purposeOfDataUsage: "Purpose",
  outlineDataUsage: "Outline",
  dataSubjects: "Clients",
  frequencyOfSync: "Hourly",
  thirdPartyDisclosure: "None",
  dataRetention: "30 days",
};

function form(values: Record<string, string | File | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values))
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}

const parse = (values: Record<string, string | File>, options = {}) =>
  parseWithZod(form(values), { schema: dataAttestationSchema(t, "en-AU", options) });

describe("dataAttestationSchema", () => {
  it("takes the six texts (trimmed) and a diagram saved before", () => {
    const result = parse({
      ...texts,
      dataSubjects: "  Clients  ",
      dataFlowDiagramId: "d1",
      dataFlowDiagramName: "flow.pdf",
    });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      ...texts,
      dataFlowDiagramId: "d1",
    });
  });

  it("requires every text and the diagram", () => {
    const result = parse({ dataSubjects: "   " });
    expect(result.status).toBe("error");
    const errors = result.status === "error" ? result.error : {};
    expect(Object.keys(errors ?? {}).sort()).toEqual([...Object.keys(texts), "diagram"].sort());
    expect(errors?.dataSubjects?.[0]).toMatch(
      /^dataAttestation:errors.required .*dataAttestation:fields.dataSubjects.label/,
    );
    expect(errors?.diagram?.[0]).toMatch(/^dataAttestation:errors.required/);
  });

  it("refuses a text over 2,000 characters", () => {
    const result = parse({ ...texts, dataRetention: "x".repeat(2001), dataFlowDiagramId: "d1" });
    expect(result.status === "error" && result.error?.dataRetention?.[0]).toMatch(
      /^dataAttestation:errors.tooLong .*"max":"2,000"/,
    );
    expect(
      parse({ ...texts, dataRetention: "x".repeat(2000), dataFlowDiagramId: "d1" }).status,
    ).toBe("success");
  });

  it("takes a picked PDF in place of a saved diagram, and words a picked file's rule", () => {
    const pdf = new File(["%PDF-1.7"], "flow.pdf", { type: "application/pdf" });
    expect(parse({ ...texts, diagram: pdf }).status).toBe("success");
    const png = new File(["x"], "flow.png", { type: "image/png" });
    const refused = parse({ ...texts, dataFlowDiagramId: "d1", diagram: png });
    expect(refused.status === "error" && refused.error?.diagram).toEqual([
      expect.stringMatching(/^dataAttestation:errors.mustBePdf/),
    ]);
    // The action's verdict of the content wins.
    const server = parse({ ...texts }, { pickedCode: "tooBig" });
    expect(server.status === "error" && server.error?.diagram).toEqual([
      expect.stringMatching(/^dataAttestation:errors.tooBig/),
    ]);
  });
});

// The browser checks the form by the rules the page's loader derives from the action's schema
// and by the form's own check, the one the schema refines with: each field's first message is the action's.
describe("the form in the browser", () => {
  const pdf = () => new File(["%PDF-1.7"], "flow.pdf", { type: "application/pdf" });
  it.each<[string, Record<string, string | File | string[]>]>([
    [
      "a complete form with a saved diagram",
      { ...texts, dataFlowDiagramId: "d1", dataFlowDiagramName: "flow.pdf" },
    ],
    ["an empty form, with no file picked", { dataFlowDiagramId: "", diagram: new File([], "") }],
    [
      "blank texts",
      { ...texts, dataSubjects: "   ", dataRetention: "\n", dataFlowDiagramId: "d1" },
    ],
    [
      "a text over 2,000 characters",
      { ...texts, outlineDataUsage: "x".repeat(2001), dataFlowDiagramId: "d1" },
    ],
    [
      "text the database cannot store",
      { ...texts, dataSubjects: "a\u0000b", dataFlowDiagramId: "d1" },
    ],
    ["a picked PDF in place of a saved diagram", { ...texts, diagram: pdf() }],
    [
      "a picked file that is not a PDF",
      {
        ...texts,
        dataFlowDiagramId: "d1",
        diagram: new File(["x"], "flow.png", { type: "image/png" }),
      },
    ],
    ["an empty PDF", { ...texts, diagram: new File([], "empty.pdf", { type: "application/pdf" }) }],
    [
      "fields sent twice",
      { ...texts, dataSubjects: ["Clients", "again"], dataFlowDiagramId: ["d1", "d2"] },
    ],
  ])("agrees with the action on %s", (_, values) => {
    const schema = dataAttestationSchema(t, "en-AU");
    const browser = checkForm(form(values), formRules(schema), (payload) =>
      dataAttestationMessages(t, "en-AU", payload),
    );
    expect(firstMessages(browser)).toEqual(firstMessages(parseForm(form(values), schema)));
  });
});

describe("pickedDiagramCode", () => {
  it("judges by the declared type or the name, and the size", () => {
    expect(pickedDiagramCode({ size: 10, type: "application/pdf", name: "a" })).toBeUndefined();
    expect(pickedDiagramCode({ size: 10, type: "", name: "Flow.PDF" })).toBeUndefined();
    expect(pickedDiagramCode({ size: 10, type: "image/png", name: "flow.png" })).toBe("mustBePdf");
    expect(pickedDiagramCode({ size: 9 * MB, type: "application/pdf", name: "big.pdf" })).toBe(
      "tooBig",
    );
    expect(pickedDiagramCode({ size: 0, type: "application/pdf", name: "empty.pdf" })).toBe(
      "noContent",
    );
  });
});

describe("dataAttestationSchema with hostile shapes", () => {
  it("names a field sent twice in the words of its rule", () => {
    const data = new FormData();
    for (const [name, value] of Object.entries(texts)) data.append(name, value);
    data.append("dataSubjects", "again");
    data.append("dataFlowDiagramId", "d1");
    data.append("dataFlowDiagramId", "d2");
    const result = parseWithZod(data, { schema: dataAttestationSchema(t, "en-AU") });
    expect(result.status === "error" && result.error).toEqual({
      dataSubjects: [expect.stringMatching(/^dataAttestation:errors.invalid /)],
      diagram: [expect.stringMatching(/^dataAttestation:errors.invalid /)],
    });
  });
});
