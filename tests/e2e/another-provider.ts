/**
 * Another provider, for the journey of the console deployed against a provider that is not
 * its own (another-provider.spec.ts). Started by playwright.config.ts as a server of the run:
 *
 * - a second sandbox on a data folder of its own, its API reached through a gateway that adds
 *   a rule of this provider's own, with a refusal code the console does not know (an app name
 *   beginning "Reserved" is kept for the provider's apps);
 * - a console started as `npm start` is at a real provider's: API_BASE_URL (the gateway) and
 *   OIDC_* (the second sandbox, its client secret) only; once the run's console build exists.
 *
 * The gateway answers at once, so this starts beside the run's own servers; global-setup.ts
 * waits for the console before any test. SIGTERM stops them all.
 */
import { createServer, request as forward, type IncomingMessage } from "node:http";
import path from "node:path";
import { answersWithin } from "../support/ports";
import { productEnv, ServerProcess, sandboxProcess } from "../support/product";
import { consoleClientSecretIn } from "../support/provider";
import {
  CONSOLE_URL,
  OTHER_API_URL,
  OTHER_CONSOLE_URL,
  OTHER_SANDBOX_URL,
  RESERVED_NAME as RESERVED,
} from "./env";

const dir = process.env.E2E_OTHER_DATA_DIR as string;
const sandboxPort = Number(process.env.E2E_OTHER_SANDBOX_PORT);
const consolePort = Number(process.env.E2E_OTHER_PORT);
const gatewayPort = Number(new URL(OTHER_API_URL).port);

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The new app's name of a `POST apps`, when the body is one. */
function newAppName(bytes: Buffer): string | undefined {
  try {
    const name = (JSON.parse(bytes.toString("utf8")) as { details?: { name?: unknown } }).details
      ?.name;
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Passes each API call to the sandbox as sent, but for this provider's own rule. */
const gateway = createServer(async (req, res) => {
  if (req.url === "/healthz") {
    res.end("ok");
    return;
  }
  const sent = await body(req);
  if (
    req.method === "POST" &&
    req.url?.split("?")[0] === "/api/apps" &&
    newAppName(sent)?.trim().startsWith(RESERVED.prefix)
  ) {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        status: 400,
        title: "Bad Request",
        detail: RESERVED.detail,
        traceId: "gateway-reserved-name",
        field: "details.name",
        errors: { "details.name": RESERVED.code },
      }),
    );
    return;
  }
  const headers = { ...req.headers, host: `127.0.0.1:${sandboxPort}` };
  const onward = forward(
    { host: "127.0.0.1", port: sandboxPort, method: req.method, path: req.url, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  onward.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  onward.end(sent);
});

const sandbox = sandboxProcess({
  name: "another provider's sandbox",
  dataDir: path.join(dir, "provider"),
  port: sandboxPort,
  consolePort,
});
let console_: ServerProcess | undefined;

async function stop(code: number) {
  await console_?.stop();
  await sandbox.stop();
  gateway.close();
  process.exit(code);
}
process.once("SIGTERM", () => void stop(0));
process.once("SIGINT", () => void stop(0));

try {
  await new Promise<void>((resolve) => gateway.listen(gatewayPort, "127.0.0.1", resolve));
  await sandbox.start(180_000);
  // The run's console serves once its build is complete.
  if (!(await answersWithin(`${CONSOLE_URL}/healthz`, 300_000)))
    throw new Error(`${CONSOLE_URL}/healthz did not answer within 300 s`);
  console_ = new ServerProcess({
    name: "the console at another provider",
    args: [],
    env: productEnv({
      DATA_DIR: path.join(dir, "console"),
      PORT: String(consolePort),
      APP_URL: OTHER_CONSOLE_URL,
      API_BASE_URL: OTHER_API_URL,
      OIDC_ISSUER: OTHER_SANDBOX_URL,
      OIDC_CLIENT_ID: "console",
      OIDC_CLIENT_SECRET: consoleClientSecretIn(path.join(dir, "provider")),
      // The run's own build; a product started by hand serves the default one.
      CONSOLE_BUILD_DIR: process.env.E2E_BUILD_DIR,
      WEB_CONCURRENCY: "1",
    }),
    healthUrl: `http://127.0.0.1:${consolePort}/healthz`,
  });
  await console_.start();
  console.log(`another provider: console ${OTHER_CONSOLE_URL}, API ${OTHER_API_URL}`);
} catch (error) {
  console.error(`another provider did not start: ${(error as Error).message}`);
  await stop(1);
}
