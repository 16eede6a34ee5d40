/**
 * The app version area: the app group sidebar beside the version's
 * pages, with Back to the app list, the title (the app's name, version number and status
 * name) and the tabs Details and Marketplace, Data attestation where it is enabled for the
 * app's country, and Desktop, Web and Reporting for a public app (a dot on a configured one).
 * The pages (details/, marketplace/, data/, $platform/) carry the forms, Save and the
 * Actions menu.
 *
 * `/apps/{id}` alone opens the details; `/apps/new` the new app's details. An unknown
 * version, a malformed id or another company's version is 'page not found' (a 404 Response,
 * nothing of the version is sent).
 */
import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { isEditable } from "~/api/apps/status";
import { requireUser } from "~/auth.server";
import { AppErrorBoundary } from "~/components/apps/AppErrorBoundary";
import { EditorHeader } from "~/components/apps/editor/EditorHeader";
import { GroupSidebar } from "~/components/apps/GroupSidebar";
import { attestationEnabled } from "~/lib/apps/data-attestation.server";
import { loadVersion } from "~/lib/apps/editor.server";
import { loadVersionSidebar } from "~/lib/apps/group.server";
import { platformTabs } from "~/lib/apps/platform-tabs";
import { errorMeta } from "~/lib/error-title";
import { withNamespaces } from "~/lib/namespaces";
import { afterUnreachable } from "~/lib/outage";

export const handle = { i18n: ["common", "apps", "appGroup", "appEditor"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const id = params.appVersionId ?? "";
  if (id === "new") throw redirect(`/${language}/apps/new/details`);
  const version = await loadVersion(request, api, id);
  const { pathname } = new URL(request.url);
  if (pathname.replace(/\/+$/, "") === `/${language}/apps/${id}`)
    throw redirect(`/${language}/apps/${version.id}/details`);
  // The sidebar is a comfort: the version's pages work without it.
  const [sidebar, dataTab] = await Promise.all([
    loadVersionSidebar(api, language, version.groupId).catch(() => null),
    attestationEnabled(api, version.details.countryCode),
  ]);
  return json({
    header: {
      versionId: version.id,
      name: version.details.name,
      versionDisplay: version.versionNumberDisplay,
      statusCode: version.statusCode,
      isLiveSubmissionRejected: version.isLiveSubmissionRejected,
      editable: isEditable(version.statusCode, version.isArchived),
      dataTab,
      platforms: platformTabs(version.details.appType, version.platforms),
    },
    sidebar,
  });
}

/**
 * Not reloaded when only a dialog's query changes, nor after an upload of the listing page
 * (the page adds the image itself; nothing of the header changed), nor after a save the
 * provider was out of reach for.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  formData,
  actionStatus,
  defaultShouldRevalidate,
}) => {
  if (formData?.get("intent") === "upload-files" || afterUnreachable({ actionStatus }))
    return false;
  const isGet = !formMethod || formMethod.toUpperCase() === "GET";
  if (isGet && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search)
    return false;
  return defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader> = ({ error }) => errorMeta(error);

export default function AppVersionLayout() {
  const { header, sidebar } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-8 lg:flex-row">
      {sidebar ? <GroupSidebar {...sidebar} current="versions" /> : null}
      <div className="min-w-0 flex-1">
        <EditorHeader mode="edit" {...header} />
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = AppErrorBoundary;
