/**
 * The app group area (spec 01 section 2): the group sidebar (header, app switcher, the
 * group's pages) beside the page of the group. An unknown group, or another company's,
 * is 'page not found' (a 404 Response, nothing of the group is sent).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useParams,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth.server";
import { errorText } from "~/components/ErrorDialog";
import { GroupSidebar } from "~/components/apps/GroupSidebar";
import i18next from "~/i18next.server";
import { loadGroupSidebar, type GroupLoadError } from "~/lib/apps/group.server";
import { pageTitle } from "~/lib/title";

export const handle = { i18n: ["common", "apps", "appGroup"] };

/** The body of the error Responses this route throws: the page title and what went wrong. */
interface ThrownError extends Partial<GroupLoadError> {
  title: string;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  try {
    const sidebar = await loadGroupSidebar(api, params.appGroupId);
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

export const meta: MetaFunction<typeof loader> = ({ error }) => {
  const thrown = isRouteErrorResponse(error) ? (error.data as ThrownError | null) : null;
  return thrown?.title ? [{ title: thrown.title }] : [];
};

export default function AppGroupLayout() {
  const { sidebar } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-8 lg:flex-row">
      <GroupSidebar {...sidebar} current="versions" />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { lang } = useParams();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const thrown = isRouteErrorResponse(error) ? (error.data as ThrownError | null) : null;
  const { message, trace } = errorText(t, {
    detail: thrown?.detail,
    traceId: thrown?.traceId,
    fallback: notFound ? undefined : "fetchApp",
  });
  return (
    <section aria-labelledby="group-error-title" className="max-w-xl">
      <h1 id="group-error-title" className="text-2xl font-bold text-gray-900">
        {notFound ? t("errors.notFoundTitle") : t("errors.somethingWentWrong")}
      </h1>
      <p className="mt-4">{notFound ? t("errors.notFoundBody") : message}</p>
      {trace && !notFound ? <p className="mt-2 text-sm text-gray-700">{trace}</p> : null}
      <p className="mt-6">
        <Link className="font-semibold text-brand-700 underline" to={`/${lang}/apps`}>
          {t("errors.backToApps")}
        </Link>
      </p>
    </section>
  );
}
