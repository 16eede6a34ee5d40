/**
 * The sandbox tabs: links to the page's `?tab=`, each with its count of
 * accounts; the current one is marked for assistive technology.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

type Tab = "staging" | "live";

export function InstanceTabs({
  tabs,
  current,
  href,
}: {
  tabs: { key: Tab; count: number }[];
  current: Tab;
  href: (tab: Tab) => string;
}) {
  const { t } = useTranslation("instances");
  return (
    <nav aria-label={t("tabs.label")} className="mb-6 border-b border-gray-300">
      <ul className="flex flex-wrap gap-2">
        {tabs.map(({ key, count }) => (
          <li key={key}>
            <Link
              to={href(key)}
              aria-current={key === current ? "page" : undefined}
              className={`inline-flex items-center gap-2 border-b-4 px-4 py-2 font-semibold ${key === current ? "border-brand-600 text-gray-900" : "border-transparent text-gray-700 hover:text-gray-900"}`}
            >
              {t(`tabs.${key}`)}
              <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs text-gray-900">
                <span className="sr-only">{t("tabs.count", { count })}</span>
                <span aria-hidden="true">{count}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
