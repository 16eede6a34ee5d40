/**
 * /apps/group/{appGroupId}/submissions: the app's submissions. Active
 * lists those awaiting review and not withdrawn; History the rest, a withdrawn one with the
 * status 'withdrew' (not the status it was withdrawn from); each with what it was submitted
 * for, when and by whom, its notes and the review notes. Beyond the spec: the timeline of
 * every state change of each version (who, when, notes), from the provider's state history,
 * read only when a version's timeline is opened (`?timeline={versionId}`, a link: works
 * without JS), so that the page itself costs the group and its submissions.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/api/client.server";
import { getSubmissionTimeline, listSubmissions } from "~/api/submissions/endpoints";
import { requireUser } from "~/auth.server";
import { StatusBadge } from "~/components/apps/StatusBadge";
import { ErrorDialog } from "~/components/ErrorDialog";
import { DetailRow } from "~/components/ui/DetailRow";
import i18next from "~/i18next.server";
import { fetchAppGroup } from "~/lib/apps/group.server";
import type { ShownError } from "~/lib/errors";
import { withNamespaces } from "~/lib/namespaces";
import { pageTitle } from "~/lib/title";
import {
  groupVersions,
  type SubmissionRow,
  submissionSections,
  type TimelineVersion,
  timelines,
  type VersionTimeline,
} from "./submissions";

export const handle = { i18n: ["common", "apps", "review"] };

export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const group = await fetchAppGroup(api, params.appGroupId);
  const versions = groupVersions(group);
  const opened = versions.find(
    (version) => version.versionId === new URL(request.url).searchParams.get("timeline"),
  );
  let loadError: ShownError | null = null;
  const [submissions, history] = await Promise.all([
    api.call(listSubmissions, { params: { groupId: group.appGroupId } }).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      loadError = { detail: error.detail, traceId: error.traceId, fallback: "fetchingData" };
      return [];
    }),
    // The timeline is extra: without it the page shows the submissions alone.
    opened
      ? api.call(getSubmissionTimeline, { params: { groupId: group.appGroupId } }).catch(() => null)
      : Promise.resolve(null),
  ]);
  const t = await i18next.getFixedT(request, ["review", "common"]);
  return json({
    title: pageTitle(t, t("review:submissions.pageTitle", { name: group.name })),
    name: group.name,
    ...submissionSections(submissions),
    versions,
    opened:
      opened && history
        ? (timelines(history).find((timeline) => timeline.versionId === opened.versionId) ?? {
            ...opened,
            entries: [],
          })
        : null,
    timelineFailed: Boolean(opened && !history),
    loadError: loadError as ShownError | null,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function SubmissionCard({ row }: { row: SubmissionRow }) {
  const { t } = useTranslation("review");
  const titleId = `submission-${row.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-gray-300 bg-white p-4">
      <h3
        id={titleId}
        className="mb-2 flex flex-wrap items-center gap-2 text-lg font-bold text-gray-900"
      >
        {t("submissions.versionTitle", { version: row.version })}
        <span
          className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${row.withdrawn ? "border-gray-700 bg-gray-700 text-white" : "border-gray-400 bg-gray-50 text-gray-900"}`}
        >
          {t(`submissions.${row.statusKey}`)}
        </span>
      </h3>
      <dl className="space-y-1 text-sm">
        <DetailRow label={t("submissions.columns.kind")}>
          {t(`submissions.kind.${row.kind}`)}
        </DetailRow>
        <DetailRow label={t("submissions.columns.submitted")}>
          {row.submitted}
          {row.submittedBy ? ` · ${t("submissions.timeline.by", { name: row.submittedBy })}` : ""}
        </DetailRow>
        {row.reviewed ? (
          <DetailRow label={t("submissions.columns.reviewed")}>{row.reviewed}</DetailRow>
        ) : null}
        <DetailRow label={t("submissions.notes")}>{row.notes}</DetailRow>
        <DetailRow label={t("submissions.reviewNotes")}>
          {row.reviewNotes ?? t("submissions.noReviewNotes")}
        </DetailRow>
      </dl>
    </article>
  );
}

/** A version's timeline: a link that opens it (the page reads it then) or closes it, and its entries when open. */
function Timeline({
  version,
  opened,
}: {
  version: TimelineVersion;
  opened: VersionTimeline | null;
}) {
  const { t } = useTranslation("review");
  const { pathname, search } = useLocation();
  const isOpen = opened?.versionId === version.versionId;
  const query = new URLSearchParams(search);
  query.delete("timeline");
  if (!isOpen) query.set("timeline", version.versionId);
  const panelId = `timeline-${version.versionId}`;
  return (
    <div className="rounded-lg border border-gray-300 bg-white">
      <Link
        to={query.size ? `${pathname}?${query}` : pathname}
        preventScrollReset
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        className="flex min-h-11 items-center gap-2 px-4 font-semibold text-gray-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true">{isOpen ? "▾" : "▸"}</span>
        {t("submissions.timeline.show", { version: version.version })}
      </Link>
      {isOpen ? (
        <ol id={panelId} className="space-y-3 border-t border-gray-200 p-4 text-sm">
          {opened.entries.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the timeline never reorders, and two entries may share a time
            <li key={`${entry.iso}-${index}`} className="border-l-4 border-brand-600 pl-3">
              <p className="font-semibold text-gray-900">
                <time dateTime={entry.iso}>{entry.at}</time> ·{" "}
                {t(`submissions.timeline.actions.${entry.action}`, {
                  defaultValue: t("submissions.timeline.actions.other"),
                })}
              </p>
              <p className="text-gray-800">
                {entry.by === "provider"
                  ? t("submissions.timeline.by", { name: t("submissions.timeline.provider") })
                  : t("submissions.timeline.by", {
                      name: entry.byName ?? t("submissions.timeline.developer"),
                    })}
              </p>
              {entry.to !== null ? (
                <p className="mt-1 flex flex-wrap items-center gap-1 text-gray-800">
                  {entry.from !== null ? (
                    <>
                      <StatusBadge statusCode={entry.from} />
                      <span aria-hidden="true">→</span>
                      <span className="sr-only">{t("submissions.timeline.to")}</span>
                    </>
                  ) : null}
                  <StatusBadge statusCode={entry.to} />
                </p>
              ) : null}
              {entry.notes ? (
                <p className="mt-1 whitespace-pre-line text-gray-800 wrap-anywhere">
                  {entry.notes}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** The active submissions, or the history: the cards, or a line saying there are none. */
function SubmissionList({ name, rows }: { name: "active" | "history"; rows: SubmissionRow[] }) {
  const { t } = useTranslation("review");
  return (
    <section aria-labelledby={`${name}-title`} className="mb-10">
      <h2 id={`${name}-title`} className="mb-3 text-xl font-bold text-gray-900">
        {t(`submissions.${name}.title`)}
      </h2>
      {rows.length ? (
        <ul className="space-y-3">
          {rows.map((row) => (
            <li key={row.id}>
              <SubmissionCard row={row} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-gray-700">{t(`submissions.${name}.empty`)}</p>
      )}
    </section>
  );
}

export default function SubmissionsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("review");
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold text-gray-900 wrap-anywhere">
        {t("submissions.title", { name: data.name })}
      </h1>
      <SubmissionList name="active" rows={data.active} />
      <SubmissionList name="history" rows={data.history} />
      {data.versions.length ? (
        <section aria-labelledby="timeline-title">
          <h2 id="timeline-title" className="mb-3 text-xl font-bold text-gray-900">
            {t("submissions.timeline.heading")}
          </h2>
          <ul className="space-y-2">
            {data.versions.map((version) => (
              <li key={version.versionId}>
                <Timeline version={version} opened={data.opened} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* A timeline asked for and not read says so; the submissions' own failure first. */}
      <ErrorDialog
        error={data.loadError ?? (data.timelineFailed ? { fallback: "fetchingData" } : null)}
      />
    </>
  );
}
