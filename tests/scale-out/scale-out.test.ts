/**
 * Scale-out: two consoles behind a round-robin proxy, and two provider sandboxes behind
 * another, as several instances of each would be deployed, each instance running as `npm start`
 * runs it: a supervisor with two console processes (WEB_CONCURRENCY=2), or two sandbox
 * processes (SANDBOX_CONCURRENCY=2), sharing its port. The sandboxes
 * share a PostgreSQL database of this run's own (created on the server of
 * SCALE_OUT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, and dropped after)
 * and their data folder (uploaded bytes); the consoles share nothing but their configuration
 * (SESSION_SECRET, the OIDC client) and Redis (SCALE_OUT_REDIS_URL, default
 * redis://127.0.0.1:6379), where the sandboxes keep their limits too. Each request goes to the
 * next instance in turn, so every step of a person's visit changes instance:
 *
 * - a person signs in (the OIDC round trip crossing both consoles and both sandboxes) and
 *   goes on with pages and a save;
 * - a draft kept through one console is shown through the other;
 * - a platform schema draft started through one console is saved through the other, making a
 *   new version that holds it;
 * - failed sign-ins counted by one sandbox make the other refuse the next try;
 * - bank details one sandbox encrypted are read through the other (one DATA_ENCRYPTION_KEY);
 * - with both sandboxes away, a save posted to one console is shown, with its error, from the
 *   page answers the other console kept; once they are back, the save succeeds.
 *
 * Without PostgreSQL or Redis the suite says so in one line and is skipped, except under CI
 * (`CI` set), where their absence fails it: the CI machine has both.
 *
 *   npm run test:scale-out
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConsoleVisitor } from "../support/console-http";
import { type PersonWithApp, personWithApp } from "../support/people";
import { ownDatabase, postgresProblem } from "../support/postgres";
import { productProcesses } from "../support/process-tree";
import {
  ADMIN_TOKEN,
  consoleBuild,
  consoleProcess,
  freePort,
  type ServerProcess,
  sandboxProcess,
  tempDir,
} from "../support/product";
import {
  consoleClientSecretIn,
  createProviderClient,
  type ProviderClient,
} from "../support/provider";
import { type RoundRobin, roundRobin, type Served } from "./round-robin";

const POSTGRES_URL =
  process.env.SCALE_OUT_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.SCALE_OUT_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisProblem(url: string): Promise<string | undefined> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let cause: Error | undefined;
  client.on("error", (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return (cause ?? (error as Error)).message || String(error);
  } finally {
    client.disconnect();
  }
}

const unavailable = (
  await Promise.all([
    postgresProblem(POSTGRES_URL).then(
      (problem) => problem && `PostgreSQL at ${POSTGRES_URL} does not answer (${problem})`,
    ),
    redisProblem(REDIS_URL).then(
      (problem) => problem && `Redis at ${REDIS_URL} does not answer (${problem})`,
    ),
  ])
).filter(Boolean);
const required = Boolean(process.env.CI);
if (unavailable.length > 0 && !required)
  console.log(`scale-out: skipped: ${unavailable.join("; ")}`);

const cleanups: (() => Promise<unknown> | unknown)[] = [];
let consoles: RoundRobin;
let sandboxes: RoundRobin;
let sandboxProcesses: ServerProcess[] = [];
let consoleProcesses: ServerProcess[] = [];
let provider: ProviderClient;
let person: PersonWithApp;
let visitor: ConsoleVisitor;

/** What the proxy recorded from `from` on. */
const since = (proxy: RoundRobin, from: number): Served[] => proxy.served.slice(from);

describe("what scale-out needs", () => {
  it.runIf(required)("has PostgreSQL and Redis under CI", () => {
    expect(unavailable).toEqual([]);
  });
});

describe.skipIf(unavailable.length > 0)(
  "two consoles and two sandboxes, each pair behind a round-robin proxy, on PostgreSQL and Redis",
  () => {
    beforeAll(async () => {
      const database = await ownDatabase(POSTGRES_URL, "scale_out");
      cleanups.push(database.drop);
      const buildDir = await consoleBuild();
      const sandboxData = tempDir("scale-out-sandbox");
      cleanups.push(sandboxData.remove);

      const [sandboxPorts, consolePorts] = [
        [await freePort(), await freePort()],
        [await freePort(), await freePort()],
      ];
      sandboxes = await roundRobin(sandboxPorts);
      consoles = await roundRobin(consolePorts);
      cleanups.push(
        () => sandboxes.close(),
        () => consoles.close(),
      );
      // The sandboxes' limits live under their issuer's address, this run's own.
      cleanups.push(async () => {
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`sandbox:${sandboxes.url}:*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      });

      // Every sandbox on one database opens the values the others encrypted: one key for all.
      // The proxies in front are on loopback: the addresses they forward count (TRUST_PROXY).
      const shared = {
        DATABASE_URL: database.url,
        REDIS_URL,
        DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        TRUST_PROXY: "loopback",
        SANDBOX_CONCURRENCY: "2",
      };
      sandboxProcesses = sandboxPorts.map((port, i) =>
        sandboxProcess({
          name: `sandbox ${i + 1}`,
          dataDir: sandboxData.dir,
          port,
          consolePort: Number(new URL(consoles.url).port),
          appUrl: consoles.url,
          sandboxUrl: sandboxes.url,
          env: shared,
        }),
      );
      cleanups.push(() => Promise.all(sandboxProcesses.map((p) => p.stop())));
      // One after the other: the first migrates the new database and writes the shared secrets.
      for (const sandbox of sandboxProcesses) await sandbox.start();

      const consoleClientSecret = consoleClientSecretIn(sandboxData.dir);
      const sessionSecret = randomBytes(32).toString("base64url");
      consoleProcesses = consolePorts.map((port, i) => {
        const dataDir = path.join(sandboxData.dir, `console-${i + 1}`);
        mkdirSync(dataDir);
        return consoleProcess({
          name: `console ${i + 1}`,
          dataDir,
          port,
          buildDir,
          env: {
            API_BASE_URL: `${sandboxes.url}/api`,
            OIDC_ISSUER: sandboxes.url,
            OIDC_CLIENT_ID: "console",
            OIDC_CLIENT_SECRET: consoleClientSecret,
            SESSION_SECRET: sessionSecret,
            APP_URL: consoles.url,
            REDIS_URL,
            TRUST_PROXY: "loopback",
            WEB_CONCURRENCY: "2",
          },
        });
      });
      cleanups.push(() => Promise.all(consoleProcesses.map((p) => p.stop())));
      await Promise.all(consoleProcesses.map((p) => p.start()));

      provider = createProviderClient(() => ({
        sandboxUrl: sandboxes.url,
        consoleUrl: consoles.url,
        adminToken: ADMIN_TOKEN,
        clientId: "console",
        clientSecret: consoleClientSecret,
      }));
      person = await personWithApp(provider, "Scale-out app");
      visitor = new ConsoleVisitor(consoles.url);
    });

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("each instance is a supervisor with two processes of its half", () => {
      for (const sandbox of sandboxProcesses)
        expect(productProcesses(sandbox.pid!)).toEqual({
          sandbox: [expect.any(Number), expect.any(Number)],
          console: [],
        });
      for (const console of consoleProcesses)
        expect(productProcesses(console.pid!)).toEqual({
          sandbox: [],
          console: [expect.any(Number), expect.any(Number)],
        });
    });

    it("a person signed in through one console goes on through the other", async () => {
      const consoleFrom = consoles.served.length;
      const sandboxFrom = sandboxes.served.length;
      await visitor.signIn(person.email, person.password);
      expect(
        new Set(since(consoles, consoleFrom).map((s) => s.upstream)),
        "consoles in the sign-in",
      ).toEqual(new Set([0, 1]));
      expect(
        new Set(since(sandboxes, sandboxFrom).map((s) => s.upstream)),
        "sandboxes in the sign-in",
      ).toEqual(new Set([0, 1]));

      const pagesFrom = consoles.served.length;
      const base = `/en-AU/apps`;
      for (const page of [
        base,
        `${base}/group/${person.groupId}`,
        `${base}/${person.versionId}/details`,
        `${base}/${person.versionId}/marketplace`,
      ]) {
        const answer = await visitor.get(page);
        expect(answer.res.status, page).toBe(200);
        expect(new URL(answer.url).pathname, `${page} opened signed in`).toBe(page);
      }
      const save = await visitor.post(
        `${base}/${person.versionId}/details`,
        {
          intent: "save",
          categoryId: "1",
          name: "Saved across consoles",
          description: "Both consoles know the person.",
        },
        { follow: false },
      );
      expect(save.res.status).toBe(302);
      const pages = since(consoles, pagesFrom);
      expect(new Set(pages.map((s) => s.upstream)), "consoles serving the signed-in pages").toEqual(
        new Set([0, 1]),
      );
      expect(pages.filter((s) => s.status >= 400)).toEqual([]);

      const stored = await provider.apiFetch(`apps/${person.versionId}`, {}, person.accessToken);
      expect(((await stored.json()) as { details: { name: string } }).details.name).toBe(
        "Saved across consoles",
      );
    });

    it("a draft kept through one console is shown through the other", async () => {
      const from = consoles.served.length;
      const page = `/en-AU/apps/${person.versionId}`;
      const kept = await visitor.post(
        `${page}/details`,
        {
          intent: "go:marketplace",
          categoryId: "1",
          name: "Kept as a draft",
          description: "Not saved yet.",
        },
        { follow: false },
      );
      expect(kept.res.status).toBe(302);
      const shown = await visitor.get(`${page}/details`);
      expect(shown.res.status).toBe(200);
      expect(shown.body).toContain('value="Kept as a draft"');
      const [post, get] = since(consoles, from);
      expect(post.upstream, "the draft was kept by one console and shown by the other").not.toBe(
        get.upstream,
      );
      // Dropped again: the next test starts from what is saved.
      expect(
        (await visitor.post(`${page}/details`, { intent: "discard" }, { follow: false })).res
          .status,
      ).toBe(302);
    });

    it("failed sign-ins counted by one sandbox make the other refuse the next try", async () => {
      const stranger = new ConsoleVisitor(consoles.url);
      const signInPage = await stranger.get("/en-AU/apps");
      const action = /action="([^"]+\/interaction\/[^"]+\/login)"/
        .exec(signInPage.body)?.[1]
        ?.replaceAll("&amp;", "&");
      expect(action, "the sign-in form").toBeDefined();
      const from = sandboxes.served.length;
      let refused: Response | undefined;
      for (let attempt = 0; attempt < 10 && !refused; attempt++) {
        const answer = await stranger.post(
          action!,
          { email: person.email, password: "Wrong-pass-1" },
          { follow: false },
        );
        if (answer.res.status === 429) refused = answer.res;
        else expect(answer.res.status).toBe(303);
        await answer.res.arrayBuffer();
      }
      expect(refused?.headers.get("retry-after"), "a try refused with a wait").toBeTruthy();
      const tries = since(sandboxes, from).filter(
        (s) => s.method === "POST" && s.path.endsWith("/login"),
      );
      const refusal = tries.at(-1)!;
      const failures = tries.filter((s) => s.status === 303);
      // Three failures cost nothing; the refusing instance alone had not counted enough to refuse.
      expect(failures.filter((s) => s.upstream === refusal.upstream).length).toBeLessThan(4);
      expect(failures.filter((s) => s.upstream !== refusal.upstream).length).toBeGreaterThan(0);
    });

    it("bank details encrypted by one sandbox are read through the other", async () => {
      const from = sandboxes.served.length;
      const bank = { accountName: "Scale-out Pty Ltd", bsb: "062000", accountNumber: "12345678" };
      const created = await provider.apiFetch(
        "settings/bank-details",
        { method: "POST", body: JSON.stringify(bank) },
        person.accessToken,
      );
      expect(created.status).toBe(201);
      for (let read = 0; read < 2; read++) {
        const answer = await provider.apiFetch("settings/bank-details", {}, person.accessToken);
        expect(answer.status).toBe(200);
        expect(
          ((await answer.json()) as { accountNumber: string }[]).map((row) => row.accountNumber),
        ).toEqual(["*****678"]);
      }
      expect(
        new Set(since(sandboxes, from).map((s) => s.upstream)),
        "sandboxes that wrote and read",
      ).toEqual(new Set([0, 1]));
    });

    it("with both sandboxes away, a save through one console shows its page from the answers the other kept; once back, it succeeds", async () => {
      const page = `/en-AU/apps/${person.versionId}/details`;
      const typed = {
        intent: "save",
        categoryId: "1",
        name: "Typed while away",
        description: "Both sandboxes were stopped.",
      };
      const from = consoles.served.length;
      expect((await visitor.get(page)).res.status).toBe(200);
      await Promise.all(sandboxProcesses.map((p) => p.stop()));
      let failed: Awaited<ReturnType<typeof visitor.post>>;
      try {
        failed = await visitor.post(page, typed, { follow: false });
      } finally {
        for (const sandbox of sandboxProcesses) await sandbox.start();
      }
      const [shownBy, savedBy] = since(consoles, from);
      expect(
        shownBy.upstream,
        "the page was shown by one console and posted to the other",
      ).not.toBe(savedBy.upstream);
      expect(failed.res.status).toBe(503);
      const body = await failed.res.text();
      expect(body).toContain("We could not reach the service, so your changes are not saved.");
      expect(body).toContain('value="Typed while away"');

      const retried = await visitor.post(page, typed, { follow: false });
      expect(retried.res.status).toBe(302);
      const stored = await provider.apiFetch(`apps/${person.versionId}`, {}, person.accessToken);
      expect(((await stored.json()) as { details: { name: string } }).details.name).toBe(
        "Typed while away",
      );
    });

    it("a platform schema draft started through one console is saved through the other as a new version", async () => {
      const page = `/en-AU/apps/${person.versionId}/web`;
      const urls = Object.fromEntries(
        ["dev", "test", "beta", "live"].map((env) => [
          `urls.${env}`,
          `https://${env}.example.com/open`,
        ]),
      );
      const from = consoles.served.length;
      const added = await visitor.post(
        page,
        { intent: "add-location", location: "matter" },
        { follow: false },
      );
      expect(added.res.status).toBe(302);
      const item = {
        intent: "item",
        location: "matter",
        list: "buttons",
        actionType: "button",
        name: "Open",
        label: "Open matter",
        description: "Opens the matter.",
        ...urls,
      };
      expect((await visitor.post(page, item, { follow: false })).res.status).toBe(302);
      const shown = await visitor.get(page);
      expect(shown.res.status).toBe(200);
      expect(shown.body).toContain("Open matter");
      const saved = await visitor.post(page, { intent: "save" }, { follow: false });
      expect(saved.res.status).toBe(302);
      const steps = since(consoles, from);
      expect(new Set(steps.map((s) => s.upstream)), "both consoles kept the draft").toEqual(
        new Set([0, 1]),
      );
      expect(
        steps[0].upstream,
        "the draft was started by one console and saved by the other",
      ).not.toBe(steps.at(-1)!.upstream);

      const newVersionId = /\/apps\/([^/]+)\/web$/.exec(
        new URL(saved.res.headers.get("location")!, consoles.url).pathname,
      )?.[1];
      expect(newVersionId, "the save went to the new version's page").toBeDefined();
      expect(newVersionId).not.toBe(person.versionId);
      const stored = (await (
        await provider.apiFetch(`app-schema/${newVersionId}?platform=web`, {}, person.accessToken)
      ).json()) as { schema: { views: { id: string; buttons: { label: string }[] }[] } };
      expect(
        stored.schema.views.map((view) => [view.id, view.buttons.map((button) => button.label)]),
      ).toEqual([["matter", ["Open matter"]]]);
      const old = (await (
        await provider.apiFetch(
          `app-schema/${person.versionId}?platform=web`,
          {},
          person.accessToken,
        )
      ).json()) as { schema: unknown };
      expect(old.schema, "the version edited on is as it was").toBeNull();
    });
  },
);
