import { describe, expect, it } from "vitest";
import { CONTRACT_AREAS, contractEndpoints } from "./contract";

const files = import.meta.glob("./*/endpoints.ts");

describe("the contract", () => {
  it("lists every area that declares endpoints", () => {
    const areas = Object.keys(files).map((file) => file.split("/")[1]);
    expect(Object.keys(CONTRACT_AREAS).sort()).toEqual(areas.sort());
  });

  it("names each endpoint by its area and export", () => {
    const names = contractEndpoints().map((e) => e.name);
    expect(names).toContain("apps.getApp");
    expect(names).toContain("data-attestation.saveDataAttestation");
    expect(new Set(names).size).toBe(names.length);
  });
});
