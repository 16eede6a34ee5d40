/**
 * A sandbox whose public URL is https (TLS ending in a proxy in front of it, not one
 * TRUST_PROXY names) sends every cookie of the sign-in Secure: `_interaction`,
 * `_interaction_resume`, `_session` and their signatures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../../server/conformance/oidc";
import { type OwnSandbox, ownSandbox } from "./own-sandbox";
import { startAuthorization } from "./support";

let own: OwnSandbox;
let direct: string;

beforeAll(async () => {
  own = await ownSandbox("oidc-https");
  direct = own.target.sandboxUrl;
  own.config.url = `https://sandbox.example.com`;
  await own.start();
}, 60_000);

afterAll(() => own?.dispose());

describe("the identity provider served over https", () => {
  it("sets each of its cookies Secure", async () => {
    const cookies: string[] = [];
    const keep = (jar: CookieJar, res: Response) => {
      cookies.push(...res.headers.getSetCookie());
      jar.store(res);
      return res;
    };
    /** Follows the sandbox's redirects (its public https address reached directly), up to one elsewhere. */
    const follow = async (jar: CookieJar, first: Response) => {
      let res = first;
      while (res.status >= 300 && res.status < 400) {
        const location = new URL(res.headers.get("location")!, own.config.url);
        if (![own.config.url, direct].includes(location.origin)) return location;
        res = keep(
          jar,
          await fetch(`${direct}${location.pathname}${location.search}`, {
            redirect: "manual",
            headers: { cookie: jar.header() },
          }),
        );
      }
      throw new Error(`stopped at ${res.status} ${await res.text()}`);
    };

    const flow = await startAuthorization();
    keep(new CookieJar(), flow.response);
    const signIn = await follow(flow.jar, flow.response);
    const uid = signIn.searchParams.get("interaction");
    expect(uid, "the console's sign-in page").toBeTruthy();
    const login = keep(
      flow.jar,
      await fetch(`${direct}/interaction/${uid}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: flow.jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          email: own.config.demoEmail,
          password: own.config.demoPassword,
        }),
      }),
    );
    const callback = await follow(flow.jar, login);
    expect(callback.searchParams.get("code"), `signed in: ${callback}`).toBeTruthy();

    const names = new Set(cookies.map((cookie) => cookie.split("=")[0]));
    for (const name of ["_interaction", "_interaction_resume", "_session"])
      expect(names, name).toContain(name);
    expect(cookies.filter((cookie) => !/;\s*secure(;|$)/i.test(cookie))).toEqual([]);
  });
});
