/**
 * /apps/{appVersionId}/{platform}/download/{env}?live=true|false: the configuration file of an
 * environment (dev, test, beta, live) of the version's schema, `GET app-schema/download/{id}/{env}`;
 * `live=false` is the staging variant, for users with test access. A
 * version the provider does not know for the company is 'page not found'; any other failed
 * download goes back to the editor with downloadingSchema in the error dialog.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { downloadSchema } from "~/api/schema/endpoints";
import { ENVIRONMENTS } from "~/api/schema/values";
import { requireUser } from "~/auth.server";
import i18next from "~/i18next.server";
import { isVersionId, notFound } from "~/lib/apps/editor.server";
import { isEditorPlatform } from "~/lib/apps/platform-tabs";
import { redirectWithError } from "~/session.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const { appVersionId, platform, env } = params;
  if (
    !isVersionId(appVersionId) ||
    !isEditorPlatform(platform) ||
    !(ENVIRONMENTS as readonly unknown[]).includes(env)
  )
    throw await notFound(request);
  const live = new URL(request.url).searchParams.get("live") !== "false";
  try {
    const file = await api.call(downloadSchema, {
      params: { id: appVersionId, env: env as string },
      query: { isInLeapLive: live },
    });
    const headers = new Headers({
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    const disposition = file.headers.get("content-disposition");
    headers.set(
      "Content-Disposition",
      disposition ?? `attachment; filename="${env}-${live ? "live" : "staging"}.json"`,
    );
    return new Response(file.body, { status: 200, headers });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // No such version of the company (another company's, or none): not found, as the editor says.
    if (error.status === 404) throw await notFound(request);
    const t = await i18next.getFixedT(request, "platform");
    return redirectWithError(`/${language}/apps/${appVersionId}/${platform}`, {
      detail: t("errors.downloadingSchema"),
      traceId: error.traceId,
    });
  }
}
