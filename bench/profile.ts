/**
 * The top functions of CPU profiles (`.cpuprofile`, as BENCH_CPU_PROFILE writes them): each
 * function's own time (self time) as a share of the busy time of the profile, the idle time
 * left out. `npx tsx bench/profile.ts <file or folder>... [--top 20]`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface TopFunction {
  name: string;
  where: string;
  ms: number;
  share: number;
}

/** A place in the code, short: node_modules/<package>/… or the project's own path. */
function shortPlace(url: string, line: number): string {
  if (!url) return "";
  const file = url.replace(/^file:\/\//, "");
  const inModules = file.lastIndexOf("node_modules/");
  const short = inModules >= 0 ? file.slice(inModules + "node_modules/".length) : path.relative(process.cwd(), file);
  return `${short}:${line + 1}`;
}

/** Where a function's time goes, coarsely: its package, the project's code, Node's own, or the engine (GC, native). */
function ownerOf(url: string): string {
  if (!url) return "(engine and native)";
  if (url.startsWith("node:")) return "(node)";
  if (url.startsWith("wasm:")) return "(wasm)";
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  return "(the project)";
}

/** Each function's self time in a profile, most first, and each owner's; idle time is not counted. */
export function topFunctions(profile: Profile, count = 20): { busyMs: number; top: TopFunction[]; owners: TopFunction[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, { name: string; where: string; us: number }>();
  const owners = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    const delta = profile.timeDeltas[index] ?? 0;
    if (!frame || frame.functionName === "(idle)") return;
    busy += delta;
    const name = frame.functionName || "(anonymous)";
    const where = shortPlace(frame.url, frame.lineNumber);
    const key = `${name} ${where}`;
    const entry = self.get(key) ?? { name, where, us: 0 };
    entry.us += delta;
    self.set(key, entry);
    const owner = frame.functionName === "(garbage collector)" ? "(garbage collector)" : ownerOf(frame.url);
    owners.set(owner, (owners.get(owner) ?? 0) + delta);
  });
  const top = [...self.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, count)
    .map((entry) => ({ name: entry.name, where: entry.where, ms: entry.us / 1000, share: busy ? entry.us / busy : 0 }));
  const byOwner = [...owners.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, where: "", ms: us / 1000, share: busy ? us / busy : 0 }));
  return { busyMs: busy / 1000, top, owners: byOwner };
}

function profilesIn(given: string): string[] {
  if (!statSync(given).isDirectory()) return [given];
  return readdirSync(given)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => path.join(given, name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf("--top");
  const count = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 20;
  for (const file of args.flatMap(profilesIn)) {
    const { busyMs, top, owners } = topFunctions(JSON.parse(readFileSync(file, "utf8")) as Profile, count);
    console.log(`\n${path.basename(file)}: ${(busyMs / 1000).toFixed(1)} s busy`);
    console.log("| self | share | owner |\n| ---: | ---: | --- |");
    for (const owner of owners.slice(0, 12)) console.log(`| ${owner.ms.toFixed(0)} ms | ${(100 * owner.share).toFixed(1)}% | ${owner.name} |`);
    console.log("| self | share | function | where |\n| ---: | ---: | --- | --- |");
    for (const fn of top) console.log(`| ${fn.ms.toFixed(0)} ms | ${(100 * fn.share).toFixed(1)}% | ${fn.name} | ${fn.where} |`);
  }
}
