import { describe, expect, it } from "vitest";
import * as apps from "~/api/apps/endpoints";
import * as settings from "~/api/settings/endpoints";
import { declaredCodes, statusOf } from "./refusals";
import { findings, table, untriedRefusals } from "./report";
import { Breach } from "./session";

const byName = (results: ReturnType<ReturnType<typeof findings>["results"]>, name: string) =>
  results.find((r) => r.name === name)!;

describe("declared refusals", () => {
  it("are each rule code, and the status of one without codes", () => {
    expect(declaredCodes(apps.deleteApp)).toEqual(["404", "409"]);
    expect(declaredCodes(settings.getBankDetails)).toEqual(["adminOnly"]);
    expect(statusOf(apps.duplicateApp, "unknownCountry")).toBe(400);
    expect(statusOf(apps.duplicateApp, "404")).toBe(404);
    expect(() => statusOf(apps.getApp, "taken")).toThrow(/declares no taken/);
  });

  it("not tried nor skipped are noted as having no trigger", () => {
    const found = findings();
    const deleteApp = byName(found.results(), "apps.deleteApp");
    expect(deleteApp.refusals).toEqual({ tried: [], notTried: ["404", "409"] });
    expect(deleteApp.notTried).toEqual(["404: no trigger", "409: no trigger"]);
  });

  it("tried (held or not) or skipped with a reason are not", async () => {
    const found = findings();
    await found.refusal(apps.deleteApp, "404", "an id no app has", async () => undefined);
    found.skip(apps.deleteApp, "409", "needs a Live version");
    await found.refusal(apps.duplicateApp, "unknownCountry", "country ZZ", async () => {
      throw new Breach("the 400 does not name unknownCountry");
    });
    const results = found.results();
    const deleteApp = byName(results, "apps.deleteApp");
    expect(deleteApp.passed).toEqual(["404: an id no app has"]);
    expect(deleteApp.refusals).toEqual({ tried: ["404"], notTried: ["409"] });
    expect(deleteApp.notTried).toEqual(["409: needs a Live version"]);
    const duplicateApp = byName(results, "apps.duplicateApp");
    expect(duplicateApp.outcome).toBe("failed");
    expect(duplicateApp.refusals.tried).toEqual(["unknownCountry"]);
    expect(untriedRefusals(results)).toContain("apps.deleteApp 409");
    expect(untriedRefusals(results)).not.toContain("apps.deleteApp 404");
    const printed = table(results);
    expect(printed).toMatch(
      /^apps\.deleteApp +passed +1 held, 1 not tried; refusals tried 1 of 2$/m,
    );
    expect(printed).toMatch(/^refusals {2}apps\.deleteApp: tried 404; not tried 409$/m);
    expect(printed).toMatch(
      /^FAILED {4}apps\.duplicateApp: unknownCountry: country ZZ: the 400 does not name unknownCountry$/m,
    );
  });
});
