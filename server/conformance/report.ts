/** What the kit found, endpoint by endpoint, and the table it prints. */
import { contractEndpoints } from "~/api/contract";
import type { Endpoint } from "~/api/endpoint";
import { declaredCodes } from "./refusals";
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
  /** The declared refusal codes (app/api/endpoint.ts `refusals`) a check sent, and those it did not. */
  refusals: { tried: string[]; notTried: string[] };
}

/** The findings of one run: every endpoint of the contract, each with its checks. */
export function findings() {
  const byName = new Map<string, EndpointResult>(
    contractEndpoints().map(({ name }) => [
      name,
      {
        name,
        outcome: "not tried",
        passed: [],
        failed: [],
        notTried: [],
        refusals: { tried: [], notTried: [] },
      },
    ]),
  );
  const of = (endpoint: Endpoint) => byName.get(nameOf(endpoint))!;
  const endpoints = new Map(contractEndpoints().map(({ name, endpoint }) => [name, endpoint]));
  /** What was skipped, by endpoint name: a declared code skipped is a refusal not tried. */
  const skipped = new Map<string, Set<string>>();

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

  /** A check that sends a declared refusal: named `<code>: <what was sent>`, its code tried. */
  function refusal<T>(endpoint: Endpoint, code: string, what: string, run: () => Promise<T>) {
    const tried = of(endpoint).refusals.tried;
    if (!tried.includes(code)) tried.push(code);
    return check(endpoint, `${code}: ${what}`, run);
  }

  function skip(endpoint: Endpoint, what: string, why: string) {
    of(endpoint).notTried.push(`${what}: ${why}`);
    const name = nameOf(endpoint);
    skipped.set(name, (skipped.get(name) ?? new Set()).add(what));
  }

  /** The declared codes tried, and those not: each not skipped with a reason has no trigger. */
  function coverage(result: EndpointResult) {
    const codes = declaredCodes(endpoints.get(result.name)!);
    const tried = codes.filter((code) => result.refusals.tried.includes(code));
    const notTried = codes.filter((code) => !tried.includes(code));
    const untriggered = notTried.filter((code) => !skipped.get(result.name)?.has(code));
    return { tried, notTried, untriggered };
  }

  function results(): EndpointResult[] {
    return [...byName.values()].map((result) => {
      const { tried, notTried, untriggered } = coverage(result);
      return {
        ...result,
        notTried: [...result.notTried, ...untriggered.map((code) => `${code}: no trigger`)],
        refusals: { tried, notTried },
        outcome: result.failed.length ? "failed" : result.passed.length ? "passed" : "not tried",
      };
    });
  }

  return { check, refusal, skip, results };
}

/** The table of a run: one line an endpoint, then each failure and what was not tried. */
export function table(results: EndpointResult[]): string {
  const width = Math.max(...results.map((r) => r.name.length));
  const lines = results.map(
    (r) =>
      `${r.name.padEnd(width)}  ${r.outcome.padEnd(9)}  ${String(r.passed.length).padStart(2)} held` +
      (r.failed.length ? `, ${r.failed.length} failed` : "") +
      (r.notTried.length ? `, ${r.notTried.length} not tried` : "") +
      (r.refusals.tried.length || r.refusals.notTried.length
        ? `; refusals tried ${r.refusals.tried.length} of ${r.refusals.tried.length + r.refusals.notTried.length}`
        : ""),
  );
  const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  const sum = (pick: (r: EndpointResult) => string[]) =>
    results.reduce((n, r) => n + pick(r).length, 0);
  const details = results.flatMap((r) => [
    ...r.failed.map((f) => `FAILED    ${r.name}: ${f}`),
    ...r.notTried.map((n) => `not tried ${r.name}: ${n}`),
  ]);
  const codes = results.flatMap((r) =>
    r.refusals.tried.length || r.refusals.notTried.length
      ? [
          `refusals  ${r.name}: tried ${r.refusals.tried.join(", ") || "none"}` +
            (r.refusals.notTried.length ? `; not tried ${r.refusals.notTried.join(", ")}` : ""),
        ]
      : [],
  );
  return [
    ...lines,
    "",
    `${count("passed")} passed, ${count("failed")} failed, ${count("not tried")} not tried (${results.length} endpoints)`,
    `declared refusals: ${sum((r) => r.refusals.tried)} tried, ${sum((r) => r.refusals.notTried)} not tried`,
    ...(codes.length ? ["", ...codes] : []),
    ...(details.length ? ["", ...details] : []),
  ].join("\n");
}

/** The declared refusals not tried, as `endpoint code` (`apps.deleteApp 409`). */
export function untriedRefusals(results: EndpointResult[]): string[] {
  return results.flatMap((r) => r.refusals.notTried.map((code) => `${r.name} ${code}`));
}
