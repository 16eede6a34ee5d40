/**
 * A sandbox account's card: username, country code, a Beta marker for a
 * LIVEB account and the product variant name where the variant feature is on; its actions:
 * Configuration (the dialog, with a badge counting the enabled apps), Debug (a disclosure
 * with the firm, user and staff ids) and Delete (the confirmation dialog).
 */

import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import { buttonClass } from "~/lib/ui-classes";
import { configureLinkId, deleteLinkId } from "./opener-ids";

export interface InstanceCardData {
  id: string;
  username: string;
  countryCode: string;
  envType: string;
  isBeta: boolean;
  variantName: string | null;
  firmId: string;
  userId: string;
  staffId: string;
  enabledApps: number;
}

export function InstanceCard({
  card,
  configureHref,
  deleteHref,
  showType,
}: {
  card: InstanceCardData;
  configureHref: string;
  deleteHref: string;
  showType: boolean;
}) {
  const { t } = useTranslation("instances");
  const titleId = `instance-${card.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-gray-300 bg-white p-4"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-lg font-bold text-gray-900 wrap-anywhere">
          {card.username}
        </h3>
        {showType ? (
          <span className="rounded bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-900">
            {card.envType}
          </span>
        ) : null}
        {card.isBeta ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
            {t("card.beta")}
          </span>
        ) : null}
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-gray-900">{t("card.country")}</dt>
        <dd className="text-gray-900">{card.countryCode}</dd>
        {card.variantName ? (
          <>
            <dt className="font-semibold text-gray-900">{t("card.variant")}</dt>
            <dd className="text-gray-900">{card.variantName}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-start gap-3">
        <Link
          id={configureLinkId(card.id)}
          to={configureHref}
          state={DIALOG_LINK_STATE}
          preventScrollReset
          className={buttonClass("secondary")}
          aria-label={t("card.configureLabel", {
            username: card.username,
            count: card.enabledApps,
          })}
        >
          {/* The name starts with the visible words, the badge's count included (WCAG 2.5.3). */}
          {t("card.configure")}{" "}
          <span
            aria-hidden="true"
            className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white"
          >
            {card.enabledApps}
          </span>
        </Link>
        <Link
          id={deleteLinkId(card.id)}
          to={deleteHref}
          state={DIALOG_LINK_STATE}
          preventScrollReset
          className={buttonClass("secondary")}
          aria-label={t("card.deleteLabel", { username: card.username })}
        >
          {t("card.delete")}
        </Link>
        <details className="basis-full">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 underline">
            {t("card.debug")}
          </summary>
          <IdList
            className="mt-2"
            rows={[
              ["firmId", card.firmId],
              ["userId", card.userId],
              ["staffId", card.staffId],
            ]}
          />
        </details>
      </div>
    </article>
  );
}

/** Read-only ids of an account (debug, a decoded import token), each named by its field. */
export function IdList({
  rows,
  className = "",
}: {
  rows: readonly (readonly [string, string])[];
  className?: string;
}) {
  const { t } = useTranslation("instances");
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm ${className}`}>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-gray-900">{t(`fields.${term}`)}</dt>
          <dd className="font-mono text-gray-900 wrap-anywhere" data-field={term}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
