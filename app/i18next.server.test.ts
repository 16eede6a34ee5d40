import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { withKnownHierarchy } from "./i18n";
import { serverI18nOptions, withKnownTexts } from "./i18next.server";

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
      for (const key of [
        "common:errors.tooLargeTitle",
        "platform:actions.edit",
        "platform:a11y.edit",
        "platform:no.such.key",
      ]) {
        expect(known.t(key, { name: "Alpha" })).toBe(plain.t(key, { name: "Alpha" }));
      }
      expect(resolve).toHaveBeenCalledTimes(1);
    }
  });
});

describe("i18nInstance and getFixedT in production", () => {
  it("share one instance per language, with every namespace, and translate as a fresh instance does", async () => {
    const mode = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      const { default: remixI18n, i18nInstance } = await import("./i18next.server");
      const first = await i18nInstance("nl-NL", ["common"]);
      expect(await i18nInstance("nl-NL", ["platform"])).toBe(first);
      expect(await i18nInstance("en-AU", ["common"])).not.toBe(first);
      const fresh = await instance("nl-NL");
      expect(first.t("platform:actions.edit")).toBe(fresh.t("platform:actions.edit"));
      const t = await remixI18n.getFixedT("nl-NL", "platform");
      expect(t("actions.edit")).toBe(fresh.t("platform:actions.edit"));
      const en = await remixI18n.getFixedT(new Request("http://console.test/en-AU/apps"), [
        "common",
      ]);
      expect(en("errors.tooLargeTitle")).toBe(
        (await instance("en-AU")).t("common:errors.tooLargeTitle"),
      );
      expect(en("errors.tooLargeTitle")).not.toBe(fresh.t("common:errors.tooLargeTitle"));
    } finally {
      process.env.NODE_ENV = mode;
    }
  });
});

describe("withKnownTexts", () => {
  it("translates as i18next does, resolving each key and options once", async () => {
    const plain = await instance("nl-NL");
    const made = await instance("nl-NL");
    const translate = vi.spyOn(
      (made as unknown as { translator: { translate: () => unknown } }).translator,
      "translate",
    );
    const known = withKnownTexts(made);
    const calls: [string, Record<string, unknown>?][] = [
      ["platform:actions.edit"],
      ["common:errors.tooLargeTitle", { name: "Alpha" }],
      ["common:errors.tooLargeTitle", { name: "Beta" }],
      ["platform:no.such.key"],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [key, options] of calls) expect(known.t(key, options)).toBe(plain.t(key, options));
    }
    expect(translate).toHaveBeenCalledTimes(calls.length);
    // Options that are not plain values are never taken from memory.
    const fn = () => "x";
    known.t("platform:actions.edit", { postProcess: fn } as never);
    known.t("platform:actions.edit", { postProcess: fn } as never);
    expect(translate).toHaveBeenCalledTimes(calls.length + 2);
    const fixed = known.getFixedT("nl-NL", "platform");
    expect(fixed("actions.edit")).toBe(plain.t("platform:actions.edit"));
  });
});
