/**
 * Sandbox: the embedded provider sandbox alone (`npm run sandbox`, PGlite in its data
 * folder): the time from its start until /healthz answers and its memory (RSS), on a new
 * data folder and on the same folder reopened; and `GET apps` with `apps` apps in one
 * company, through its HTTP API with a user's bearer token (autocannon).
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { templateFile } from "../server/sandbox/db/template";
import {
  createAppThroughApi,
  createProviderClient,
  validRegistration,
} from "../tests/support/provider";
import { load } from "./load";
import { ADMIN_TOKEN, ProductProcess, productPorts, tempDir } from "./product";
import { atMost, figure, heading, ms, table } from "./report";

const MIGRATIONS = path.join(import.meta.dirname, "..", "server", "sandbox", "db", "migrations");
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const mib = (value: number) => `${value.toFixed(0)} MiB`;

export async function benchSandbox(apps: number, loadSeconds: number) {
  heading(`Sandbox: start-up, memory, and GET apps with ${apps} apps`);
  // The first new folder on a machine is made the long way (initdb and every migration) and
  // leaves the migrated empty database as a template that later new folders start from
  // (server/sandbox/db/template.ts): both are measured, the first without a template.
  rmSync(path.dirname(templateFile(MIGRATIONS)), { recursive: true, force: true });
  const first = new ProductProcess({
    args: ["--sandbox-only"],
    dataDir: tempDir("sandbox-first"),
    ...(await productPorts()),
  });
  const firstMs = await first.start();
  await first.stop();
  figure(
    "embedded sandbox start, first new data folder on the machine (no template yet)",
    seconds(firstMs),
  );

  const sandbox = new ProductProcess({
    args: ["--sandbox-only"],
    dataDir: tempDir("sandbox"),
    ...(await productPorts()),
  });
  const fresh = await sandbox.start();
  figure(
    "embedded sandbox start, new data folder (until /healthz answers)",
    seconds(fresh),
    atMost(fresh / 1000, 5, " s"),
  );
  figure("embedded sandbox RSS after start, new data folder", mib(sandbox.rssMiB()));

  const { consoleClientSecret } = JSON.parse(
    readFileSync(path.join(sandbox.options.dataDir, "secrets.json"), "utf8"),
  ) as { consoleClientSecret: string };
  const provider = createProviderClient(() => ({
    sandboxUrl: sandbox.sandboxUrl,
    consoleUrl: sandbox.consoleUrl,
    adminToken: ADMIN_TOKEN,
    clientId: "console",
    clientSecret: consoleClientSecret,
  }));
  const registration = validRegistration();
  const user = await provider.registerOk(registration);
  await provider.verifyUser(user.userId);
  const token = (await provider.signIn(registration.email, registration.password)).access_token;
  const creating = performance.now();
  let next = 0;
  // Four clients at a time: the apps go in faster than one by one, and stay in one company.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < apps) {
        next += 1;
        await createAppThroughApi(provider, token, {
          name: `Bench app ${String(next).padStart(4, "0")}`,
        });
      }
    }),
  );
  figure(
    `${apps} apps created (POST apps, 4 at a time)`,
    `${seconds(performance.now() - creating)}`,
  );

  const url = `${sandbox.sandboxUrl}/api/apps`;
  const headers = { authorization: `Bearer ${token}` };
  const listed = (await (await fetch(url, { headers })).json()) as unknown[];
  if (listed.length !== apps)
    throw new Error(`GET apps answered ${listed.length} apps, not ${apps}`);
  const bytes = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
  figure("GET apps answer", `${listed.length} apps, ${(bytes / 1000).toFixed(0)} KB of JSON`);
  await load(url, { connections: 1, seconds: Math.min(3, loadSeconds), headers }); // warm-up
  const rows: string[][] = [];
  const results = [];
  for (const connections of [1, 5]) {
    const result = await load(url, { connections, seconds: loadSeconds, headers });
    results.push(result);
    rows.push([
      `GET apps (${apps} apps)`,
      String(connections),
      result.rps.toFixed(1),
      result.p50.toFixed(1),
      result.p95.toFixed(1),
      result.p99.toFixed(1),
    ]);
  }
  table(["request", "connections", "req/s", "p50 ms", "p95 ms", "p99 ms"], rows);
  figure(
    `sandbox GET apps p95 with ${apps} apps (1 connection)`,
    ms(results[0].p95),
    atMost(results[0].p95, 10, " ms"),
  );
  figure(`embedded sandbox RSS after the GET apps runs`, mib(sandbox.rssMiB()));

  await sandbox.stop();
  const reopened = await sandbox.start();
  figure(
    `embedded sandbox start, reopened data folder (${apps} apps)`,
    seconds(reopened),
    atMost(reopened / 1000, 5, " s"),
  );
  figure("embedded sandbox RSS after start, reopened data folder", mib(sandbox.rssMiB()));
  await sandbox.stop();
}
