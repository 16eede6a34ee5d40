/**
 * The worst JSON documents the JSON limits let in (app/api/json-limits.ts), for the hostile
 * and load suites: the most work a single import or Arrange can ask of the console, and a
 * validation or save of the provider.
 *
 * - `worstCaseImport(platform)`: the compact text of a platform document of as many functions as
 *   a platform may hold (`SCHEMA_LIMITS.functionsMax`), nested as deep as a document may be once
 *   saved (`{ platforms: [platform] }`), as large as a schema may be (`documentMax` characters),
 *   of the contract's shape (so it is read through).
 * - `worstCaseArrange()`: a JSON text nested `depthMax` deep whose arranged text is as long as
 *   a JSON text may be (`textMax`): Arrange answers it, and one bracket more is refused.
 * - `worstCaseImportBody(intent, platform)`, `worstCaseArrangeBody()`: the editor's form posts
 *   (`application/x-www-form-urlencoded`) of those texts.
 */
import { JSON_LIMITS } from "~/api/json-limits";
import { FUNCTION_LIMITS, SCHEMA_LIMITS } from "~/api/schema/limits";
import type { PlatformFunction, PlatformType } from "~/api/schema/schemas";
import { arrangedLength } from "~/lib/platform/arrange";

/** The most copies of a part that fit: `length(n)` is linear in n. */
function fitting(length: (count: number) => number, max: number): number {
  const one = length(1);
  const each = length(2) - one;
  return Math.floor((max - (one - each)) / each);
}

/** Dropdowns nested as deep as the saved document may: document, platforms, platform, menus, menu, then a list and an item per step. */
const STEPS = (JSON_LIMITS.depthMax - 6) / 2;

/** A menu whose items nest `steps` dropdowns, each with the longest description and (but the innermost) an endpoint URL of `urlLength`. */
function deepMenu(
  index: number,
  steps: number,
  urlLength: number,
): { id: string; items: PlatformFunction[] } {
  let items: PlatformFunction[] = [];
  for (let i = 0; i < steps; i++) {
    items = [
      {
        actionType: "dropdown",
        name: `Step ${i}`,
        label: `Step ${i}`,
        description: "d".repeat(FUNCTION_LIMITS.descriptionMax),
        // The innermost one's URL would nest a level deeper than its empty list.
        ...(i > 0
          ? { urls: [{ env: "dev" as const, url: `https://example.com/${"u".repeat(urlLength)}` }] }
          : {}),
        items,
      },
    ];
  }
  return { id: `menu-${index}`, items };
}

export function worstCaseImport(platform: PlatformType = "web"): string {
  // As many functions as a platform may hold, nested as deep as the limits let them, in as many characters as a schema may have.
  const menus = Math.floor(SCHEMA_LIMITS.functionsMax / STEPS);
  const rest = SCHEMA_LIMITS.functionsMax - menus * STEPS;
  const document = (urlLength: number) => ({
    type: platform,
    menus: [
      ...Array.from({ length: menus }, (_, index) => deepMenu(index, STEPS, urlLength)),
      ...(rest > 0 ? [deepMenu(menus, rest, urlLength)] : []),
    ],
  });
  const urlLength = Math.min(
    SCHEMA_LIMITS.urlMax - 20,
    fitting((length) => JSON.stringify(document(length)).length, SCHEMA_LIMITS.documentMax),
  );
  return JSON.stringify(document(urlLength));
}

export function worstCaseArrange(): string {
  // Side by side in the top list, lists nested as deep as the rest of the limit allows.
  const block = `${"[".repeat(JSON_LIMITS.depthMax - 2)}[]${"]".repeat(JSON_LIMITS.depthMax - 2)}`;
  const text = (count: number) => `[${Array.from({ length: count }, () => block).join(",")}]`;
  return text(fitting((count) => arrangedLength(text(count)), JSON_LIMITS.textMax));
}

const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export function worstCaseImportBody(
  intent: "import" | "import-validate" = "import",
  platform: PlatformType = "web",
): string {
  return formBody({ intent, json: worstCaseImport(platform) });
}

export function worstCaseArrangeBody(): string {
  return formBody({ intent: "import-arrange", json: worstCaseArrange() });
}
