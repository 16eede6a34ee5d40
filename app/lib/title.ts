import type { TFunction } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The document title: the page, the product, and 'Error: ' first when a form failed (WCAG 2.4.2). */
export function pageTitle(t: TFunction, page: string, failed = false) {
  const title = `${page} – ${t("common:app.name")}`;
  return failed ? `${t("common:form.errorTitlePrefix")} ${title}` : title;
}

/**
 * A document POST runs the action and then the loaders with one load context: an action that
 * failed marks it, and the loader gives the title its error prefix (meta never sees action
 * data), so the prefix is there without JS too.
 */
const failedRequests = new WeakSet<object>();

export function markFailed(context: object) {
  failedRequests.add(context);
}

export function hasFailed(context: object) {
  return failedRequests.has(context);
}

/** With JS, a form that failed in the browser (or whose action answered with data) prefixes the title too. */
export function useFailedTitle(page: string, failed: boolean) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = pageTitle(t, page, failed);
  }, [t, page, failed]);
}
