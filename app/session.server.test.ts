import { describe, expect, it } from "vitest";
import { createEncryptedSessionStorage, safeRedirect } from "./session.server";

describe("safeRedirect", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeRedirect("/en-AU/apps?x=1")).toBe("/en-AU/apps?x=1");
  });
  it.each([
    "https://evil.test/",
    "//evil.test",
    "/\\evil.test",
    "javascript:alert(1)",
    "",
    null,
    undefined,
    "apps",
  ])("refuses %s", (value) => {
    expect(safeRedirect(value as string)).toBeUndefined();
  });
});

describe("the encrypted session cookie", () => {
  const storage = createEncryptedSessionStorage("a-session-secret-of-at-least-32-characters", true);
  const accessToken = `eyJ${"a".repeat(1400)}`;

  async function committed() {
    const session = await storage.getSession(null);
    session.set("accessToken", accessToken);
    session.set("refreshToken", "r".repeat(43));
    session.set("expiresAt", 1_900_000_000_000);
    session.set("redirectTo", `/en-AU/apps/${"x".repeat(200)}`);
    return storage.commitSession(session);
  }
  const cookieOf = (setCookie: string) => setCookie.split(";")[0];

  it("gives the data back to the console and nothing readable to the browser", async () => {
    const setCookie = await committed();
    expect(setCookie).toMatch(/^__Host-console=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const value = decodeURIComponent(cookieOf(setCookie).split("=").slice(1).join("="));
    expect(Buffer.from(value, "base64").toString("latin1")).not.toContain("aaaaaaaaaa");
    expect(value).not.toContain("aaaaaaaaaa");
    const session = await storage.getSession(cookieOf(setCookie));
    expect(session.get("accessToken")).toBe(accessToken);
    expect(session.get("expiresAt")).toBe(1_900_000_000_000);
  });

  it("stays under the 4 KB browsers keep, with a long access token and a return path", async () => {
    expect((await committed()).length).toBeLessThan(4096);
  });

  it("is no session when changed, made with another secret, or not a session at all", async () => {
    const cookie = cookieOf(await committed());
    const [name, value] = [
      cookie.slice(0, cookie.indexOf("=")),
      cookie.slice(cookie.indexOf("=") + 1),
    ];
    const changed = `${name}=${value.slice(0, 40)}${value[40] === "A" ? "B" : "A"}${value.slice(41)}`;
    expect((await storage.getSession(changed)).get("accessToken")).toBeUndefined();
    const other = createEncryptedSessionStorage("another-session-secret-of-32-characters!", true);
    expect((await other.getSession(cookie)).get("accessToken")).toBeUndefined();
    expect(
      (await storage.getSession(`${name}=bm90IGEgc2Vzc2lvbg==`)).get("accessToken"),
    ).toBeUndefined();
  });

  it("is cleared by destroy", async () => {
    const session = await storage.getSession(cookieOf(await committed()));
    expect(await storage.destroySession(session)).toMatch(
      /^__Host-console=;.*Expires=Thu, 01 Jan 1970/,
    );
  });
});
