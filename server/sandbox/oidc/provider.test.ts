import { describe, expect, it } from "vitest";
import { cookieOptions } from "./provider";

describe("the identity provider's cookie options", () => {
  it("make its cookies Secure when its public URL is https", () => {
    const options = cookieOptions("https://id.example.com", ["key"]);
    expect(options.long).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: "lax",
      signed: true,
    });
    expect(options.short).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: "lax",
      signed: true,
    });
    expect(options.keys).toEqual(["key"]);
  });

  it("leave Secure off over http (a local sandbox)", () => {
    const options = cookieOptions("http://localhost:3001", ["key"]);
    expect(options.long.secure).toBe(false);
    expect(options.short.secure).toBe(false);
  });
});
