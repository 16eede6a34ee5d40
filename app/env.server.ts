/**
 * The console's configuration, parsed once from the environment. The console only knows
 * its provider through these values (npm start fills them in for the embedded sandbox).
 */
import { z } from "zod";

const url = z
  .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
  .transform((u) => u.replace(/\/+$/, ""));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  APP_URL: url,
  API_BASE_URL: url,
  OIDC_ISSUER: url,
  OIDC_CLIENT_ID: z.string().min(1),
  OIDC_CLIENT_SECRET: z.string().min(1),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DOCS_URL: url.default("https://developers.example.com/docs"),
  API_REFERENCE_URL: url.default("https://developers.example.com/api-reference"),
});

export type ConsoleEnv = z.infer<typeof schema>;

let cached: ConsoleEnv | undefined;

export function env(): ConsoleEnv {
  if (cached) return cached;
  const result = schema.safeParse(process.env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid console configuration:\n${lines.join("\n")}`);
  }
  cached = result.data;
  return cached;
}

export const isProduction = () => env().NODE_ENV === "production";
