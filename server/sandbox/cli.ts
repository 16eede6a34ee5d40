/**
 * The reviewer command: `npm run provider -- <command>`, against the same database as the
 * sandbox (DATABASE_URL, or the PGlite folder in DATA_DIR: stop the sandbox first, since
 * PGlite allows one process at a time).
 */
import path from "node:path";
import { ConfigError, parseEnv } from "../config";
import { openDatabase } from "./db";
import { createReviewer, type AppGroupFlags } from "./admin/service";
import { VERSION_STATUS, isVersionStatusCode, type VersionStatusName } from "~/api/apps/status";
import { APP_LEVELS } from "~/api/apps/rules";

const usage = `Usage: npm run provider -- <command>

Commands:
  companies                     list companies
  users [companyId]             list users, of one company or all
  verify <email|userId>         mark a user's email address as verified
  test-access <email|userId> on|off
                                give or take a user's access to the staging sandbox
  suspend <email|userId> on|off suspend a user's account or reinstate it
  mail [email] [--limit N]      show the mail outbox, newest first, with links
  version-status <versionId> <code|name> [--live-rejected on|off]
                                move an app version to a status (200 or Live, 210 or Beta...)
  app-flags <appGroupId> [pre-approval=on|off] [price=on|off] [level=0..4]
                                set the provider's flags of an app group

Version status codes: ${Object.entries(VERSION_STATUS).map(([name, code]) => `${code} ${name}`).join(", ")}
`;

/** A status code from a number or a name (case-insensitive). */
function statusArg(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const code = /^\d+$/.test(value) ? Number(value) : undefined;
  if (code !== undefined) return isVersionStatusCode(code) ? code : undefined;
  const name = (Object.keys(VERSION_STATUS) as VersionStatusName[]).find((n) => n.toLowerCase() === value.toLowerCase());
  return name ? VERSION_STATUS[name] : undefined;
}

/** `pre-approval=on price=off level=3` into flags; undefined when an argument is not understood. */
function flagArgs(args: string[]): AppGroupFlags | undefined {
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

function table(rows: Record<string, unknown>[]) {
  if (rows.length === 0) return "(none)";
  const keys = Object.keys(rows[0]);
  const cell = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? ""));
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => cell(r[k]).length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i])).join("  ").trimEnd();
  return [line(keys), line(widths.map((w) => "-".repeat(w))), ...rows.map((r) => line(keys.map((k) => cell(r[k]))))].join("\n");
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(usage);
    return 0;
  }
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
  const reviewer = createReviewer(database.db);
  try {
    switch (command) {
      case "companies":
        console.log(table(await reviewer.listCompanies()));
        return 0;
      case "users":
        console.log(table(await reviewer.listUsers(rest[0])));
        return 0;
      case "verify": {
        if (!rest[0]) break;
        const result = await reviewer.verifyUser(rest[0]);
        if (!result) {
          console.error(`No user ${rest[0]}.`);
          return 1;
        }
        console.log(`${result.email} is verified.`);
        return 0;
      }
      case "test-access": {
        if (!rest[0] || !["on", "off"].includes(rest[1] ?? "")) break;
        const result = await reviewer.setAccessToTest(rest[0], rest[1] === "on");
        if (!result) {
          console.error(`No user ${rest[0]}.`);
          return 1;
        }
        console.log(`${result.email}: test access ${rest[1]}.`);
        return 0;
      }
      case "suspend": {
        if (!rest[0] || !["on", "off"].includes(rest[1] ?? "")) break;
        const result = await reviewer.setSuspended(rest[0], rest[1] === "on");
        if (!result) {
          console.error(`No user ${rest[0]}.`);
          return 1;
        }
        console.log(`${result.email}: ${result.suspended ? "suspended" : "reinstated"}.`);
        return 0;
      }
      case "version-status": {
        const statusCode = statusArg(rest[1]);
        const rejectedAt = rest.indexOf("--live-rejected");
        const rejected = rejectedAt >= 0 ? rest[rejectedAt + 1] : undefined;
        if (!rest[0] || statusCode === undefined || (rejectedAt >= 0 && rejected !== "on" && rejected !== "off")) break;
        const result = await reviewer.setVersionStatus(rest[0], statusCode, {
          isLiveSubmissionRejected: rejected === undefined ? undefined : rejected === "on",
        });
        if (!result) {
          console.error(`No app version ${rest[0]}.`);
          return 1;
        }
        console.log(`${result.id} (${result.version}): ${result.status} (${result.statusCode}).`);
        return 0;
      }
      case "app-flags": {
        const flags = rest[0] ? flagArgs(rest.slice(1)) : undefined;
        if (!flags) break;
        const result = await reviewer.setAppGroupFlags(rest[0], flags);
        if (!result) {
          console.error(`No app group ${rest[0]}.`);
          return 1;
        }
        console.log(table([result]));
        return 0;
      }
      case "mail": {
        const limitAt = rest.indexOf("--limit");
        const limit = limitAt >= 0 ? Number(rest[limitAt + 1]) : 20;
        const to = rest.find((arg, i) => !arg.startsWith("--") && i !== limitAt + 1);
        const mails = await reviewer.outbox({ to, limit: Number.isFinite(limit) ? limit : 20 });
        if (mails.length === 0) console.log("The outbox is empty.");
        for (const mail of mails) {
          console.log(`${mail.createdAt.toISOString()}  ${mail.kind}  to ${mail.to}${mail.sentAt ? " (sent)" : ""}`);
          console.log(`  ${mail.subject}`);
          if (mail.link) console.log(`  ${mail.link}`);
        }
        return 0;
      }
    }
    console.error(usage);
    return 2;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
