/**
 * The processes of a product process (`npm start`'s supervisor and its sandbox and console
 * processes), as Linux's /proc tells them: a process's children, the role of each of the
 * product's processes, and a figure of /proc/<pid>/status summed over them.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** The children of `pid` (empty once it has ended). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(processTree)];
}

/** The role of one of the product's processes (PRODUCT_ROLE: sandbox or console), else undefined (a helper such as esbuild). */
export function roleOf(pid: number): string | undefined {
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    return environ
      .find((entry) => entry.startsWith("PRODUCT_ROLE="))
      ?.slice("PRODUCT_ROLE=".length);
  } catch {
    return undefined;
  }
}

/** The product's processes under a supervisor, by role. */
export function productProcesses(supervisor: number): { sandbox: number[]; console: number[] } {
  const found = { sandbox: [] as number[], console: [] as number[] };
  for (const pid of childrenOf(supervisor)) {
    const role = roleOf(pid);
    if (role === "sandbox" || role === "console") found[role].push(pid);
  }
  return found;
}

/** Whether `pid` still runs (a zombie, ended but not yet reaped, does not). */
export function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

/** A field of /proc/<pid>/status in MB (0 for a process that has ended meanwhile). */
export function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${field}:`));
    return Number(/(\d+)\s*kB/.exec(line ?? "")?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The sum of a field of /proc/<pid>/status over `pid` and every process below it, in MB. */
export const treeMb = (pid: number, field: "VmRSS" | "VmHWM") =>
  processTree(pid).reduce((sum, one) => sum + statusMb(one, field), 0);

/** Resets the peak resident memory (VmHWM) of `pid` and every process below it. */
export function resetPeaks(pid: number) {
  for (const one of processTree(pid)) {
    try {
      writeFileSync(`/proc/${one}/clear_refs`, "5");
    } catch {
      // ended meanwhile
    }
  }
}
