/** The tests' hold on the sandbox of a faults run (global-setup.ts serves these calls). */
async function call(path: string) {
  const res = await fetch(new URL(path, process.env.FAULTS_CONTROL_URL), { method: "POST" });
  if (res.status !== 204) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

export const sandbox = {
  /** Stops the sandbox: SIGTERM closes it as Ctrl-C does, SIGKILL ends it at once (a crash). */
  stop: (signal: "SIGTERM" | "SIGKILL" = "SIGTERM") => call(`/sandbox/stop?signal=${signal}`),
  /** Starts it again on the same data folder and port (nothing when it runs). */
  start: () => call("/sandbox/start"),
};
