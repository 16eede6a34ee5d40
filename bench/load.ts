/**
 * A load run with autocannon: `connections` clients, each sending its next request as soon
 * as the last is answered, for `seconds`. Every response time is kept, so p95 is exact
 * (autocannon's own percentiles stop at 90 and 97.5). Throws when any answer is not the
 * expected status, or a request failed: a figure of error pages would be worthless. With
 * `cookies`, every connection sends the jar's cookies, and the cookies the answers set are
 * kept in the jar and sent from then on (as a browser's tabs share theirs).
 */
import autocannon from "autocannon";
import type { CookieJar } from "../server/conformance/oidc";
import { keepCookies } from "./support";

export interface LoadResult {
  requests: number;
  /** Answered requests per second. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The value below which `p` percent of the sorted `values` fall (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** An autocannon client that sends the jar's cookies and keeps those its answers set. */
function keepingCookies(jar: CookieJar, headers: Record<string, string>) {
  return (client: autocannon.Client) => {
    let sent = jar.header();
    client.setHeaders({ ...headers, cookie: sent });
    // autocannon's parser (http-parser-js) hands over the answer's head, its headers as [name, value, ...].
    client.on("headers", (head: unknown) => {
      const raw = (head as { headers?: string[] }).headers ?? [];
      const setCookies: string[] = [];
      for (let i = 0; i + 1 < raw.length; i += 2)
        if (raw[i].toLowerCase() === "set-cookie") setCookies.push(raw[i + 1]);
      keepCookies(jar, setCookies);
      const now = jar.header();
      if (now !== sent) {
        sent = now;
        client.setHeaders({ ...headers, cookie: now });
      }
    });
  };
}

export async function load(
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    cookies?: CookieJar;
    status?: number;
  },
): Promise<LoadResult> {
  const expected = options.status ?? 200;
  const times: number[] = [];
  const wrong = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        timeout: 30,
        ...(options.cookies
          ? { setupClient: keepingCookies(options.cookies, options.headers ?? {}) }
          : {}),
      },
      (error: unknown, answer: autocannon.Result) => (error ? reject(error) : resolve(answer)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === expected) times.push(responseTime);
      else wrong.set(statusCode, (wrong.get(statusCode) ?? 0) + 1);
    });
  });
  if (wrong.size > 0 || result.errors > 0) {
    const statuses = [...wrong].map(([status, count]) => `${count} x ${status}`).join(", ");
    throw new Error(
      `${url}: ${statuses || "no wrong status"}; ${result.errors} failed requests (${result.timeouts} timeouts)`,
    );
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    rps: times.length / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}
