/**
 * The Import JSON schema dialog of the platform schema editor:
 * a `json` text area with Arrange, Validate, Import and Cancel.
 *
 * - `arrangeJson(text)`: the text pretty-printed (two spaces), or undefined when it is not
 *   JSON (the Arrange button; without JS the action answers the arranged text in the field).
 * - `importSchema(t, platform)`: the zod schema of the dialog's post (the server's alone). It
 *   reads `json` as the contract's save does (JSON text, or base-64 of it: `decodeSchemaJson`),
 *   takes either one platform or a whole document
 *   (`{ platforms: [...] }`, of which the page's platform is taken), and answers the platform
 *   document of the contract's shape (`platformSchema`, unknown keys refused). Refusals on
 *   `json`: `invalidJson` when it is not JSON, `tooDeep` or `tooLarge` when it breaks the JSON
 *   limits (app/api/json-limits.ts, as saved), `tooLarge` when it is larger than the
 *   contract's document limit (`checkDocumentSize`), `validatingSchema` (with `{{path}}`, the first
 *   wrong value's dotted path, and `{{platform}}`) when it is not a document of this platform.
 *   The rules of the values (required texts, URLs...) are the Validate button's
 *   (`app-schema/validate`) and Save's, as for a schema built in the editor.
 *
 * Messages: `platform:errors.invalidJson`, `platform:errors.validatingSchema` with the
 * field's label `platform:fields.json`.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import { checkPlatformLimits, decodeSchemaJson } from "~/api/schema/json";
import { checkDocumentSize } from "~/api/schema/limits";
import { type PlatformSchema, type PlatformType, platformSchema } from "~/api/schema/schemas";
import { arrangedJson } from "~/lib/platform/arrange";
import { jsonLimitMessage, labelKey, platformRuleMessage } from "./platform-common";
import { oneText, refuseUnstorable } from "./platform-fields.server";

export const IMPORT_FORM_ID = "platform-import";

/** The text pretty-printed, or undefined when it is not JSON or breaks the JSON limits. */
export function arrangeJson(text: string): string | undefined {
  const decoded = decodeSchemaJson(text);
  const arranged = "value" in decoded ? arrangedJson(decoded.value) : undefined;
  return arranged && "json" in arranged ? arranged.json : undefined;
}

/** The platform of `platform` in an imported value: the value itself, or its entry in a whole document's `platforms`. */
function platformIn(value: unknown, platform: PlatformType): { found: unknown; path: string } {
  if (value && typeof value === "object" && !Array.isArray(value) && "platforms" in value) {
    const platforms = (value as { platforms: unknown }).platforms;
    if (Array.isArray(platforms)) {
      const index = platforms.findIndex(
        (entry) =>
          entry && typeof entry === "object" && (entry as { type?: unknown }).type === platform,
      );
      return index < 0
        ? { found: undefined, path: "platforms" }
        : { found: platforms[index], path: `platforms.${index}` };
    }
  }
  return { found: value, path: "" };
}

export function importSchema(t: TFunction, platform: PlatformType) {
  const field = () => t(labelKey("json"));
  return z.object({ json: oneText(t, "json") }).transform((value, ctx): PlatformSchema => {
    const text = value.json ?? "";
    if (refuseUnstorable(ctx, t, "json", text)) return z.NEVER;
    const decoded = text.trim() ? decodeSchemaJson(text) : undefined;
    if (decoded && "refused" in decoded && decoded.refused !== "invalidJson") {
      ctx.addIssue({
        code: "custom",
        path: ["json"],
        message: jsonLimitMessage(t, decoded.refused, "json"),
      });
      return z.NEVER;
    }
    if (!decoded || !("value" in decoded)) {
      ctx.addIssue({
        code: "custom",
        path: ["json"],
        message: t("platform:errors.invalidJson", { field: field() }),
      });
      return z.NEVER;
    }
    if (checkDocumentSize(decoded.value)) {
      ctx.addIssue({
        code: "custom",
        path: ["json"],
        message: platformRuleMessage(t, "tooLarge", "json"),
      });
      return z.NEVER;
    }
    const { found, path } = platformIn(decoded.value, platform);
    const parsed = platformSchema.safeParse(found);
    if (!parsed.success || parsed.data.type !== platform) {
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      // A key the contract does not name is told by its own path.
      const unknownKey = issue?.code === "unrecognized_keys" ? [issue.keys[0]] : [];
      const at = [
        path,
        ...(issue?.path ?? (parsed.success ? ["type"] : [])).map(String),
        ...unknownKey,
      ]
        .filter(Boolean)
        .join(".");
      // The document as a whole is named by its platform.
      ctx.addIssue({
        code: "custom",
        path: ["json"],
        message: t("platform:errors.validatingSchema", { field: field(), path: at || platform }),
      });
      return z.NEVER;
    }
    const limit = checkPlatformLimits(parsed.data);
    if (limit) {
      ctx.addIssue({ code: "custom", path: ["json"], message: jsonLimitMessage(t, limit, "json") });
      return z.NEVER;
    }
    return parsed.data;
  });
}
