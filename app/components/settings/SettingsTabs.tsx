/** The settings screen's tabs: links that put the tab in the URL (`?tab=`), so they work without JavaScript. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export const SETTINGS_TABS = ["user", "bank", "users", "company"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const isSettingsTab = (value: unknown): value is SettingsTab => (SETTINGS_TABS as readonly unknown[]).includes(value);

export function SettingsTabs({ tabs, current }: { tabs: readonly SettingsTab[]; current: SettingsTab }) {
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
                className={`-mb-px inline-flex min-h-11 items-center border-b-4 px-4 font-semibold ${
                  selected ? "border-blue-800 text-blue-900" : "border-transparent text-gray-800 hover:border-gray-400"
                }`}
              >
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
