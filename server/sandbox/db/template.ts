/**
 * A new embedded database starts from a copy of an empty, migrated one. Creating a PGlite
 * data folder runs initdb and then every migration, about 4 s on a small machine; unpacking a
 * tarball of the result takes about half a second. The first new folder on a machine makes
 * the tarball (PGlite's dumpDataDir) and keeps it in node_modules/.cache; its name holds a
 * hash of the PGlite version and of every migration file, so a new migration or another
 * PGlite makes a new one. The copy is a cache only: when it cannot be read or written, a
 * folder is created the long way, as before.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

const require = createRequire(import.meta.url);

/** The folder of the PGlite package in use (its package.json is not among its exports). */
function pgliteDir(): string {
  const entry = require.resolve("@electric-sql/pglite");
  const marker = path.join("node_modules", "@electric-sql", "pglite");
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length);
}

/** The tarball's file for this PGlite and these migrations. */
export function templateFile(migrationsFolder: string): string {
  const hash = createHash("sha256");
  const pglite = pgliteDir();
  hash.update(
    `pglite ${(JSON.parse(readFileSync(path.join(pglite, "package.json"), "utf8")) as { version: string }).version}\n`,
  );
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash.update(`${path.relative(migrationsFolder, file)}\n`).update(readFileSync(file));
  // node_modules/.cache/developer-console
  return path.join(
    pglite,
    "..",
    "..",
    ".cache",
    "developer-console",
    `pglite-template-${hash.digest("hex").slice(0, 16)}.tar`,
  );
}

/** The tarball, or undefined when there is none yet (or it cannot be read). */
export function readTemplate(file: string): Blob | undefined {
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/** Keeps a tarball of `client`'s data folder; written under another name and renamed, so a reader never sees half of one. */
export async function saveTemplate(client: PGlite, file: string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  try {
    const tarball = await client.dumpDataDir("none");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    rmSync(partial, { force: true });
  }
}
