/**
 * The console's layers: server modules (`*.server.ts`), the contract (`app/api/`), forms
 * (`app/forms/`) and domain code (`app/lib/`) never import from `app/components/`; data
 * shapes and rules live below the components, which import them.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(import.meta.dirname);
const componentsDir = path.join(appDir, "components");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory()
      ? files(full)
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [full]
        : [];
  });
}

/** The modules a file imports (static, dynamic and type-only), as absolute paths where they are the app's own. */
function importsOf(file: string, source: string): string[] {
  const specifiers = [
    ...source.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2]);
  return specifiers.map((specifier) =>
    specifier.startsWith("~/")
      ? path.join(appDir, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : specifier,
  );
}

const importsComponents = (file: string) =>
  importsOf(file, readFileSync(file, "utf8")).filter(
    (target) => target === componentsDir || target.startsWith(`${componentsDir}${path.sep}`),
  );

/** Files that must not import components, with what each imports from there. */
function offenders(): string[] {
  const below = ["api", "forms", "lib"].flatMap((dir) => files(path.join(appDir, dir)));
  const serverModules = files(appDir).filter((file) => /\.server\.tsx?$/.test(file));
  return [...new Set([...below, ...serverModules])].flatMap((file) =>
    importsComponents(file).map(
      (target) => `${path.relative(appDir, file)} -> ${path.relative(appDir, target)}`,
    ),
  );
}

describe("layers", () => {
  it("finds imports of every form", () => {
    const file = path.join(appDir, "lib/x.server.ts");
    const source = [
      'import { A } from "~/components/A";',
      'import type { B } from "../components/B";',
      'export { C } from "~/components/C";',
      'const d = await import("~/components/D");',
      'import { z } from "zod";',
    ].join("\n");
    expect(importsOf(file, source)).toEqual([
      path.join(componentsDir, "A"),
      path.join(componentsDir, "B"),
      path.join(componentsDir, "C"),
      path.join(componentsDir, "D"),
      "zod",
    ]);
  });

  it("no server module, contract, form or domain module imports a component", () => {
    expect(offenders()).toEqual([]);
  });
});
