import { describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyKindOf } from "./body-limits";

describe("body limits by kind of route", () => {
  it.each([
    ["/en-AU/log", "log"],
    ["/nl-NL/auth/register", "registration"],
    ["/en-AU/apps/new/marketplace", "listing"],
    ["/en-AU/apps/0f8fad5b-d9cb-469f-a165-70867728950e/marketplace", "listing"],
    ["/nl-NL/apps/group/0f8fad5b-d9cb-469f-a165-70867728950e/approval", "documents"],
    ["/en-AU/apps/0f8fad5b-d9cb-469f-a165-70867728950e/data", "diagram"],
    ["/en-AU/apps/0f8fad5b-d9cb-469f-a165-70867728950e/desktop", "platform"],
    ["/nl-NL/apps/0f8fad5b-d9cb-469f-a165-70867728950e/reporting", "platform"],
    ["/en-AU/apps/0f8fad5b-d9cb-469f-a165-70867728950e/web/download/live", "form"],
    ["/en-AU/apps/new/details", "form"],
    ["/en-AU/auth/reset-password", "form"],
    ["/en-AU/language", "form"],
    ["/en-AU/log/extra", "form"],
    ["/xx/apps/1/marketplace/more", "form"],
  ])("%s takes a %s body", (path, kind) => {
    expect(bodyKindOf(path)).toBe(kind);
  });
  it("keeps error reports and plain forms small", () => {
    expect(BODY_LIMITS.log).toBe(8 * 1024);
    expect(BODY_LIMITS.form).toBeLessThan(BODY_LIMITS.registration);
  });
});
