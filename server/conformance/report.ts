/** What the kit found, endpoint by endpoint, and the table it prints. */
import { contractEndpoints } from "~/api/contract";
import type { Endpoint } from "~/api/endpoint";
import { Breach, nameOf } from "./session";

export type Outcome = "passed" | "failed" | "not tried";

export interface EndpointResult {
  name: string;
  outcome: Outcome;
  /** The checks that held. */
  passed: string[];
  /** The checks that did not, each with what came. */
  failed: string[];
  /** Why a check was not made. */
  notTried: string[];
}

/** The findings of one run: every endpoint of the contract, each with its checks. */
export function findings() {
  const byName = new Map<string, EndpointResult>(
    contractEndpoints().map(({ name }) => [
      name,
      { name, outcome: "not tried", passed: [], failed: [], notTried: [] },
    ]),
  );
  const of = (endpoint: Endpoint) => byName.get(nameOf(endpoint))!;

  /** Runs one check of an endpoint; a Breach (or any error) is its failure, named. */
  async function check<T>(
    endpoint: Endpoint,
    what: string,
    run: () => Promise<T>,
  ): Promise<T | undefined> {
    try {
      const value = await run();
      of(endpoint).passed.push(what);
      return value;
    } catch (error) {
      const reason = error instanceof Breach ? error.message : `could not call: ${String(error)}`;
      of(endpoint).failed.push(`${what}: ${reason}`);
      return undefined;
    }
  }

  function skip(endpoint: Endpoint, what: string, why: string) {
    of(endpoint).notTried.push(`${what}: ${why}`);
  }

  function results(): EndpointResult[] {
    return [...byName.values()].map((result) => ({
      ...result,
      outcome: result.failed.length ? "failed" : result.passed.length ? "passed" : "not tried",
    }));
  }

  return { check, skip, results };
}

/** The table of a run: one line an endpoint, then each failure and what was not tried. */
export function table(results: EndpointResult[]): string {
  const width = Math.max(...results.map((r) => r.name.length));
  const lines = results.map(
    (r) =>
      `${r.name.padEnd(width)}  ${r.outcome.padEnd(9)}  ${String(r.passed.length).padStart(2)} held` +
      (r.failed.length ? `, ${r.failed.length} failed` : "") +
      (r.notTried.length ? `, ${r.notTried.length} not tried` : ""),
  );
  const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  const details = results.flatMap((r) => [
    ...r.failed.map((f) => `FAILED    ${r.name}: ${f}`),
    ...r.notTried.map((n) => `not tried ${r.name}: ${n}`),
  ]);
  return [
    ...lines,
    "",
    `${count("passed")} passed, ${count("failed")} failed, ${count("not tried")} not tried (${results.length} endpoints)`,
    ...(details.length ? ["", ...details] : []),
  ].join("\n");
}
