/**
 * The top of the app version pages (spec 01 section 2): Back to the app list, the title
 * (the app's name, version number and status name, or 'New app') and the tabs Details and
 * Marketplace (links; the platform tabs come with their issue). A new app has no listing
 * yet: its Marketplace tab says so until the details are saved.
 */
import { Link, NavLink, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/apps/StatusBadge";

export type EditorTab = "details" | "marketplace";

export type EditorHeaderProps =
  | { mode: "new" }
  | {
      mode: "edit";
      versionId: string;
      name: string;
      versionDisplay: string;
      statusCode: number;
      isLiveSubmissionRejected?: boolean;
    };

const TABS: EditorTab[] = ["details", "marketplace"];

const tabClass = (active: boolean) =>
  `inline-flex min-h-11 items-center border-b-4 px-4 py-2 text-sm font-semibold ${
    active ? "border-brand-600 text-gray-900" : "border-transparent text-brand-700 hover:border-gray-300 hover:text-gray-900"
  }`;

export function EditorHeader(props: EditorHeaderProps) {
  const { t } = useTranslation("appEditor");
  const { lang } = useParams();
  return (
    <header className="mb-6">
      <p className="mb-4">
        <Link to={`/${lang}/apps`} className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
          </svg>
          {t("back")}
        </Link>
      </p>
      {props.mode === "new" ? (
        <h1 className="text-3xl font-bold text-gray-900">{t("title.newApp")}</h1>
      ) : (
        <h1 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-3xl font-bold text-gray-900">
          <span className="break-words">{props.name}</span>
          <span className="text-xl font-semibold text-gray-700">{t("title.version", { version: props.versionDisplay })}</span>
          <span className="text-base font-normal">
            <StatusBadge statusCode={props.statusCode} liveSubmissionRejected={props.isLiveSubmissionRejected} />
          </span>
        </h1>
      )}
      <nav aria-label={t("tabs.label")} className="mt-6 border-b border-gray-300">
        <ul className="-mb-px flex flex-wrap gap-2">
          {TABS.map((tab) =>
            props.mode === "edit" ? (
              <li key={tab}>
                <NavLink to={`/${lang}/apps/${props.versionId}/${tab}`} className={({ isActive }) => tabClass(isActive)} end>
                  {t(`tabs.${tab}`)}
                </NavLink>
              </li>
            ) : tab === "details" ? (
              <li key={tab}>
                <NavLink to={`/${lang}/apps/new/details`} className={({ isActive }) => tabClass(isActive)} end>
                  {t(`tabs.${tab}`)}
                </NavLink>
              </li>
            ) : (
              <li key={tab}>
                <span className={`${tabClass(false)} cursor-not-allowed text-gray-600 hover:border-transparent hover:text-gray-600`}>
                  {t(`tabs.${tab}`)}
                </span>
              </li>
            ),
          )}
        </ul>
      </nav>
      {props.mode === "new" ? (
        <p className="mt-2 text-sm text-gray-700">
          {t("tabs.saveFirst")}
        </p>
      ) : null}
    </header>
  );
}
