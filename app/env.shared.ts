/**
 * The rules of the environment variables that both the console (app/env.server.ts) and the
 * launcher with its provider sandbox (server/config.ts) read: one definition of each, so a
 * value one side accepts the other accepts too. Each side decides which of them it requires
 * (the console needs all of them; the launcher fills in the sandbox's when they are unset).
 * Messages name no variable: the parsers put the variable's name in front of them.
 */
import { z } from "zod";

/** An http(s) URL, without trailing slashes. */
export const httpUrl = z
  .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
  .transform((u) => u.replace(/\/+$/, ""));

/** A secret of at least `length` characters. */
export const secret = (length: number) => z.string().min(length, `must be at least ${length} characters`);

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
};

/** The variables as read: process.env, or a plain object in tests. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

/** One line per problem, `  NAME: message`, each with what `describe` adds (the value, say). */
export function envIssueLines(error: z.ZodError, describe: (name: string) => string = () => ""): string {
  return error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}${describe(String(issue.path[0]))}`).join("\n");
}
