/**
 * The top of the app version pages: Back to the app list, the title
 * (the app's name, version number and status name, or 'New app') and the tabs Details and
 * Marketplace, Data attestation where it is enabled for the app's country (`dataTab`), and
 * for a public app (appType 0) the platform tabs Desktop, Web and Reporting (`platforms`),
 * each with a dot, named 'configured', when the version holds a schema of that platform.
 * A new app has no listing yet: its Marketplace tab says so until the
 * details are saved.
 *
 * On an editable version's Details or Marketplace page, the other of the two tabs is a
 * submit button of the page's form (`intent=go:{page}`, not validated): the server keeps
 * what the form holds as a draft and opens the other page, so moving between them loses
 * nothing typed, with or without JavaScript (app/lib/apps/drafts.server.ts). The Data
 * attestation tab, and the tabs of its page, are links: leaving a changed form that way asks
 * first (with JavaScript).
 */
import { Link, NavLink, useLocation, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/apps/StatusBadge";
import { DETAILS_FORM_ID, LISTING_FORM_ID } from "~/forms/app-editor";
import type { PlatformTab } from "~/lib/apps/platform-tabs";

export type EditorTab = "details" | "marketplace" | "data";

export type EditorHeaderProps =
  | { mode: "new" }
  | {
      mode: "edit";
      versionId: string;
      name: string;
      versionDisplay: string;
      statusCode: number;
      isLiveSubmissionRejected?: boolean;
      /** The version's forms can be saved: the tabs carry what they hold. */
      editable?: boolean;
      /** Data attestation is enabled for the app's country: its tab shows. */
      dataTab?: boolean;
      /** The platform tabs (platformTabs): none for a connector app. */
      platforms?: PlatformTab[];
    };

/** The form of each tab's page that keeps a draft when the other one opens. */
const FORM_OF: Partial<Record<EditorTab, string>> = {
  details: DETAILS_FORM_ID,
  marketplace: LISTING_FORM_ID,
};

const TABS: EditorTab[] = ["details", "marketplace", "data"];

const TAB_LABEL: Record<EditorTab, string> = {
  details: "tabs.details",
  marketplace: "tabs.marketplace",
  data: "tabs.data",
};

const tabClass = (active: boolean) =>
  `inline-flex min-h-11 items-center border-b-4 px-4 py-2 text-sm font-semibold ${
    active
      ? "border-brand-600 text-gray-900"
      : "border-transparent text-brand-700 hover:border-gray-300 hover:text-gray-900"
  }`;

export function EditorHeader(props: EditorHeaderProps) {
  const { t } = useTranslation("appEditor");
  const { lang } = useParams();
  const { pathname } = useLocation();
  const current =
    props.mode === "edit"
      ? TABS.find(
          (tab) => pathname.replace(/\/+$/, "") === `/${lang}/apps/${props.versionId}/${tab}`,
        )
      : undefined;
  const tabs = TABS.filter((tab) => tab !== "data" || (props.mode === "edit" && props.dataTab));
  return (
    <header className="mb-6">
      <p className="mb-4">
        <Link
          to={`/${lang}/apps`}
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline"
        >
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
          <span className="min-w-0 wrap-anywhere">{props.name}</span>
          <span className="text-xl font-semibold text-gray-700">
            {t("title.version", { version: props.versionDisplay })}
          </span>
          <span className="text-base font-normal">
            <StatusBadge
              statusCode={props.statusCode}
              liveSubmissionRejected={props.isLiveSubmissionRejected}
            />
          </span>
        </h1>
      )}
      <nav aria-label={t("tabs.label")} className="mt-6 border-b border-gray-300">
        <ul className="-mb-px flex flex-wrap gap-2">
          {tabs.map((tab) =>
            props.mode === "edit" &&
            props.editable &&
            current &&
            tab !== current &&
            FORM_OF[current] &&
            FORM_OF[tab] ? (
              <li key={tab}>
                <button
                  type="submit"
                  form={FORM_OF[current]}
                  name="intent"
                  value={`go:${tab}`}
                  formNoValidate
                  className={tabClass(false)}
                >
                  {t(TAB_LABEL[tab])}
                </button>
              </li>
            ) : props.mode === "edit" ? (
              <li key={tab}>
                <NavLink
                  to={`/${lang}/apps/${props.versionId}/${tab}`}
                  className={({ isActive }) => tabClass(isActive)}
                  end
                >
                  {t(TAB_LABEL[tab])}
                </NavLink>
              </li>
            ) : tab === "details" ? (
              <li key={tab}>
                <NavLink
                  to={`/${lang}/apps/new/details`}
                  className={({ isActive }) => tabClass(isActive)}
                  end
                >
                  {t(`tabs.${tab}`)}
                </NavLink>
              </li>
            ) : (
              <li key={tab}>
                <span
                  className={`${tabClass(false)} cursor-not-allowed text-gray-600 hover:border-transparent hover:text-gray-600`}
                >
                  {t(`tabs.${tab}`)}
                </span>
              </li>
            ),
          )}
          {props.mode === "edit"
            ? (props.platforms ?? []).map(({ platform, configured }) => (
                <li key={platform}>
                  <NavLink
                    to={`/${lang}/apps/${props.versionId}/${platform}`}
                    className={({ isActive }) => tabClass(isActive)}
                  >
                    {t(`tabs.${platform}`)}
                    {configured ? (
                      <>
                        <span
                          aria-hidden="true"
                          className="ml-2 inline-block h-2 w-2 rounded-full bg-brand-600"
                        />
                        <span className="sr-only">{t("tabs.configured")}</span>
                      </>
                    ) : null}
                  </NavLink>
                </li>
              ))
            : null}
        </ul>
      </nav>
      {props.mode === "new" ? (
        <p className="mt-2 text-sm text-gray-700">{t("tabs.saveFirst")}</p>
      ) : null}
    </header>
  );
}
