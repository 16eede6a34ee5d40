/**
 * The page of the terms of use and the privacy statement: open to everyone, outside the
 * signed-in layout. A header with the logo, the product name, the way back to the console
 * and the language selector; the page; a footer linking the two legal pages.
 */
import { Link, NavLink, useParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSelector } from "./LanguageSelector";
import { Logo } from "./Logo";

const linkClass = "font-semibold text-brand-700 underline hover:text-brand-800";

export function LegalLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("legal");
  const { lang } = useParams();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t("common:nav.skipToContent")}
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-6 py-3">
          <div className="flex items-center gap-3">
            <Logo className="h-9 w-9" />
            <p className="text-lg font-bold">{t("common:app.name")}</p>
          </div>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <Link to={`/${lang}/apps`} className={`inline-flex min-h-11 items-center ${linkClass}`}>
              {t("layout.backToConsole")}
            </Link>
            <LanguageSelector />
          </div>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-6 py-10 focus:outline-none"
      >
        {children}
      </main>
      <footer className="border-t border-gray-200 bg-white">
        <nav aria-label={t("layout.footerNav")} className="mx-auto max-w-5xl px-6 py-4">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <NavLink
                to={`/${lang}/terms`}
                className={`inline-flex min-h-11 items-center ${linkClass}`}
              >
                {t("layout.terms")}
              </NavLink>
            </li>
            <li>
              <NavLink
                to={`/${lang}/privacy`}
                className={`inline-flex min-h-11 items-center ${linkClass}`}
              >
                {t("layout.privacy")}
              </NavLink>
            </li>
            <li>
              <Link
                to={`/${lang}/apps`}
                className={`inline-flex min-h-11 items-center ${linkClass}`}
              >
                {t("layout.backToConsole")}
              </Link>
            </li>
          </ul>
        </nav>
      </footer>
    </div>
  );
}
