/**
 * What every intent of the editor's action shares: the intents, what a handler is given (the
 * post, the page's state, and the ways to keep a change or refuse a form), and reading the
 * post's fields. Each kind of intent has its file beside this one; action.server.ts
 * dispatches to them.
 */

import type { SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { SchemaErrors } from "~/api/schema/codes";
import type { PlatformSchema, Visibility } from "~/api/schema/schemas";
import type { SignedIn } from "~/auth.server";
import type { ReadFile } from "~/lib/multipart.server";
import { getItem, parseItemPath, parseListPath } from "~/lib/platform/paths";
import type { PickerAnswer } from "~/lib/platform/pickers.server";
import type { EditorSchemas } from "./forms.server";
import type { EditorState } from "./load.server";

export const INTENTS = [
  "add-location",
  "remove-location",
  "up",
  "down",
  "move",
  "delete-item",
  "item",
  "clone",
  "custom-view",
  "app-variants",
  "exceptions",
  "setting",
  "import-arrange",
  "import-validate",
  "import",
  "discard",
  "save",
] as const;
export type Intent = (typeof INTENTS)[number];

/** The answer of a dialog's form that failed its rules (status 400): the dialog shows it open. */
export interface DialogFailure {
  intent: Intent;
  result: SubmissionResult<string[]>;
  /** The item dialog's pickers after a picker's step or its question (without JavaScript). */
  pickers?: PickerAnswer["pickers"];
  ask?: PickerAnswer["ask"];
}

/** What an intent's handler is given: the post, the signed-in user, the page's state and the ways to answer. */
export interface IntentContext extends SignedIn {
  intent: Intent;
  context: AppLoadContext;
  formData: FormData;
  iconFile?: ReadFile;
  state: EditorState;
  t: TFunction;
  /** The page without any dialog. */
  back: string;
  schemas: EditorSchemas;
  /** The document kept as the draft, then to `to` (the page); refused past the functions' limit. */
  keep: (document: PlatformSchema, to?: string) => Promise<Response>;
  /** A form that did not pass (400), or a list intent of conform (a row added or removed: the form comes back as it now is). */
  fail: (submissionReply: SubmissionResult<string[]>, refused?: boolean) => Response;
  /** The matter types and precedents a visibility names that the country does not have (unknownMatterType, unknownPrecedent). */
  unknownReferences: (visibility: Visibility | undefined) => Promise<SchemaErrors>;
  /** A 400 unless the page is the desktop platform's. */
  desktopOnly: () => void;
}

export type IntentHandler = (ctx: IntentContext) => Promise<Response> | Response;

/** A text field of the post, or "" (a field sent twice or as a file is no text). */
export function textOf(formData: FormData, name: string): string {
  const values = formData.getAll(name);
  return values.length === 1 && typeof values[0] === "string" ? values[0] : "";
}

/** The item path or the list path of the post that leads into the document, else a 400. */
export function placeOf(document: PlatformSchema, formData: FormData, kind: "item" | "list") {
  const location = textOf(formData, "location");
  const path = textOf(formData, kind === "item" ? "path" : "list");
  const valid =
    kind === "item"
      ? parseItemPath(document, location, path)
      : parseListPath(document, location, path);
  if (!valid || (kind === "item" && !getItem(document, location, path)))
    throw new Response("Unknown item.", { status: 400 });
  return { location, path };
}
