import { describe, expect, it } from "vitest";
import { ATTESTATION_LIMITS, checkDiagram, validateAttestation } from "./rules";
import { ATTESTATION_TEXT_FIELDS } from "./schemas";

const full = () =>
  Object.fromEntries([
    ...ATTESTATION_TEXT_FIELDS.map((f) => [f, "Some words"]),
    ["dataFlowDiagramId", "0b7c2f4e-4a55-4a86-9d0e-6f1a2b3c4d5e"],
  ]);

describe("validateAttestation", () => {
  it("takes six texts and a diagram", () => {
    expect(validateAttestation(full())).toEqual({});
  });

  it("requires each text (blank counts as empty) and the diagram", () => {
    const errors = validateAttestation({ purposeOfDataUsage: "  ", dataSubjects: null });
    expect(errors).toEqual({
      purposeOfDataUsage: "required",
      outlineDataUsage: "required",
      dataSubjects: "required",
      frequencyOfSync: "required",
      thirdPartyDisclosure: "required",
      dataRetention: "required",
      dataFlowDiagramId: "required",
    });
  });

  it("takes 2,000 characters after trimming and refuses 2,001", () => {
    const max = "x".repeat(ATTESTATION_LIMITS.textMax);
    expect(validateAttestation({ ...full(), dataRetention: ` ${max} ` })).toEqual({});
    expect(validateAttestation({ ...full(), dataRetention: `${max}y` })).toEqual({
      dataRetention: "tooLong",
    });
  });

  it("refuses text the database cannot store", () => {
    expect(
      validateAttestation({ ...full(), dataSubjects: "a\u0000b", dataFlowDiagramId: "\ud800" }),
    ).toEqual({
      dataSubjects: "invalidCharacters",
      dataFlowDiagramId: "invalidCharacters",
    });
  });
});

describe("checkDiagram", () => {
  const pdf = "application/pdf";
  it("takes a PDF under 9 MB", () => {
    expect(checkDiagram({ fileSize: 1, contentType: pdf })).toBeUndefined();
    expect(checkDiagram({ fileSize: 9 * 1024 * 1024 - 1, contentType: pdf })).toBeUndefined();
  });
  it("refuses 9 MB and more ('file must be less than 9MB')", () => {
    expect(checkDiagram({ fileSize: 9 * 1024 * 1024, contentType: pdf })).toBe("tooBig");
  });
  it("refuses anything but a PDF ('must be PDF') and an empty file, in the order empty, type, size", () => {
    expect(checkDiagram({ fileSize: 10, contentType: "image/png" })).toBe("mustBePdf");
    expect(checkDiagram({ fileSize: 20 * 1024 * 1024, contentType: "text/plain" })).toBe(
      "mustBePdf",
    );
    expect(checkDiagram({ fileSize: 0, contentType: "text/plain" })).toBe("noContent");
  });
});
