import { describe, expect, it } from "vitest";
import { retryAfterSeconds } from "~/api/client.server";
import { waitEnds, waitFromNow } from "./retry-after";

describe("a limit's Retry-After", () => {
  it("reads delay-seconds and an HTTP date, and nothing else", () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds("Sun, 01 Mar 2026 10:05:00 GMT", now)).toBe(300);
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });

  it("is worded in the page's language with the largest unit that fits", () => {
    expect(waitFromNow(42, "en-AU")).toBe("in 42 seconds");
    expect(waitFromNow(59 * 60 + 30, "en-AU")).toBe("in 60 minutes");
    expect(waitFromNow(59 * 60 + 30, "nl-NL")).toBe("over 60 minuten");
    expect(waitFromNow(3 * 60 * 60, "nl-NL")).toBe("over 3 uur");
    expect(waitFromNow(31 * 24 * 60 * 60, "en-AU")).toBe("in 31 days");
  });

  it("names the moment the wait ends", () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    expect(waitEnds(24 * 60 * 60, "en-AU", now)).toMatch(/2 March 2026/);
    expect(waitEnds(24 * 60 * 60, "nl-NL", now)).toMatch(/2 maart 2026/);
  });
});
