import { describe, expect, it } from "vitest";
import {
  debugPassword,
  grants,
  groupPermissions,
  normaliseRoutes,
  parseCallbackUrls,
  SECURITY_LIMITS,
  sameUrls,
  validateCallbackUrls,
} from "./rules";
import type { Permission } from "./schemas";

const perm = (
  operationId: string,
  method: Permission["method"],
  route: string,
  permissionGroup: string,
): Permission => ({
  operationId,
  method,
  route,
  level: "firm",
  description: operationId,
  accessGroup: method === "GET" ? "read" : "write",
  permissionGroup,
});
const catalogue = [
  perm("getMatters", "GET", "/matters", "Matters"),
  perm("createMatter", "POST", "/matters", "Matters"),
  perm("getCards", "GET", "/cards", "Cards"),
  perm("deleteCard", "DELETE", "/cards/{id}", "Cards"),
  perm("offlineAccess", "POST", "/oauth/token", "Offline"),
];

describe("callback URLs", () => {
  it("removes whitespace and splits at commas", () => {
    expect(parseCallbackUrls(" https://a.example/cb ,\n http://b.example/x y ,, ")).toEqual([
      "https://a.example/cb",
      "http://b.example/xy",
    ]);
    expect(parseCallbackUrls("  ")).toEqual([]);
  });

  it("requires one, each http:// or https:// (optionally after a leading slash)", () => {
    expect(validateCallbackUrls([])).toBe("required");
    expect(
      validateCallbackUrls(["https://a.example/cb", "/http://localhost:3000"]),
    ).toBeUndefined();
    expect(validateCallbackUrls(["HTTPS://A.EXAMPLE"])).toBeUndefined();
    expect(validateCallbackUrls(["ftp://a.example"])).toBe("callbacksMustBeValidURI");
    expect(validateCallbackUrls(["https://"])).toBe("callbacksMustBeValidURI");
    expect(validateCallbackUrls(["a.example/cb"])).toBe("callbacksMustBeValidURI");
    expect(validateCallbackUrls(["//https://a.example"])).toBe("callbacksMustBeValidURI");
    expect(
      validateCallbackUrls(
        Array.from(
          { length: SECURITY_LIMITS.callbackUrlsMax + 1 },
          (_, i) => `https://a${i}.example`,
        ),
      ),
    ).toBe("tooMany");
    expect(
      validateCallbackUrls([`https://a.example/${"x".repeat(SECURITY_LIMITS.callbackUrlMax)}`]),
    ).toBe("tooLong");
  });

  it("compares lists in order", () => {
    expect(sameUrls(["a", "b"], ["a", "b"])).toBe(true);
    expect(sameUrls(["a", "b"], ["b", "a"])).toBe(false);
    expect(sameUrls([], ["a"])).toBe(false);
  });
});

describe("permissions", () => {
  it("groups routes by permission group with their methods, offline access apart", () => {
    const groups = groupPermissions(catalogue);
    expect(groups.map((g) => g.name)).toEqual(["Matters", "Cards"]);
    expect(groups[0].routes).toEqual([
      { route: "/matters", methods: { GET: catalogue[0], POST: catalogue[1] } },
    ]);
    expect(groups[1].routes.map((r) => r.route)).toEqual(["/cards", "/cards/{id}"]);
  });

  it("keeps each route once in the list's order with methods in GET, POST, PUT, DELETE order", () => {
    const { routes, errors } = normaliseRoutes(
      [
        { route: "/cards/{id}", methods: ["DELETE"] },
        { route: "/matters", methods: ["POST"] },
        { route: "/matters", methods: ["GET", "POST"] },
        { route: "/cards", methods: [] },
      ],
      catalogue,
    );
    expect(errors).toEqual({});
    expect(routes).toEqual([
      { route: "/matters", methods: ["GET", "POST"] },
      { route: "/cards/{id}", methods: ["DELETE"] },
    ]);
    expect(grants(routes, "/matters", "POST")).toBe(true);
    expect(grants(routes, "/cards", "GET")).toBe(false);
  });

  it("refuses routes and methods the list does not offer, and offline access as a route", () => {
    const { errors } = normaliseRoutes(
      [
        { route: "/nowhere", methods: ["GET"] },
        { route: "/matters", methods: ["DELETE"] },
        { route: "/oauth/token", methods: ["POST"] },
      ],
      catalogue,
    );
    expect(errors).toEqual({
      "routes.0": "unknownRoute",
      "routes.1": "methodNotOffered",
      "routes.2": "unknownRoute",
    });
  });
});

describe("debug password", () => {
  it("is the prefix followed by the day of the month", () => {
    expect(debugPassword("sandbox-", new Date("2026-11-24T10:00:00Z"))).toBe("sandbox-24");
    expect(debugPassword("dbg", new Date("2026-03-01T23:59:00Z"))).toBe("dbg1");
  });
});
