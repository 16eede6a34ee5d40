/**
 * The app group area (spec 01 section 2): the group sidebar (header, app switcher, the
 * group's pages) beside the page of the group. An unknown group, or another company's,
 * is 'page not found' (a 404 Response, nothing of the group is sent).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { requireUser } from "~/auth.server";
import { AppErrorBoundary, errorMeta } from "~/components/apps/AppErrorBoundary";
import { GroupSidebar, groupPageOf } from "~/components/apps/GroupSidebar";
import i18next from "~/i18next.server";
import { loadGroupSidebar, type GroupLoadError } from "~/lib/apps/group.server";
import { pageTitle } from "~/lib/title";
import { withNamespaces } from "~/lib/namespaces";

export const handle = { i18n: ["common", "apps", "appGroup", "review", "pricing"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

/** The body of the error Responses this route throws: the page title and what went wrong. */
interface ThrownError extends Partial<GroupLoadError> {
  title: string;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  try {
    const sidebar = await loadGroupSidebar(api, language, params.appGroupId);
    return json({ sidebar });
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    // The error boundary has no loader data: the thrown body carries its page title.
    const t = await i18next.getFixedT(request, "common");
    const notFound = error.status === 404;
    const body: ThrownError = {
      ...(notFound ? {} : ((await error.json().catch(() => ({}))) as GroupLoadError)),
      title: pageTitle(t, t(notFound ? "errors.notFoundTitle" : "errors.somethingWentWrong")),
    };
    throw json(body, { status: error.status, statusText: error.statusText });
  }
}

/** The sidebar does not depend on the query: a filter or a dialog of the page does not load it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const isGet = !formMethod || formMethod.toUpperCase() === "GET";
  if (isGet && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader> = ({ error }) => errorMeta(error);

export default function AppGroupLayout() {
  const { sidebar } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col gap-8 lg:flex-row">
      <GroupSidebar {...sidebar} current={groupPageOf(pathname)} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = AppErrorBoundary;
