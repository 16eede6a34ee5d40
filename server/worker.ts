/**
 * One process of `npm start` (./supervisor.ts): the sandbox or the console, as PRODUCT_ROLE
 * says, with the settings the supervisor put in its environment. It tells the supervisor once
 * it serves, and stops cleanly on SIGTERM; SIGINT (Ctrl-C reaches every process of the
 * terminal) is left to the supervisor, which stops the processes in order.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  ConfigError,
  consoleBuildPaths,
  loadLocalSecrets,
  parseEnv,
  sandboxConfig,
} from "./config";
import { OUTBOX_TOKEN_VARIABLE, type ReadyMessage, ROLE_VARIABLE, type Role } from "./supervisor";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

process.on("SIGINT", () => {});

async function serve(role: Role): Promise<() => Promise<void>> {
  const env = parseEnv();
  if (role === "sandbox") {
    const { startSandbox } = await import("./sandbox/index");
    const { formatMail } = await import("./sandbox/mail");
    // The supervisor settled whether mails are printed (PRINT_MAIL: on or off).
    const printMail = env.PRINT_MAIL === "on";
    const running = await startSandbox(
      sandboxConfig(env, loadLocalSecrets(path.resolve(env.DATA_DIR))),
      {
        ...(printMail ? { onMailQueued: (mail) => console.log(`\n${formatMail(mail)}\n`) } : {}),
        outboxToken: process.env[OUTBOX_TOKEN_VARIABLE],
      },
    );
    return running.close;
  }
  const { startConsole } = await import("./console");
  const running = await startConsole({
    port: env.PORT,
    host: env.HOST,
    ...consoleBuildPaths(env, root),
    publicDir: path.join(root, "public"),
    localesDir: path.join(root, "locales"),
    // The supervisor set these for the embedded sandbox when they were not given.
    appUrl: env.APP_URL!,
    issuerUrl: env.OIDC_ISSUER!,
    apiBaseUrl: env.API_BASE_URL!,
    production: env.NODE_ENV === "production",
    trustProxy: env.TRUST_PROXY,
  });
  return running.close;
}

const role = process.env[ROLE_VARIABLE];
if (role !== "sandbox" && role !== "console")
  throw new Error(`${ROLE_VARIABLE} must be sandbox or console.`);
serve(role).then(
  (close) => {
    process.once("SIGTERM", () => {
      void close()
        .catch(() => {})
        .finally(() => process.exit(0));
    });
    process.send?.({ ready: role } satisfies ReadyMessage);
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
