/**
 * The console's configuration, parsed once from the environment. The console only knows
 * its provider through these values (npm start fills them in for the embedded sandbox).
 * The variables the launcher reads too follow the rules of env.shared.ts.
 */
import * as z from "zod";
import { type EnvSource, envIssueLines, httpUrl, sharedEnvFields } from "./env.shared";

const schema = z.object({
  ...sharedEnvFields,
  DOCS_URL: httpUrl.default("https://developers.example.com/docs"),
  /** Unset: the provider's own reference beside its API (`{API_BASE_URL}/reference`). */
  API_REFERENCE_URL: httpUrl.optional(),
});

export type ConsoleEnv = z.infer<typeof schema>;

/** Parses `source`; a bad or missing value throws a message naming the variable. */
export function parseConsoleEnv(source: EnvSource = process.env): ConsoleEnv {
  const result = schema.safeParse(source);
  if (!result.success)
    throw new Error(`Invalid console configuration:\n${envIssueLines(result.error)}`);
  return result.data;
}

let cached: ConsoleEnv | undefined;

export function env(): ConsoleEnv {
  cached ??= parseConsoleEnv();
  return cached;
}

export const isProduction = () => env().NODE_ENV === "production";
