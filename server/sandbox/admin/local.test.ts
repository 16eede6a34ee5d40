import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  announceRunning,
  isLoopback,
  localUrl,
  newOutboxToken,
  RUNNING_FILE,
  runningSandbox,
} from "./local";

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sandbox-local-"));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the sandbox running on a data folder", () => {
  it("is found while it runs, in a file only its owner reads, and gone once it stops", () => {
    const dataDir = folder();
    expect(runningSandbox(dataDir)).toBeUndefined();
    const outboxToken = newOutboxToken();
    const running = announceRunning(dataDir, { url: "http://127.0.0.1:3001", outboxToken });
    expect(runningSandbox(dataDir)).toEqual({
      pid: process.pid,
      url: "http://127.0.0.1:3001",
      outboxToken,
    });
    if (process.platform !== "win32")
      expect(statSync(path.join(dataDir, RUNNING_FILE)).mode & 0o777).toBe(0o600);
    running.release();
    expect(runningSandbox(dataDir)).toBeUndefined();
  });

  it("has a new token each run, and a run that stops leaves a later run's file alone", () => {
    const dataDir = folder();
    const first = announceRunning(dataDir, {
      url: "http://127.0.0.1:3001",
      outboxToken: newOutboxToken(),
    });
    const secondToken = newOutboxToken();
    announceRunning(dataDir, { url: "http://127.0.0.1:3002", outboxToken: secondToken });
    expect(secondToken).toMatch(/^[\w-]{43}$/);
    first.release();
    expect(runningSandbox(dataDir)?.outboxToken).toBe(secondToken);
  });

  it("is not found when the file was left by a process that has ended, or is not one", () => {
    const dataDir = folder();
    const ended = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(
      path.join(dataDir, RUNNING_FILE),
      JSON.stringify({ pid: ended, url: "http://127.0.0.1:3001", outboxToken: "t".repeat(43) }),
    );
    expect(runningSandbox(dataDir)).toBeUndefined();
    writeFileSync(path.join(dataDir, RUNNING_FILE), "{not json");
    expect(runningSandbox(dataDir)).toBeUndefined();
    writeFileSync(path.join(dataDir, RUNNING_FILE), JSON.stringify({ pid: process.pid }));
    expect(runningSandbox(dataDir)).toBeUndefined();
  });

  it("is reached on this machine at its port, through loopback when it listens on every interface", () => {
    expect(localUrl("127.0.0.1", 3001)).toBe("http://127.0.0.1:3001");
    expect(localUrl("0.0.0.0", 3001)).toBe("http://127.0.0.1:3001");
    expect(localUrl("::", 3001)).toBe("http://127.0.0.1:3001");
    expect(localUrl("::1", 3001)).toBe("http://[::1]:3001");
    expect(localUrl("localhost", 4001)).toBe("http://localhost:4001");
  });

  it("tells a connection from this machine from any other", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(isLoopback(address), address).toBe(true);
    for (const address of [
      "10.0.0.1",
      "192.168.1.2",
      "::ffff:10.0.0.1",
      "fe80::1",
      "::",
      "0.0.0.0",
      "127.0.0.1.evil",
      "unknown",
      "",
    ]) {
      expect(isLoopback(address), address).toBe(false);
    }
  });
});
