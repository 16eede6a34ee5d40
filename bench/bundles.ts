/**
 * The JavaScript of each route of the console, from a fresh build: the entry (every page
 * loads it) and each route's own chunk plus the shared chunks it imports, raw and gzip,
 * largest first. Usage: npx tsx bench/bundles.ts
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildConsole, stopAll } from "./product";
import { kb } from "./report";

try {
  const dir = buildConsole();
  const manifestFile = readFileSync(path.join(dir, "index.js"), "utf8").match(
    /"\/build\/manifest-[A-Za-z0-9]+\.js"/,
  )?.[0];
  if (!manifestFile) throw new Error("no manifest in the server build");
  // The browser's /build/ is the build's assets folder.
  const asset = (url: string) => path.join(dir, "assets", url.replace(/^\/build\//, ""));
  const manifestSource = readFileSync(asset(JSON.parse(manifestFile) as string), "utf8");
  const manifest = JSON.parse(
    manifestSource.replace(/^window\.__remixManifest=/, "").replace(/;$/, ""),
  ) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };

  const sum = (files: Iterable<string>) =>
    [...files].reduce(
      (acc, file) => {
        const bytes = readFileSync(asset(file));
        return { raw: acc.raw + bytes.length, gzip: acc.gzip + gzipSync(bytes).length };
      },
      { raw: 0, gzip: 0 },
    );
  const entryFiles = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const entry = sum(entryFiles);
  console.log(`entry (every page): ${kb(entry.raw)} raw, ${kb(entry.gzip)} gzip`);
  const rows = Object.entries(manifest.routes)
    .map(([id, route]) => ({
      id,
      ...sum(new Set([route.module, ...(route.imports ?? [])].filter((f) => !entryFiles.has(f)))),
    }))
    .sort((a, b) => b.gzip - a.gzip);
  for (const row of rows)
    console.log(
      `${row.id.padEnd(50)} ${kb(row.raw).padStart(9)}  ${kb(row.gzip).padStart(9)} gzip`,
    );
} finally {
  await stopAll();
}
