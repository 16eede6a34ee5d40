/**
 * Starts the product of a faults run (ports and folder settled by run.ts) and a control
 * endpoint on 127.0.0.1 through which the tests stop and start the sandbox
 * (`POST /sandbox/stop?signal=SIGTERM|SIGKILL`, `POST /sandbox/start`). The processes belong
 * to the runner, so they outlive each test's worker; the teardown stops them.
 */
import { createServer } from "node:http";
import { consoleBuild, consoleProcess, sandboxProcess } from "../support/product";

export default async function globalSetup() {
  const dataDir = process.env.E2E_DATA_DIR as string;
  const consolePort = Number(process.env.E2E_PORT);
  const sandboxPort = Number(process.env.E2E_SANDBOX_PORT);
  const control = new URL(process.env.FAULTS_CONTROL_URL as string);

  const buildDir = await consoleBuild();
  const sandbox = sandboxProcess({ dataDir, port: sandboxPort, consolePort });
  const consoleServer = consoleProcess({
    dataDir,
    port: consolePort,
    sandboxPort,
    buildDir,
  });
  try {
    await sandbox.start();
    await consoleServer.start();
  } catch (error) {
    await consoleServer.stop();
    await sandbox.stop();
    throw error;
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", control);
    const signal = url.searchParams.get("signal") === "SIGKILL" ? "SIGKILL" : "SIGTERM";
    const act =
      req.method === "POST" && url.pathname === "/sandbox/stop"
        ? () => sandbox.stop(signal)
        : req.method === "POST" && url.pathname === "/sandbox/start"
          ? () => (sandbox.running ? Promise.resolve() : sandbox.start())
          : undefined;
    if (!act) {
      res.writeHead(404).end();
      return;
    }
    act().then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(String(error)),
    );
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(control.port), control.hostname, resolve),
  );

  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await consoleServer.stop();
    await sandbox.stop();
  };
}
