/**
 * The console stays responsive while the platform editor's heaviest posts run: ten people post
 * the worst-case import (the largest, deepest schema the JSON limits let in) and the worst-case
 * Arrange (nested lists whose arranged text is as long as a JSON text may be) all at once, half
 * of each, in HEALTHZ_ROUNDS rounds (default 8), while `/healthz` is asked every 50 ms by a
 * process of its own, of a console of two processes.
 *
 * Passes when every import and Arrange was answered without a server error and every health
 * check answered within 200 ms. Prints one line of figures.
 *
 *   npx vitest run --project load tests/load/healthz.test.ts
 */
import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConsoleVisitor } from "../support/console-http";
import { inPool, personWithApp } from "../support/people";
import { type StartedProduct, startedProduct } from "../support/product";
import { worstCaseArrange, worstCaseImport } from "../support/worst-case-json";

const ROUNDS = Number(process.env.HEALTHZ_ROUNDS ?? 8);
const POSTERS = 10;
const HEALTH_BOUND_MS = 200;
const PROBE_EVERY_MS = 50;

let product: StartedProduct;

beforeAll(async () => {
  // Two console processes: one takes the posts' turns while the other answers. With one process
  // beside the sandbox (the default on two cores) a check waits for a post's work: up to 360 ms.
  product = await startedProduct("healthz", { console: { WEB_CONCURRENCY: "2" } });
}, 300_000);

afterAll(async () => {
  await product?.stop();
}, 60_000);

/**
 * Asks `url` every PROBE_EVERY_MS from a process of its own (so that the time measured is the
 * console's, not this busy test process's), on a new connection each time (the console's
 * processes take the connections they are ready for), until `stop()`, which answers each
 * check's time and the failures.
 */
function probeHealth(url: string): { stop(): Promise<{ ms: number[]; failures: string[] }> } {
  const script = `
    const [url, every] = process.argv.slice(1);
    const times = [];
    const failures = [];
    let running = true;
    process.stdin.on("data", () => {}).once("end", () => (running = false));
    (async () => {
      while (running) {
        const at = performance.now();
        try {
          // A new connection each time, as a load balancer's check or a new visitor makes one.
          const status = await new Promise((resolve, reject) => {
            const req = require("node:http").get(url, { agent: false, timeout: 10000 }, (res) => {
              res.resume();
              res.once("end", () => resolve(res.statusCode));
            });
            req.once("timeout", () => req.destroy(new Error("no answer in 10 s")));
            req.once("error", reject);
          });
          if (status !== 200) failures.push("/healthz answered " + status);
        } catch (error) {
          failures.push("/healthz: " + error.message);
        }
        times.push(performance.now() - at);
        await new Promise((resolve) => setTimeout(resolve, Number(every)));
      }
      process.stdout.write(JSON.stringify({ ms: times, failures }));
    })();
  `;
  const child = spawn(process.execPath, ["-e", script, url, String(PROBE_EVERY_MS)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    async stop() {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`the health probe exited with ${code}`);
      return JSON.parse(out) as { ms: number[]; failures: string[] };
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

test(`/healthz answers within ${HEALTH_BOUND_MS} ms while ${POSTERS} worst-case imports and Arranges run at once`, async () => {
  const people = await inPool(
    Array.from({ length: POSTERS }, (_, i) => i),
    5,
    async (i) => {
      const who = await personWithApp(product.provider, `Heavy poster ${i}`);
      const visitor = new ConsoleVisitor(product.consoleUrl);
      await visitor.signIn(who.email, who.password);
      return { ...who, visitor };
    },
  );
  const importText = worstCaseImport("web");
  const arrangeText = worstCaseArrange();

  const failures: string[] = [];
  const posts: { intent: string; ms: number }[] = [];
  const probe = probeHealth(`${product.consoleUrl}/healthz`);
  for (let round = 0; round < ROUNDS; round++) {
    // All at once, half of them imports and half Arranges; each person takes turns, so from the second round every Arrange shows a worst-case draft.
    await Promise.all(
      people.map(async (who, index) => {
        const intent = (round + index) % 2 === 0 ? "import" : "import-arrange";
        const at = performance.now();
        try {
          const answer = await who.visitor.post(
            `/en-AU/apps/${who.versionId}/web`,
            { intent, json: intent === "import" ? importText : arrangeText },
            { follow: false },
          );
          await answer.res.arrayBuffer();
          posts.push({ intent, ms: performance.now() - at });
          // An import is kept as a draft and goes back to the editor; Arrange answers the page with the arranged text.
          const expected = intent === "import" ? [302, 303] : [200];
          if (!expected.includes(answer.res.status))
            failures.push(`person ${index}: ${intent} answered ${answer.res.status}`);
        } catch (error) {
          failures.push(
            `person ${index}: ${intent}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }),
    );
  }
  const probed = await probe.stop();
  const health = probed.ms;
  failures.push(...probed.failures);

  const sorted = [...health].sort((a, b) => a - b);
  const byIntent = (intent: string) =>
    posts
      .filter((post) => post.intent === intent)
      .map((post) => post.ms)
      .sort((a, b) => a - b);
  const imports = byIntent("import");
  const arranges = byIntent("import-arrange");
  console.log(
    `healthz: ${ROUNDS} rounds of ${POSTERS} posts at once, import ${(importText.length / 1000).toFixed(0)} KB, arrange ${(arrangeText.length / 1000).toFixed(1)} KB: ` +
      `${imports.length} imports (p50 ${percentile(imports, 50).toFixed(0)} ms), ${arranges.length} arranges (p50 ${percentile(arranges, 50).toFixed(0)} ms); ` +
      `${health.length} health checks, p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms (bound ${HEALTH_BOUND_MS} ms)`,
  );
  expect(failures.slice(0, 20), "answers that were errors").toEqual([]);
  expect(imports.length, "imports answered").toBeGreaterThan(0);
  expect(arranges.length, "arranges answered").toBeGreaterThan(0);
  expect(sorted.at(-1) ?? Infinity, `slowest /healthz (ms) of ${health.length}`).toBeLessThan(
    HEALTH_BOUND_MS,
  );
}, 600_000);
