/** One client of the security page: its id and keys with copy buttons, its permissions, its callback URLs. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CopyValue } from "~/components/ui/CopyButton";
import type { FormRules } from "~/forms/check";
import { type ClientView, pageHref, type Tab } from "~/lib/security/clients";
import { CallbackForm } from "./ClientSettings";

export function ClientCard({
  client,
  tab,
  pathname,
  rules,
  formResult,
}: {
  client: ClientView;
  tab: Tab;
  pathname: string;
  rules: FormRules;
  formResult?: { formId: string; result: unknown };
}) {
  const { t } = useTranslation("security");
  const variant = client.isAppLive ? "liveApp" : "sandboxApp";
  const titleId = `client-${client.id}`;
  const granted = client.routes.reduce((sum, r) => sum + r.methods.length, 0);
  const dialogHref = `${pageHref(pathname, tab)}${tab === "live" ? "?" : "&"}permissions=${client.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-gray-300 bg-white p-4">
      <h3 id={titleId} className="mb-3 text-lg font-bold text-gray-900">
        {t(`clients.${variant}`)}
      </h3>
      <dl className="space-y-3 text-sm">
        {(
          [
            ["id", client.id],
            ["secret", client.secret],
            ["publicApiKey", client.publicApiKey],
            ["privateApiKey", client.privateApiKey],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt className="font-semibold text-gray-900">{t(`clients.${term}`)}</dt>
            <dd>
              {value ? (
                <CopyValue
                  value={value}
                  label={`${t(`clients.${variant}`)}: ${t(`clients.${term}`)}`}
                />
              ) : (
                <span className="text-gray-700">{t("clients.hidden")}</span>
              )}
            </dd>
          </div>
        ))}
        <div>
          <dt className="font-semibold text-gray-900">{t("permissions.title")}</dt>
          <dd className="flex flex-wrap items-center gap-3">
            <span className="text-gray-800">
              {t("permissions.summary", { count: granted })} ·{" "}
              {t(client.offlineAccess ? "permissions.offlineOn" : "permissions.offlineOff")}
            </span>
            <Link
              id={`permissions-${client.id}`}
              to={dialogHref}
              preventScrollReset
              className="font-semibold text-brand-700 underline"
              aria-label={t(client.isAppLive ? "permissions.viewLabel" : "permissions.editLabel", {
                client: t(`clients.${variant}`),
              })}
            >
              {t(client.isAppLive ? "permissions.view" : "permissions.edit")}
            </Link>
          </dd>
        </div>
      </dl>
      {/* A new saved list remounts the form: the field shows what was saved. */}
      <CallbackForm
        key={client.redirectUrls.join(",")}
        client={client}
        tab={tab}
        rules={rules}
        formResult={formResult}
      />
    </article>
  );
}
