/**
 * A refusal is held to its endpoint's declaration: a status it does not declare, or a rule
 * code it does not list, is found; the request's shape codes (400) need no declaration.
 */
import { describe, expect, it } from "vitest";
import { undeclaredRefusal } from "./refusals";

const endpoint = {
  refusals: { 400: ["unknownRegion"], 403: ["noTestAccess"], 404: true, 409: ["usernameTaken"] },
} as const;

describe("undeclaredRefusal", () => {
  it("lets a declared status and its listed codes through", () => {
    expect(undeclaredRefusal(endpoint, 400, { region: "unknownRegion" })).toBeUndefined();
    expect(undeclaredRefusal(endpoint, 403, { environment: "noTestAccess" })).toBeUndefined();
    expect(undeclaredRefusal(endpoint, 404)).toBeUndefined();
    expect(undeclaredRefusal(endpoint, 409, { email: "usernameTaken" })).toBeUndefined();
  });

  it("lets any call refuse the request's shape, declared or not", () => {
    expect(undeclaredRefusal({}, 400, { name: "required", body: "tooDeep" })).toBeUndefined();
    expect(undeclaredRefusal(endpoint, 400, { a: "invalidJson", b: "unknownRegion" })).toBe(
      undefined,
    );
  });

  it("finds a status the endpoint does not declare", () => {
    expect(undeclaredRefusal({}, 404)).toBe("status 404");
    expect(undeclaredRefusal({}, 409, { id: "usernameTaken" })).toBe("status 409");
    expect(undeclaredRefusal({}, 400, { region: "unknownRegion" })).toBe("status 400");
  });

  it("finds a code the status does not list", () => {
    expect(undeclaredRefusal(endpoint, 409, { id: "lastAdmin", x: "usernameTaken" })).toBe(
      "409 lastAdmin",
    );
    expect(undeclaredRefusal(endpoint, 404, { id: "gone" })).toBe("404 gone");
    expect(undeclaredRefusal(endpoint, 403, { body: "required" })).toBe("403 required");
  });

  it("lets any call refuse a suspended account (403 without codes)", () => {
    expect(undeclaredRefusal({}, 403)).toBeUndefined();
  });

  it("leaves the statuses endpoints do not declare alone", () => {
    for (const status of [401, 413, 415, 429, 500])
      expect(undeclaredRefusal({}, status, { x: "y" })).toBeUndefined();
  });
});
