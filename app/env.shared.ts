/**
 * The rules of the environment variables that both the console (app/env.server.ts) and the
 * launcher with its provider sandbox (server/config.ts) read: one definition of each, so a
 * value one side accepts the other accepts too. Each side decides which of them it requires
 * (the console needs all of them; the launcher fills in the sandbox's when they are unset).
 * Messages name no variable: the parsers put the variable's name in front of them.
 */
import * as z from "zod";

/** An http(s) URL, without trailing slashes. */
export const httpUrl = z
  .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
  .transform((u) => u.replace(/\/+$/, ""));

/** A secret of at least `length` characters. */
export const secret = (length: number) =>
  z.string().min(length, `must be at least ${length} characters`);

/** A variable that may be unset; an empty value counts as unset. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The variables both sides read. */
export const sharedEnvFields = {
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Public URL of the console (links in mails, OIDC redirect URIs). */
  APP_URL: httpUrl,
  /** The provider API the console calls. */
  API_BASE_URL: httpUrl,
  /** The identity provider and the console's client there. */
  OIDC_ISSUER: httpUrl,
  OIDC_CLIENT_ID: z.string().min(1, "must not be empty"),
  OIDC_CLIENT_SECRET: secret(16),
  /** Secret of the console's session cookie and captcha. */
  SESSION_SECRET: secret(32),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /** Local state without Redis: the sandbox's database and files, the console's drafts. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** Shared state of several instances (rate limits, the console's drafts). */
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, "must be a redis:// URL")),
  /** The debug password's prefix; the day of the month follows it. */
  DEBUG_PASSWORD_PREFIX: z.string().min(1).default("sandbox-"),
};

/** The variables as read: process.env, or a plain object in tests. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

/** One line per problem, `  NAME: message`, each with what `detail` adds (the value, say). */
export function envIssueLines(
  error: z.ZodError,
  detail: (name: string) => string = () => "",
): string {
  return error.issues
    .map((issue) => `  ${issue.path.join(".")}: ${issue.message}${detail(String(issue.path[0]))}`)
    .join("\n");
}
