/** The reviewer command's arguments read, and its answers printed as a table. */
import { APP_LEVELS } from "~/api/apps/rules";
import { isVersionStatusCode, VERSION_STATUS, type VersionStatusName } from "~/api/apps/status";
import type { AppGroupFlags } from "../admin/service";

/** A status code from a number or a name (case-insensitive). */
export function statusArg(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const code = /^\d+$/.test(value) ? Number(value) : undefined;
  if (code !== undefined) return isVersionStatusCode(code) ? code : undefined;
  const name = (Object.keys(VERSION_STATUS) as VersionStatusName[]).find(
    (n) => n.toLowerCase() === value.toLowerCase(),
  );
  return name ? VERSION_STATUS[name] : undefined;
}

/** `pre-approval=on price=off level=3` into flags; undefined when an argument is not understood. */
export function flagArgs(args: string[]): AppGroupFlags | undefined {
  const flags: AppGroupFlags = {};
  const levels = Object.values(APP_LEVELS) as number[];
  for (const arg of args) {
    const [key, value] = arg.split("=");
    if ((key === "pre-approval" || key === "price") && (value === "on" || value === "off")) {
      flags[key === "price" ? "isPriceRequired" : "isPreApprovalRequired"] = value === "on";
    } else if (key === "level" && /^\d$/.test(value ?? "") && levels.includes(Number(value))) {
      flags.appLevel = Number(value);
    } else return undefined;
  }
  return flags;
}

/** Rows as a plain-text table, one column per key of the first row. */
export function table(rows: Record<string, unknown>[]) {
  if (rows.length === 0) return "(none)";
  const keys = Object.keys(rows[0]);
  const cell = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? ""));
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => cell(r[k]).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [
    line(keys),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(keys.map((k) => cell(r[k])))),
  ].join("\n");
}

/** `<id> approve|reject [notes...]`: undefined when the decision is not one of `allowed`. */
export function decisionArgs<D extends string>(args: string[], allowed: readonly D[]) {
  const [id, decision, ...notes] = args;
  if (!id || !allowed.includes(decision as D)) return undefined;
  return { id, decision: decision as D, notes: notes.join(" ") };
}

/** `mail [email] [--limit N]`: the outbox's filter, newest first, 20 by default, at most 500. */
export function mailArgs(args: string[]) {
  const limitAt = args.indexOf("--limit");
  const limit = limitAt >= 0 ? Math.trunc(Number(args[limitAt + 1])) : 20;
  const to = args.find((arg, i) => !arg.startsWith("--") && (limitAt < 0 || i !== limitAt + 1));
  return { to, limit: Number.isFinite(limit) ? Math.min(Math.max(limit, 1), 500) : 20 };
}
