/**
 * A person using the console over plain HTTP, as a browser without JavaScript does: one
 * cookie jar for the console and the provider (both on localhost, whose cookies ignore the
 * port), redirects followed by hand, forms posted as `application/x-www-form-urlencoded`.
 * Signing in goes through the real OIDC round trip: the console's sign-in start, the
 * provider's sign-in form post, the callback. Shared by the load and scale-out suites.
 */
import { CookieJar } from "../../server/conformance/oidc";

export interface Hop {
  method: string;
  url: string;
  status: number;
  ms: number;
}

export class ConsoleVisitor {
  readonly jar = new CookieJar();
  /** Every request made, in order (reset by whoever reads it). */
  hops: Hop[] = [];

  constructor(
    readonly consoleUrl: string,
    private readonly timeoutMs = 30_000,
  ) {}

  private async send(method: string, url: string, body?: URLSearchParams): Promise<Response> {
    const at = performance.now();
    const headers: Record<string, string> = { cookie: this.jar.header(), accept: "text/html" };
    if (body) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = new URL(url).origin;
    }
    const res = await fetch(url, {
      method,
      body,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    this.jar.store(res);
    this.hops.push({ method, url, status: res.status, ms: performance.now() - at });
    return res;
  }

  /** Follows redirects (at most 10) with GETs, reading each body; answers the last answer and its body. */
  private async follow(
    first: Response,
    from: string,
  ): Promise<{ res: Response; body: string; url: string }> {
    let res = first;
    let url = from;
    for (let hop = 0; hop < 10 && res.status >= 300 && res.status < 400; hop++) {
      await res.arrayBuffer();
      url = new URL(res.headers.get("location") ?? "", url).href;
      res = await this.send("GET", url);
    }
    return { res, body: await res.text(), url };
  }

  /** GET a console path (or any URL), following redirects. */
  async get(pathOrUrl: string) {
    const url = new URL(pathOrUrl, this.consoleUrl).href;
    return this.follow(await this.send("GET", url), url);
  }

  /** POST a form; `follow` false answers the first answer (a save's redirect) unread. */
  async post(
    pathOrUrl: string,
    fields: Record<string, string>,
    options: { follow?: boolean } = {},
  ) {
    const url = new URL(pathOrUrl, this.consoleUrl).href;
    const res = await this.send("POST", url, new URLSearchParams(fields));
    if (options.follow === false) return { res, body: "", url };
    return this.follow(res, url);
  }

  /**
   * Signs in through the console: a page of the console sends the visitor to the provider,
   * which shows the console's sign-in page; its form posts to the provider, whose answer
   * leads back to the console's callback and on to the apps page. Throws unless it ends there.
   */
  async signIn(email: string, password: string, lang = "en-AU") {
    const page = await this.get(`/${lang}/apps`);
    const action = /action="([^"]+\/interaction\/[^"]+\/login)"/
      .exec(page.body)?.[1]
      ?.replaceAll("&amp;", "&");
    if (!action)
      throw new Error(
        `no sign-in form at ${page.url} (${page.res.status}): ${page.body.slice(0, 200)}`,
      );
    const done = await this.post(action, { email, password });
    if (done.res.status !== 200 || new URL(done.url).pathname !== `/${lang}/apps`) {
      throw new Error(`signing in as ${email} ended at ${done.url} (${done.res.status})`);
    }
    return done;
  }
}
