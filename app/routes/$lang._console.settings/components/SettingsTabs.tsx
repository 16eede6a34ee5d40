/** The settings screen's tabs: links that put the tab in the URL (`?tab=`), so they work without JavaScript. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SettingsTab } from "~/lib/settings-tabs";

/** `awaiting`: the company's details wait for the provider's review (a dot with a tooltip on the company tab). */
export function SettingsTabs({
  tabs,
  current,
  awaiting = false,
}: {
  tabs: readonly SettingsTab[];
  current: SettingsTab;
  awaiting?: boolean;
}) {
  const { t } = useTranslation("settings");
  return (
    <nav aria-label={t("tabs.label")} className="mb-8 border-b border-gray-300">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const selected = tab === current;
          return (
            <li key={tab}>
              <Link
                to={`?tab=${tab}`}
                aria-current={selected ? "page" : undefined}
                preventScrollReset
                className={`group -mb-px inline-flex min-h-11 items-center border-b-4 px-4 font-semibold ${
                  selected
                    ? "border-blue-800 text-blue-900"
                    : "border-transparent text-gray-800 hover:border-gray-400"
                }`}
              >
                {t(`tabs.${tab}`)}
                {tab === "company" && awaiting ? (
                  <span
                    className="relative ml-2 inline-flex items-center"
                    data-testid="company-awaiting"
                  >
                    <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-amber-600" />
                    <span className="sr-only">{t("company.awaiting")}</span>
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute top-full left-1/2 z-10 mt-2 hidden w-56 -translate-x-1/2 rounded bg-gray-900 px-2 py-1 text-xs font-normal text-white group-hover:block group-focus-visible:block"
                    >
                      {t("company.awaiting")}
                    </span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
