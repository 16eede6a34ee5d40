/** The JavaScript of each route of the console: own chunk + imports, raw and gzip. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
execFileSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], { cwd: root, stdio: "ignore" });

const manifestFile = readFileSync(path.join(root, "build/index.js"), "utf8").match(/"\/build\/manifest-[A-Z0-9]+\.js"/)?.[0];
if (!manifestFile) throw new Error("no manifest in build/index.js");
const manifestSource = readFileSync(path.join(root, "public", JSON.parse(manifestFile)), "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window\.__remixManifest=/, "").replace(/;$/, "")) as {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

const size = (file: string) => {
  const bytes = readFileSync(path.join(root, "public", file));
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
};
const entryFiles = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
const sum = (files: Iterable<string>) =>
  [...files].reduce((acc, f) => {
    const s = size(f);
    return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip };
  }, { raw: 0, gzip: 0 });

const entry = sum(entryFiles);
console.log(`entry (every page): ${(entry.raw / 1024).toFixed(1)} KiB raw, ${(entry.gzip / 1024).toFixed(1)} KiB gzip`);
const rows = Object.entries(manifest.routes)
  .map(([id, route]) => {
    const own = new Set([route.module, ...(route.imports ?? [])].filter((f) => !entryFiles.has(f)));
    return { id, ...sum(own) };
  })
  .sort((a, b) => b.gzip - a.gzip);
for (const row of rows) console.log(`${row.id.padEnd(50)} ${(row.raw / 1024).toFixed(1).padStart(7)} KiB  ${(row.gzip / 1024).toFixed(1).padStart(6)} KiB gzip`);
