/**
 * The reviewer command: `npm run provider -- <command>`, against the same database as the
 * sandbox (DATABASE_URL, or the PGlite folder in DATA_DIR). PGlite serves one process at a
 * time, and a second one opening its folder is not refused but shown a stale copy: while a
 * sandbox runs on the folder, `mail` asks that sandbox for its outbox (admin/local.ts) and
 * the other commands wait for it to stop.
 */
import path from "node:path";
import { VERSION_STATUS } from "~/api/apps/status";
import { ConfigError, parseEnv } from "../config";
import { runningSandbox } from "./admin/local";
import { createReviewer } from "./admin/service";
import { mailArgs } from "./cli/args";
import { COMMANDS } from "./cli/commands";
import { outboxOfRunning, printOutbox } from "./cli/outbox";
import { openDatabase } from "./db";
import { ApiError } from "./http/errors";

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

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(usage);
    return 0;
  }
  if (!Object.hasOwn(COMMANDS, command)) {
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
  try {
    const code = await COMMANDS[command](createReviewer(database.db), rest);
    if (code !== undefined) return code;
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
