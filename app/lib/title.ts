import type { TFunction } from "i18next";

/** The document title: the page, the product, and 'Error: ' first when a form failed (WCAG 2.4.2). */
export function pageTitle(t: TFunction, page: string, failed = false) {
  const title = `${page} – ${t("common:app.name")}`;
  return failed ? `${t("common:form.errorTitlePrefix")} ${title}` : title;
}
