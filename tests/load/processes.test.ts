/**
 * The processes of `npm start`: a supervisor, one sandbox process and WEB_CONCURRENCY console
 * processes (two here). A console process killed is started again while the other answers
 * every request; the sandbox process killed is started again too, and a save posted while it
 * is away shows its page from the answers another console process kept; a mail the sandbox
 * process queues is printed on the supervisor's output; SIGTERM ends every process.
 *
 *   npx vitest run --project load tests/load/processes.test.ts
 */
import { get, request } from "node:http";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConsoleVisitor } from "../support/console-http";
import { type PersonWithApp, personWithApp } from "../support/people";
import { alive, productProcesses } from "../support/process-tree";
import {
  ADMIN_TOKEN,
  consoleBuild,
  freePort,
  type ServerProcess,
  tempDir,
  wholeProcess,
} from "../support/product";
import { consoleClientSecretIn, createProviderClient } from "../support/provider";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
let product: ServerProcess;
let consoleUrl: string;
let sandboxUrl: string;
let person: PersonWithApp;

beforeAll(async () => {
  const data = tempDir("processes");
  cleanups.push(data.remove);
  const buildDir = await consoleBuild();
  const [port, sandboxPort] = [await freePort(), await freePort()];
  consoleUrl = `http://localhost:${port}`;
  sandboxUrl = `http://localhost:${sandboxPort}`;
  product = wholeProcess({
    dataDir: data.dir,
    port,
    sandboxPort,
    buildDir,
    env: { WEB_CONCURRENCY: "2", PRINT_MAIL: "on", LOG_LEVEL: "info" },
  });
  cleanups.push(() => product.stop("SIGKILL"));
  await product.start();
  const consoleClientSecret = consoleClientSecretIn(data.dir);
  const provider = createProviderClient(() => ({
    sandboxUrl,
    consoleUrl,
    adminToken: ADMIN_TOKEN,
    clientId: "console",
    clientSecret: consoleClientSecret,
  }));
  person = await personWithApp(provider, "Processes app");
}, 300_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

/** The status of a GET on a connection of its own (a kept one could lead to a process just killed). */
function status(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on("timeout", function (this: { destroy(error: Error): void }) {
        this.destroy(new Error(`${url} did not answer within 5 s`));
      })
      .on("error", reject);
  });
}

/** A form posted on a connection of its own (cluster gives each new connection to the next process); answers the status and the page. */
function postForm(
  url: string,
  cookie: string,
  fields: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent: false,
        headers: {
          cookie,
          origin: new URL(url).origin,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          accept: "text/html",
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Waits until `check` holds, asking every 100 ms for at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${ms / 1000} s\n${product.log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("one sandbox process and two console processes serve, and the launcher prints its lines", async () => {
  const found = productProcesses(product.pid!);
  expect(found.sandbox).toHaveLength(1);
  expect(found.console).toHaveLength(2);
  // Printed once every console process is ready (the first may answer before).
  await until(() => product.log.includes("Mailed links"), 30_000, "the launcher's lines");
  for (const line of [
    `Provider sandbox: http://localhost:`,
    `Developer console: http://localhost:`,
    "Demo sign-in: demo@example.com / Demo-password-1",
    "Mailed links (email verification, password reset): printed here as they are sent, and npm run provider -- mail",
  ]) {
    expect(product.log).toContain(line);
  }
});

test("a mail the sandbox process queues is printed with its link on the launcher's output", async () => {
  const asked = await fetch(`${sandboxUrl}/password/forgot`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "demo@example.com", lang: "en-AU" }),
  });
  expect(asked.status).toBe(202);
  await until(
    () =>
      /Mail to demo@example\.com: reset password\n(?:.*\n)*? {2}http:\/\/localhost:\d+\/password\/reset\//.test(
        product.log,
      ),
    10_000,
    "the printed mail",
  );
});

test("the sandbox process killed is started again; meanwhile a save posted to either console process shows its page from the answers one of them kept", async () => {
  const visitor = new ConsoleVisitor(consoleUrl);
  await visitor.signIn(person.email, person.password);
  const page = `/en-AU/apps/${person.versionId}/details`;
  // The page once, on one connection: one console process keeps its answers.
  expect((await visitor.get(page)).res.status).toBe(200);
  const [killed] = productProcesses(product.pid!).sandbox;
  process.kill(killed, "SIGKILL");
  await until(
    () => product.log.includes(`"pid":${killed},"code":null,"signal":"SIGKILL"`),
    10_000,
    "the supervisor learning of the end",
  );
  // Each post on a connection of its own: among three, both console processes answer at least one.
  const typed = {
    intent: "save",
    categoryId: "1",
    name: "Typed while away",
    description: "The sandbox was restarting.",
  };
  const answers = [];
  for (let post = 0; post < 3; post++)
    answers.push(await postForm(`${consoleUrl}${page}`, visitor.jar.header(), typed));
  for (const answer of answers) {
    expect(answer.status).toBe(503);
    expect(answer.body).toContain("We could not reach the service, so your changes are not saved.");
    expect(answer.body).toContain('value="Typed while away"');
  }

  await until(
    () => productProcesses(product.pid!).sandbox.some((pid) => pid !== killed),
    30_000,
    "a new sandbox process",
  );
  await until(
    async () => (await status(`${sandboxUrl}/healthz`).catch(() => 0)) === 200,
    30_000,
    "the new sandbox answering",
  );
  await until(
    () => product.log.includes('"msg":"sandbox process restarted"'),
    10_000,
    "the supervisor logging the restart",
  );
  expect(productProcesses(product.pid!).sandbox).toHaveLength(1);
  expect((await visitor.post(page, typed, { follow: false })).res.status).toBe(302);
}, 60_000);

test("a console process killed is started again, and the other answers meanwhile", async () => {
  const [killed, other] = productProcesses(product.pid!).console;
  process.kill(killed, "SIGKILL");
  // (A connection handed to the process in the instant before the supervisor learns of its end is lost with it: node:cluster.)
  await until(
    () => product.log.includes(`"pid":${killed},"code":null,"signal":"SIGKILL"`),
    10_000,
    "the supervisor learning of the end",
  );
  const answers: number[] = [];
  await until(
    async () => {
      answers.push(await status(`${consoleUrl}/healthz`));
      const now = productProcesses(product.pid!).console;
      return now.length === 2 && !now.includes(killed);
    },
    30_000,
    "a new console process",
  );
  expect(
    answers.every((answer) => answer === 200),
    `answers while one process was away: ${answers.join(", ")}`,
  ).toBe(true);
  expect(productProcesses(product.pid!).console).toContain(other);
  // The new process serves pages as well as its health.
  await until(
    async () =>
      (await Promise.all([1, 2, 3, 4].map(() => status(`${consoleUrl}/en-AU/auth/signin`)))).every(
        (s) => s === 200 || s === 302,
      ),
    30_000,
    "pages from both processes",
  );
  expect(product.log).toMatch(
    /"role":"console","pid":\d+,"code":null,"signal":"SIGKILL","restartInMs":\d+,"msg":"console process ended: restarting it"/,
  );
}, 60_000);

test("SIGTERM stops every process, consoles and sandbox, and the launcher ends cleanly", async () => {
  const found = productProcesses(product.pid!);
  const all = [...found.sandbox, ...found.console];
  expect(all).toHaveLength(3);
  await product.stop("SIGTERM");
  expect(product.lastExit).toEqual({ code: 0, signal: null });
  expect(all.filter(alive), "processes left running").toEqual([]);
  await expect(status(`${consoleUrl}/healthz`)).rejects.toThrow();
}, 30_000);
