/**
 * The console's layers: server modules (`*.server.ts`), the contract (`app/api/`), forms
 * (`app/forms/`) and domain code (`app/lib/`) never import from a components folder; data
 * shapes and rules live below the components, which import them. A route takes only
 * components, hooks and types from a component file (`*.tsx`); its helpers come from
 * `app/lib/`, `app/forms/`, `app/api/` or its own folder. A component in a route's
 * `components/` folder is that route's alone.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(import.meta.dirname);
const componentsDir = path.join(appDir, "components");
const routesDir = path.join(appDir, "routes");

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

/** The route folder a file is in (`app/routes/<route>/`), if any. */
function routeFolderOf(file: string): string | undefined {
  const rel = path.relative(routesDir, file);
  if (rel.startsWith("..") || !rel.includes(path.sep)) return undefined;
  return path.join(routesDir, rel.split(path.sep)[0]);
}

/** A components folder: the shared one, or a route's own `components/`. */
const isComponentPath = (target: string) =>
  target === componentsDir ||
  target.startsWith(`${componentsDir}${path.sep}`) ||
  (routeFolderOf(target) !== undefined &&
    path.relative(routeFolderOf(target) as string, target).split(path.sep)[0] === "components");

const importsComponents = (file: string) =>
  importsOf(file, readFileSync(file, "utf8")).filter(isComponentPath);

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

/** The names a file imports from each module (static imports; `type` ones left out). */
function valueImportsOf(file: string, source: string): [string, string[]][] {
  return [
    ...source.matchAll(/(?:^|\n)\s*import\s+(type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g),
  ]
    .filter((m) => !m[1])
    .map((m) => [
      importsOf(file, `import {} from "${m[3]}";`)[0],
      m[2]
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith("type "))
        .map((name) => name.split(/\s+as\s+/)[0]),
    ]);
}

/** A component (PascalCase) or a hook (`useX`): what a route may take from a component file. */
const isComponentOrHook = (name: string) => /^[A-Z][a-z]/.test(name) || /^use[A-Z]/.test(name);

/** A component file: a `.tsx` module of a components folder. */
const isComponentFile = (target: string) =>
  isComponentPath(target) && existsSync(`${target}.tsx`) && !existsSync(`${target}.ts`);

/** Route modules (outside any components folder) that take a helper from a component file. */
function helpersFromComponents(): string[] {
  const routeFiles = files(routesDir).filter((file) => !isComponentPath(file));
  return routeFiles.flatMap((file) =>
    valueImportsOf(file, readFileSync(file, "utf8")).flatMap(([target, names]) =>
      isComponentFile(target)
        ? names
            .filter((name) => !isComponentOrHook(name))
            .map(
              (name) =>
                `${path.relative(appDir, file)} -> ${name} of ${path.relative(appDir, target)}`,
            )
        : [],
    ),
  );
}

/** Imports of a route's own components from anywhere but that route's folder. */
function foreignRouteComponents(): string[] {
  return files(appDir).flatMap((file) =>
    importsOf(file, readFileSync(file, "utf8"))
      .filter((target) => isComponentPath(target) && routeFolderOf(target) !== undefined)
      .filter((target) => routeFolderOf(target) !== routeFolderOf(file))
      .map((target) => `${path.relative(appDir, file)} -> ${path.relative(appDir, target)}`),
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

  it("a route takes only components, hooks and types from a component file", () => {
    expect(helpersFromComponents()).toEqual([]);
  });

  it("a component in a route's folder is imported only by that route's own files", () => {
    expect(foreignRouteComponents()).toEqual([]);
  });
});
