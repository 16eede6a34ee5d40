/**
 * /apps/{appVersionId}/{platform}/precedents?matterType=<id>&...: the precedents of matter
 * types of the version's country, as JSON by matter type id
 * (`GET resources/matter-types/{id}/precedents`): what the item dialog's precedent picker
 * reads through a fetcher when a matter type is chosen with JavaScript. Another company's
 * version, or a platform without an editor, is 'page not found'; unknown or repeated ids are
 * left out, and at most PRECEDENT_READS_MAX are read.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isStorableText } from "~/api/common";
import { requireUser } from "~/auth.server";
import { loadVersion, notFound } from "~/lib/apps/editor.server";
import { isEditorPlatform } from "~/lib/apps/platform-tabs";
import { loadMatterTypePrecedents, PRECEDENT_READS_MAX } from "~/lib/platform/pickers.server";

/** A matter type id as the provider writes them: letters, digits and dashes. */
const MATTER_TYPE_ID = /^[\w-]{1,100}$/;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  if (!isEditorPlatform(params.platform)) throw await notFound(request);
  const version = await loadVersion(request, api, params.appVersionId);
  if (version.details.appType !== 0) throw await notFound(request);
  const ids = [...new Set(new URL(request.url).searchParams.getAll("matterType"))]
    .filter((id) => isStorableText(id) && MATTER_TYPE_ID.test(id))
    .slice(0, PRECEDENT_READS_MAX);
  const precedents =
    ids.length > 0 ? await loadMatterTypePrecedents(api, version.details.countryCode, ids) : {};
  return json(precedents, { headers: { "Cache-Control": "private, no-store" } });
}
