/**
 * The new app form's action: `POST apps` with the details and the id made when the form was
 * shown, so that the same form sent twice makes one app; then the app's listing page.
 */
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { createApp as createAppCall, getApp } from "~/api/apps/endpoints";
import { ApiError } from "~/api/client.server";
import { requireUser } from "~/auth.server";
import { detailsBody, detailsSchema } from "~/forms/app-editor.server";
import { parseForm } from "~/forms/parse.server";
import { isVersionId, loadLookups } from "~/lib/apps/editor.server";
import {
  detailsContext,
  detailsRefused,
  failure,
  fixedT,
  replaceWithToast,
} from "~/lib/apps/editor-save.server";
import { readForm } from "~/lib/multipart.server";

/** POST apps: a new app from the details form; the id was made when the form was shown. */
export async function createApp(request: Request, context: AppLoadContext) {
  const { api, language } = await requireUser(request, context);
  const t = await fixedT(request);
  const formData = await readForm(request);
  const lookups = await loadLookups(request, api);
  const submission = parseForm(formData, detailsSchema(t, language, detailsContext(lookups)));
  if (submission.status !== "success")
    return failure(context, { result: submission.reply(), apiError: null, formError: null }, 400);

  const id = isVersionId(submission.value.id) ? submission.value.id.toLowerCase() : randomUUID();
  const next = `/${language}/apps/${id}/marketplace`;
  try {
    await api.call(createAppCall, { body: { id, details: detailsBody(submission.value) } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409 && error.field === "id") {
      // The same form sent twice: the first one made the app.
      const made = await api.call(getApp, { params: { id } }).catch(() => null);
      if (made) return replaceWithToast(next);
    }
    return detailsRefused(context, t, language, error, submission, [
      "categoryId",
      "name",
      "appType",
      "description",
      "countryCode",
    ]);
  }
  return replaceWithToast(next);
}
