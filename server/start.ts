/**
 * `npm start`: runs the whole product. Starts the embedded provider sandbox (unless
 * API_BASE_URL and OIDC_* point at a real provider), builds the console when there is no
 * build yet (or with `--build`), and serves it in production mode: the product as deployed.
 * `--dev` (`npm run dev`) runs it in development mode instead and rebuilds first.
 * `--sandbox-only` / `--console-only` run one half.
 *
 * This process supervises (./supervisor.ts): the sandbox runs in a process of its own
 * (SANDBOX_CONCURRENCY of them on PostgreSQL), the console in one per core less the sandbox's (WEB_CONCURRENCY),
 * each started again when it ends; the console's processes start once the sandbox serves.
 * SIGINT and SIGTERM stop the consoles, then the sandbox.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SUPERVISED_VARIABLE } from "~/lib/supervised.server";
import {
  ConfigError,
  consoleBuildPaths,
  consoleProcesses,
  launchMode,
  loadLocalSecrets,
  parseEnv,
  sandboxConfig,
} from "./config";
import { consoleRelay } from "./console-relay";
import { announceRunning, localUrl, newOutboxToken } from "./sandbox/admin/local";
import { createLogger } from "./sandbox/logger";
import { printsMail } from "./sandbox/mail";
import { OUTBOX_TOKEN_VARIABLE, WorkerGroup } from "./supervisor";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2));

/** Builds the console (`remix build`), its output on this terminal. */
function buildConsole(): Promise<void> {
  console.log("Building the console...");
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "build"],
      { cwd: root, stdio: "inherit" },
    );
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error("The console build failed.")),
    );
  });
}

async function main() {
  // The mode is settled before anything reads it: React and Remix read NODE_ENV too (every process inherits it).
  process.env.NODE_ENV = launchMode(args, process.env.NODE_ENV);
  const env = parseEnv();
  const secrets = loadLocalSecrets(path.resolve(env.DATA_DIR));
  const external = Boolean(env.API_BASE_URL);
  const runSandbox = !args.has("--console-only") && !external;
  const runConsole = !args.has("--sandbox-only");
  const sandbox = sandboxConfig(env, secrets);
  const log = createLogger(env.LOG_LEVEL, "supervisor");
  const groups: WorkerGroup[] = [];
  let announced: { release(): void } | undefined;

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // The consoles first (they call the sandbox), then the sandbox.
    for (const group of [...groups].reverse()) await group.stop();
    announced?.release();
    process.exit(code);
  };
  process.once("SIGINT", () => void stop(0));
  process.once("SIGTERM", () => void stop(0));

  try {
    let sandboxes: Promise<void> | undefined;
    let mailNote: string | undefined;
    const outboxToken = newOutboxToken();
    if (runSandbox) {
      // Each mail's link where the person who started the product sees it (PRINT_MAIL): the sandbox's processes share this terminal.
      const printMail = printsMail(env.PRINT_MAIL, Boolean(process.stdout.isTTY));
      const group = new WorkerGroup({
        role: "sandbox",
        count: env.SANDBOX_CONCURRENCY,
        firstAlone: true,
        env: { PRINT_MAIL: printMail ? "on" : "off", [OUTBOX_TOKEN_VARIABLE]: outboxToken },
        log,
      });
      groups.push(group);
      sandboxes = group.start();
      // Awaited after the build: a sandbox that fails meanwhile is reported there, not as an unhandled rejection.
      sandboxes.catch(() => {});
      mailNote = `Mailed links (email verification, password reset): ${printMail ? "printed here as they are sent, and " : ""}npm run provider -- mail`;
    }

    if (runConsole) {
      // Built while the sandbox starts.
      const { buildPath } = consoleBuildPaths(env, root);
      if (!existsSync(buildPath) || args.has("--build") || args.has("--dev")) await buildConsole();
    }

    if (sandboxes) {
      await sandboxes;
      if (stopping) return;
      // For the reviewer command on this machine (admin/local.ts): this process stands for all the sandbox's.
      announced = announceRunning(sandbox.dataDir, {
        url: localUrl(sandbox.host, sandbox.port),
        outboxToken,
      });
      console.log(`Provider sandbox: ${sandbox.url} (API ${sandbox.url}/api)`);
    }

    if (runConsole && !stopping) {
      // The console is a pure client: it learns where its provider is from these variables.
      const consoleEnv = {
        API_BASE_URL: env.API_BASE_URL ?? `${sandbox.url}/api`,
        OIDC_ISSUER: env.OIDC_ISSUER ?? sandbox.url,
        OIDC_CLIENT_ID: env.OIDC_CLIENT_ID ?? sandbox.consoleClientId,
        OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET ?? sandbox.consoleClientSecret,
        SESSION_SECRET: env.SESSION_SECRET ?? secrets.sessionSecret,
        APP_URL: sandbox.consoleUrl,
        [SUPERVISED_VARIABLE]: "1",
      };
      const group: WorkerGroup = new WorkerGroup({
        role: "console",
        count:
          env.WEB_CONCURRENCY ??
          consoleProcesses(os.availableParallelism(), runSandbox ? env.SANDBOX_CONCURRENCY : 0),
        env: consoleEnv,
        log,
        onMessage: (worker, message) => relay.received(worker, message),
        onEnded: (worker) => relay.ended(worker),
      });
      const relay = consoleRelay(() => group.workers);
      groups.push(group);
      await group.start();
      if (stopping) return;
      console.log(`\nDeveloper console: ${sandbox.consoleUrl}`);
      if (runSandbox) console.log(`Demo sign-in: ${sandbox.demoEmail} / ${sandbox.demoPassword}`);
    }
    if (mailNote) console.log(mailNote);
  } catch (error) {
    if (stopping) return;
    console.error(error instanceof ConfigError ? error.message : error);
    await stop(1);
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
