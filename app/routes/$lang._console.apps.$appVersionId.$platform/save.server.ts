/**
 * Discard and Save of the draft: Save runs the whole-schema check, then `POST app-schema` with
 * the draft and goes to the new version's page; a refusal lists each named part in the page's
 * error summary, the draft kept as it is.
 */

import { json, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import { ApiError, ProviderUnreachable } from "~/api/client.server";
import { checkWholeSchema } from "~/api/schema/document";
import { saveSchema } from "~/api/schema/endpoints";
import { platformRuleMessage } from "~/forms/platform-common";
import { discardPlatformDraft } from "~/lib/platform/draft.server";
import { withSettingNames } from "~/lib/platform/locations";
import { type SaveProblem, saveProblems } from "~/lib/platform/save-errors";
import { markFailed } from "~/lib/title";
import { redirectWithError, redirectWithToast } from "~/session.server";
import type { IntentContext } from "./intents.server";

/** A refused save's parts, as the page's error summary lists them. */
export interface SaveRefused {
  intent: "save-refused";
  detail?: string;
  traceId?: string;
  /** Each named part: its message and the page's search that opens what edits it (none: the page). */
  problems: { message: string; search?: string }[];
}

/** A refused part in words: the names down to it, then the field's rule. */
function shownProblem(t: TFunction, problem: SaveProblem): SaveRefused["problems"][number] {
  const field = problem.field === "" ? "" : platformRuleMessage(t, problem.code, problem.field);
  const rule =
    field ||
    t(`platform:errors.${problem.code}`, {
      field: problem.crumbs[problem.crumbs.length - 1] ?? "",
      max: "",
      minimum: "",
      defaultValue: t("platform:errors.invalid", { field: "" }),
    });
  return {
    message: [...problem.crumbs, rule].join(": "),
    search: problem.dialog ? `?${new URLSearchParams(problem.dialog)}` : undefined,
  };
}

/** `discard`: drops the draft (also one that cannot be shown). */
export async function discardIntent({ session, state, back }: IntentContext): Promise<Response> {
  await discardPlatformDraft(session, state.versionId, state.platform);
  return redirect(back);
}

/** `save`: the draft saved as the platform of a new version. */
export async function saveIntent({
  context,
  api,
  session,
  language,
  state,
  t,
  back,
  schemas,
}: IntentContext): Promise<Response> {
  const { variantContext } = schemas;
  // The locations named in the page's language, for what the person is told.
  const shown = withSettingNames(state.document, state.settings);
  const check = checkWholeSchema(shown, {
    productVariantsEnabled: variantContext.productVariantsEnabled,
    productVariantIds: variantContext.variants,
  });
  const problems = [
    // The app-level choice, with the message its form gives.
    ...(check.productVariants
      ? [platformRuleMessage(t, check.productVariants, "productVariants")]
      : []),
    ...(check.missingProductVariants.length
      ? [
          `${t("platform:errors.missingProductVariants")}: ${check.missingProductVariants.map((entry) => entry.name).join(", ")}`,
        ]
      : []),
    ...(check.updateRequired.length
      ? [
          `${t("platform:errors.updateRequired")}: ${check.updateRequired.map((entry) => entry.name).join(", ")}`,
        ]
      : []),
  ];
  if (problems.length) return redirectWithError(back, { detail: problems.join(". ") });
  try {
    const saved = await api.call(saveSchema, {
      body: { appIdOld: state.versionId, json: { platforms: [state.document] } },
    });
    await discardPlatformDraft(session, state.versionId, state.platform);
    return redirectWithToast(`/${language}/apps/${saved.appId}/${state.platform}`, {
      key: "savedSuccessfully",
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The draft stays as it is: nothing typed is lost. Each part the provider names is listed, linking to what edits it.
    const named = error.status === 400 ? saveProblems(shown, error.errors ?? {}) : [];
    if (named.length > 0) {
      markFailed(context);
      return json<SaveRefused>(
        {
          intent: "save-refused",
          detail: error.detail,
          traceId: error.traceId,
          problems: named.map((problem) => shownProblem(t, problem)),
        },
        400,
      );
    }
    return redirectWithError(back, {
      detail: error.detail,
      traceId: error.traceId,
      fallback: error instanceof ProviderUnreachable ? "unreachable" : "savingData",
    });
  }
}
