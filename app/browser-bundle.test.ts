/**
 * What the browser is sent: zod stays on the server. Forms are checked in the browser by the
 * rules derived from their schemas (app/forms/check.ts); no chunk of the browser build, a
 * page's or a dialog's loaded on first use, holds zod or conform's zod adapter.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consoleBuild } from "../tests/support/console-build";

function chunks(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? chunks(full) : entry.name.endsWith(".js") ? [full] : [];
  });
}

/** Strings the minifier keeps: zod's class names and the adapter's markers. */
const SIGNATURES = { zod: '"$ZodType"', "@conform-to/zod": '"__undefined__"' };

describe("the browser build", () => {
  it("holds no zod", { timeout: 180_000 }, async () => {
    const buildDir = await consoleBuild();
    const files = chunks(path.join(buildDir, "assets"));
    expect(files.length).toBeGreaterThan(10);
    const code = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));
    // Each chunk that holds one, with the chunks that import it (to find the page or dialog).
    const found = files.flatMap((file) =>
      Object.entries(SIGNATURES).flatMap(([name, signature]) => {
        if (!code.get(file)?.includes(signature)) return [];
        const importers = files.filter(
          (other) => other !== file && code.get(other)?.includes(path.basename(file)),
        );
        return [
          `${path.relative(buildDir, file)}: ${name}, imported by ${importers.map((other) => path.relative(buildDir, other)).join(", ")}`,
        ];
      }),
    );
    expect(found).toEqual([]);
  });
});
