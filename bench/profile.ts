/**
 * The top functions of CPU profiles (`.cpuprofile`, as BENCH_CPU_PROFILE writes them): each
 * function's own time (self time) as a share of the busy time of the profile, the idle time
 * left out. `npx tsx bench/profile.ts <file or folder>... [--top 20]`.
 *
 * `npx tsx bench/profile.ts --markdown <folder>`: the section of bench/README.md for the
 * profiles of each page that the server benchmark wrote there (`<page>.<process>.cpuprofile`,
 * and pages.json): each page's top functions and top owners, all its processes together.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface Profile {
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
  const short =
    inModules >= 0
      ? file.slice(inModules + "node_modules/".length)
      : path.relative(process.cwd(), file);
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

/**
 * Each function's self time in a profile, most first, and each owner's; idle time is not
 * counted. Several profiles (the processes of one part of the product) count as one.
 */
export function topFunctions(
  profiles: Profile | Profile[],
  count = 20,
): { busyMs: number; top: TopFunction[]; owners: TopFunction[] } {
  const self = new Map<string, { name: string; where: string; us: number }>();
  const owners = new Map<string, number>();
  let busy = 0;
  for (const profile of Array.isArray(profiles) ? profiles : [profiles]) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
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
      const owner =
        frame.functionName === "(garbage collector)" ? "(garbage collector)" : ownerOf(frame.url);
      owners.set(owner, (owners.get(owner) ?? 0) + delta);
    });
  }
  const top = [...self.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, count)
    .map((entry) => ({
      name: entry.name,
      where: entry.where,
      ms: entry.us / 1000,
      share: busy ? entry.us / busy : 0,
    }));
  const byOwner = [...owners.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, where: "", ms: us / 1000, share: busy ? us / busy : 0 }));
  return { busyMs: busy / 1000, top, owners: byOwner };
}

/** A page's profile of one process, labelled by its part of the product (product, primary, sandbox, console-1...). */
export interface ProcessProfile {
  label: string;
  profile: Profile;
}

/** The part of the product a process's label names: console-2 is a console process. */
export const partOf = (label: string) => label.replace(/-\d+$/, "");

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (share: number) => `${(100 * share).toFixed(1)}%`;
const cell = (text: string) => text.replaceAll("|", "\\|");

/**
 * The Markdown section of one page's profiles: the busy time of each part of the product,
 * then the top owners and the top functions (self time) of all its processes together, each
 * as a share of their busy time together (the processes of a part merged; the part named
 * beside each row when there are several).
 */
export function pageSection(
  title: string,
  processes: ProcessProfile[],
  functions = 10,
  owners = 8,
): string[] {
  const parts = new Map<string, Profile[]>();
  for (const { label, profile } of processes)
    parts.set(partOf(label), [...(parts.get(partOf(label)) ?? []), profile]);
  const each = [...parts].map(([part, profiles]) => ({
    part,
    count: profiles.length,
    ...topFunctions(profiles, Number.POSITIVE_INFINITY),
  }));
  const busyMs = each.reduce((sum, part) => sum + part.busyMs, 0);
  const several = each.length > 1;
  const rows = (pick: (part: (typeof each)[number]) => TopFunction[], count: number) =>
    each
      .flatMap((part) => pick(part).map((row) => ({ ...row, part: part.part })))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count)
      .map((row) => ({ ...row, share: busyMs ? row.ms / busyMs : 0 }));
  const busy = each
    .map(
      (part) =>
        `${part.part}${part.count > 1 ? ` (${part.count} processes)` : ""} ${seconds(part.busyMs)}`,
    )
    .join(", ");
  const lines = [`#### ${title}`, "", `Busy: ${busy}.`, ""];
  lines.push(
    several ? "| part | owner | self | share |" : "| owner | self | share |",
    several ? "| --- | --- | ---: | ---: |" : "| --- | ---: | ---: |",
  );
  for (const row of rows((part) => part.owners, owners)) {
    lines.push(
      `| ${several ? `${row.part} | ` : ""}${cell(row.name)} | ${row.ms.toFixed(0)} ms | ${percent(row.share)} |`,
    );
  }
  lines.push("");
  lines.push(
    several ? "| part | function | where | self | share |" : "| function | where | self | share |",
    several ? "| --- | --- | --- | ---: | ---: |" : "| --- | --- | ---: | ---: |",
  );
  for (const row of rows((part) => part.top, functions)) {
    lines.push(
      `| ${several ? `${row.part} | ` : ""}\`${cell(row.name)}\` | ${cell(row.where)} | ${row.ms.toFixed(0)} ms | ${percent(row.share)} |`,
    );
  }
  return lines;
}

/** What the server benchmark writes beside the profiles of the pages (pages.json). */
export interface PagesIndex {
  connections: number;
  seconds: number;
  intervalUs: number;
  pages: { slug: string; name: string; path: string; processes: string[] }[];
}

export const PAGES_INDEX = "pages.json";

/** The section of bench/README.md for the profiles of each page in `folder`. */
export function markdownOf(
  folder: string,
  top: { functions?: number; owners?: number; title?: string } = {},
): string[] {
  const files = readdirSync(folder).filter((name) => /^[^.]+\.[^.]+\.cpuprofile$/.test(name));
  const indexFile = path.join(folder, PAGES_INDEX);
  const index = existsSync(indexFile)
    ? (JSON.parse(readFileSync(indexFile, "utf8")) as PagesIndex)
    : undefined;
  const slugs = index
    ? index.pages.map((page) => page.slug)
    : [...new Set(files.map((name) => name.split(".")[0]))].sort();
  const lines = [`### ${top.title ?? "CPU profile of each page"}`, ""];
  if (index) {
    lines.push(
      `Each page alone at ${index.connections} connections for ${index.seconds} s, after the measured runs, sampled every ${index.intervalUs} µs in every process of the product ` +
        "(`BENCH_CPU_PROFILE=<folder> npm run bench -- server`). Self time: the time in the function itself, as a share of the busy time of the page's processes " +
        "(idle time left out). Owner: the package of node_modules, the project's own code, Node's own (node:), WebAssembly, or the engine (native code, the garbage collector).",
      "",
    );
  }
  for (const slug of slugs) {
    const processes = files
      .filter((name) => name.startsWith(`${slug}.`))
      .map((name) => ({
        label: name.split(".")[1],
        profile: JSON.parse(readFileSync(path.join(folder, name), "utf8")) as Profile,
      }));
    if (processes.length === 0) continue;
    const page = index?.pages.find((entry) => entry.slug === slug);
    lines.push(...pageSection(page ? page.name : slug, processes, top.functions, top.owners), "");
  }
  return lines;
}

function profilesIn(given: string): string[] {
  if (!statSync(given).isDirectory()) return [given];
  return readdirSync(given)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => path.join(given, name));
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === "--markdown") {
  // --markdown <folder>... [--top N]: the top N functions and owners of each page (10 and 8).
  const args = process.argv.slice(3);
  const topAt = args.indexOf("--top");
  const count = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : undefined;
  for (const folder of args)
    console.log(markdownOf(folder, { functions: count, owners: count }).join("\n"));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf("--top");
  const count = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 20;
  for (const file of args.flatMap(profilesIn)) {
    const { busyMs, top, owners } = topFunctions(
      JSON.parse(readFileSync(file, "utf8")) as Profile,
      count,
    );
    console.log(`\n${path.basename(file)}: ${(busyMs / 1000).toFixed(1)} s busy`);
    console.log("| self | share | owner |\n| ---: | ---: | --- |");
    for (const owner of owners.slice(0, 12))
      console.log(
        `| ${owner.ms.toFixed(0)} ms | ${(100 * owner.share).toFixed(1)}% | ${owner.name} |`,
      );
    console.log("| self | share | function | where |\n| ---: | ---: | --- | --- |");
    for (const fn of top)
      console.log(
        `| ${fn.ms.toFixed(0)} ms | ${(100 * fn.share).toFixed(1)}% | ${fn.name} | ${fn.where} |`,
      );
  }
}
