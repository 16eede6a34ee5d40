/**
 * Signing in as the console does, against any identity provider that honours the console's
 * contract: discovery, an authorization request with PKCE, the provider sending the browser
 * to the console's sign-in page with `?interaction=<uid>`, the credentials posted to
 * `{issuer}/interaction/{uid}/login`, and the code exchanged at the token endpoint.
 */
import { createHash, randomBytes } from "node:crypto";

/** A minimal cookie jar for one browser session against the identity provider. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  expires_in: number;
  token_type: string;
}

/** The console's client at the identity provider. */
export interface OidcClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A redirect URI registered for the client (the console's `/{lang}/auth/callback`). */
  redirectUri: string;
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
}

const discoveries = new Map<string, Promise<Discovery>>();

/** The issuer's discovery document (read once per issuer). */
export function discover(issuer: string): Promise<Discovery> {
  const base = issuer.replace(/\/$/, "");
  let found = discoveries.get(base);
  if (!found) {
    found = fetch(`${base}/.well-known/openid-configuration`).then(async (res) => {
      if (!res.ok) throw new Error(`${base}: discovery answered ${res.status}`);
      return (await res.json()) as Discovery;
    });
    discoveries.set(base, found);
  }
  return found;
}

/** Follows redirects that stay on `origin`, keeping cookies; stops at another origin. */
export async function followOn(origin: string, jar: CookieJar, response: Response) {
  let res = response;
  for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
    const location = new URL(res.headers.get("location")!, origin);
    if (location.origin !== new URL(origin).origin) return res;
    res = await fetch(location, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(res);
  }
  return res;
}

const base64url = (buffer: Buffer) => buffer.toString("base64url");

/** The code-flow sign-in of one person; answers the tokens or throws saying where it stopped. */
export async function signIn(client: OidcClient, email: string, password: string) {
  const issuer = client.issuer.replace(/\/$/, "");
  const { authorization_endpoint, token_endpoint } = await discover(issuer);
  const jar = new CookieJar();
  const verifier = base64url(randomBytes(32));
  const params = new URLSearchParams({
    client_id: client.clientId,
    response_type: "code",
    redirect_uri: client.redirectUri,
    scope: "openid profile email company",
    state: base64url(randomBytes(12)),
    prompt: "login",
    code_challenge: base64url(createHash("sha256").update(verifier).digest()),
    code_challenge_method: "S256",
  });
  const start = await fetch(`${authorization_endpoint}?${params}`, { redirect: "manual" });
  jar.store(start);
  const atSignIn = await followOn(issuer, jar, start);
  const uid = new URL(atSignIn.headers.get("location") ?? "", issuer).searchParams.get(
    "interaction",
  );
  if (!uid) throw new Error(`sign-in: the provider sent no interaction (${atSignIn.status})`);
  const login = await fetch(`${issuer}/interaction/${encodeURIComponent(uid)}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  jar.store(login);
  const back = await followOn(issuer, jar, login);
  const callback = new URL(back.headers.get("location") ?? "", issuer);
  const code = callback.searchParams.get("code");
  // The callback names why (`error=invalid_credentials`, `account_suspended`...).
  if (!code) throw new Error(`sign-in of ${email} returned no code (${back.status}): ${callback}`);
  const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64");
  const res = await fetch(token_endpoint, {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
    }),
  });
  if (!res.ok) throw new Error(`token exchange for ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Tokens;
}
