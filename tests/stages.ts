/**
 * `npm test`: the stages of the test suite one after another (lint and format, type check, unit, integration,
 * browser, then the suites that run the built product as processes of its own: faults, load,
 * scale-out), stopping at the first that fails, with the time of each and a summary at the end.
 *
 *   npx tsx tests/stages.ts [stage ...]     # some stages only, by name
 */
import { spawn } from "node:child_process";

interface Stage {
  name: string;
  script: string;
}

const STAGES: Stage[] = [
  { name: "lint", script: "lint" },
  { name: "typecheck", script: "typecheck" },
  { name: "unit", script: "test:unit" },
  { name: "integration", script: "test:integration" },
  { name: "e2e", script: "test:e2e" },
  { name: "faults", script: "test:faults" },
  { name: "load", script: "test:load" },
  { name: "scale-out", script: "test:scale-out" },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms: number) => (ms >= 60_000 ? ` (${(ms / 60_000).toFixed(1)} min)` : "");

function run(stage: Stage): Promise<number> {
  return new Promise((resolve) => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const child = spawn(npm, ["run", "--silent", stage.script], { stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !STAGES.some((stage) => stage.name === name));
  if (unknown.length > 0) {
    console.error(
      `unknown stage(s): ${unknown.join(", ")}; stages: ${STAGES.map((s) => s.name).join(", ")}`,
    );
    return 2;
  }
  const stages = wanted.length > 0 ? STAGES.filter((stage) => wanted.includes(stage.name)) : STAGES;
  const done: { name: string; ms: number; ok: boolean }[] = [];
  const started = Date.now();
  let exitCode = 0;
  for (const stage of stages) {
    console.log(`\n=== ${stage.name}: npm run ${stage.script}`);
    const at = Date.now();
    const code = await run(stage);
    const ms = Date.now() - at;
    done.push({ name: stage.name, ms, ok: code === 0 });
    console.log(
      `=== ${stage.name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds(ms)}${minutes(ms)}`,
    );
    if (code !== 0) {
      exitCode = code;
      break;
    }
  }
  const total = Date.now() - started;
  console.log("\n=== stage times");
  for (const { name, ms, ok } of done)
    console.log(`  ${name.padEnd(12)} ${seconds(ms).padStart(9)}${ok ? "" : "  FAILED"}`);
  for (const stage of stages.slice(done.length))
    console.log(`  ${stage.name.padEnd(12)} ${"not run".padStart(9)}`);
  console.log(`  ${"total".padEnd(12)} ${seconds(total).padStart(9)}${minutes(total)}`);
  return exitCode;
}

process.exitCode = await main();
