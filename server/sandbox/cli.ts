/**
 * The reviewer command: `npm run provider -- <command>`, against the same database as the
 * sandbox (DATABASE_URL, or the PGlite folder in DATA_DIR). PGlite serves one process at a
 * time, and a second one opening its folder is not refused but shown a stale copy: while a
 * sandbox runs on the folder, `mail` asks that sandbox for its outbox (admin/local.ts) and
 * the other commands wait for it to stop.
 */
import path from "node:path";
import { APP_LEVELS } from "~/api/apps/rules";
import { isVersionStatusCode, VERSION_STATUS, type VersionStatusName } from "~/api/apps/status";
import { ConfigError, parseEnv } from "../config";
import { OUTBOX_PATH, RUNNING_FILE, type RunningSandboxFile, runningSandbox } from "./admin/local";
import { type AppGroupFlags, createReviewer } from "./admin/service";
import { openDatabase } from "./db";
import { ApiError } from "./http/errors";
import { formatMail } from "./mail";

const usage = `Usage: npm run provider -- <command>

Commands:
  companies                     list companies
  users [companyId]             list users, of one company or all
  verify <email|userId>         mark a user's email address as verified
  test-access <email|userId> on|off
                                give or take a user's access to the staging sandbox
  suspend <email|userId> on|off suspend a user's account or reinstate it
  mail [email] [--limit N]      show the mail outbox, newest first, with links
                                (also while the sandbox runs)
  version-status <versionId> <code|name> [--live-rejected on|off]
                                move an app version to a status (200 or Live, 210 or Beta...)
  app-flags <appGroupId> [pre-approval=on|off] [price=on|off] [level=0..4]
                                set the provider's flags of an app group
  pending                       list what waits for review: submissions, pre-approvals,
                                pause and unpause requests, prices, company details
  review-submission <submissionId> approve|reject [notes...]
                                approve or reject a submission; its version moves on
  review-pre-approval <preApprovalId> approve|reject [notes...]
                                approve or reject a pending pre-approval
  review-price <priceId> approve|reject [notes...]
                                approve or reject an app's price or price change (an
                                approved change starts on the first day of next month)
  grant-live-permissions <appGroupId>
                                grant each tab's live-app client the permissions of its
                                sandbox-app client (approving a submission does the same)
  go-live <versionId>           push a queued version live (or to beta from QueuedForBeta)
  request-decision <requestId> approve|decline [notes...]
                                decide a pause or unpause request
  approve-company-details <companyId>
                                approve a company's details submitted for review (the
                                settings tab's dot goes)
  integrator-type <companyId> 0|1
                                set a company's integratorType (1: its integrator
                                locations and a matter view's window options)
  record-usage <versionId> <firmId> <count> [firm name...]
                                record a firm using a live or beta app version (count 0
                                removes it): the data of the usage summary

Version status codes: ${Object.entries(VERSION_STATUS)
  .map(([name, code]) => `${code} ${name}`)
  .join(", ")}
`;

/** A status code from a number or a name (case-insensitive). */
function statusArg(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const code = /^\d+$/.test(value) ? Number(value) : undefined;
  if (code !== undefined) return isVersionStatusCode(code) ? code : undefined;
  const name = (Object.keys(VERSION_STATUS) as VersionStatusName[]).find(
    (n) => n.toLowerCase() === value.toLowerCase(),
  );
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

const COMMANDS = [
  "companies",
  "users",
  "verify",
  "test-access",
  "suspend",
  "mail",
  "version-status",
  "app-flags",
  "pending",
  "review-submission",
  "review-pre-approval",
  "review-price",
  "grant-live-permissions",
  "go-live",
  "request-decision",
  "approve-company-details",
  "integrator-type",
  "record-usage",
];

/** `<id> approve|reject [notes...]`: undefined when the decision is not one of `allowed`. */
function decisionArgs<D extends string>(args: string[], allowed: readonly D[]) {
  const [id, decision, ...notes] = args;
  if (!id || !allowed.includes(decision as D)) return undefined;
  return { id, decision: decision as D, notes: notes.join(" ") };
}

/** `mail [email] [--limit N]`: the outbox's filter, newest first, 20 by default, at most 500. */
function mailArgs(args: string[]) {
  const limitAt = args.indexOf("--limit");
  const limit = limitAt >= 0 ? Math.trunc(Number(args[limitAt + 1])) : 20;
  const to = args.find((arg, i) => !arg.startsWith("--") && (limitAt < 0 || i !== limitAt + 1));
  return { to, limit: Number.isFinite(limit) ? Math.min(Math.max(limit, 1), 500) : 20 };
}

interface OutboxMail {
  to: string;
  kind: string;
  subject: string;
  link: string | null;
  createdAt: Date | string;
  sentAt: Date | string | null;
}

function printOutbox(mails: OutboxMail[]) {
  if (mails.length === 0) console.log("The outbox is empty.");
  console.log(mails.map((mail) => formatMail(mail)).join("\n\n"));
}

/** The outbox as the sandbox running on DATA_DIR serves it; a message instead when it does not. */
async function outboxOfRunning(
  running: RunningSandboxFile,
  dataDir: string,
  options: { to?: string; limit: number },
) {
  const url = new URL(OUTBOX_PATH, running.url);
  if (options.to) url.searchParams.set("to", options.to);
  url.searchParams.set("limit", String(options.limit));
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${running.outboxToken}` } });
    if (res.ok) return (await res.json()) as OutboxMail[];
    const body = (await res.json().catch(() => ({}))) as { detail?: string };
    return `The sandbox at ${running.url} refused to show its outbox (${res.status}${body.detail ? `: ${body.detail}` : ""}).`;
  } catch {
    return `The sandbox (process ${running.pid}) does not answer at ${running.url}: it may still be starting, so try again in a moment. If no sandbox runs on ${dataDir}, delete ${path.join(dataDir, RUNNING_FILE)}.`;
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(usage);
    return 0;
  }
  if (!COMMANDS.includes(command)) {
    console.error(usage);
    return 2;
  }
  const env = parseEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  const running = env.DATABASE_URL ? undefined : runningSandbox(dataDir);
  if (running) {
    if (command !== "mail") {
      console.error(
        `The sandbox (process ${running.pid}) is using the database in ${dataDir}: stop it first, or use its /admin/ endpoints (PROVIDER_ADMIN_TOKEN). While it runs, only \`mail\` works.`,
      );
      return 1;
    }
    const mails = await outboxOfRunning(running, dataDir, mailArgs(rest));
    if (typeof mails === "string") {
      console.error(mails);
      return 1;
    }
    console.log(`The outbox of the sandbox running at ${running.url}:\n`);
    printOutbox(mails);
    return 0;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
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
        if (
          !rest[0] ||
          statusCode === undefined ||
          (rejectedAt >= 0 && rejected !== "on" && rejected !== "off")
        )
          break;
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
      case "mail":
        printOutbox(await reviewer.outbox(mailArgs(rest)));
        return 0;
      case "pending": {
        const work = await reviewer.pending();
        console.log(`Submissions awaiting review:\n${table(work.submissions)}\n`);
        console.log(`Pre-approvals pending:\n${table(work.preApprovals)}\n`);
        console.log(`Pause and unpause requests:\n${table(work.requests)}\n`);
        console.log(`Prices to review:\n${table(work.prices)}\n`);
        console.log(`Company details to review:\n${table(work.companyDetails)}`);
        return 0;
      }
      case "review-submission":
      case "review-pre-approval":
      case "review-price": {
        const args = decisionArgs(rest, ["approve", "reject"] as const);
        if (!args) break;
        const review = {
          "review-submission": reviewer.reviewSubmission,
          "review-pre-approval": reviewer.reviewPreApproval,
          "review-price": reviewer.reviewPrice,
        }[command];
        const result = await review(args.id, args.decision, args.notes);
        if (!result) {
          console.error(
            `No ${{ "review-submission": "submission", "review-pre-approval": "pre-approval", "review-price": "price" }[command]} ${args.id}.`,
          );
          return 1;
        }
        console.log(table([result]));
        return 0;
      }
      case "grant-live-permissions": {
        if (!rest[0]) break;
        const result = await reviewer.grantLiveAppPermissions(rest[0]);
        if (!result) {
          console.error(`No app group ${rest[0]}.`);
          return 1;
        }
        console.log(
          table(
            result.clients.map((client) => ({
              tab: client.isLive ? "Live" : "Staging",
              liveAppClient: client.id,
              routes:
                client.routes.map((r) => `${r.methods.join(",")} ${r.route}`).join("; ") ||
                "(none)",
              offlineAccess: client.offlineAccess,
            })),
          ),
        );
        return 0;
      }
      case "go-live": {
        if (!rest[0]) break;
        const result = await reviewer.goLive(rest[0]);
        if (!result) {
          console.error(`No app version ${rest[0]}.`);
          return 1;
        }
        console.log(`${result.appId}: ${result.status} (${result.statusCode}).`);
        return 0;
      }
      case "request-decision": {
        const args = decisionArgs(rest, ["approve", "decline"] as const);
        if (!args) break;
        const result = await reviewer.decideRequest(args.id, args.decision, args.notes);
        if (!result) {
          console.error(`No request ${args.id}.`);
          return 1;
        }
        console.log(table([result]));
        return 0;
      }
      case "record-usage": {
        const [versionId, firmId, countText, ...name] = rest;
        const count = /^\d{1,7}$/.test(countText ?? "") ? Number(countText) : undefined;
        if (!versionId || !firmId || count === undefined || count > 1_000_000) break;
        const result = await reviewer.recordUsage(versionId, {
          firmId,
          firmName: name.join(" "),
          count,
        });
        if (!result) {
          console.error(`No app version ${versionId}.`);
          return 1;
        }
        console.log(table([result]));
        return 0;
      }
      case "approve-company-details": {
        if (!rest[0]) break;
        const result = await reviewer.approveCompanyDetails(rest[0]);
        if (!result) {
          console.error(`No company ${rest[0]}.`);
          return 1;
        }
        console.log(`${result.name} (${result.companyId}): company details approved.`);
        return 0;
      }
      case "integrator-type": {
        if (!rest[0] || !["0", "1"].includes(rest[1] ?? "")) break;
        const result = await reviewer.setIntegratorType(rest[0], Number(rest[1]));
        if (!result) {
          console.error(`No company ${rest[0]}.`);
          return 1;
        }
        console.log(`${result.id}: integratorType ${result.integratorType}.`);
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
    console.error(
      error instanceof ConfigError || error instanceof ApiError ? error.message : error,
    );
    process.exit(1);
  },
);
