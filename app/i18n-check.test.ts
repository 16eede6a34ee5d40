/**
 * Every visible string of the console comes from locales/, in every language (STYLE.md,
 * ARCHITECTURE.md 'Languages'). Three checks, each failing with file:line for every problem:
 *
 * (a) Locale files: the same namespaces and keys in every language as in en-AU, the same
 *     interpolation variables ({{name}}), nesting ($t(...)) and Trans tags (<email>) in
 *     both; no empty values; no value left identical to en-AU (untranslated) unless it is
 *     in IDENTICAL_ALLOWED.
 * (b) Keys used in code: every static key of t("..."), i18n.t("..."), and
 *     <Trans i18nKey="..."> in app/**\/*.ts(x) exists in en-AU, in the namespace given by
 *     an `ns:` prefix or an `ns` option, or else in one of the file's namespaces (the
 *     arguments of its useTranslation() and getFixedT() calls; any namespace in a file
 *     that calls neither and gets its `t` from a caller). Plural forms (key_one...) count
 *     when a count may be passed; a group of keys when returnObjects is set. Keys built
 *     with template strings or variables are skipped.
 * (c) No literal text in components: in every app/**\/*.tsx, parsed with the TypeScript
 *     compiler, no JSX text containing a letter, no string literal containing a letter
 *     written as a JSX child ({"Save"}, {open ? "Close" : "Open"}), and no string literal
 *     in the attributes of TEXT_ATTRIBUTES unless it is in NOT_WORDS.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./i18n";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const APP = path.join(ROOT, "app");
const LOCALES = path.join(ROOT, "locales");
const DEFAULT_NAMESPACE = "common";

/**
 * Values that may be the same in a translation as in en-AU, because they are names or
 * because the word is the same in that language. Keep it short; say why.
 */
const IDENTICAL_ALLOWED = new Set([
  "Developer Console", // the product's name
  "English (Australia)", // a language is named in its own language in the selector
  "Nederlands",
  "Apps", // the same word in Dutch
  "Menu",
  "Cookies",
  "Contact",
  "Help",
  "Privacy",
  "Postcode",
  "Website",
  "Sandbox", // the provider's name of a version status and of its test environments
  "Live", // status names used as such in Dutch ("live gaan")
  "Connector", // the app type, a product term in both languages
  "Desktop", // platform names, the same in Dutch
  "Web",
]);

/** Attributes (and component props) whose value people see or hear. */
const TEXT_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-placeholder",
  "aria-valuetext",
  "title",
  "alt",
  "placeholder",
  "label",
  "ariaLabel", // the prop of app/components/ui/Menu.tsx that becomes aria-label
]);

/** Literal texts that are not words and so need no translation. */
const NOT_WORDS = new Set(["·", "–", "—", "×", "/", "|", "…", "*"]);

const HAS_LETTER = /\p{L}/u;

const rel = (file: string) => path.relative(ROOT, file);

function filesUnder(dir: string, accept: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && accept(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

// ---------------------------------------------------------------------------------------
// Locale files

interface Entry {
  value: string;
  line: number;
}
type Namespace = Map<string, Entry>;

/** The leaf keys of a locale file (dot paths) with their values and lines. */
function readLocale(file: string, problems: string[]): Namespace {
  const text = readFileSync(file, "utf8");
  const json = ts.parseJsonText(file, text);
  const keys: Namespace = new Map();
  const lineOf = (node: ts.Node) =>
    json.getLineAndCharacterOfPosition(node.getStart(json)).line + 1;
  const diagnostics =
    (json as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
  for (const d of diagnostics) {
    const line = d.start === undefined ? 1 : json.getLineAndCharacterOfPosition(d.start).line + 1;
    problems.push(
      `${rel(file)}:${line}: invalid JSON: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
    );
  }
  const walk = (node: ts.Expression, prefix: string) => {
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const name =
          ts.isStringLiteral(property.name) || ts.isIdentifier(property.name)
            ? property.name.text
            : property.name.getText(json);
        walk(property.initializer, prefix ? `${prefix}.${name}` : name);
      }
    } else if (ts.isArrayLiteralExpression(node)) {
      for (const [index, element] of node.elements.entries()) walk(element, `${prefix}.${index}`);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      keys.set(prefix, { value: node.text, line: lineOf(node) });
    } else {
      problems.push(`${rel(file)}:${lineOf(node)}: ${prefix}: the value is not a string`);
    }
  };
  const root = json.statements[0]?.expression;
  if (root) walk(root, "");
  return keys;
}

function readAllLocales(problems: string[]) {
  const locales = new Map<string, Map<string, Namespace>>();
  const files = new Map<string, Map<string, string>>();
  for (const lang of LANGUAGES) {
    const namespaces = new Map<string, Namespace>();
    const paths = new Map<string, string>();
    for (const file of filesUnder(path.join(LOCALES, lang), (name) => name.endsWith(".json"))) {
      const ns = path.basename(file, ".json");
      namespaces.set(ns, readLocale(file, problems));
      paths.set(ns, file);
    }
    locales.set(lang, namespaces);
    files.set(lang, paths);
  }
  return { locales, files };
}

/** What must be the same in every translation of a value: variables, nesting, Trans tags. */
function placeholders(value: string) {
  const found = [
    ...[...value.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`),
    ...[...value.matchAll(/\$t\(([^,)]+)/g)].map((m) => `$t(${m[1].trim()})`),
    ...[...value.matchAll(/<\/?([A-Za-z0-9]+)\s*\/?>/g)].map((m) => `<${m[1]}>`),
  ];
  return [...new Set(found)].sort();
}

function checkLocales(): string[] {
  const problems: string[] = [];
  const { locales, files } = readAllLocales(problems);
  const base = locales.get(DEFAULT_LANGUAGE)!;
  const baseFiles = files.get(DEFAULT_LANGUAGE)!;
  const where = (lang: string, ns: string, line = 1) =>
    `${rel(files.get(lang)?.get(ns) ?? path.join(LOCALES, lang, `${ns}.json`))}:${line}`;

  for (const [lang, namespaces] of locales) {
    for (const [ns, keys] of namespaces) {
      for (const [key, { value, line }] of keys) {
        if (!value.trim()) problems.push(`${where(lang, ns, line)}: ${ns}:${key} is empty`);
      }
    }
    if (lang === DEFAULT_LANGUAGE) continue;
    for (const ns of base.keys()) {
      if (!namespaces.has(ns))
        problems.push(
          `${rel(baseFiles.get(ns)!)}:1: namespace ${ns} has no ${lang} file (locales/${lang}/${ns}.json)`,
        );
    }
    for (const [ns, keys] of namespaces) {
      const baseKeys = base.get(ns);
      if (!baseKeys) {
        problems.push(`${where(lang, ns)}: namespace ${ns} has no ${DEFAULT_LANGUAGE} file`);
        continue;
      }
      for (const [key, { line }] of baseKeys) {
        if (!keys.has(key))
          problems.push(`${where(DEFAULT_LANGUAGE, ns, line)}: ${ns}:${key} is missing in ${lang}`);
      }
      for (const [key, { value, line }] of keys) {
        const original = baseKeys.get(key);
        if (!original) {
          problems.push(`${where(lang, ns, line)}: ${ns}:${key} is not in ${DEFAULT_LANGUAGE}`);
          continue;
        }
        const expected = placeholders(original.value).join(" ");
        const actual = placeholders(value).join(" ");
        if (expected !== actual) {
          problems.push(
            `${where(lang, ns, line)}: ${ns}:${key} has placeholders [${actual}] but ${DEFAULT_LANGUAGE} has [${expected}]`,
          );
        }
        // Placeholders are not words: a value of placeholders and punctuation has nothing to translate.
        const words = value.replace(/\{\{[^}]*\}\}/g, "");
        if (
          value.trim() &&
          value === original.value &&
          HAS_LETTER.test(words) &&
          !IDENTICAL_ALLOWED.has(value)
        ) {
          problems.push(
            `${where(lang, ns, line)}: ${ns}:${key} is the same as in ${DEFAULT_LANGUAGE} (untranslated?): ${JSON.stringify(value)}`,
          );
        }
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------
// Source files

function parse(file: string) {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

function at(source: ts.SourceFile, node: ts.Node) {
  const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return `${rel(source.fileName)}:${line + 1}:${character + 1}`;
}

const staticText = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;

function stringsOf(node: ts.Expression | undefined): string[] {
  if (!node) return [];
  const text = staticText(node);
  if (text !== undefined) return [text];
  if (ts.isArrayLiteralExpression(node))
    return node.elements.flatMap((e) => (staticText(e) !== undefined ? [staticText(e)!] : []));
  return [];
}

/** The namespaces a file translates with: useTranslation(ns) and getFixedT(..., ns); undefined when it calls neither. */
function namespacesOf(source: ts.SourceFile): string[] | undefined {
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : "";
      if (name === "useTranslation") {
        const ns = stringsOf(node.arguments[0]);
        // react-i18next's t looks in the first namespace only.
        found.add(ns[0] ?? DEFAULT_NAMESPACE);
      } else if (name === "getFixedT") {
        // remix-i18next's getFixedT(request, ns) and i18next's getFixedT(lng, ns): all of them, in order.
        const args = node.arguments;
        const ns = stringsOf(args[1]);
        if (ns.length) for (const n of ns) found.add(n);
        else found.add(DEFAULT_NAMESPACE);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.size ? [...found] : undefined;
}

interface KeyUse {
  key: string;
  ns?: string;
  /** The call may pass a count: key_one, key_other... will do. */
  plural: boolean;
  /** returnObjects: the key names a group of keys. */
  object?: boolean;
  where: string;
}

/** Static keys of t("..."), x.t("...") and <Trans i18nKey="..."> in a file. */
function keysUsed(source: ts.SourceFile): KeyUse[] {
  const uses: KeyUse[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isT =
        (ts.isIdentifier(callee) && callee.text === "t") ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === "t");
      const key = staticText(node.arguments[0]);
      if (isT && key !== undefined) {
        const options = node.arguments[1];
        let ns: string | undefined;
        // Options that may hold a count (a variable, a spread) allow the plural forms.
        let plural = Boolean(options && !ts.isObjectLiteralExpression(options));
        let object = false;
        if (options && ts.isObjectLiteralExpression(options)) {
          for (const p of options.properties) {
            if (ts.isSpreadAssignment(p)) plural = true;
            const name =
              p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))
                ? p.name.text
                : undefined;
            if (name === "ns" && ts.isPropertyAssignment(p)) ns = staticText(p.initializer);
            if (name === "count") plural = true;
            if (
              name === "returnObjects" &&
              ts.isPropertyAssignment(p) &&
              p.initializer.kind === ts.SyntaxKind.TrueKeyword
            )
              object = true;
          }
        }
        uses.push({ key, ns, plural, object, where: at(source, node) });
      }
    }
    if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
      if (node.tagName.getText(source) === "Trans") {
        let key: string | undefined;
        let ns: string | undefined;
        let plural = false;
        for (const attribute of node.attributes.properties) {
          if (!ts.isJsxAttribute(attribute)) continue;
          const name = attribute.name.getText(source);
          const init = attribute.initializer;
          const value =
            init && ts.isJsxExpression(init) ? staticText(init.expression) : staticText(init);
          if (name === "i18nKey") key = value;
          if (name === "ns") ns = value;
          if (name === "count") plural = true;
        }
        if (key !== undefined) uses.push({ key, ns, plural, where: at(source, node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

function checkKeysUsed(): string[] {
  const problems: string[] = [];
  const { locales } = readAllLocales([]);
  const base = locales.get(DEFAULT_LANGUAGE)!;
  const exists = (
    ns: string,
    { key, plural, object }: { key: string; plural: boolean; object?: boolean },
  ) => {
    const keys = base.get(ns);
    if (!keys) return false;
    if (keys.has(key)) return true;
    if (plural && (keys.has(`${key}_other`) || keys.has(`${key}_one`))) return true;
    return Boolean(object && [...keys.keys()].some((k) => k.startsWith(`${key}.`)));
  };
  const sources = filesUnder(
    APP,
    (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts"),
  );
  for (const file of sources) {
    const source = parse(file);
    // A file that never picks a namespace gets its `t` from its caller: any namespace will do.
    const fileNamespaces = namespacesOf(source) ?? [...base.keys()];
    for (const use of keysUsed(source)) {
      const separator = use.key.indexOf(":");
      const [ns, key] =
        separator > 0
          ? [use.key.slice(0, separator), use.key.slice(separator + 1)]
          : [use.ns, use.key];
      const candidates = ns ? [ns] : fileNamespaces;
      if (!candidates.some((candidate) => exists(candidate, { ...use, key }))) {
        problems.push(
          `${use.where}: "${use.key}" is not in locales/${DEFAULT_LANGUAGE}/${candidates.join(".json or ")}.json`,
        );
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------
// Literal text in JSX

/** The string literals an expression may evaluate to (through ?:, &&, ||, ??, parentheses). */
function literalLeaves(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node))
    return [node.head, ...node.templateSpans.map((span) => span.literal)];
  if (ts.isParenthesizedExpression(node)) return literalLeaves(node.expression);
  if (ts.isConditionalExpression(node))
    return [...literalLeaves(node.whenTrue), ...literalLeaves(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalLeaves(node.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...literalLeaves(node.left), ...literalLeaves(node.right)];
  }
  return [];
}

const literalText = (node: ts.Node) =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isTemplateHead(node) ||
  ts.isTemplateMiddle(node) ||
  ts.isTemplateTail(node)
    ? node.text
    : "";

const show = (text: string) => JSON.stringify(text.replace(/\s+/g, " ").trim());

/** Literal text in the JSX of one file. */
function jsxTextProblems(source: ts.SourceFile): string[] {
  const problems: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.trim();
      if (HAS_LETTER.test(text) && !NOT_WORDS.has(text))
        problems.push(`${at(source, node)}: JSX text ${show(text)}`);
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      // A child {"text"}: the same as JSX text.
      for (const leaf of literalLeaves(node.expression)) {
        const text = literalText(leaf).trim();
        if (HAS_LETTER.test(text) && !NOT_WORDS.has(text))
          problems.push(`${at(source, leaf)}: string literal ${show(text)} as JSX child`);
      }
    } else if (
      ts.isJsxAttribute(node) &&
      TEXT_ATTRIBUTES.has(node.name.getText(source)) &&
      node.initializer
    ) {
      const init = node.initializer;
      const leaves = ts.isStringLiteral(init)
        ? [init]
        : ts.isJsxExpression(init) && init.expression
          ? literalLeaves(init.expression)
          : [];
      for (const leaf of leaves) {
        const text = literalText(leaf).trim();
        if (text && !NOT_WORDS.has(text) && (HAS_LETTER.test(text) || ts.isStringLiteral(init))) {
          problems.push(`${at(source, leaf)}: ${node.name.getText(source)}=${show(text)}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

function checkJsxText(): string[] {
  const sources = filesUnder(APP, (name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx"));
  return sources.flatMap((file) => jsxTextProblems(parse(file)));
}

const report = (problems: string[]) => `\n${problems.join("\n")}\n${problems.length} problem(s)\n`;

describe("i18n: every visible string comes from locales/", () => {
  it(`(a) every language has the keys of ${DEFAULT_LANGUAGE}, with the same placeholders, none empty or left untranslated`, () => {
    const problems = checkLocales();
    expect(problems, report(problems)).toEqual([]);
  });

  it(`(b) every static t() / <Trans> key used in app/ exists in locales/${DEFAULT_LANGUAGE}`, () => {
    const problems = checkKeysUsed();
    expect(problems, report(problems)).toEqual([]);
    // It reads every source file of app/: seconds on a busy machine.
  }, 30_000);

  it("(c) no literal text in JSX: text, children and text attributes come from t()", () => {
    const problems = checkJsxText();
    expect(problems, report(problems)).toEqual([]);
  });
});

describe("the i18n checker itself", () => {
  const sample = (code: string) =>
    ts.createSourceFile(
      path.join(APP, "sample.tsx"),
      code,
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );

  it("finds JSX text, literal children and literal text attributes, with file:line:column", () => {
    const source = sample(
      [
        "export const A = ({ open }: { open: boolean }) => (",
        '  <div title="Details" data-x="not checked">',
        "    Hello {name}",
        '    <button aria-label={open ? "Close" : t("open")}>{open && "Hide"}</button>',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source code, whose template literal is the point
        '    <img alt="" /> <input placeholder={`Search ${t("x")}`} />',
        '    <Menu ariaLabel="?" label={t("menu")} />',
        "  </div>",
        ");",
      ].join("\n"),
    );
    expect(jsxTextProblems(source)).toEqual([
      'app/sample.tsx:2:14: title="Details"',
      'app/sample.tsx:3:5: JSX text "Hello"',
      'app/sample.tsx:4:32: aria-label="Close"',
      'app/sample.tsx:4:62: string literal "Hide" as JSX child',
      'app/sample.tsx:5:40: placeholder="Search"',
      'app/sample.tsx:6:21: ariaLabel="?"',
    ]);
  });

  it("lets translated text, symbols that are not words and other attributes through", () => {
    const source = sample(
      [
        "export const B = () => (",
        '  <p className="text-sm" id="x" lang="nl-NL">',
        '    {t("a")} · {count} – {t("b", { n: 1 })} {"/"}',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source code, whose template literal is the point
        '    <span title={t("c")} aria-label={`${t("d")} – ${t("e")}`} />',
        "  </p>",
        ");",
      ].join("\n"),
    );
    expect(jsxTextProblems(source)).toEqual([]);
  });

  it("compares variables, nesting and Trans tags of translations", () => {
    expect(
      placeholders(
        "Hello {{name}}, {{ count, number }} <email>{{email}}</email> $t(common:app.name)",
      ),
    ).toEqual(["$t(common:app.name)", "<email>", "{{count}}", "{{email}}", "{{name}}"]);
    expect(placeholders("Geen variabelen")).toEqual([]);
  });

  it("reads keys and namespaces of t() calls and <Trans>", () => {
    const source = sample(
      [
        'const { t } = useTranslation("auth");',
        'const f = await i18next.getFixedT(request, ["legal", "common"]);',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source code, whose template literal is the point
        't("a.b"); t("common:c"); i18n.t("d", { ns: "legal" }); t(`e.${x}`); t(key);',
        't("p", { count: 2 }); t("q", values); t("r", { returnObjects: true });',
        'const el = <Trans t={t} i18nKey="s.t" />;',
      ].join("\n"),
    );
    expect(namespacesOf(source)).toEqual(["auth", "legal", "common"]);
    expect(namespacesOf(sample('t("a")'))).toBeUndefined();
    expect(
      keysUsed(source).map(({ key, ns, plural, object }) => ({ key, ns, plural, object })),
    ).toEqual([
      { key: "a.b", ns: undefined, plural: false, object: false },
      { key: "common:c", ns: undefined, plural: false, object: false },
      { key: "d", ns: "legal", plural: false, object: false },
      { key: "p", ns: undefined, plural: true, object: false },
      { key: "q", ns: undefined, plural: true, object: false },
      { key: "r", ns: undefined, plural: false, object: true },
      { key: "s.t", ns: undefined, plural: false, object: undefined },
    ]);
  });
});
