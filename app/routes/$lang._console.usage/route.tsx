/**
 * /usage: the usage summary of the signed-in company.
 *
 * - A country filter (`?country=AU`, a GET form: Apply without JavaScript, sent on change
 *   with it); the choices are the countries of the company's live and beta apps.
 * - Five tables: firm-level apps live and beta, user-level apps live and beta, always-on apps
 *   in beta (live = Live; beta = Beta, BetaQueuedForLive, BetaToLiveAwaitingReview). A row is
 *   an app with its total; expanded (a `<details>`, animated over 300 ms with JavaScript
 *   unless reduced motion is asked for) it lists the firms by name ('unknown' without one),
 *   with a tick in the firm-level and always-on tables and the count of users in the others.
 * - 'No apps live' when there is no app to show, 'no current usage' when no firm uses any.
 * - A chart of the apps with the most usage: a table whose bars are drawn in SVG.
 * - A failed load says so (the provider's detail, else 'could not load', with the trace ID).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth.server";
import { PageHeader } from "~/components/PageHeader";
import i18next from "~/i18next.server";
import { countryNamer } from "~/lib/countries.server";
import { errorText } from "~/lib/errors";
import { withNamespaces } from "~/lib/namespaces";
import { pageTitle } from "~/lib/title";
import { CountryFilter } from "./components/CountryFilter";
import { UsageChart } from "./components/UsageChart";
import { UsageTable } from "./components/UsageTable";
import { COUNTRY_PARAM, countryChoice, loadUsage } from "./load.server";

export const handle = { i18n: ["common", "apps", "usage"] };

export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const t = await i18next.getFixedT(request, "common");
  const country = countryChoice(new URL(request.url).searchParams.get(COUNTRY_PARAM));
  // The console's own regions (AUB) by their name in common:countries, the others by Intl.
  const name = countryNamer(
    language,
    (code) => t(`countries.${code}`, { defaultValue: "" }) || undefined,
  );
  const view = await loadUsage(api, country, (code) => name({ code, name: code }));
  return json({ title: pageTitle(t, t("pages.usage.title")), ...view });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function UsagePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["usage", "common"]);
  // The error's words are the common namespace's (errors.*).
  const { t: common } = useTranslation("common");
  const countryName = data.countries.find((c) => c.code === data.country)?.name ?? data.country;
  const failure = data.loadError ? errorText(common, data.loadError) : undefined;

  return (
    <>
      <PageHeader
        title={t("common:pages.usage.title")}
        subtitle={t("common:pages.usage.subtitle")}
      />
      <CountryFilter country={data.country} countries={data.countries} />
      {failure ? (
        <div
          role="alert"
          className="mb-6 max-w-prose rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900"
        >
          <p className="font-semibold">{t("usage:loadFailed")}</p>
          <p>{failure.message}</p>
          {failure.trace ? <p className="text-sm">{failure.trace}</p> : null}
        </div>
      ) : null}
      {data.noApps ? (
        <p
          role="status"
          className="mb-6 max-w-prose rounded-md border-2 border-gray-400 bg-gray-50 p-4 text-gray-900"
        >
          {data.country ? t("usage:noAppsIn", { country: countryName }) : t("usage:noApps")}
        </p>
      ) : null}
      {data.noUsage ? (
        <p
          role="status"
          className="mb-6 max-w-prose rounded-md border-2 border-gray-400 bg-gray-50 p-4 text-gray-900"
        >
          {t("usage:noUsage")}
        </p>
      ) : null}
      {data.loadError || data.noApps ? null : (
        <>
          {data.chart.length ? <UsageChart bars={data.chart} /> : null}
          {data.tables.map((table) => (
            <UsageTable key={table.name} name={table.name} shows={table.shows} rows={table.rows} />
          ))}
        </>
      )}
    </>
  );
}
