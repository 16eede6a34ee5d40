/**
 * The console's main navigation: apps, instances, usage, settings, documentation, API
 * reference, the language selector and the avatar menu with sign-out.
 *
 * From the sm breakpoint (600 px) it is the left bar. Narrower, a compact top bar (logo,
 * product name, Menu button) comes first and the same navigation is folded under the button,
 * opening below it in the flow of the page. The button is the <summary> of a <details>
 * disclosure whose open state shows the navigation (the `folded-nav` rule of tailwind.css),
 * with JavaScript and without. Once JavaScript runs, opening it moves the focus into the
 * navigation, Escape closes it and returns the focus to the button, leaving it by Tab or a
 * press elsewhere closes it, and following one of its links (or any change of page) closes it.
 */
import { Form, NavLink, useLocation, useParams } from "@remix-run/react";
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "~/components/Icon";
import { LanguageSelector } from "~/components/LanguageSelector";
import { Logo } from "~/components/Logo";
import { Menu } from "~/components/ui/Menu";
import { focusLeaves, usePressOutside } from "~/lib/dismiss";

export interface MainNavigationProps {
  user: { userName: string; userInitials: string };
  links: { documentation: string; apiReference: string };
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

/** The id of the navigation (the menu button controls it) and of the no-JS disclosure. */
const NAV_ID = "main-nav";
const DISCLOSURE_ID = "main-menu";

/** The column of the layout: the top bar and the navigation below sm, the left bar from sm. */
const columnClass = "flex shrink-0 flex-col bg-gray-900 text-gray-100 sm:w-60";
const topBarClass = "flex items-center justify-between gap-3 px-3 py-2 sm:hidden";
const navClass =
  "flex flex-1 flex-col gap-1 p-3 max-sm:border-t max-sm:border-gray-700 sm:min-h-screen";
const menuButtonClass =
  "flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-gray-500 px-3 py-2 text-sm font-semibold text-gray-100 hover:bg-gray-800 in-open:bg-gray-800 [&::-webkit-details-marker]:hidden";

function Brand({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`flex min-w-0 items-center gap-2 ${className}`}>
      <Logo className="h-8 w-8 shrink-0" />
      <span className="font-bold">{t("app.name")}</span>
    </div>
  );
}

function MenuLabel() {
  const { t } = useTranslation();
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5 shrink-0">
        <path
          fillRule="evenodd"
          d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z"
          clipRule="evenodd"
        />
      </svg>
      {t("nav.menu")}
    </>
  );
}

/** What the navigation holds. */
function NavigationContent({ user, links }: MainNavigationProps) {
  const { t } = useTranslation();
  const { lang } = useParams();
  return (
    <>
      <Brand className="mb-4 px-2 py-2 max-sm:hidden" />
      <ul className="flex flex-col gap-1">
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
      <ul className="mt-4 flex flex-col gap-1 border-t border-gray-700 pt-4">
        {EXTERNAL.map((item) => (
          <li key={item.key}>
            <a
              href={links[item.key]}
              target="_blank"
              rel="noreferrer"
              className="flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-gray-800"
            >
              <Icon name={item.icon} />
              {t(`nav.${item.key}`)}
              <span className="sr-only"> {t("nav.opensInNewTab")}</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-3 border-t border-gray-700 pt-4 sm:mt-auto">
        <div className="rounded-md bg-white p-2 text-gray-900">
          <LanguageSelector className="flex-wrap" />
        </div>
        <Form method="post" action={`/${lang}/auth/signout`} id="signout-form" />
        <Menu
          align="up"
          buttonClassName="flex w-full min-h-11 min-w-0 items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-gray-800"
          label={
            <>
              <span
                aria-hidden="true"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
              >
                {user.userInitials}
              </span>
              {/* A long name is cut short on screen; its accessible name is the whole name. */}
              <span className="min-w-0 truncate font-semibold" title={user.userName}>
                {user.userName}
              </span>
            </>
          }
          items={[{ key: "signout", form: "signout-form", label: t("nav.signOut") }]}
        />
      </div>
    </>
  );
}

/** The folded navigation's behaviour once JavaScript runs (see the top of the file). */
function useFoldedNavigation() {
  const column = useRef<HTMLDivElement>(null);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  const fold = useCallback((returnFocus = false) => {
    const details = disclosure.current;
    if (!details?.open) return;
    details.open = false;
    if (returnFocus) details.querySelector("summary")?.focus();
  }, []);
  usePressOutside(column, open, fold);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    fold();
  }, [pathname, fold]);

  return {
    column: {
      ref: column,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== "Escape" || !disclosure.current?.open) return;
        event.preventDefault();
        fold(true);
      },
      onBlur: (event: FocusEvent<HTMLElement>) => focusLeaves(event) && fold(),
    },
    disclosure: {
      ref: disclosure,
      onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => {
        const opened = event.currentTarget.open;
        setOpen(opened);
        if (opened) document.getElementById(NAV_ID)?.querySelector("a")?.focus();
      },
    },
    // A link of the console (not one opening a new tab) folds it as it is followed.
    nav: {
      onClick: (event: MouseEvent) =>
        (event.target as Element).closest("a:not([target])") && fold(),
    },
  };
}

export function MainNavigation(props: MainNavigationProps) {
  const { t } = useTranslation();
  const folded = useFoldedNavigation();
  return (
    <div {...folded.column} className={columnClass}>
      <div className={topBarClass}>
        <Brand />
        <details id={DISCLOSURE_ID} {...folded.disclosure}>
          <summary aria-controls={NAV_ID} className={menuButtonClass}>
            <MenuLabel />
          </summary>
        </details>
      </div>
      <nav
        id={NAV_ID}
        aria-label={t("nav.mainNavigation")}
        className={`${navClass} folded-nav`}
        {...folded.nav}
      >
        <NavigationContent {...props} />
      </nav>
    </div>
  );
}
