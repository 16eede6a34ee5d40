/**
 * The reviewer command's commands, each against the database: what it prints and its exit
 * code (0 done, 1 nothing of that id), or undefined when its arguments are not understood
 * (the usage is shown).
 */
import type { Reviewer } from "../admin/service";
import { isUuid } from "../http/validate";
import { decisionArgs, flagArgs, mailArgs, statusArg, table } from "./args";
import { printOutbox } from "./outbox";

type Command = (reviewer: Reviewer, rest: string[]) => Promise<number | undefined>;

/** Prints `shown(result)`, or `No {what}.` when there is no result. */
function report<T>(result: T | undefined | null, what: string, shown: (result: T) => string) {
  if (!result) {
    console.error(`No ${what}.`);
    return 1;
  }
  console.log(shown(result));
  return 0;
}

/** `<email|userId> on|off` of a user's switch. */
const onOff = (rest: string[]) => Boolean(rest[0]) && ["on", "off"].includes(rest[1] ?? "");

async function versionStatus(reviewer: Reviewer, rest: string[]) {
  const statusCode = statusArg(rest[1]);
  const rejectedAt = rest.indexOf("--live-rejected");
  const rejected = rejectedAt >= 0 ? rest[rejectedAt + 1] : undefined;
  if (
    !rest[0] ||
    statusCode === undefined ||
    (rejectedAt >= 0 && rejected !== "on" && rejected !== "off")
  )
    return undefined;
  const result = await reviewer.setVersionStatus(rest[0], statusCode, {
    isLiveSubmissionRejected: rejected === undefined ? undefined : rejected === "on",
  });
  return report(
    result,
    `app version ${rest[0]}`,
    (r) => `${r.id} (${r.version}): ${r.status} (${r.statusCode}).`,
  );
}

async function pending(reviewer: Reviewer) {
  const work = await reviewer.pending();
  console.log(`Submissions awaiting review:\n${table(work.submissions)}\n`);
  console.log(`Pre-approvals pending:\n${table(work.preApprovals)}\n`);
  console.log(`Pause and unpause requests:\n${table(work.requests)}\n`);
  console.log(`Prices to review:\n${table(work.prices)}\n`);
  console.log(`Company details to review:\n${table(work.companyDetails)}`);
  return 0;
}

/** `review-submission`, `review-pre-approval`, `review-price`: `<id> approve|reject [notes...]`. */
function review(
  decide: (
    reviewer: Reviewer,
  ) => Reviewer["reviewSubmission" | "reviewPreApproval" | "reviewPrice"],
  what: string,
): Command {
  return async (reviewer, rest) => {
    const args = decisionArgs(rest, ["approve", "reject"] as const);
    if (!args) return undefined;
    const result = await decide(reviewer)(args.id, args.decision, args.notes);
    return report(result, `${what} ${args.id}`, (r) => table([r]));
  };
}

async function grantLivePermissions(reviewer: Reviewer, rest: string[]) {
  if (!rest[0]) return undefined;
  const result = await reviewer.grantLiveAppPermissions(rest[0]);
  return report(result, `app group ${rest[0]}`, (r) =>
    table(
      r.clients.map((client) => ({
        tab: client.isLive ? "Live" : "Staging",
        liveAppClient: client.id,
        routes:
          client.routes.map((route) => `${route.methods.join(",")} ${route.route}`).join("; ") ||
          "(none)",
        offlineAccess: client.offlineAccess,
      })),
    ),
  );
}

async function recordUsage(reviewer: Reviewer, rest: string[]) {
  const [versionId, firmId, countText, ...name] = rest;
  const count = /^\d{1,7}$/.test(countText ?? "") ? Number(countText) : undefined;
  if (!versionId || !firmId || count === undefined || count > 1_000_000) return undefined;
  const result = await reviewer.recordUsage(versionId, {
    firmId,
    firmName: name.join(" "),
    count,
  });
  return report(result, `app version ${versionId}`, (r) => table([r]));
}

export const COMMANDS: Record<string, Command> = {
  companies: async (reviewer) => {
    console.log(table(await reviewer.listCompanies()));
    return 0;
  },
  users: async (reviewer, rest) => {
    if (rest[0] && !isUuid(rest[0])) {
      console.error(`${rest[0]} is not a company id.`);
      return 1;
    }
    console.log(table(await reviewer.listUsers(rest[0])));
    return 0;
  },
  verify: async (reviewer, rest) => {
    if (!rest[0]) return undefined;
    const result = await reviewer.verifyUser(rest[0]);
    return report(result, `user ${rest[0]}`, (r) => `${r.email} is verified.`);
  },
  "test-access": async (reviewer, rest) => {
    if (!onOff(rest)) return undefined;
    const result = await reviewer.setAccessToTest(rest[0], rest[1] === "on");
    return report(result, `user ${rest[0]}`, (r) => `${r.email}: test access ${rest[1]}.`);
  },
  suspend: async (reviewer, rest) => {
    if (!onOff(rest)) return undefined;
    const result = await reviewer.setSuspended(rest[0], rest[1] === "on");
    return report(
      result,
      `user ${rest[0]}`,
      (r) => `${r.email}: ${r.suspended ? "suspended" : "reinstated"}.`,
    );
  },
  mail: async (reviewer, rest) => {
    printOutbox(await reviewer.outbox(mailArgs(rest)));
    return 0;
  },
  "version-status": versionStatus,
  "app-flags": async (reviewer, rest) => {
    const flags = rest[0] ? flagArgs(rest.slice(1)) : undefined;
    if (!flags) return undefined;
    const result = await reviewer.setAppGroupFlags(rest[0], flags);
    return report(result, `app group ${rest[0]}`, (r) => table([r]));
  },
  pending,
  "review-submission": review((reviewer) => reviewer.reviewSubmission, "submission"),
  "review-pre-approval": review((reviewer) => reviewer.reviewPreApproval, "pre-approval"),
  "review-price": review((reviewer) => reviewer.reviewPrice, "price"),
  "grant-live-permissions": grantLivePermissions,
  "go-live": async (reviewer, rest) => {
    if (!rest[0]) return undefined;
    const result = await reviewer.goLive(rest[0]);
    return report(
      result,
      `app version ${rest[0]}`,
      (r) => `${r.appId}: ${r.status} (${r.statusCode}).`,
    );
  },
  "request-decision": async (reviewer, rest) => {
    const args = decisionArgs(rest, ["approve", "decline"] as const);
    if (!args) return undefined;
    const result = await reviewer.decideRequest(args.id, args.decision, args.notes);
    return report(result, `request ${args.id}`, (r) => table([r]));
  },
  "approve-company-details": async (reviewer, rest) => {
    if (!rest[0]) return undefined;
    const result = await reviewer.approveCompanyDetails(rest[0]);
    return report(
      result,
      `company ${rest[0]}`,
      (r) => `${r.name} (${r.companyId}): company details approved.`,
    );
  },
  "integrator-type": async (reviewer, rest) => {
    if (!rest[0] || !["0", "1"].includes(rest[1] ?? "")) return undefined;
    const result = await reviewer.setIntegratorType(rest[0], Number(rest[1]));
    return report(
      result,
      `company ${rest[0]}`,
      (r) => `${r.id}: integratorType ${r.integratorType}.`,
    );
  },
  "record-usage": recordUsage,
};
