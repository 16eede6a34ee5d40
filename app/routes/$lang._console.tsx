/**
 * The signed-in layout: the left bar (apps, instances, usage, settings, documentation, API
 * reference, avatar menu with sign-out) and the blocking terms dialog for users who have not
 * accepted the terms.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useLocation, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getUser } from "~/api/user/endpoints";
import { ApiError } from "~/api/client.server";
import { requireUser, signInPath, signOutRedirect, SUSPENDED_MESSAGE } from "~/auth.server";
import { Icon, type IconName } from "~/components/Icon";
import { LanguageSelector } from "~/components/LanguageSelector";
import { Logo } from "~/components/Logo";
import { TermsDialog } from "~/components/TermsDialog";
import { Menu } from "~/components/ui/Menu";
import { externalLinks } from "~/lib/links.server";

export const handle = { i18n: ["common"] };

/** React 18 has no `inert` prop: the attribute is passed as is. */
const inertProps = { inert: "", "aria-hidden": true } as Record<string, unknown>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const user = await api.call(getUser).catch((error: unknown) => {
    // A suspended account (403) cannot use the console: back to sign-in, with the reason.
    if (error instanceof ApiError && error.status === 403) {
      return signOutRedirect(request, signInPath(language, { message: SUSPENDED_MESSAGE }));
    }
    throw error;
  });
  const links = externalLinks();
  return json({
    user: { userName: user.userName, userInitials: user.userInitials, email: user.email, isTermsAccepted: user.isTermsAccepted },
    links: { documentation: links.documentation, apiReference: links.apiReference },
    termsError: new URL(request.url).searchParams.get("terms") === "required",
  });
}

const NAV: { to: string; label: string; icon: IconName }[] = [
  { to: "apps", label: "nav.apps", icon: "apps" },
  { to: "instances", label: "nav.instances", icon: "instances" },
  { to: "usage", label: "nav.usage", icon: "usage" },
  { to: "settings", label: "nav.settings", icon: "settings" },
];

const EXTERNAL: { key: "documentation" | "apiReference"; icon: IconName }[] = [
  { key: "documentation", icon: "book" },
  { key: "apiReference", icon: "code" },
];

export default function ConsoleLayout() {
  const { user, links, termsError } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { lang } = useParams();
  const location = useLocation();
  const blocked = !user.isTermsAccepted;

  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("nav.skipToContent")}
      </a>
      <div className="flex min-h-screen flex-col md:flex-row" {...(blocked ? inertProps : {})}>
        <nav aria-label={t("nav.mainNavigation")} className="flex shrink-0 flex-col gap-1 bg-gray-900 p-3 text-gray-100 md:min-h-screen md:w-60">
          <div className="mb-4 flex items-center gap-2 px-2 py-2">
            <Logo className="h-8 w-8" />
            <span className="font-bold">{t("app.name")}</span>
          </div>
          <ul className="flex flex-row flex-wrap gap-1 md:flex-col">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={`/${lang}/${item.to}`}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-600 text-white" : "text-gray-100 hover:bg-gray-800"}`
                  }
                >
                  <Icon name={item.icon} />
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="mt-4 flex flex-row flex-wrap gap-1 border-t border-gray-700 pt-4 md:flex-col">
            {EXTERNAL.map((item) => (
              <li key={item.key}>
                <a href={links[item.key]} target="_blank" rel="noreferrer" className="flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-gray-800">
                  <Icon name={item.icon} />
                  {t(`nav.${item.key}`)}
                  <span className="sr-only"> {t("nav.opensInNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-auto flex flex-col gap-3 border-t border-gray-700 pt-4">
            <div className="rounded-md bg-white p-2 text-gray-900">
              <LanguageSelector className="flex-wrap" />
            </div>
            <Form method="post" action={`/${lang}/auth/signout`} id="signout-form" />
            <Menu
              align="up"
              buttonClassName="flex w-full min-h-11 items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-gray-800"
              label={
                <>
                  <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">
                    {user.userInitials}
                  </span>
                  <span className="font-semibold">{user.userName}</span>
                </>
              }
              items={[{ key: "signout", form: "signout-form", label: t("nav.signOut") }]}
            />
          </div>
        </nav>
        <main id="main" className="flex-1 p-6 md:p-10">
          <Outlet />
        </main>
      </div>
      {blocked ? <TermsDialog error={termsError} redirectTo={`${location.pathname}${location.search}`} /> : null}
    </>
  );
}
