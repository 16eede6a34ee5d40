/** Links to the terms and the privacy statement, each opening in a new tab. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function TermsLinks({ lang, className }: { lang: string | undefined; className: string }) {
  const { t } = useTranslation("common");
  return (
    <p className={className}>
      <Link
        to={`/${lang}/terms`}
        target="_blank"
        className="font-semibold text-brand-700 underline"
      >
        {t("terms.readTerms")}
        <span className="sr-only"> {t("nav.opensInNewTab")}</span>
      </Link>
      <Link
        to={`/${lang}/privacy`}
        target="_blank"
        className="font-semibold text-brand-700 underline"
      >
        {t("terms.readPrivacy")}
        <span className="sr-only"> {t("nav.opensInNewTab")}</span>
      </Link>
    </p>
  );
}
