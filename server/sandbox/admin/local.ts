/**
 * The sandbox running on this machine, as the reviewer command finds it. While it runs, the
 * sandbox keeps DATA_DIR/sandbox.json, readable by its owner only: its process id, the
 * address where this machine reaches it, and a token of this run that reads the outbox
 * (GET /admin/outbox) from this machine only. The command reads the outbox through it
 * instead of opening a PGlite folder that the sandbox holds
 * (docs/decisions/0039-reading-the-outbox.md).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";

export const RUNNING_FILE = "sandbox.json";
/** The one reviewer endpoint the token of the run opens. */
export const OUTBOX_PATH = "/admin/outbox";

export interface RunningSandboxFile {
  pid: number;
  /** Where a process on this machine reaches the sandbox. */
  url: string;
  outboxToken: string;
}

/** The address at which a process on this machine reaches a server listening on host:port. */
export function localUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" || host === "" ? "127.0.0.1" : host;
  return `http://${isIP(name) === 6 ? `[${name}]` : name}:${port}`;
}

/** A connection from this machine: 127.0.0.0/8 or ::1 (also as an IPv4-mapped address). */
export function isLoopback(address: string): boolean {
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || (isIP(plain) === 4 && plain.startsWith("127."));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readRunningFile(dataDir: string): RunningSandboxFile | undefined {
  try {
    const data = JSON.parse(
      readFileSync(path.join(dataDir, RUNNING_FILE), "utf8"),
    ) as Partial<RunningSandboxFile>;
    if (
      Number.isInteger(data.pid) &&
      typeof data.url === "string" &&
      typeof data.outboxToken === "string"
    ) {
      return data as RunningSandboxFile;
    }
  } catch {
    // No file, or not ours to read: no sandbox found.
  }
  return undefined;
}

/** The sandbox running on DATA_DIR, if any; a file left by a process that has ended is ignored. */
export function runningSandbox(dataDir: string): RunningSandboxFile | undefined {
  const found = readRunningFile(dataDir);
  return found && processAlive(found.pid) ? found : undefined;
}

/** A new token of a run. */
export const newOutboxToken = () => randomBytes(32).toString("base64url");

/** Writes DATA_DIR/sandbox.json; release() removes it unless another run has replaced it. */
export function announceRunning(
  dataDir: string,
  found: { url: string; outboxToken: string },
): { release(): void } {
  const file = path.join(dataDir, RUNNING_FILE);
  const running: RunningSandboxFile = {
    pid: process.pid,
    url: found.url,
    outboxToken: found.outboxToken,
  };
  mkdirSync(dataDir, { recursive: true });
  // Removed first: the mode applies only to a file being created.
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(running, null, 2), { mode: 0o600 });
  return {
    release() {
      if (readRunningFile(dataDir)?.outboxToken === running.outboxToken)
        rmSync(file, { force: true });
    },
  };
}
