import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redact";

describe("redactUrl", () => {
  it("hides a password reset link's token, in a path or a whole URL", () => {
    expect(redactUrl("/password/reset/abcDEF123_-xyz")).toBe("/password/reset/[redacted]");
    expect(redactUrl("/password/reset/abcDEF123?lang=nl-NL")).toBe(
      "/password/reset/[redacted]?lang=nl-NL",
    );
    expect(redactUrl("http://localhost:3001/password/reset/abc%2Fdef")).toBe(
      "http://localhost:3001/password/reset/[redacted]",
    );
  });

  it("hides the values of token, code and secret parameters and keeps the others", () => {
    expect(redactUrl("/verify-email?token=s3cr3t&lang=en-AU")).toBe(
      "/verify-email?token=[redacted]&lang=en-AU",
    );
    expect(
      redactUrl(
        "https://console.example/en-AU/auth/callback?code=abc&state=xyz&iss=https%3A%2F%2Fid",
      ),
    ).toBe(
      "https://console.example/en-AU/auth/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid",
    );
    expect(redactUrl("/session/end?id_token_hint=eyJ.x.y&post_logout_redirect_uri=%2F")).toBe(
      "/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=%2F",
    );
    // However the name is spelt.
    expect(redactUrl("/verify-email?%74oken=s3cr3t&TOKEN=again&token")).toBe(
      "/verify-email?%74oken=[redacted]&TOKEN=[redacted]&token=[redacted]",
    );
  });

  it("drops a fragment and leaves a path without secrets as it is", () => {
    expect(redactUrl("/en-AU/apps?sort=name#token=abc")).toBe("/en-AU/apps?sort=name");
    expect(redactUrl("/api/apps")).toBe("/api/apps");
    expect(redactUrl("")).toBe("");
  });
});
