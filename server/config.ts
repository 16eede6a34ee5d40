/**
 * Configuration of the launcher and the provider sandbox, from environment variables only.
 * Parsed once with zod; a bad value stops start-up with a message naming the variable.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  type EnvSource,
  envIssueLines,
  httpUrl,
  optional,
  secret,
  sharedEnvFields as shared,
} from "~/env.shared";
import { decodeKey, newKey } from "./sandbox/db/encryption";
import { parseTrustProxy } from "./trust-proxy";

const port = z.coerce.number().int().min(1).max(65535);
/** How many processes serve one half (`npm start`'s supervisor: ./start.ts). */
const COUNT = "must be a whole number from 1 to 64";
const processCount = z.coerce.number({ message: COUNT }).int(COUNT).min(1, COUNT).max(64, COUNT);

/** The launcher's variables; those the console reads too keep the console's rules (app/env.shared.ts). */
export const envSchema = z.object({
  NODE_ENV: shared.NODE_ENV,
  /** The interface both servers listen on; 0.0.0.0 (every interface) only where something in front needs it. */
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: port.default(3000),
  SANDBOX_PORT: port.default(3001),
  APP_URL: optional(shared.APP_URL),
  SANDBOX_URL: optional(httpUrl),
  DATA_DIR: shared.DATA_DIR,
  /** Where the console's build is (default ./build and public/build): remix.config.js reads it too. */
  CONSOLE_BUILD_DIR: optional(z.string().min(1)),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL"),
  ),
  API_BASE_URL: optional(shared.API_BASE_URL),
  OIDC_ISSUER: optional(shared.OIDC_ISSUER),
  OIDC_CLIENT_ID: optional(shared.OIDC_CLIENT_ID),
  OIDC_CLIENT_SECRET: optional(shared.OIDC_CLIENT_SECRET),
  SESSION_SECRET: optional(shared.SESSION_SECRET),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")),
  MAIL_FROM: z.string().default("Developer Console <no-reply@localhost>"),
  /** Whether `npm start` prints each queued mail with its link: `auto` when its output is a terminal. */
  PRINT_MAIL: z.enum(["auto", "on", "off"], { message: "must be auto, on or off" }).default("auto"),
  PROVIDER_ADMIN_TOKEN: optional(secret(16)),
  /** Key of the values the sandbox keeps encrypted (bank account numbers); every sandbox on one database needs the same. */
  DATA_ENCRYPTION_KEY: optional(
    z
      .string()
      .refine(
        (text) => decodeKey(text) !== undefined,
        "must be 32 bytes in base64 or base64url (openssl rand -base64 32)",
      ),
  ),
  /** Days an uploaded file that nothing references is kept (default 31: server/sandbox/files/cleanup.ts). */
  FILE_GRACE_DAYS: optional(
    z.coerce.number({ message: "must be a number of days" }).positive("must be more than 0"),
  ),
  REDIS_URL: shared.REDIS_URL,
  /** Console processes of `npm start` (default: `consoleProcesses`). */
  WEB_CONCURRENCY: optional(processCount),
  /** Sandbox processes of `npm start`: more than one needs DATABASE_URL and REDIS_URL. */
  SANDBOX_CONCURRENCY: optional(processCount).transform((count) => count ?? 1),
  SANDBOX_DEMO_EMAIL: z.email().default("demo@example.com"),
  SANDBOX_DEMO_PASSWORD: z.string().min(8).default("Demo-password-1"),
  DEBUG_PASSWORD_PREFIX: shared.DEBUG_PASSWORD_PREFIX,
  LOG_LEVEL: shared.LOG_LEVEL,
  /** Proxies whose X-Forwarded-* headers count: none (unset), `loopback`, or addresses and subnets (./trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((text, context) => {
      const parsed = parseTrustProxy(text);
      if ("items" in parsed) return parsed.items;
      context.addIssue({
        code: "custom",
        message: `must be loopback, or addresses and subnets separated by commas (not ${JSON.stringify(parsed.invalid)})`,
      });
      return z.NEVER;
    }),
});

export type Env = z.infer<typeof envSchema>;

/**
 * The mode `npm start` runs in when NODE_ENV does not say: production (the product as
 * deployed), or development with `--dev` (`npm run dev`).
 */
type NodeEnv = NonNullable<NodeJS.ProcessEnv["NODE_ENV"]>;
export const launchMode = (args: ReadonlySet<string>, nodeEnv: NodeEnv | undefined): NodeEnv =>
  nodeEnv || (args.has("--dev") ? "development" : "production");

export class ConfigError extends Error {}

export function parseEnv(source: EnvSource = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = envIssueLines(result.error, (name) => ` (got ${JSON.stringify(source[name])})`);
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  const env = result.data;
  const partial = [env.API_BASE_URL, env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  if (partial.some(Boolean) && !partial.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  API_BASE_URL, OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (or none, to run the embedded sandbox)",
    );
  }
  // PGlite serves one process; the sandboxes' limits are shared through Redis only.
  if (env.SANDBOX_CONCURRENCY > 1 && (!env.DATABASE_URL || !env.REDIS_URL)) {
    throw new ConfigError(
      "Invalid configuration:\n  SANDBOX_CONCURRENCY above 1 needs DATABASE_URL (PGlite serves one process) and REDIS_URL (where the sandboxes share their limits)",
    );
  }
  return env;
}

/** Where the console's build is: ./build and public/build, or one folder (CONSOLE_BUILD_DIR, read by remix.config.js too). */
export function consoleBuildPaths(
  env: Pick<Env, "CONSOLE_BUILD_DIR">,
  root: string,
): { buildPath: string; assetsDir?: string } {
  const buildDir = env.CONSOLE_BUILD_DIR ? path.resolve(env.CONSOLE_BUILD_DIR) : undefined;
  return buildDir
    ? { buildPath: path.join(buildDir, "index.js"), assetsDir: path.join(buildDir, "assets") }
    : { buildPath: path.join(root, "build", "index.js") };
}

/** Secrets generated once into DATA_DIR for local use, when not given. */
export interface LocalSecrets {
  sessionSecret: string;
  consoleClientSecret: string;
  dataEncryptionKey: string;
}

export function loadLocalSecrets(dataDir: string): LocalSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "secrets.json");
  let stored: Partial<LocalSecrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8"));
  const secrets: LocalSecrets = {
    sessionSecret: stored.sessionSecret ?? randomBytes(32).toString("base64url"),
    consoleClientSecret: stored.consoleClientSecret ?? randomBytes(32).toString("base64url"),
    dataEncryptionKey: stored.dataEncryptionKey ?? newKey(),
  };
  if (
    (Object.keys(secrets) as (keyof LocalSecrets)[]).some((name) => stored[name] !== secrets[name])
  ) {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/** Everything the sandbox needs, resolved from the environment. */
export interface SandboxConfig {
  port: number;
  host: string;
  /** Public base URL of the sandbox; the OIDC issuer. */
  url: string;
  /** Public base URL of the console (links in mails, redirect URIs). */
  consoleUrl: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  adminToken?: string;
  redisUrl?: string;
  /** Days an unreferenced upload is kept; unset: the job's default. */
  fileGraceDays?: number;
  consoleClientId: string;
  consoleClientSecret: string;
  /** Key of the values kept encrypted at rest (./sandbox/db/encryption.ts). */
  dataEncryptionKey: string;
  demoEmail: string;
  demoPassword: string;
  debugPasswordPrefix: string;
  logLevel: Env["LOG_LEVEL"];
  /** Proxies whose X-Forwarded-* headers count (empty: none). */
  trustProxy: string[];
  production: boolean;
}

export function sandboxConfig(env: Env, secrets: LocalSecrets): SandboxConfig {
  return {
    port: env.SANDBOX_PORT,
    host: env.HOST,
    url: env.SANDBOX_URL ?? `http://localhost:${env.SANDBOX_PORT}`,
    consoleUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminToken: env.PROVIDER_ADMIN_TOKEN,
    redisUrl: env.REDIS_URL,
    fileGraceDays: env.FILE_GRACE_DAYS,
    consoleClientId: env.OIDC_CLIENT_ID ?? "console",
    consoleClientSecret: env.OIDC_CLIENT_SECRET ?? secrets.consoleClientSecret,
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY ?? secrets.dataEncryptionKey,
    demoEmail: env.SANDBOX_DEMO_EMAIL.toLowerCase(),
    demoPassword: env.SANDBOX_DEMO_PASSWORD,
    debugPasswordPrefix: env.DEBUG_PASSWORD_PREFIX,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    production: env.NODE_ENV === "production",
  };
}

/**
 * How many console processes `npm start` runs unless WEB_CONCURRENCY says: one per core, less
 * the cores the sandbox's processes take when they run on the same machine, one at least. The
 * embedded sandbox is the provider of every console process, so it keeps a core of its own: on
 * two cores, a console process beside it served 50 people 60 % more requests, with shorter
 * waits, than two did.
 */
export function consoleProcesses(cores: number, sandboxProcesses: number): number {
  return Math.max(1, cores - sandboxProcesses);
}
