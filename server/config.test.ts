import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConsoleEnv } from "~/env.server";
import type { EnvSource } from "~/env.shared";
import { consoleProcesses, launchMode, loadLocalSecrets, parseEnv, sandboxConfig } from "./config";

/** A whole configuration of a console that talks to an outside provider. */
const good = {
  NODE_ENV: "production",
  APP_URL: "https://console.example.com/",
  API_BASE_URL: "https://provider.example.com/api//",
  OIDC_ISSUER: "http://localhost:3001",
  OIDC_CLIENT_ID: "console",
  OIDC_CLIENT_SECRET: "0123456789abcdef",
  SESSION_SECRET: "s".repeat(32),
  LOG_LEVEL: "warn",
};

/** The problem line of `variable` in the message `parse` throws for `source`. */
function problem(parse: (source: EnvSource) => unknown, source: EnvSource, variable: string) {
  try {
    parse(source);
  } catch (error) {
    return (error as Error).message.split("\n").find((line) => line.startsWith(`  ${variable}: `));
  }
  return undefined;
}

describe("the variables the console and the launcher both read", () => {
  it("are accepted alike, with the same values", () => {
    const launcher = parseEnv(good);
    const consoleEnv = parseConsoleEnv(good);
    for (const name of Object.keys(good) as (keyof typeof good)[])
      expect(launcher[name]).toEqual(consoleEnv[name]);
    expect(consoleEnv.APP_URL).toBe("https://console.example.com");
    expect(consoleEnv.API_BASE_URL).toBe("https://provider.example.com/api");
  });

  it("accept the client and session secrets the launcher generates", () => {
    const generated = randomBytes(32).toString("base64url");
    const source = { ...good, OIDC_CLIENT_SECRET: generated, SESSION_SECRET: generated };
    expect(parseEnv(source).OIDC_CLIENT_SECRET).toBe(generated);
    expect(parseConsoleEnv(source).SESSION_SECRET).toBe(generated);
  });

  it.each([
    ["NODE_ENV", "staging", /^Invalid option/],
    ["APP_URL", "console.example.com", /^must be an http\(s\) URL$/],
    ["API_BASE_URL", "ftp://provider.example.com/api", /^must be an http\(s\) URL$/],
    ["OIDC_ISSUER", "javascript:alert(1)", /^must be an http\(s\) URL$/],
    ["OIDC_CLIENT_SECRET", "fifteen-chars!!", /^must be at least 16 characters$/],
    ["SESSION_SECRET", "s".repeat(31), /^must be at least 32 characters$/],
    ["LOG_LEVEL", "verbose", /^Invalid option/],
  ])("are refused alike: %s=%s, with a message naming it", (variable, value, message) => {
    const source = { ...good, [variable]: value };
    const launcher = problem(parseEnv, source, variable);
    const consoleEnv = problem(parseConsoleEnv, source, variable);
    expect(launcher).toBeDefined();
    expect(consoleEnv).toBeDefined();
    expect(consoleEnv?.slice(variable.length + 4)).toMatch(message);
    expect(launcher?.startsWith(consoleEnv as string)).toBe(true);
  });

  it("are required by the console, optional for the launcher (the sandbox fills them in)", () => {
    expect(() => parseEnv({})).not.toThrow();
    expect(
      problem(parseConsoleEnv, { ...good, OIDC_CLIENT_SECRET: undefined }, "OIDC_CLIENT_SECRET"),
    ).toBeDefined();
    expect(problem(parseConsoleEnv, { ...good, OIDC_CLIENT_ID: "" }, "OIDC_CLIENT_ID")).toBe(
      "  OIDC_CLIENT_ID: must not be empty",
    );
  });
});

describe("launchMode", () => {
  it("runs the product in production mode unless asked for development", () => {
    expect(launchMode(new Set(), undefined)).toBe("production");
    expect(launchMode(new Set(["--dev"]), undefined)).toBe("development");
    expect(launchMode(new Set(["--build"]), "test")).toBe("test");
  });
});

describe("FILE_GRACE_DAYS", () => {
  it("is a positive number of days, unset by default (the cleanup job's own default)", () => {
    expect(parseEnv({}).FILE_GRACE_DAYS).toBeUndefined();
    expect(parseEnv({ FILE_GRACE_DAYS: "0.5" }).FILE_GRACE_DAYS).toBe(0.5);
    expect(problem(parseEnv, { FILE_GRACE_DAYS: "0" }, "FILE_GRACE_DAYS")).toBe(
      '  FILE_GRACE_DAYS: must be more than 0 (got "0")',
    );
    expect(problem(parseEnv, { FILE_GRACE_DAYS: "soon" }, "FILE_GRACE_DAYS")).toMatch(
      /^ {2}FILE_GRACE_DAYS: must be a number of days/,
    );
  });
});

describe("DATA_ENCRYPTION_KEY", () => {
  it("is 32 bytes in base64 or base64url; unset, the key generated into DATA_DIR serves", () => {
    const key = randomBytes(32);
    expect(parseEnv({ DATA_ENCRYPTION_KEY: key.toString("base64") }).DATA_ENCRYPTION_KEY).toBe(
      key.toString("base64"),
    );
    expect(parseEnv({ DATA_ENCRYPTION_KEY: key.toString("base64url") }).DATA_ENCRYPTION_KEY).toBe(
      key.toString("base64url"),
    );
    expect(problem(parseEnv, { DATA_ENCRYPTION_KEY: "short" }, "DATA_ENCRYPTION_KEY")).toMatch(
      /^ {2}DATA_ENCRYPTION_KEY: must be 32 bytes in base64/,
    );
    expect(
      problem(
        parseEnv,
        { DATA_ENCRYPTION_KEY: randomBytes(24).toString("hex") },
        "DATA_ENCRYPTION_KEY",
      ),
    ).toBeDefined();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "config-test-"));
    const secrets = loadLocalSecrets(dataDir);
    rmSync(dataDir, { recursive: true });
    expect(sandboxConfig(parseEnv({}), secrets).dataEncryptionKey).toBe(secrets.dataEncryptionKey);
    expect(
      sandboxConfig(parseEnv({ DATA_ENCRYPTION_KEY: key.toString("base64") }), secrets)
        .dataEncryptionKey,
    ).toBe(key.toString("base64"));
  });
});

describe("WEB_CONCURRENCY and SANDBOX_CONCURRENCY", () => {
  const pg = "postgres://postgres@127.0.0.1:5432/test";
  it("are whole numbers from 1 to 64; unset, one sandbox and the console's count left to the cores", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({}).SANDBOX_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    for (const bad of ["0", "1.5", "65", "many"]) {
      expect(problem(parseEnv, { WEB_CONCURRENCY: bad }, "WEB_CONCURRENCY")).toMatch(
        /^ {2}WEB_CONCURRENCY: must be a whole number from 1 to 64/,
      );
    }
  });

  it("more than one sandbox needs PostgreSQL and Redis", () => {
    expect(
      parseEnv({ SANDBOX_CONCURRENCY: "2", DATABASE_URL: pg, REDIS_URL: "redis://127.0.0.1:6379" })
        .SANDBOX_CONCURRENCY,
    ).toBe(2);
    expect(() =>
      parseEnv({ SANDBOX_CONCURRENCY: "2", REDIS_URL: "redis://127.0.0.1:6379" }),
    ).toThrow(/SANDBOX_CONCURRENCY above 1 needs DATABASE_URL/);
    expect(() => parseEnv({ SANDBOX_CONCURRENCY: "2", DATABASE_URL: pg })).toThrow(/and REDIS_URL/);
    expect(parseEnv({ SANDBOX_CONCURRENCY: "1" }).SANDBOX_CONCURRENCY).toBe(1);
  });
});

describe("consoleProcesses", () => {
  it("is one per core less the sandbox's on the same machine, one at least", () => {
    expect(consoleProcesses(2, 1)).toBe(1);
    expect(consoleProcesses(8, 1)).toBe(7);
    expect(consoleProcesses(8, 0)).toBe(8);
    expect(consoleProcesses(1, 1)).toBe(1);
    expect(consoleProcesses(4, 3)).toBe(1);
  });
});
