/** A version's status in its status colour (contrast checked against WCAG AA). */
import { useTranslation } from "react-i18next";
import { type StatusColour, statusColour, statusName } from "~/api/apps/status";

const colours: Record<StatusColour, string> = {
  info: "bg-blue-100 text-blue-900 border-blue-300",
  warning: "bg-amber-100 text-amber-900 border-amber-300",
  success: "bg-green-100 text-green-900 border-green-300",
  danger: "bg-red-100 text-red-900 border-red-300",
  error: "bg-gray-200 text-gray-900 border-gray-400",
};

export function StatusBadge({
  statusCode,
  liveSubmissionRejected = false,
}: {
  statusCode: number;
  liveSubmissionRejected?: boolean;
}) {
  const { t } = useTranslation("apps");
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span
        className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold ${colours[statusColour(statusCode)]}`}
      >
        {t(`status.${statusName(statusCode)}`)}
      </span>
      {liveSubmissionRejected ? (
        <span className="text-xs font-semibold text-red-800">
          {t("status.liveSubmissionRejected")}
        </span>
      ) : null}
    </span>
  );
}

export function ArchivedChip() {
  const { t } = useTranslation("apps");
  return (
    <span className="inline-flex items-center rounded-full bg-gray-700 px-2 py-0.5 text-xs font-semibold text-white">
      {t("archived")}
    </span>
  );
}
