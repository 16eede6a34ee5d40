/**
 * The import dialog's intents: Arrange (the JSON pretty-printed), Validate (the provider's
 * verdict) and Import (this platform of the document replaces the draft). Every JSON text is
 * held to the JSON limits before it is parsed (tooDeep, tooLarge: app/api/json-limits.ts),
 * answered next to the field.
 */
import { json as json_ } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { JSON_LIMIT_CODES } from "~/api/json-limits";
import { validateSchema } from "~/api/schema/endpoints";
import { checkPlatformLimits, decodeSchemaJson } from "~/api/schema/json";
import { type PlatformSchema, platformSchema, schemaDocument } from "~/api/schema/schemas";
import { jsonLimitMessage } from "~/forms/platform-common";
import type { EditorPlatform } from "~/lib/apps/platform-tabs";
import { arrangedJson } from "~/lib/platform/arrange";
import { markFailed } from "~/lib/title";
import { type IntentContext, textOf } from "./intents.server";

/** What the action answers to Arrange, Validate and a refused Import (the import dialog shows it). */
export interface ImportAnswer {
  intent: "import-arrange" | "import-validate" | "import";
  json: string;
  /** Validate: the provider's verdict, each problem worded. */
  validation?: { valid: boolean; problems: string[] };
  /** Arrange or Import refused: the message next to the field. */
  error?: string;
}

/** The platform of this page in an imported document (a whole schema, or one platform), else undefined. */
function importedPlatform(value: unknown, platform: EditorPlatform): PlatformSchema | undefined {
  const whole = schemaDocument.safeParse(value);
  if (whole.success) return whole.data.platforms.find((entry) => entry.type === platform);
  const one = platformSchema.safeParse(value);
  return one.success && one.data.type === platform ? one.data : undefined;
}

/** `import-arrange`, `import-validate`, `import`: the text of the field `json`. */
export async function importIntent({
  intent,
  context,
  formData,
  api,
  state,
  t,
  keep,
}: IntentContext): Promise<Response> {
  const json = textOf(formData, "json");
  const answer = (extra: Partial<ImportAnswer>, status = 200) => {
    if (status >= 400) markFailed(context);
    // The action hands this handler the import intents alone.
    return json_<ImportAnswer>(
      { intent: intent as ImportAnswer["intent"], json, ...extra },
      status,
    );
  };
  // Over the JSON limits, nothing reads the text further (tooDeep, tooLarge).
  const decoded = decodeSchemaJson(json);
  if ("refused" in decoded && decoded.refused !== "invalidJson")
    return answer({ error: jsonLimitMessage(t, decoded.refused, "json") }, 400);
  if (intent === "import-arrange") {
    if (!("value" in decoded)) return answer({ error: t("platform:import.notJson") }, 400);
    const arranged = arrangedJson(decoded.value);
    return "code" in arranged
      ? answer({ error: jsonLimitMessage(t, arranged.code, "json") }, 400)
      : answer({ json: arranged.json });
  }
  if (intent === "import-validate") {
    if (!("value" in decoded)) return answer({ error: t("platform:import.notJson") }, 400);
    try {
      const verdict = await api.call(validateSchema, { body: { json } });
      const problems = verdict.errors.map(
        (problem) =>
          `${problem.path}: ${t(`platform:errors.${problem.code}`, { field: problem.path, max: "", minimum: "", defaultValue: problem.message })}`,
      );
      return answer({ validation: { valid: verdict.valid, problems } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A provider with other limits names the one broken.
      const limit = JSON_LIMIT_CODES.find((code) => error.errors?.json === code);
      if (limit) return answer({ error: jsonLimitMessage(t, limit, "json") }, 400);
      return answer(
        { error: t("platform:errors.validatingSchema") },
        error.status >= 500 ? 502 : 400,
      );
    }
  }
  const imported = "value" in decoded ? importedPlatform(decoded.value, state.platform) : undefined;
  if (!imported) return answer({ error: t("platform:errors.validatingSchema") }, 400);
  // As it will be saved (`{ platforms: [platform] }`), it must still be within the limits.
  const limit = checkPlatformLimits(imported);
  if (limit) return answer({ error: jsonLimitMessage(t, limit, "json") }, 400);
  return keep(imported);
}
