/**
 * The console's production build for the test suites: made once for each state of what the
 * build reads, and shared by every suite that runs or inspects it (the browser tests, the
 * faults, load and scale-out suites, the integration tests of the logs, the browser-bundle
 * check), in `build/suites/<hash of those files and the Node line>`. A build is made in a folder of its own and
 * renamed into place when complete, so a folder that is there is whole; runs side by side on
 * the same sources share it, and a change to any of those files makes a new one.
 *
 *   npx tsx tests/support/console-build.ts     # makes it if missing, prints its folder
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SUITES = path.join(ROOT, "build", "suites");

/** What the build reads: the app (Tailwind scans it alone), the public files, the locales and the build's settings. */
const INPUT_DIRS = ["app", "public", "locales"];
const INPUT_FILES = [
  "remix.config.js",
  "postcss.config.js",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !(dir === path.join(ROOT, "public") && entry.name === "build"))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
    });
}

/** The folder of the build of the sources as they are now (made or not). */
export function consoleBuildDir(): string {
  const hash = createHash("sha256");
  // Each Node line builds for itself: the build is part of what runs on it.
  hash.update(`node ${process.versions.node.split(".")[0]}\0`);
  const files = [
    ...INPUT_DIRS.flatMap((dir) => filesUnder(path.join(ROOT, dir))),
    ...INPUT_FILES.map((file) => path.join(ROOT, file)).filter((file) => existsSync(file)),
  ].sort();
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return path.join(SUITES, hash.digest("hex").slice(0, 16));
}

/** Builds into `dir` (`remix build`, production); rejects with the build's output when it fails. */
function build(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const child = spawn(
      process.execPath,
      [path.join(ROOT, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "build"],
      {
        cwd: ROOT,
        env: { ...process.env, CONSOLE_BUILD_DIR: dir, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-64 * 1024);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`The console build failed (exit ${code}):\n${output}`)),
    );
  });
}

/** Builds of other states of the sources made over a day ago go, and builds left unfinished. */
function pruneOld(keep: string) {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of existsSync(SUITES) ? readdirSync(SUITES) : []) {
    const dir = path.join(SUITES, name);
    try {
      if (dir !== keep && statSync(dir).mtimeMs < dayAgo)
        rmSync(dir, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another run.
    }
  }
}

/** The folder of a complete build of the sources as they are now: made when missing. */
export async function consoleBuild(): Promise<string> {
  const dir = consoleBuildDir();
  if (existsSync(dir)) return dir;
  const making = `${dir}.making-${randomBytes(4).toString("hex")}`;
  try {
    await build(making);
    try {
      renameSync(making, dir);
    } catch (error) {
      // Another run finished the same build first: theirs serves.
      if (!existsSync(dir)) throw error;
    }
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  pruneOld(dir);
  return dir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await consoleBuild());
}
