/**
 * The app group area: the group sidebar (header, app switcher, the
 * group's pages) beside the page of the group. An unknown group, or another company's,
 * is 'page not found' (a 404 Response, nothing of the group is sent).
 *
 * A post to the group's own address is the versions page's (its forms post there rather than
 * to Remix's `?index`, which the address would then show): this route's action is that page's,
 * and its answer goes to the page as the Outlet's context.
 */
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Outlet,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useLocation,
} from "@remix-run/react";
import { requireUser } from "~/auth.server";
import { AppErrorBoundary } from "~/components/apps/AppErrorBoundary";
import { GroupSidebar } from "~/components/apps/GroupSidebar";
import i18next from "~/i18next.server";
import { type GroupLoadError, loadGroupSidebar } from "~/lib/apps/group.server";
import { groupPageOf } from "~/lib/apps/sidebar";
import { versionsPageAction } from "~/lib/apps/version-actions.server";
import { errorMeta } from "~/lib/error-title";
import { withNamespaces } from "~/lib/namespaces";
import { pageTitle } from "~/lib/title";

export const handle = { i18n: ["common", "apps", "appGroup"] };

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

export const action = ({ request, context }: ActionFunctionArgs) =>
  versionsPageAction(request, context);

/** The sidebar does not depend on the query: a filter or a dialog of the page does not load it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const isGet = !formMethod || formMethod.toUpperCase() === "GET";
  if (isGet && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader> = ({ error }) => errorMeta(error);

export default function AppGroupLayout() {
  const { sidebar } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col gap-8 lg:flex-row">
      <GroupSidebar {...sidebar} current={groupPageOf(pathname)} />
      <div className="min-w-0 flex-1">
        <Outlet context={answer} />
      </div>
    </div>
  );
}

export const ErrorBoundary = AppErrorBoundary;
