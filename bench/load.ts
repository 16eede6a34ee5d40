/**
 * A load run with autocannon: `connections` clients, each sending its next request as soon
 * as the last is answered, for `seconds`. Every response time is kept, so p95 is exact
 * (autocannon's own percentiles stop at 90 and 97.5). Throws when any answer is not the
 * expected status, or a request failed: a figure of error pages would be worthless.
 */
import autocannon from "autocannon";

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

export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; status?: number },
): Promise<LoadResult> {
  const expected = options.status ?? 200;
  const times: number[] = [];
  const wrong = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: options.connections, duration: options.seconds, headers: options.headers, timeout: 30 },
      (error: unknown, answer: autocannon.Result) => (error ? reject(error) : resolve(answer)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === expected) times.push(responseTime);
      else wrong.set(statusCode, (wrong.get(statusCode) ?? 0) + 1);
    });
  });
  if (wrong.size > 0 || result.errors > 0) {
    const statuses = [...wrong].map(([status, count]) => `${count} x ${status}`).join(", ");
    throw new Error(`${url}: ${statuses || "no wrong status"}; ${result.errors} failed requests (${result.timeouts} timeouts)`);
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
