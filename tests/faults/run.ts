/**
 * The product of a faults run, settled once in the runner before the e2e fixtures read their
 * ports (workers inherit the environment): free ports for the sandbox, the console and the
 * control endpoint, and a fresh data folder, removed when the run ends. The e2e fixtures
 * (tests/e2e/fixtures.ts) then talk to this product as they do to the e2e one.
 */
import { freePort, tempDir } from "../support/product";

const RUN = "FAULTS_RUN";

export async function settleRun() {
  if (process.env[RUN]) return;
  const [consolePort, sandboxPort, controlPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  if (new Set([consolePort, sandboxPort, controlPort]).size < 3)
    throw new Error("the faults run got the same port twice: run it again");
  const data = tempDir("faults");
  process.on("exit", data.remove);
  Object.assign(process.env, {
    [RUN]: "1",
    E2E_PORT: String(consolePort),
    E2E_SANDBOX_PORT: String(sandboxPort),
    E2E_DATA_DIR: data.dir,
    FAULTS_CONTROL_URL: `http://127.0.0.1:${controlPort}`,
  });
}
