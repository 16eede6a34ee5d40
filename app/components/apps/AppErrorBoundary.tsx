/**
 * What the app version and app group routes show when their loader throws: 'page not found'
 * for an unknown version or group, or another company's (nothing of it is sent), else what
 * went wrong with the provider's detail and trace ID. Inside the console's layout, so the
 * navigation stays. The thrown body carries the page title (`LoadError` of editor.server,
 * the group layout's error body), used by `errorMeta`. Anything else goes on to the root's
 * boundary, which logs it.
 *
 *   export const meta: MetaFunction<typeof loader> = ({ data, error }) => (error ? errorMeta(error) : [...]);
 *   export const ErrorBoundary = AppErrorBoundary;
 */
import { isRouteErrorResponse, Link, useParams, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { errorText } from "~/components/ErrorDialog";

interface Thrown {
  title?: string;
  detail?: string;
  traceId?: string;
  fallback?: string;
}

export function AppErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { lang } = useParams();
  if (!isRouteErrorResponse(error)) throw error;
  const notFound = error.status === 404;
  const thrown = (error.data ?? {}) as Thrown;
  const { message, trace } = errorText(t, {
    detail: thrown.detail,
    traceId: thrown.traceId,
    fallback: thrown.fallback ?? "fetchApp",
  });
  return (
    <section aria-labelledby="app-error-title" className="max-w-xl">
      <h1 id="app-error-title" className="text-2xl font-bold text-gray-900">
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
