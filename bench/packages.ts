/**
 * Where a page's JavaScript comes from: a build with source maps, and for the chunks a page
 * loads on its first visit (the entry, and each route of the page's path with the chunks it
 * imports), the bytes of each package or folder of app/, raw and gzip (each package's code
 * compressed on its own, so the parts add up to a little more than the whole).
 *
 * Usage: npx tsx bench/packages.ts [route id …]   (default: the sign-in page and /apps)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { SourceMapConsumer } from "source-map";
import { buildConsole, stopAll } from "./product";
import { kb } from "./report";

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
}

/** `node_modules/@scope/name/…` → `@scope/name`; `app/components/ui/x.tsx` → `app/components/ui`. */
export function ownerOf(source: string): string {
  const modules = source.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const parts = source.slice(modules + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const app = source.indexOf("app/");
  if (app >= 0) return path.dirname(source.slice(app));
  return source;
}

/** The generated text of `file` split by the package its source map names for each part. */
async function partsOf(file: string): Promise<Map<string, string>> {
  const code = readFileSync(file, "utf8");
  const lines = code.split("\n");
  const map = JSON.parse(readFileSync(`${file}.map`, "utf8"));
  const parts = new Map<string, string[]>();
  await SourceMapConsumer.with(map, null, (consumer) => {
    let previous: { line: number; column: number; owner: string } | undefined;
    const take = (line: number, column: number) => {
      if (!previous) return;
      const text =
        previous.line === line
          ? lines[previous.line - 1].slice(previous.column, column)
          : `${lines[previous.line - 1].slice(previous.column)}\n`;
      const list = parts.get(previous.owner) ?? [];
      list.push(text);
      parts.set(previous.owner, list);
    };
    consumer.eachMapping((m) => {
      take(m.generatedLine, m.generatedColumn);
      previous = {
        line: m.generatedLine,
        column: m.generatedColumn,
        owner: m.source ? ownerOf(m.source) : "(generated)",
      };
    });
    if (previous) take(previous.line + 1, 0);
  });
  return new Map([...parts].map(([owner, texts]) => [owner, texts.join("")]));
}

try {
  const dir = buildConsole(["--sourcemap"]);
  const manifestFile = readFileSync(path.join(dir, "index.js"), "utf8").match(
    /"\/build\/manifest-[A-Za-z0-9]+\.js"/,
  )?.[0];
  if (!manifestFile) throw new Error("no manifest in the server build");
  const asset = (url: string) => path.join(dir, "assets", url.replace(/^\/build\//, ""));
  const manifest = JSON.parse(
    readFileSync(asset(JSON.parse(manifestFile) as string), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;$/, ""),
  ) as Manifest;
  const wanted = process.argv.slice(2);
  const pages = wanted.length
    ? wanted
    : ["routes/$lang.auth.signin", "routes/$lang._console.apps._index"];
  for (const id of pages) {
    const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (
      let route = manifest.routes[id];
      route;
      route = route.parentId ? manifest.routes[route.parentId] : (undefined as never)
    ) {
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    if (!manifest.routes[id]) throw new Error(`no route ${id}`);
    const owners = new Map<string, string>();
    let total = 0;
    for (const file of files) {
      const bytes = readFileSync(asset(file));
      total += gzipSync(bytes).length;
      for (const [owner, text] of await partsOf(asset(file)))
        owners.set(owner, (owners.get(owner) ?? "") + text);
    }
    console.log(`\n${id}: ${files.size} files, ${kb(total)} gzip`);
    const rows = [...owners]
      .map(([owner, text]) => ({
        owner,
        raw: Buffer.byteLength(text),
        gzip: gzipSync(text).length,
      }))
      .sort((a, b) => b.gzip - a.gzip);
    for (const row of rows.filter((r) => r.gzip >= 300))
      console.log(`  ${kb(row.gzip).padStart(9)}  ${kb(row.raw).padStart(9)} raw  ${row.owner}`);
  }
} finally {
  await stopAll();
}
