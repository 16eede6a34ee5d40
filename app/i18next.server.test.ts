import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { serverI18nOptions, withKnownHierarchy } from "./i18next.server";

async function instance(lng: string) {
  const made = createInstance();
  await made.init({ ...serverI18nOptions, lng, ns: ["common", "platform"] });
  return made;
}

describe("withKnownHierarchy", () => {
  it("translates as i18next does, working out each language's hierarchy once", async () => {
    for (const lng of ["en-AU", "nl-NL"]) {
      const plain = await instance(lng);
      const made = await instance(lng);
      const resolve = vi.spyOn(made.services.languageUtils, "toResolveHierarchy");
      const known = withKnownHierarchy(made);
      for (const key of ["common:errors.tooLargeTitle", "platform:actions.edit", "platform:a11y.edit", "platform:no.such.key"]) {
        expect(known.t(key, { name: "Alpha" })).toBe(plain.t(key, { name: "Alpha" }));
      }
      expect(resolve).toHaveBeenCalledTimes(1);
    }
  });
});
