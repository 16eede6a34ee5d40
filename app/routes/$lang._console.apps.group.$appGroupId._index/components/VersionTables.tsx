/**
 * The app group's version tables: the active versions (each with its menu) and the history,
 * with the filter that shows the versions that went live.
 */
import { Form, Link, useNavigate, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/apps/StatusBadge";
import { VersionMenu } from "~/components/apps/VersionMenu";
import { Button } from "~/components/ui/Button";
import { useHydrated } from "~/lib/hydrated";
import { type ActiveRow, type HistoryRow, LIVE_PARAM } from "../versions";

/** A date cell: dd/MM/yyyy, or a dash that reads as 'no date'. */
function DateText({ value }: { value: string | null }) {
  const { t } = useTranslation("appGroup");
  if (value) return <>{value}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("versions.noDate")}</span>
    </>
  );
}

const thClass = "px-3 py-2 text-left text-sm font-semibold text-gray-900";
const tdClass = "px-3 py-3 text-sm text-gray-900 align-middle";
/** The version link covers its whole row (a real link, not a click handler on the row). */
const rowLinkClass =
  "font-semibold text-brand-700 underline underline-offset-2 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:outline-brand-600";

function VersionLink({ versionId, version }: { versionId: string; version: string }) {
  const { t } = useTranslation("appGroup");
  const { lang } = useParams();
  return (
    <Link
      to={`/${lang}/apps/${versionId}/details`}
      className={rowLinkClass}
      aria-label={t("versions.openDetails", { version })}
    >
      {version}
    </Link>
  );
}

export function ActiveTable({
  rows,
  appName,
  appLevel,
}: {
  rows: ActiveRow[];
  appName: string;
  appLevel: number;
}) {
  const { t } = useTranslation("appGroup");
  return (
    <table aria-labelledby="active-title" className="w-full border-collapse">
      <thead className="border-b border-gray-300 bg-gray-50">
        <tr>
          <th scope="col" className={thClass}>
            {t("versions.columns.version")}
          </th>
          <th scope="col" className={thClass}>
            {t("versions.columns.status")}
          </th>
          <th scope="col" className={thClass}>
            {t("versions.columns.modified")}
          </th>
          <th scope="col" className={thClass}>
            <span className="sr-only">{t("versions.columns.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.versionId} className="relative border-b border-gray-200 hover:bg-gray-50">
            <td className={tdClass}>
              <VersionLink versionId={row.versionId} version={row.version} />
            </td>
            <td className={tdClass}>
              <StatusBadge
                statusCode={row.statusCode}
                liveSubmissionRejected={row.isLiveSubmissionRejected}
              />
            </td>
            <td className={tdClass}>{row.modified}</td>
            {/* Above the row's link, so that the menu gets the clicks; an open menu above the rows below. */}
            <td className={`${tdClass} relative z-10 w-14 has-open:z-20 has-aria-expanded:z-20`}>
              <VersionMenu
                version={{
                  versionId: row.versionId,
                  versionDisplay: row.version,
                  statusCode: row.statusCode,
                }}
                appName={appName}
                appLevel={appLevel}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HistoryTable({ rows }: { rows: HistoryRow[] }) {
  const { t } = useTranslation("appGroup");
  const columns = ["version", "status", "submitted", "outcome", "liveFrom", "liveUntil"] as const;
  return (
    // Six columns: on a narrow screen the table scrolls sideways by itself, never the page
    // (no menus in it, so nothing is cut off).
    <div className="overflow-x-auto">
      <table aria-labelledby="history-title" className="w-full border-collapse">
        <thead className="border-b border-gray-300 bg-gray-50">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={thClass}>
                {t(`versions.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.versionId} className="relative border-b border-gray-200 hover:bg-gray-50">
              <td className={tdClass}>
                <VersionLink versionId={row.versionId} version={row.version} />
              </td>
              <td className={tdClass}>
                <StatusBadge statusCode={row.statusCode} />
              </td>
              <td className={tdClass}>
                <DateText value={row.submitted} />
              </td>
              <td className={`${tdClass} ${row.outcome === 2 ? "font-semibold text-red-800" : ""}`}>
                {t(`versions.outcome.${row.outcome === 1 || row.outcome === 2 ? row.outcome : 0}`)}
              </td>
              <td className={tdClass}>
                <DateText value={row.liveFrom} />
              </td>
              <td className={tdClass}>
                <DateText value={row.liveUntil} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Show versions that went live': a GET form; Apply without JS, applied on change with JS. */
export function HistoryFilter({ showLive }: { showLive: boolean }) {
  const { t } = useTranslation("appGroup");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      aria-label={t("versions.history.filterLabel")}
      className="mb-4 flex flex-wrap items-center gap-3"
    >
      <label className="inline-flex min-h-11 items-center gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          name={LIVE_PARAM}
          value="1"
          defaultChecked={showLive}
          key={String(showLive)}
          className="h-5 w-5 rounded border-gray-500"
          onChange={(event) => {
            const search = event.currentTarget.checked ? `?${LIVE_PARAM}=1` : "";
            navigate({ search }, { replace: true, preventScrollReset: true });
          }}
        />
        {t("versions.history.showLive")}
      </label>
      {hydrated ? null : (
        <Button type="submit" variant="secondary">
          {t("versions.history.apply")}
        </Button>
      )}
    </Form>
  );
}
