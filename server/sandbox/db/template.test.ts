import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readTemplate, templateFile } from "./template";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function migrations(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe("the template of a new embedded database", () => {
  it("is named after every migration file, so a new or changed migration makes a new one", () => {
    const base = { "0000_init.sql": "create table a (id int);", "meta/_journal.json": "{}" };
    const one = templateFile(migrations(base));
    expect(path.basename(one)).toMatch(/^pglite-template-[0-9a-f]{16}\.tar$/);
    expect(one).toContain(path.join("node_modules", ".cache", "developer-console"));
    expect(templateFile(migrations(base))).toBe(one);
    expect(
      templateFile(migrations({ ...base, "0000_init.sql": "create table a (id bigint);" })),
    ).not.toBe(one);
    expect(
      templateFile(migrations({ ...base, "0001_more.sql": "create table b (id int);" })),
    ).not.toBe(one);
    expect(templateFile(migrations({ ...base, "meta/_journal.json": '{"entries":[]}' }))).not.toBe(
      one,
    );
  });

  it("is read as nothing when there is none", () => {
    expect(readTemplate(path.join(os.tmpdir(), "no-such-template.tar"))).toBeUndefined();
  });
});
