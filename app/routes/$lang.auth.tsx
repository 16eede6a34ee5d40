/** The authentication area: a side panel with the logo and the sign-in/register toggle. */
import { Link, Outlet, useLocation, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSelector } from "~/components/LanguageSelector";
import { Logo } from "~/components/Logo";

export const handle = { i18n: ["common", "auth"] };

export default function AuthLayout() {
  const { t } = useTranslation("auth");
  const { lang } = useParams();
  const { pathname } = useLocation();
  const onRegister = pathname.startsWith(`/${lang}/auth/register`);
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="flex flex-col gap-6 bg-brand-800 p-8 text-white md:w-80">
        <div className="flex items-center gap-3">
          <Logo />
          <p className="text-lg font-bold">{t("common:app.name")}</p>
        </div>
        <p className="text-sm text-blue-100">
          {onRegister ? t("panel.registerIntro") : t("panel.signinIntro")}
        </p>
        <div>
          <p className="text-sm text-blue-100">
            {onRegister ? t("panel.haveAccount") : t("panel.noAccount")}
          </p>
          <Link
            to={onRegister ? `/${lang}/auth/signin` : `/${lang}/auth/register`}
            className="mt-2 inline-flex min-h-11 items-center rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-blue-50"
          >
            {onRegister ? t("panel.toSignIn") : t("panel.toRegister")}
          </Link>
        </div>
      </aside>
      <div className="flex flex-1 flex-col">
        <header className="flex justify-end border-b border-gray-200 bg-white px-6 py-3">
          <LanguageSelector />
        </header>
        <main id="main" className="flex flex-1 justify-center px-6 py-10">
          <div className="w-full max-w-2xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
