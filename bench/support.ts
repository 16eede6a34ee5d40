/** What the benchmarks share: waiting for a server, and a fresh company signed in through the console. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CookieJar } from "../server/conformance/oidc";
import { createProviderClient, validRegistration } from "../tests/support/provider";

export async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Keeps the cookies of Set-Cookie header values (as a raw HTTP client such as autocannon reads
 * them) in a jar, as a browser would.
 */
export function keepCookies(jar: CookieJar, setCookies: readonly string[]) {
  if (setCookies.length === 0) return;
  const headers = new Headers();
  for (const value of setCookies) headers.append("set-cookie", value);
  jar.store({ headers } as Response);
}

export interface BenchTarget {
  consoleUrl: string;
  sandboxUrl: string;
  adminToken: string;
  /** The data folder of the sandbox (its secrets.json holds the console's client secret). */
  dataDir: string;
}

/**
 * Registers a fresh company, signs it in through the console's own pages and answers the
 * console's cookie jar, the provider client and the user's access token (for setting up data).
 */
export async function signedInJar(target: BenchTarget) {
  const secrets = JSON.parse(readFileSync(path.join(target.dataDir, "secrets.json"), "utf8"));
  const provider = createProviderClient(() => ({
    ...target,
    clientId: "console",
    clientSecret: secrets.consoleClientSecret,
  }));
  const body = validRegistration();
  const user = await provider.registerOk(body);
  await provider.verifyUser(user.userId);
  const accessToken = (await provider.signIn(body.email, body.password)).access_token;
  await provider.acceptTerms(accessToken);
  const jar = new CookieJar();
  const get = async (url: string) => {
    const res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  let res = await get(`${target.consoleUrl}/en-AU/apps`);
  while (res.status >= 300 && res.status < 400) {
    if (process.env.BENCH_DEBUG)
      console.log(res.status, res.url, "->", res.headers.get("location"));
    res = await get(new URL(res.headers.get("location")!, res.url).href);
  }
  const page = await res.text();
  const action = /action="([^"]*\/login)"/.exec(page)?.[1];
  if (!action)
    throw new Error(`no sign-in form at ${res.url} (${res.status}): ${page.slice(0, 300)}`);
  res = await fetch(action.replaceAll("&amp;", "&"), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: body.email, password: body.password }),
  });
  jar.store(res);
  while (res.status >= 300 && res.status < 400)
    res = await get(new URL(res.headers.get("location")!, res.url || action).href);
  return { jar, provider, accessToken };
}

/**
 * Makes an app group's security page show its clients: the provider lifts its pre-approval
 * requirement (the reviewer's flag) and the Live tab's clients are generated.
 */
export async function withLiveClients(
  provider: ReturnType<typeof createProviderClient>,
  accessToken: string,
  groupId: string,
) {
  const flags = await provider.admin(`app-groups/${groupId}/flags`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ isPreApprovalRequired: false }),
  });
  if (!flags.ok) throw new Error(`flags: ${flags.status} ${await flags.text()}`);
  const clients = await provider.apiFetch(
    `apps-auth/${groupId}/clients?isLive=true`,
    { method: "POST" },
    accessToken,
  );
  if (clients.status !== 201)
    throw new Error(`POST apps-auth clients: ${clients.status} ${await clients.text()}`);
}
