import { describe, expect, it } from "vitest";
import { parseEnv } from "./config";
import { clientAddress, parseTrustProxy, trustedProxies } from "./trust-proxy";

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual([]);
    expect(parseTrustProxy("none")).toEqual({ items: [] });
    const trusted = trustedProxies([]);
    expect(
      ["127.0.0.1", "::1", "10.0.0.1", "192.168.1.1"].some((address) => trusted(address)),
    ).toBe(false);
  });

  it("takes loopback, addresses and subnets, and refuses anything else naming the variable", () => {
    expect(
      parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,2001:db8::/32 ,192.0.2.7" }).TRUST_PROXY,
    ).toEqual(["loopback", "10.0.0.0/8", "2001:db8::/32", "192.0.2.7"]);
    for (const bad of [
      "true",
      "10.0.0.0/33",
      "10.0.0.0/8/1",
      "uniquelocal",
      "10.0.0.0/x",
      "loopback,,",
    ]) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("trusts the addresses of its list only", () => {
    const trusted = trustedProxies(["loopback", "10.1.0.0/16"]);
    expect(
      ["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1", "10.1.200.3"].every((address) =>
        trusted(address),
      ),
    ).toBe(true);
    expect(
      ["10.2.0.1", "192.168.0.1", "203.0.113.5", "::2", "", undefined, "garbage"].some((address) =>
        trusted(address),
      ),
    ).toBe(false);
  });
});

describe("the client's address", () => {
  const loopback = trustedProxies(["loopback"]);
  const none = trustedProxies([]);

  it("is the connection's unless the connection is a trusted proxy", () => {
    expect(clientAddress("::ffff:127.0.0.1", "198.51.100.1", none)).toBe("127.0.0.1");
    expect(clientAddress("203.0.113.9", "198.51.100.1", loopback)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    expect(clientAddress("127.0.0.1", undefined, loopback)).toBe("127.0.0.1");
  });

  it("is the nearest untrusted hop of X-Forwarded-For: a client cannot name an address past it", () => {
    expect(clientAddress("127.0.0.1", "192.0.2.66, 198.51.100.1", loopback)).toBe("198.51.100.1");
    expect(clientAddress("127.0.0.1", "198.51.100.1, 127.0.0.2", loopback)).toBe("198.51.100.1");
    expect(clientAddress("127.0.0.1", "198.51.100.1, not-an-address", loopback)).toBe("127.0.0.1");
  });
});
