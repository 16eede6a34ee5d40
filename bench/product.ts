/**
 * The product as the benchmarks run it: a build of the console of their own (never ./build,
 * which `npm start` uses), and `server/start.ts` in production mode as `npm start` runs it
 * (the whole product, or `--sandbox-only`: a supervisor and its processes), on free ports above 4000
 * and a fresh data folder. What a process prints goes to a file (the sandbox's request log
 * counts the provider calls of a page). Every process started here is stopped by `stopAll`,
 * and at the latest when the benchmark's own process exits.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { envSchema } from "../server/config";
import { freePort } from "../tests/support/ports";
import { treeMb } from "../tests/support/process-tree";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** The reviewer token of the benchmarks' sandboxes. */
export const ADMIN_TOKEN = "bench-admin-token-0123456789";

/** Folders made for the run, removed by `stopAll`. */
const folders: string[] = [];

/** A fresh folder in the system's temporary folder, removed at the end of the run. */
export function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `console-bench-${label}-`));
  folders.push(dir);
  return dir;
}

/** `npm run build` into a folder of the run's own inside the project (so that it finds node_modules). */
export function buildConsole(flags: string[] = []): string {
  const dir = path.join(ROOT, "build", "bench", randomBytes(4).toString("hex"));
  folders.push(dir);
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "build", ...flags],
    {
      cwd: ROOT,
      env: { ...process.env, CONSOLE_BUILD_DIR: dir, NODE_ENV: "production" },
      encoding: "utf8",
    },
  );
  if (result.status !== 0)
    throw new Error(
      `The console build failed (exit ${result.status}):\n${result.stdout}${result.stderr}`,
    );
  return dir;
}

const running = new Set<ProductProcess>();

/**
 * Node's options for a product process: with BENCH_CPU_PROFILE=<folder>, a process that is
 * not profiled page by page through its inspector (`inspect`) writes a CPU profile of its
 * whole life there when it stops, and so do the sandbox and console processes of a supervisor,
 * which inherit them (open it in Chrome's DevTools).
 */
function profileArgs(inspect: boolean): string[] {
  const folder = process.env.BENCH_CPU_PROFILE;
  return folder && !inspect ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(folder)}`] : [];
}

export interface ProductOptions {
  /** Arguments of server/start.ts: none for the whole product, `--sandbox-only` for the sandbox. */
  args: string[];
  dataDir: string;
  consolePort: number;
  sandboxPort: number;
  buildDir?: string;
  /** More variables (a console apart from its sandbox: API_BASE_URL, OIDC_*...). */
  env?: Record<string, string>;
  /**
   * Opens the inspector of each of its processes on a free port (`--inspect=127.0.0.1:0` in
   * NODE_OPTIONS, which the processes it starts inherit), for bench/inspector.ts.
   */
  inspect?: boolean;
}

/** Two free ports above 4000, the console's and the sandbox's. */
export async function productPorts(): Promise<{ consolePort: number; sandboxPort: number }> {
  const consolePort = await freePort(4100 + Math.floor(Math.random() * 800));
  return { consolePort, sandboxPort: await freePort(consolePort + 1) };
}

/** One server process of the product, as `npm start` runs it. */
export class ProductProcess {
  readonly logFile: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  constructor(readonly options: ProductOptions) {
    this.logFile = path.join(options.dataDir, `bench-${randomBytes(3).toString("hex")}.log`);
  }

  get consoleUrl() {
    return `http://localhost:${this.options.consolePort}`;
  }

  get sandboxUrl() {
    return `http://localhost:${this.options.sandboxPort}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The environment of `npm start` with nothing of the caller's that the launcher reads. */
  private env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of Object.keys(envSchema.shape)) delete env[name];
    return {
      ...env,
      NODE_ENV: "production",
      DATA_DIR: this.options.dataDir,
      PORT: String(this.options.consolePort),
      SANDBOX_PORT: String(this.options.sandboxPort),
      PROVIDER_ADMIN_TOKEN: ADMIN_TOKEN,
      PRINT_MAIL: "off",
      ...(this.options.buildDir ? { CONSOLE_BUILD_DIR: this.options.buildDir } : {}),
      ...(this.options.inspect
        ? { NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --inspect=127.0.0.1:0`.trim() }
        : {}),
      ...this.options.env,
    };
  }

  /**
   * Starts the process and waits until the health check of each half it runs answers;
   * answers the milliseconds from the start to that answer.
   */
  async start(timeoutMs = 120_000): Promise<number> {
    if (this.child) throw new Error("the process runs already");
    const log = openSync(this.logFile, "a");
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        ...profileArgs(Boolean(this.options.inspect)),
        "--import",
        "tsx",
        path.join(ROOT, "server", "start.ts"),
        ...this.options.args,
      ],
      {
        cwd: ROOT,
        env: this.env(),
        stdio: ["ignore", log, log],
      },
    );
    closeSync(log);
    this.child = child;
    running.add(this);
    let exitCode: number | null | undefined;
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        exitCode = code ?? (signal ? -1 : 0);
        this.child = undefined;
        running.delete(this);
        resolve();
      });
    });
    const health = [`${this.sandboxUrl}/healthz`];
    if (!this.options.args.includes("--sandbox-only")) health.push(`${this.consoleUrl}/healthz`);
    for (const url of health) {
      for (;;) {
        if (exitCode !== undefined)
          throw new Error(`the product stopped while starting (exit ${exitCode}):\n${this.tail()}`);
        try {
          if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) break;
        } catch {
          // not serving yet
        }
        if (performance.now() - started > timeoutMs) {
          await this.stop();
          throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${this.tail()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    return performance.now() - started;
  }

  /** Stops the process as Ctrl-C stops `npm start` (SIGKILL after 10 s) and waits for it. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** Resident memory of the product now, in MiB: VmRSS of /proc, summed over the supervisor and its processes. */
  rssMiB(): number {
    if (!this.child?.pid) throw new Error("the process does not run");
    return treeMb(this.child.pid, "VmRSS");
  }

  /**
   * The size of the log once it has stopped growing (the processes write their lines a
   * moment after they answer): where the next `requestsSince` starts reading.
   */
  async logMark(): Promise<number> {
    let size = statSync(this.logFile).size;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const now = statSync(this.logFile).size;
      if (now === size) return size;
      size = now;
    }
  }

  /** The requests the sandbox logged since `mark` ('GET /api/apps'), in order. */
  requestsSince(mark: number): string[] {
    const text = readFileSync(this.logFile).subarray(mark).toString("utf8");
    const requests: string[] = [];
    for (const line of text.split("\n")) {
      if (!line.startsWith("{")) continue;
      try {
        const entry = JSON.parse(line) as { msg?: string; method?: string; path?: string };
        if (entry.msg === "request" || entry.msg === "request failed")
          requests.push(`${entry.method} ${entry.path}`);
      } catch {
        // not a log entry
      }
    }
    return requests;
  }

  /** The last lines the process printed (for a failure's message). */
  tail(lines = 40): string {
    try {
      return readFileSync(this.logFile, "utf8").split("\n").slice(-lines).join("\n");
    } catch {
      return "";
    }
  }
}

/** Stops every process started here and removes the run's folders. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((product) => product.stop()));
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
}

// A benchmark that fails or is interrupted leaves nothing running.
process.once("exit", () => {
  for (const product of running) if (product.pid) process.kill(product.pid, "SIGKILL");
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}
