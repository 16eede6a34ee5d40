/**
 * Before any test of a run that reuses a running product (E2E_DATA_DIR set): checks that the
 * servers on the e2e ports are the product of that data folder, started for e2e, so that a
 * wrong or stale server fails the run at once with one clear message instead of every test.
 * A run that starts its own servers has nothing to check. Either way, waits for the console at
 * another provider.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { answersWithin } from "../support/ports";
import { consoleClientSecretIn, createProviderClient } from "../support/provider";
import { ADMIN_TOKEN, CONSOLE_CLIENT_ID, CONSOLE_URL, OTHER_CONSOLE_URL, SANDBOX_URL } from "./env";
import { portHolder, runMode } from "./servers";

function fail(problem: string): never {
  throw new Error(
    `E2E_DATA_DIR is set, so the run uses the product already running on ${CONSOLE_URL} and ${SANDBOX_URL}, but ${problem}. ` +
      `Unset E2E_DATA_DIR to let the run start its own servers.`,
  );
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

/** Follows the console's redirects from a signed-out page to where sign-in starts. */
async function signInStart(): Promise<URL | undefined> {
  let url = new URL("/en-AU/apps", CONSOLE_URL);
  let cookies = "";
  for (let hop = 0; hop < 5; hop++) {
    const res = await fetch(url, {
      redirect: "manual",
      headers: cookies ? { cookie: cookies } : {},
    });
    const location = res.headers.get("location");
    if (!location) return undefined;
    cookies = [cookies, ...res.headers.getSetCookie().map((c) => c.split(";")[0])]
      .filter(Boolean)
      .join("; ");
    url = new URL(location, url);
    if (url.origin !== new URL(CONSOLE_URL).origin) return url;
  }
  return undefined;
}

/** The console at another provider (another-provider.ts) starts beside the run's servers: waited for here. */
async function anotherProviderServes() {
  if (!(await answersWithin(`${OTHER_CONSOLE_URL}/healthz`, 120_000)))
    throw new Error(
      `The console at another provider (tests/e2e/another-provider.ts) did not answer ${OTHER_CONSOLE_URL}/healthz within 2 minutes of the run's servers: see what '[another provider]' printed.`,
    );
}

export default async function globalSetup() {
  await anotherProviderServes();
  if (runMode === "own") return;
  const dataDir = process.env.E2E_DATA_DIR as string;

  for (const url of [SANDBOX_URL, CONSOLE_URL]) {
    if (!(await answers(`${url}/healthz`))) {
      const port = Number(new URL(url).port);
      const holder = portHolder(port);
      fail(`${url}/healthz does not answer${holder ? ` (port ${port} is held by ${holder})` : ""}`);
    }
  }

  const secretsFile = path.join(dataDir, "secrets.json");
  let clientSecret = process.env.E2E_CLIENT_SECRET;
  if (!clientSecret) {
    if (!existsSync(secretsFile))
      fail(`${secretsFile} does not exist: was the sandbox started with DATA_DIR=${dataDir}?`);
    clientSecret = consoleClientSecretIn(dataDir);
  }
  const provider = createProviderClient(() => ({
    sandboxUrl: SANDBOX_URL,
    consoleUrl: CONSOLE_URL,
    adminToken: ADMIN_TOKEN,
    clientId: CONSOLE_CLIENT_ID,
    clientSecret: clientSecret as string,
  }));

  const admin = await provider.admin("companies");
  if (admin.status !== 200)
    fail(
      `its reviewer endpoints refuse the e2e admin token (${admin.status}): start it with PROVIDER_ADMIN_TOKEN=${ADMIN_TOKEN}`,
    );

  // A refresh with an unknown token: a sandbox that knows the client secret answers
  // invalid_grant; one of another data folder answers invalid_client.
  const refresh = await provider.refresh("not-a-refresh-token");
  const { error } = (await refresh.json().catch(() => ({}))) as { error?: string };
  if (error !== "invalid_grant") {
    fail(
      `the sandbox does not accept the console client secret of ${secretsFile} (${error ?? refresh.status}): it runs on another data folder`,
    );
  }

  const start = await signInStart();
  if (!start || start.origin !== new URL(SANDBOX_URL).origin) {
    fail(
      `the console does not send sign-in to this sandbox (it goes to ${start?.origin ?? "no provider"})`,
    );
  }
}
