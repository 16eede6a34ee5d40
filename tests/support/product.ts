/**
 * The product as separate processes, for the suites that start, stop and restart its parts
 * (tests/load, tests/faults, tests/scale-out): the console's build (./console-build.ts), provider
 * sandboxes and consoles run as `npm start` runs them (`server/start.ts --sandbox-only` and
 * `--console-only`, production mode), each on a free port of this machine. What a process
 * prints is kept and shown only when it fails to start.
 *
 *   const buildDir = await consoleBuild();
 *   const sandbox = sandboxProcess({ dataDir, port, consolePort });
 *   await sandbox.start();
 *   const console = consoleProcess({ dataDir, port: consolePort, sandboxPort: port, buildDir });
 *   await console.start();
 *   ...
 *   await sandbox.stop();   // SIGTERM, or "SIGKILL" for a crash
 *   await sandbox.start();  // the same data folder and port
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { consoleProcesses, envSchema } from "../../server/config";
import { consoleBuild } from "./console-build";
import { freePort } from "./ports";
import { consoleClientSecretIn, createProviderClient, type ProviderClient } from "./provider";

export { consoleBuild } from "./console-build";
export { freePort } from "./ports";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** A fresh folder in the system's temporary folder; `remove()` deletes it. */
export function tempDir(label: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `console-${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Keeps the last `max` characters of what a process prints. */
class Tail {
  private text = "";
  constructor(private readonly max = 64 * 1024) {}
  add(chunk: Buffer | string) {
    this.text = (this.text + chunk.toString()).slice(-this.max);
  }
  toString() {
    return this.text;
  }
}

/**
 * The environment of a product process: this one's, without anything the launcher or the
 * console reads (a DATABASE_URL of the CI stage, say), plus `env`.
 */
export function productEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(envSchema.shape)) delete clean[name];
  const given = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return { ...clean, NODE_ENV: "production", LOG_LEVEL: "warn", PRINT_MAIL: "off", ...given };
}

export interface ProcessSpec {
  /** How the process is named in messages ('sandbox', 'console 2'). */
  name: string;
  /** Arguments of server/start.ts. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Answers 200 once the process serves. */
  healthUrl: string;
}

/** The processes running now: ended when this one exits, even when a run stops before its clean-up. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** One server process of the product: started, stopped and started again at will. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private output = new Tail();
  private ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  constructor(readonly spec: ProcessSpec) {}

  /** How the process last ended (its exit code, or the signal that ended it). */
  get lastExit() {
    return this.ended;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** What the process printed last (for a failure's message). */
  get log(): string {
    return this.output.toString();
  }

  /** Starts the process and waits until its health check answers. */
  async start(timeoutMs = 120_000): Promise<void> {
    if (this.child) throw new Error(`${this.spec.name} is running already`);
    this.output = new Tail();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "server", "start.ts"), ...this.spec.args],
      {
        cwd: ROOT,
        env: this.spec.env,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    this.child = child;
    running.add(child);
    child.stdout!.on("data", (chunk) => this.output.add(chunk));
    child.stderr!.on("data", (chunk) => this.output.add(chunk));
    let exitCode: number | null | undefined;
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        running.delete(child);
        this.ended = { code, signal };
        exitCode = code ?? (signal ? -1 : 0);
        if (this.child === child) this.child = undefined;
        resolve();
      });
    });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exitCode !== undefined)
        throw new Error(
          `${this.spec.name} stopped while starting (exit ${exitCode}):\n${this.log}`,
        );
      try {
        const res = await fetch(this.spec.healthUrl, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not serving yet
      }
      if (Date.now() > deadline) {
        await this.stop("SIGKILL");
        throw new Error(
          `${this.spec.name} did not answer ${this.spec.healthUrl} within ${timeoutMs / 1000} s:\n${this.log}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Stops the process and waits until it has exited: SIGTERM lets it close as `npm start`
   * does on Ctrl-C; SIGKILL ends it at once, as a crash would (a SIGTERM still running after
   * `graceMs` gets one too).
   */
  async stop(signal: "SIGTERM" | "SIGKILL" = "SIGTERM", graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** The e2e suite's reviewer token: the suites that share its fixtures start the sandbox with it. */
export const ADMIN_TOKEN = "e2e-admin-token-0123456789";

export interface SandboxSpec {
  name?: string;
  dataDir: string;
  port: number;
  /** The console's port (its address is where the sandbox sends sign-ins back), unless `appUrl`. */
  consolePort: number;
  /** The public address of the console (default http://localhost:<consolePort>). */
  appUrl?: string;
  /** The public address of the sandbox, the issuer (default http://localhost:<port>). */
  sandboxUrl?: string;
  env?: Record<string, string | undefined>;
}

/** A provider sandbox (`--sandbox-only`) with the e2e reviewer token. */
export function sandboxProcess(spec: SandboxSpec): ServerProcess {
  return new ServerProcess({
    name: spec.name ?? "sandbox",
    args: ["--sandbox-only"],
    env: productEnv({
      DATA_DIR: spec.dataDir,
      SANDBOX_PORT: String(spec.port),
      PORT: String(spec.consolePort),
      APP_URL: spec.appUrl,
      SANDBOX_URL: spec.sandboxUrl,
      PROVIDER_ADMIN_TOKEN: ADMIN_TOKEN,
      ...spec.env,
    }),
    healthUrl: `http://127.0.0.1:${spec.port}/healthz`,
  });
}

export interface ConsoleSpec {
  name?: string;
  dataDir: string;
  port: number;
  /** The sandbox's port, when the console finds its provider and secrets as `npm start` does. */
  sandboxPort?: number;
  buildDir: string;
  /** API_BASE_URL, OIDC_*, SESSION_SECRET, APP_URL, REDIS_URL... as a deployed console gets them. */
  env?: Record<string, string | undefined>;
}

/** A console (`--console-only`) serving a build made by `consoleBuild`. */
export function consoleProcess(spec: ConsoleSpec): ServerProcess {
  return new ServerProcess({
    name: spec.name ?? "console",
    args: ["--console-only"],
    env: productEnv({
      // Beside a sandbox on this machine, as `npm start` runs them: the sandbox keeps a core.
      WEB_CONCURRENCY: String(consoleProcesses(os.availableParallelism(), 1)),
      DATA_DIR: spec.dataDir,
      PORT: String(spec.port),
      SANDBOX_PORT: spec.sandboxPort === undefined ? undefined : String(spec.sandboxPort),
      CONSOLE_BUILD_DIR: spec.buildDir,
      ...spec.env,
    }),
    healthUrl: `http://127.0.0.1:${spec.port}/healthz`,
  });
}

export interface WholeSpec {
  dataDir: string;
  port: number;
  sandboxPort: number;
  buildDir: string;
  env?: Record<string, string | undefined>;
}

/** The whole product as `npm start` runs it (a supervisor, sandbox and console processes), with the e2e reviewer token; ready once the console answers. */
export function wholeProcess(spec: WholeSpec): ServerProcess {
  return new ServerProcess({
    name: "product",
    args: [],
    env: productEnv({
      DATA_DIR: spec.dataDir,
      PORT: String(spec.port),
      SANDBOX_PORT: String(spec.sandboxPort),
      CONSOLE_BUILD_DIR: spec.buildDir,
      PROVIDER_ADMIN_TOKEN: ADMIN_TOKEN,
      ...spec.env,
    }),
    healthUrl: `http://127.0.0.1:${spec.port}/healthz`,
  });
}

/** The product started on fresh data and free ports: one sandbox and one console, with a provider client bound to them. */
export interface StartedProduct {
  consoleUrl: string;
  sandboxUrl: string;
  dataDir: string;
  sandbox: ServerProcess;
  console: ServerProcess;
  provider: ProviderClient;
  /** Stops both processes and removes the data folder. */
  stop(): Promise<void>;
}

/**
 * The console's build, a sandbox and a console on a fresh data folder, as `npm start`
 * runs them; what fails to start is stopped and removed again.
 */
export async function startedProduct(
  label: string,
  env: {
    sandbox?: Record<string, string | undefined>;
    console?: Record<string, string | undefined>;
  } = {},
): Promise<StartedProduct> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const data = tempDir(label);
    cleanups.push(data.remove);
    const buildDir = await consoleBuild();
    const sandboxPort = await freePort();
    const consolePort = await freePort();
    const sandbox = sandboxProcess({
      dataDir: data.dir,
      port: sandboxPort,
      consolePort,
      env: env.sandbox,
    });
    const console = consoleProcess({
      dataDir: data.dir,
      port: consolePort,
      sandboxPort,
      buildDir,
      env: env.console,
    });
    cleanups.push(() => sandbox.stop());
    await sandbox.start();
    cleanups.push(() => console.stop());
    await console.start();
    const consoleUrl = `http://localhost:${consolePort}`;
    const sandboxUrl = `http://localhost:${sandboxPort}`;
    const provider = createProviderClient(() => ({
      sandboxUrl,
      consoleUrl,
      adminToken: ADMIN_TOKEN,
      clientId: "console",
      clientSecret: consoleClientSecretIn(data.dir),
    }));
    return { consoleUrl, sandboxUrl, dataDir: data.dir, sandbox, console, provider, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
