/**
 * `npm run conformance -- --api <url> --issuer <url> ...`: runs the conformance kit against a
 * provider and prints its table; exits 1 when any check failed, 2 when it could not start.
 * Every flag can be given by its environment variable instead (CONFORMANCE_API...).
 */
import { parseArgs } from "node:util";
import { table } from "./report";
import { runConformance } from "./run";

const FLAGS = {
  api: "CONFORMANCE_API",
  issuer: "CONFORMANCE_ISSUER",
  "client-id": "CONFORMANCE_CLIENT_ID",
  "client-secret": "CONFORMANCE_CLIENT_SECRET",
  "redirect-uri": "CONFORMANCE_REDIRECT_URI",
  "email-a": "CONFORMANCE_EMAIL_A",
  "password-a": "CONFORMANCE_PASSWORD_A",
  "email-b": "CONFORMANCE_EMAIL_B",
  "password-b": "CONFORMANCE_PASSWORD_B",
} as const;
type Flag = keyof typeof FLAGS;

const USAGE = `npm run conformance -- --api <API base URL> --issuer <OpenID Connect issuer>
  --client-id <id> --client-secret <secret> --redirect-uri <a redirect URI of the client>
  --email-a <admin of company A> --password-a <password>
  --email-b <user of company B> --password-b <password>
Each flag may be given by its environment variable: ${Object.values(FLAGS).join(", ")}.`;

function options() {
  const { values } = parseArgs({
    options: Object.fromEntries(
      Object.keys(FLAGS).map((flag) => [flag, { type: "string" as const }]),
    ) as Record<Flag, { type: "string" }>,
  });
  const value = (flag: Flag) => (values[flag] as string | undefined) ?? process.env[FLAGS[flag]];
  const missing = (Object.keys(FLAGS) as Flag[]).filter((flag) => !value(flag));
  if (missing.length) {
    console.error(`Missing: ${missing.map((flag) => `--${flag}`).join(", ")}\n\n${USAGE}`);
    process.exit(2);
  }
  return {
    api: value("api")!,
    client: {
      issuer: value("issuer")!,
      clientId: value("client-id")!,
      clientSecret: value("client-secret")!,
      redirectUri: value("redirect-uri")!,
    },
    accounts: [
      { email: value("email-a")!, password: value("password-a")! },
      { email: value("email-b")!, password: value("password-b")! },
    ] as [{ email: string; password: string }, { email: string; password: string }],
  };
}

try {
  const results = await runConformance({ ...options(), log: (line) => console.error(`… ${line}`) });
  console.log(table(results));
  process.exit(results.some((r) => r.outcome === "failed") ? 1 : 0);
} catch (error) {
  console.error(`The kit could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
