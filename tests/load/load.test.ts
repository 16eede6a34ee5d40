/**
 * Load (issue 11): LOAD_USERS people (default 50) use the built console at once for
 * LOAD_SECONDS (default 60), on loopback, against the embedded sandbox on a fresh data folder.
 * Each is a company of its own with one app, registered through the sandbox API, and signs in
 * through the console's real OIDC round trip over HTTP (a fresh session each). Then each goes
 * round the main pages as a browser without JavaScript does (apps list, the app's group page,
 * the version's details and marketplace pages) and saves the details form with new values,
 * following the save to the page it lands on, until the time is up.
 *
 * Passes when no answer was an error (every answer 2xx or a redirect; no 4xx, no 5xx, no
 * connection error or timeout) and nothing was lost: the last save the console acknowledged
 * for each person is what the provider API reads back afterwards. Prints one line of figures.
 *
 *   npm run test:load                     # LOAD_USERS=10 LOAD_SECONDS=15 npm run test:load
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConsoleVisitor, type Hop } from "../support/console-http";
import { inPool, type PersonWithApp, personWithApp } from "../support/people";
import { type StartedProduct, startedProduct } from "../support/product";
import type { ProviderClient } from "../support/provider";

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** A page slower than this counts as a failed request (the console must still answer under load). */
const REQUEST_TIMEOUT_MS = 30_000;

interface Person extends PersonWithApp {
  visitor: ConsoleVisitor;
  /** The values of the last save the console acknowledged. */
  saved?: { name: string; description: string };
}

let product: StartedProduct;
let provider: ProviderClient;
let consoleUrl: string;

beforeAll(async () => {
  product = await startedProduct("load");
  ({ provider, consoleUrl } = product);
}, 300_000);

afterAll(async () => {
  await product?.stop();
}, 60_000);

/** A company with one app, its person signed in to the console in a fresh session. */
async function person(index: number): Promise<Person> {
  const who = await personWithApp(provider, `Load app ${index}`);
  const visitor = new ConsoleVisitor(consoleUrl, REQUEST_TIMEOUT_MS);
  await visitor.signIn(who.email, who.password);
  visitor.hops = [];
  return { ...who, visitor };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

test(
  `${USERS} people for ${SECONDS} s over the main pages and a save: no error answer, nothing lost`,
  async () => {
    const people = await inPool(
      Array.from({ length: USERS }, (_, i) => i),
      8,
      (i) => person(i),
    );

    const failures: string[] = [];
    let saves = 0;
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const lang = "en-AU";

    await Promise.all(
      people.map(async (who, index) => {
        const base = `/${lang}/apps`;
        for (let round = 0; Date.now() < deadline; round++) {
          const pages = [
            base,
            `${base}/group/${who.groupId}`,
            `${base}/${who.versionId}/details`,
            `${base}/${who.versionId}/marketplace`,
          ];
          try {
            for (const page of pages) {
              if (Date.now() >= deadline) return;
              await who.visitor.get(page);
            }
            const values = {
              name: `Load ${index}.${round}`,
              description: `Saved by person ${index} in round ${round}.`,
            };
            const answer = await who.visitor.post(
              `${base}/${who.versionId}/details`,
              { intent: "save", categoryId: "1", ...values },
              { follow: false },
            );
            if (answer.res.status === 302) {
              who.saved = values;
              saves++;
              await answer.res.arrayBuffer();
              await who.visitor.get(answer.res.headers.get("location") ?? "");
            } else {
              failures.push(`person ${index}: save answered ${answer.res.status}`);
              await answer.res.arrayBuffer();
            }
          } catch (error) {
            failures.push(
              `person ${index}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
            );
          }
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;

    const hops: Hop[] = people.flatMap((who) => who.visitor.hops);
    for (const hop of hops) {
      if (hop.status >= 400)
        failures.push(`${hop.method} ${new URL(hop.url).pathname} answered ${hop.status}`);
    }
    const times = hops.map((hop) => hop.ms).sort((a, b) => a - b);
    const kindOf = (hop: Hop) => {
      const path = new URL(hop.url).pathname;
      if (hop.method === "POST") return "save";
      return path.includes("/group/")
        ? "group"
        : (/\/(apps|details|marketplace)$/.exec(path)?.[1] ?? "other");
    };
    const byKind = new Map<string, number[]>();
    for (const hop of hops) byKind.set(kindOf(hop), [...(byKind.get(kindOf(hop)) ?? []), hop.ms]);
    console.log(
      `load: ${USERS} people, ${seconds.toFixed(0)} s: ${hops.length} requests (${(hops.length / seconds).toFixed(1)}/s), ` +
        `${saves} saves, p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, ` +
        `max ${(times.at(-1) ?? 0).toFixed(0)} ms, ${failures.length} failures; p95 by page: ` +
        [...byKind]
          .map(
            ([kind, ms]) =>
              `${kind} ${percentile(
                ms.sort((a, b) => a - b),
                95,
              ).toFixed(0)} ms`,
          )
          .join(", "),
    );
    expect(failures.slice(0, 20), "answers that were errors").toEqual([]);
    expect(saves, "saves acknowledged").toBeGreaterThan(0);

    // Nothing lost: each person's last acknowledged save is what the provider holds.
    const lost: string[] = [];
    await inPool(people, 10, async (who) => {
      if (!who.saved) return;
      const res = await provider.apiFetch(`apps/${who.versionId}`, {}, who.accessToken);
      const stored = (await res.json()) as { details: { name: string; description: string } };
      if (
        stored.details.name !== who.saved.name ||
        stored.details.description !== who.saved.description
      ) {
        lost.push(
          `${who.email}: saved ${JSON.stringify(who.saved)}, read ${JSON.stringify(stored.details)}`,
        );
      }
    });
    expect(lost, "acknowledged saves not read back").toEqual([]);
  },
  (SECONDS + 600) * 1000,
);
