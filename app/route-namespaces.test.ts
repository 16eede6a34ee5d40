/**
 * Each route's `handle.i18n` names the translation namespaces its own components show in the
 * browser, no more and no fewer (~/lib/namespaces): the browser fetches these and no others
 * before it hydrates or when it comes to the route. A namespace missing shows its keys; one
 * too many is fetched for nothing.
 *
 * What a route shows is followed through the code, declaration by declaration: from the
 * route module's component exports (default, ErrorBoundary) to every function, constant and
 * imported binding they use, in the route's own files and the app's modules, never into a
 * `*.server` module or a loader or action. A declaration shows the namespaces of its
 * `useTranslation()` calls and of every text that starts with a namespace (`"review:menu.x"`,
 * `` `appEditor:fields.${name}` ``). A component loaded when used (`whenUsed(…)`, a dynamic
 * import) is not followed: it names its own namespaces, which must cover what it shows.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname);
const ROUTES = path.join(APP, "routes");
const NAMESPACES = new Set(
  readdirSync(path.join(APP, "..", "locales", "en-AU")).map((file) => path.basename(file, ".json")),
);
const DEFAULT_NAMESPACE = "common";
/** The exports of a route module that render in the browser. */
const COMPONENT_EXPORTS = ["default", "ErrorBoundary", "HydrateFallback", "Layout"];

const rel = (file: string) => path.relative(APP, file);

function resolveModule(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? path.join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  const candidates = [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
    path.join(base, "route.tsx"),
    base,
  ];
  return candidates.find((candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate));
}

const isServerModule = (file: string) => /\.server\.tsx?$/.test(file);

interface Declaration {
  namespaces: Set<string>;
  /** Names this declaration uses: other declarations of the file and imported bindings. */
  uses: Set<string>;
}

interface ModuleInfo {
  declarations: Map<string, Declaration>;
  /** Local name → [module, exported name] ("*" for a namespace import). */
  imports: Map<string, [string, string]>;
  /** Exported name → local name. */
  exports: Map<string, string>;
  /** `export { a } from "./b"` and `export * from "./b"`: exported name ("*" for all) → [module, name]. */
  reexports: [string, string, string][];
  /** Module-level statements that are not declarations: always run. */
  effects: Declaration;
}

/** The namespaces a piece of code shows, and the names it uses. */
function scan(node: ts.Node, source: ts.SourceFile): Declaration {
  const namespaces = new Set<string>();
  const uses = new Set<string>();
  const prefix = (text: string) => {
    const match = /^([A-Za-z]+):[A-Za-z]/.exec(text);
    if (match && NAMESPACES.has(match[1])) namespaces.add(match[1]);
  };
  const visit = (n: ts.Node) => {
    if (
      ts.isCallExpression(n) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text === "useTranslation"
    ) {
      const [first] = n.arguments;
      if (!first) namespaces.add(DEFAULT_NAMESPACE);
      else if (ts.isStringLiteral(first)) namespaces.add(first.text);
      else if (ts.isArrayLiteralExpression(first))
        for (const element of first.elements)
          if (ts.isStringLiteral(element)) namespaces.add(element.text);
    }
    // A dynamic import is a chunk loaded when used: not followed.
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) prefix(n.text);
    if (ts.isTemplateExpression(n)) prefix(n.head.text);
    if (ts.isIdentifier(n)) uses.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  void source;
  return { namespaces, uses };
}

const modules = new Map<string, ModuleInfo>();

function moduleInfo(file: string): ModuleInfo {
  const known = modules.get(file);
  if (known) return known;
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const info: ModuleInfo = {
    declarations: new Map(),
    imports: new Map(),
    exports: new Map(),
    reexports: [],
    effects: { namespaces: new Set(), uses: new Set() },
  };
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const target = resolveModule(file, (statement.moduleSpecifier as ts.StringLiteral).text);
      if (!clause || clause.isTypeOnly || !target) continue;
      if (clause.name) info.imports.set(clause.name.text, [target, "default"]);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings))
        info.imports.set(bindings.name.text, [target, "*"]);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements)
          if (!element.isTypeOnly)
            info.imports.set(element.name.text, [
              target,
              (element.propertyName ?? element.name).text,
            ]);
      }
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const target = statement.moduleSpecifier
        ? resolveModule(file, (statement.moduleSpecifier as ts.StringLiteral).text)
        : undefined;
      const clause = statement.exportClause;
      if (!clause) {
        if (target) info.reexports.push(["*", target, "*"]);
      } else if (ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          const local = (element.propertyName ?? element.name).text;
          if (target) info.reexports.push([element.name.text, target, local]);
          else info.exports.set(element.name.text, local);
        }
      }
    } else if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) {
      const name = statement.name?.text ?? "default";
      info.declarations.set(name, scan(statement, source));
      if (exported(statement)) info.exports.set(isDefault(statement) ? "default" : name, name);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const names = ts.isIdentifier(declaration.name)
          ? [declaration.name.text]
          : declaration.name.elements.flatMap((e) =>
              ts.isBindingElement(e) && ts.isIdentifier(e.name) ? [e.name.text] : [],
            );
        for (const name of names) {
          info.declarations.set(name, scan(declaration, source));
          if (exported(statement)) info.exports.set(name, name);
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      info.declarations.set("default", scan(statement.expression, source));
      info.exports.set("default", "default");
    } else if (
      !ts.isInterfaceDeclaration(statement) &&
      !ts.isTypeAliasDeclaration(statement) &&
      !ts.isEnumDeclaration(statement)
    ) {
      const effect = scan(statement, source);
      for (const ns of effect.namespaces) info.effects.namespaces.add(ns);
      for (const name of effect.uses) info.effects.uses.add(name);
    }
  }
  modules.set(file, info);
  return info;
}

/** The namespaces shown from `exportsOf` of `file`, with where each is shown. */
function namespacesShown(file: string, exportsOf: string[]): Map<string, Set<string>> {
  const shown = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const ranEffects = new Set<string>();
  const stack: [string, string][] = exportsOf.map((name) => [file, name]);
  const followName = (at: string, info: ModuleInfo, name: string) => {
    if (info.declarations.has(name)) stack.push([at, `#${name}`]);
    const imported = info.imports.get(name);
    if (imported && !isServerModule(imported[0])) stack.push(imported);
  };
  while (stack.length > 0) {
    const [at, name] = stack.pop()!;
    const key = `${at}\0${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const info = moduleInfo(at);
    if (!ranEffects.has(at)) {
      ranEffects.add(at);
      for (const ns of info.effects.namespaces)
        shown.set(ns, (shown.get(ns) ?? new Set()).add(rel(at)));
      for (const used of info.effects.uses) followName(at, info, used);
    }
    if (name === "*") {
      for (const exportedName of info.exports.keys()) stack.push([at, exportedName]);
      for (const [, target, targetName] of info.reexports) stack.push([target, targetName]);
      continue;
    }
    if (name.startsWith("#")) {
      const declaration = info.declarations.get(name.slice(1))!;
      for (const ns of declaration.namespaces)
        shown.set(ns, (shown.get(ns) ?? new Set()).add(rel(at)));
      for (const used of declaration.uses) if (used !== name.slice(1)) followName(at, info, used);
      continue;
    }
    const local = info.exports.get(name);
    if (local !== undefined) followName(at, info, local);
    for (const [exportedName, target, targetName] of info.reexports) {
      if (exportedName === name) stack.push([target, targetName]);
      else if (exportedName === "*") stack.push([target, name]);
    }
  }
  return shown;
}

/** Every route module: its file, and the ids of the routes above it (by the flat routes' dots). */
function routeModules() {
  const files = readdirSync(ROUTES, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory()
        ? path.join(ROUTES, entry.name, "route.tsx")
        : path.join(ROUTES, entry.name),
    )
    .filter((file) => existsSync(file) && /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const idOf = (file: string) =>
    path.basename(file) === "route.tsx"
      ? path.basename(path.dirname(file))
      : path.basename(file).replace(/\.tsx?$/, "");
  const byId = new Map(files.map((file) => [idOf(file), file]));
  return files.map((file) => {
    const segments = idOf(file).split(".");
    const parents = segments
      .slice(0, -1)
      .map((_, index) => segments.slice(0, index + 1).join("."))
      .filter((id) => byId.has(id));
    return {
      id: idOf(file),
      file,
      parents: [...parents.map((id) => byId.get(id)!), path.join(APP, "root.tsx")],
    };
  });
}

/** A route module's `handle.i18n`, read from its source. */
function handleNamespaces(file: string): string[] {
  const match = /export const handle = \{[^}]*\bi18n: \[([^\]]*)\]/.exec(
    readFileSync(file, "utf8"),
  );
  return match ? [...match[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]) : [];
}

/** Every `whenUsed("name", () => import("./File").then((module) => module.Export), { namespaces })` of the app. */
function componentsLoadedWhenUsed() {
  const found: { where: string; file: string; exportName: string; namespaces: string[] }[] = [];
  const files = readdirSync(APP, { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    if (!text.includes("whenUsed(")) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const helpers = new Map<string, string>();
    const declarations = new Map<string, string>();
    const visit = (node: ts.Node) => {
      // `const loader = () => import("./X")` shared by several components.
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        declarations.set(node.name.text, node.initializer.getText(source));
        const importCall = findImport(node.initializer);
        if (importCall) helpers.set(node.name.text, importCall);
      }
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "whenUsed"
      ) {
        const [, load, options] = node.arguments;
        const loadText = load.getText(source);
        const specifier =
          findImport(load) ??
          [...helpers].find(([name]) => new RegExp(`\\b${name}\\(`).test(loadText))?.[1];
        const exportName = /module\.(\w+)/.exec(loadText)?.[1] ?? "default";
        // Options made by a helper of the file (`options("item")`): the helper's text names them.
        const optionsText =
          options && ts.isCallExpression(options) && ts.isIdentifier(options.expression)
            ? (declarations.get(options.expression.text) ?? "")
            : (options?.getText(source) ?? "");
        const namespaces = [...optionsText.matchAll(/namespaces:\s*\[([^\]]*)\]/g)].flatMap((m) =>
          [...m[1].matchAll(/"([^"]+)"/g)].map((n) => n[1]),
        );
        const target = specifier ? resolveModule(file, specifier) : undefined;
        if (target)
          found.push({
            where: `${rel(file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`,
            file: target,
            exportName,
            namespaces,
          });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function findImport(node: ts.Node): string | undefined {
  let specifier: string | undefined;
  const visit = (n: ts.Node) => {
    if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0])
    )
      specifier = n.arguments[0].text;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return specifier;
}

const describeShown = (shown: Map<string, Set<string>>, ns: string) =>
  [...(shown.get(ns) ?? [])].slice(0, 3).join(", ");

describe("the translations each route fetches", { timeout: 30_000 }, () => {
  it("a route's handle.i18n names the namespaces its components show in the browser, with its parents' (no key shown as text)", () => {
    const problems: string[] = [];
    for (const { file, parents } of routeModules()) {
      const shown = namespacesShown(file, COMPONENT_EXPORTS);
      const listed = new Set([DEFAULT_NAMESPACE, ...[file, ...parents].flatMap(handleNamespaces)]);
      for (const ns of shown.keys())
        if (!listed.has(ns))
          problems.push(
            `${rel(file)}: shows ${ns} (${describeShown(shown, ns)}) but its handle.i18n does not name it`,
          );
    }
    expect(problems).toEqual([]);
  });

  it("a route's handle.i18n names no namespace its own components do not show (none fetched for nothing)", () => {
    const problems: string[] = [];
    for (const { file } of routeModules()) {
      const shown = namespacesShown(file, COMPONENT_EXPORTS);
      for (const ns of handleNamespaces(file))
        if (ns !== DEFAULT_NAMESPACE && !shown.has(ns))
          problems.push(
            `${rel(file)}: handle.i18n names ${ns}, which none of its components shows`,
          );
    }
    expect(problems).toEqual([]);
  });

  it("a component loaded when used names the namespaces it shows", () => {
    const found = componentsLoadedWhenUsed();
    expect(found.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const { where, file, exportName, namespaces } of found) {
      const shown = namespacesShown(file, [exportName]);
      for (const ns of shown.keys())
        if (ns !== DEFAULT_NAMESPACE && !namespaces.includes(ns))
          problems.push(
            `${where}: ${rel(file)} ${exportName} shows ${ns} (${describeShown(shown, ns)}) but is not given it`,
          );
    }
    expect(problems).toEqual([]);
  });

  it("follows what a component uses, not what its module holds", () => {
    const shown = namespacesShown(
      path.join(APP, "components", "apps", "editor", "EditorActions.tsx"),
      ["EditorToolbar"],
    );
    expect([...shown.keys()].sort()).toEqual(["appEditor"]);
  });
});
