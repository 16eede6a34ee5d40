import { isRouteErrorResponse } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * 'Error: ' before the document title while the form shows errors (WCAG 2.4.2), whether the
 * browser or the action found them; without JS the page's loader gives the prefix.
 */
export function useErrorTitle(failed: boolean) {
  const { t } = useTranslation();
  useEffect(() => {
    const prefix = `${t("common:form.errorTitlePrefix")} `;
    const strip = () => {
      if (document.title.startsWith(prefix)) document.title = document.title.slice(prefix.length);
    };
    strip();
    if (failed) document.title = `${prefix}${document.title}`;
    return strip;
  }, [failed, t]);
}

/** The page title of a thrown error (a loader's body with a `title`), for a route's `meta`. */
export function errorMeta(error: unknown): { title: string }[] {
  const thrown = isRouteErrorResponse(error) ? (error.data as { title?: string } | null) : null;
  return thrown?.title ? [{ title: thrown.title }] : [];
}
