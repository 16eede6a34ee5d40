/**
 * A table of the usage summary: one row per app with its total; a row opens (a `<details>`,
 * so without JavaScript too) on the firms using the app, by name or 'unknown', each with its
 * count of users (user-level apps), or a tick and its count of usage (firm-level and
 * always-on apps): the total is the sum of the counts, so every table shows what it adds up.
 * With JavaScript the row opens and closes over 300 ms, at once when
 * reduced motion is asked for.
 */
import { type MouseEvent, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { UsageTableApp, UsageTableName } from "~/api/usage/rules";

/** The expand animation (usage expand 300 ms). */
export const USAGE_EXPAND_MS = 300;

const COLUMNS = "sm:grid sm:grid-cols-[minmax(0,1fr)_6rem_14rem_6rem] sm:items-center sm:gap-3";

/** A `<details>` that opens and closes its body with a height animation. */
function useAnimatedDetails() {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const running = useRef<Animation | null>(null);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const details = detailsRef.current;
    const body = bodyRef.current;
    if (
      !details ||
      !body ||
      typeof body.animate !== "function" ||
      window.matchMedia("(prefers-reduced-motion: reduce)").matches
    )
      return;
    event.preventDefault();
    // A click during an animation turns it round from where it is.
    const was = running.current?.id;
    const opening = was === "closing" || (was !== "opening" && !details.open);
    const from = details.open ? body.getBoundingClientRect().height : 0;
    running.current?.cancel();
    details.open = true;
    const frames = [{ height: `${from}px` }, { height: `${opening ? body.scrollHeight : 0}px` }];
    body.style.overflow = "hidden";
    const animation = body.animate(frames, { duration: USAGE_EXPAND_MS, easing: "ease-in-out" });
    animation.id = opening ? "opening" : "closing";
    running.current = animation;
    animation.onfinish = () => {
      running.current = null;
      body.style.overflow = "";
      if (!opening) details.open = false;
    };
  };
  return { detailsRef, bodyRef, onClick };
}

/** The head of a small table of the summary: its columns' names. */
export function ColumnHeads({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr className="border-b-2 border-gray-400">
        {columns.map((column) => (
          <th key={column} scope="col" className="py-1 pr-6 font-semibold text-gray-900">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Tick({ label }: { label: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className="h-5 w-5 text-green-700"
      role="img"
      aria-label={label}
      focusable="false"
    >
      <path
        d="M4 10.5l4 4 8-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function AppRow({ row, shows }: { row: UsageTableApp; shows: "tick" | "count" }) {
  const { t } = useTranslation(["usage", "apps"]);
  const { detailsRef, bodyRef, onClick } = useAnimatedDetails();
  return (
    <li className="border-b border-gray-200">
      <details ref={detailsRef} className="group" data-app={row.app.appId}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the summary is the details' own toggle; onClick animates it */}
        <summary
          onClick={onClick}
          className={`flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-3 px-3 py-2 hover:bg-gray-50 [&::-webkit-details-marker]:hidden ${COLUMNS}`}
        >
          <span className="flex min-w-0 items-center gap-2 font-semibold text-gray-900">
            <svg
              viewBox="0 0 20 20"
              className="h-4 w-4 shrink-0 transition-transform group-open:rotate-90 motion-reduce:transition-none"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="truncate">{row.app.appName}</span>
          </span>
          <span className="text-gray-700">
            <span className="sr-only">{t("columns.country")}: </span>
            {row.app.countryCode}
          </span>
          <span className="text-gray-700">
            <span className="sr-only">{t("columns.status")}: </span>
            {t(`apps:status.${row.app.appStatus}`, { defaultValue: row.app.appStatus })}
          </span>
          <span className="tabular-nums text-gray-900 sm:text-right">
            <span className="sr-only">{t("columns.total")}: </span>
            {row.total}
          </span>
        </summary>
        <div ref={bodyRef}>
          {row.firms.length === 0 ? (
            <p className="px-9 pb-3 text-sm text-gray-700">{t("noFirms")}</p>
          ) : (
            <table className="mb-3 ml-9 text-left text-sm">
              <caption className="sr-only">{t("firmsOf", { app: row.app.appName })}</caption>
              <ColumnHeads
                columns={
                  shows === "tick"
                    ? [t("columns.firm"), t("columns.uses"), t("columns.usage")]
                    : [t("columns.firm"), t("columns.users")]
                }
              />
              <tbody>
                {row.firms.map((firm) => (
                  <tr key={firm.firmId}>
                    <th scope="row" className="py-1 pr-6 font-normal text-gray-900">
                      {firm.firmName ?? t("unknownFirm")}
                    </th>
                    {shows === "tick" ? (
                      <td className="py-1 pr-6">
                        <Tick label={t("uses")} />
                      </td>
                    ) : null}
                    <td className="py-1 pr-3 tabular-nums text-gray-900">{firm.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </details>
    </li>
  );
}

export function UsageTable({
  name,
  shows,
  rows,
}: {
  name: UsageTableName;
  shows: "tick" | "count";
  rows: UsageTableApp[];
}) {
  const { t } = useTranslation("usage");
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mb-8" data-table={name}>
      <h2 id={`${id}-title`} className="mb-3 text-xl font-bold text-gray-900">
        {t(`tables.${name}`)}
      </h2>
      {rows.length === 0 ? (
        <p className="text-gray-700">{t("emptyTable")}</p>
      ) : (
        <>
          <div
            aria-hidden="true"
            className={`hidden border-b-2 border-gray-400 px-3 py-2 text-sm font-semibold text-gray-900 ${COLUMNS}`}
          >
            <span className="pl-6">{t("columns.app")}</span>
            <span>{t("columns.country")}</span>
            <span>{t("columns.status")}</span>
            <span className="text-right">{t("columns.total")}</span>
          </div>
          <ul className="list-none">
            {rows.map((row) => (
              <AppRow key={row.app.appId} row={row} shows={shows} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
