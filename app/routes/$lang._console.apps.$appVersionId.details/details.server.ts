/**
 * The details page's action: Save (`PUT apps/{id}` with the details only, the stored listing
 * kept, type and country as created), `go:marketplace` (what the form holds is kept as a
 * draft and the listing page opens), `discard` (the draft is dropped) and `duplicate`.
 */
import { type AppLoadContext, redirect } from "@remix-run/node";
import * as z from "zod";
import { updateApp } from "~/api/apps/endpoints";
import type { AppVersion } from "~/api/apps/schemas";
import { isEditable } from "~/api/apps/status";
import { ApiError } from "~/api/client.server";
import { requireUser } from "~/auth.server";
import { detailsBody, detailsSchema } from "~/forms/app-editor.server";
import { parseForm } from "~/forms/parse.server";
import {
  type DetailsDraft,
  detailsDraftOf,
  dropEditorDraft,
  goTarget,
  keepEditorDraft,
} from "~/lib/apps/drafts.server";
import { type Lookups, loadLookups, loadVersion } from "~/lib/apps/editor.server";
import {
  detailsContext,
  detailsRefused,
  failure,
  fixedT,
  replaceWithToast,
} from "~/lib/apps/editor-save.server";
import { handleAppAction } from "~/lib/apps/version-actions.server";
import { redirectAfterDraft } from "~/lib/drafts.server";
import { readForm } from "~/lib/multipart.server";

/**
 * A save whose page could not be loaded because the provider is out of reach (and no last
 * answer was kept to show it from): the form comes back as typed, with the error dialog.
 */
function unreachableFailure(context: AppLoadContext, formData: FormData, thrown: unknown) {
  if (!(thrown instanceof Response) || thrown.status !== 503) throw thrown;
  const typed = parseForm(formData, z.looseObject({})).reply();
  return failure(
    context,
    { result: typed, apiError: { fallback: "unreachable" }, formError: null },
    503,
  );
}

/** PUT apps/{id} with the details only (the stored listing is kept); type and country stay as created. */
export async function saveDetails(
  request: Request,
  context: AppLoadContext,
  versionId: string | undefined,
) {
  const { api, language, session } = await requireUser(request, context);
  const formData = await readForm(request);
  const page = new URL(request.url).pathname;
  const intent = String(formData.get("intent") ?? "save");
  if (intent === "duplicate") return handleAppAction(request, context, { formData, back: page });
  const go = goTarget(intent);
  if (intent !== "save" && intent !== "discard" && !go)
    throw new Response("Unknown intent.", { status: 400 });

  const t = await fixedT(request);
  let version: AppVersion;
  let lookups: Lookups;
  try {
    [version, lookups] = await Promise.all([
      loadVersion(request, api, versionId),
      loadLookups(request, api),
    ]);
  } catch (thrown) {
    return unreachableFailure(context, formData, thrown);
  }
  const locked = { appType: version.details.appType, countryCode: version.details.countryCode };
  const submission = parseForm(
    formData,
    detailsSchema(t, language, detailsContext(lookups, locked)),
  );
  const editable = isEditable(version.statusCode, version.isArchived);
  if (intent === "discard") {
    await dropEditorDraft(session, version.id, "details");
    return redirect(page);
  }
  if (go) {
    // Moving to the version's other page keeps what the form holds (nothing is checked yet).
    const to = `/${language}/apps/${version.id}/${go}`;
    if (!editable) return redirect(to);
    const saved: DetailsDraft = {
      categoryId: version.details.categoryId,
      name: version.details.name,
      description: version.details.description,
    };
    const kept = await keepEditorDraft(
      session,
      version,
      "details",
      detailsDraftOf(formData, saved),
    );
    if (kept) return redirectAfterDraft(to, kept);
    return failure(
      context,
      {
        result: submission.reply({ resetForm: false }),
        apiError: { detail: t("appEditor:draft.keepFailed") },
        formError: null,
      },
      503,
    );
  }
  if (!editable) {
    return failure(
      context,
      {
        result: submission.reply(),
        apiError: { detail: t("appEditor:notEditable.saveRefused") },
        formError: null,
      },
      409,
    );
  }
  if (submission.status !== "success")
    return failure(context, { result: submission.reply(), apiError: null, formError: null }, 400);
  try {
    await api.call(updateApp, {
      params: { id: version.id },
      body: { details: detailsBody(submission.value, locked) },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return detailsRefused(context, t, language, error, submission, [
      "categoryId",
      "name",
      "description",
    ]);
  }
  await dropEditorDraft(session, version.id, "details");
  return replaceWithToast(page);
}
