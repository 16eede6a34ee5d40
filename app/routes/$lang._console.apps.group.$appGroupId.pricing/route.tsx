/**
 * /apps/group/{appGroupId}/pricing (docs/decisions/0051-pricing.md): only where monetisation is
 * enabled for the app's country,
 * else 'This app is not enabled for monetisation.'
 *
 * - No scheduled price: the form (free or paid; a paid app user based or firm based with a
 *   default price greater than 0, two decimals, never negative), `POST ...prices`; after a
 *   rejection the rejected price is changed and sent again (`PUT ...prices/{id}`).
 * - Scheduled prices: the schedule table, the history table and Submit price change
 *   (`?change=1`, a dialog the server renders open; `POST app-monetization/price-updation`).
 *   An approved free app shows Free and no price change.
 * - Money with its currency's symbol (€ EUR, £ GBP, $ otherwise) and two decimals, dates
 *   dd/MM/yyyy; a failed load says 'Error while fetching pricing data.'
 */

import type { SubmissionResult } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useSearchParams,
} from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/api/client.server";
import { createPrice, submitPriceChange, updatePrice } from "~/api/pricing/endpoints";
import { activePrice, PRICE_STATUS, PRICING_RULE_CODES } from "~/api/pricing/rules";
import { requireUser } from "~/auth.server";
import { ButtonLink } from "~/components/ui/Button";
import { parseForm, textFormSchema } from "~/forms/parse.server";
import { priceChangeForm, priceForm, pricingRuleMessage } from "~/forms/pricing";
import { formRules } from "~/forms/rules.server";
import i18next from "~/i18next.server";
import { fetchAppGroup } from "~/lib/apps/group.server";
import { getCountries } from "~/lib/countries.server";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import type { ShownError } from "~/lib/errors";
import { readForm } from "~/lib/multipart.server";
import { withNamespaces } from "~/lib/namespaces";
import { keepPageForDialogs, pageSearch, useDialogHref } from "~/lib/page-action";
import { hasFailed, markFailed, pageTitle } from "~/lib/title";
import { redirectWithError, redirectWithToast } from "~/session.server";
import { ChangeDialog } from "./components/ChangeDialog";
import { CHANGE_BUTTON_ID } from "./components/opener-ids";
import { PriceForm } from "./components/PriceForm";
import { PriceTable } from "./components/PriceTable";
import { loadPrices, type PricingData, pricingView } from "./load.server";

export const handle = { i18n: ["common", "pricing"] };

export const clientLoader = withNamespaces(handle.i18n);

export const shouldRevalidate: ShouldRevalidateFunction = keepPageForDialogs;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const group = await fetchAppGroup(api, params.appGroupId);
  const [prices, countries, t] = await Promise.all([
    loadPrices(api, group),
    getCountries(api, language).catch(() => []),
    i18next.getFixedT(request, ["pricing", "common"]) as unknown as Promise<TFunction>,
  ]);
  const base = {
    title: pageTitle(t as never, t("pricing:pageTitle", { name: group.name }), hasFailed(context)),
    name: group.name,
    appGroupId: group.appGroupId,
  };
  if (prices === undefined) return json({ ...base, state: "notEnabled" as const });
  if (prices === "failed") return json({ ...base, state: "failed" as const });
  const country = countries.find((c) => c.code === group.countryCode);
  const view = pricingView(t, language, prices, country?.currency ?? "AUD");
  // The rules of the form the page shows: the price, or the price change (`?change=1`).
  const rules: PricingData["rules"] = view.showForm
    ? { price: formRules(textFormSchema(priceForm(t, language))) }
    : view.canChange
      ? { change: formRules(textFormSchema(priceChangeForm(t, language, view.active?.amount))) }
      : {};
  return json({ ...base, state: "enabled" as const, ...view, rules });
}

const INTENTS = ["save", "change"] as const;
type Intent = (typeof INTENTS)[number];

/** A refusal of the API: its rule codes on the form's fields (400), in words otherwise. */
function refusal(t: TFunction, language: string, error: ApiError, labels: Record<string, string>) {
  const fieldErrors: Record<string, string[]> = {};
  const codes = Object.entries(error.errors ?? {});
  if (error.status === 400) {
    for (const [field, code] of codes)
      if (field in labels)
        fieldErrors[field] = [pricingRuleMessage(t, language, code, labels[field])];
  }
  const known = codes
    .map(([, code]) => code)
    .filter((code) => (PRICING_RULE_CODES as readonly string[]).includes(code));
  const shown: ShownError | undefined = known.length
    ? {
        detail: known.map((code) => t(`pricing:errors.${code}`, { field: "" })).join(" "),
        traceId: error.traceId,
      }
    : undefined;
  return { fieldErrors, shown };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const search = pageSearch(url.search);
  const back = `${url.pathname}${search.size ? `?${search}` : ""}`;
  const formData = await readForm(request);
  const intent = INTENTS.find((name) => name === formData.get("intent"));
  if (!intent || formData.getAll("intent").length !== 1)
    throw new Response("Unknown intent.", { status: 400 });
  const { api, language } = await requireUser(request, context);
  const group = await fetchAppGroup(api, params.appGroupId);
  const [prices, t] = await Promise.all([
    loadPrices(api, group),
    i18next.getFixedT(request, ["pricing", "common"]) as unknown as Promise<TFunction>,
  ]);
  if (prices === undefined) return redirectWithError(back, { detail: t("pricing:notEnabled") });
  if (prices === "failed") return redirectWithError(back, { detail: t("pricing:loadFailed") });

  const current = activePrice(prices.scheduledPrices)?.amount;
  const submission =
    intent === "save"
      ? parseForm(formData, textFormSchema(priceForm(t, language)))
      : parseForm(formData, textFormSchema(priceChangeForm(t, language, current)));
  const fail = (intentName: Intent, extra: Record<string, string[]> = {}) => {
    markFailed(context);
    const fieldErrors = {
      ...(submission.status === "error" ? (submission.error as Record<string, string[]>) : {}),
      ...extra,
    };
    return json(
      {
        intent: intentName,
        result: submission.reply({ fieldErrors }) as SubmissionResult<string[]>,
      },
      400,
    );
  };
  if (submission.status !== "success") return fail(intent);

  try {
    if (intent === "save") {
      const body = submission.value as { pricingModelType: number; amount: number };
      const rejected =
        prices.scheduledPrices.length === 0
          ? prices.priceHistories.find((p) => p.status === PRICE_STATUS.Rejected)
          : undefined;
      if (rejected && prices.priceHistories[0]?.id === rejected.id) {
        await api.call(updatePrice, {
          params: { appGroupId: group.appGroupId, priceId: rejected.id },
          body,
        });
      } else {
        await api.call(createPrice, { params: { appGroupId: group.appGroupId }, body });
      }
    } else {
      await api.call(submitPriceChange, {
        body: {
          appGroupId: group.appGroupId,
          amount: (submission.value as { amount: number }).amount,
        },
      });
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const labels: Record<string, string> =
      intent === "save"
        ? {
            pricingModelType: t("pricing:form.fields.pricingModelType"),
            amount: t("pricing:form.fields.amount"),
          }
        : { amount: t("pricing:change.fields.amount") };
    const { fieldErrors, shown } = refusal(t, language, error, labels);
    if (Object.keys(fieldErrors).length) return fail(intent, fieldErrors);
    return redirectWithError(
      back,
      shown ?? {
        detail: error.detail,
        traceId: error.traceId,
        fallback: intent === "save" ? "savingData" : "priceChange",
      },
    );
  }
  return redirectWithToast(back, { key: "submittedSuccessfully" });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Enabled = Extract<LoaderData, { state: "enabled" }>;

function Pricing({ data }: { data: Enabled }) {
  const { t } = useTranslation("pricing");
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const dialog = useDialogHref();
  const failed = (intent: Intent) =>
    actionData && "intent" in actionData && actionData.intent === intent
      ? actionData.result
      : undefined;
  const wantsChange = searchParams.get("change") === "1" && data.canChange;
  if (data.showForm) return <PriceForm data={data} lastResult={failed("save")} />;
  return (
    <>
      <div className="mb-8 max-w-prose space-y-3">
        {data.freeForever ? (
          <p className="rounded-md border border-gray-300 bg-white p-4 text-gray-900">
            <strong className="mr-2 text-lg">{t("free")}</strong>
            {t("freeForever")}
          </p>
        ) : data.active ? (
          <p className="text-lg text-gray-900">
            {t("current", { price: data.active.text.price, model: data.active.text.model })}
          </p>
        ) : (
          <p className="text-gray-900">{t("awaitingFirst")}</p>
        )}
        {data.changePending ? <p className="text-gray-800">{t("change.pending")}</p> : null}
        {data.canChange ? (
          <ButtonLink
            id={CHANGE_BUTTON_ID}
            to={dialog.open({ change: "1" })}
            state={DIALOG_LINK_STATE}
            preventScrollReset
          >
            {t("change.open")}
          </ButtonLink>
        ) : null}
      </div>
      <PriceTable
        id="price-schedule"
        title={t("schedule.title")}
        caption={t("schedule.caption")}
        rows={data.schedule}
      />
      <PriceTable
        id="price-history"
        title={t("history.title")}
        caption={t("history.caption")}
        rows={data.history}
      />
      {wantsChange ? <ChangeDialog data={data} lastResult={failed("change")} /> : null}
    </>
  );
}

export default function PricingPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("pricing");
  return (
    <>
      <header className="mb-6 flex flex-col items-start gap-3">
        <h1 className="text-3xl font-bold text-gray-900 wrap-anywhere">
          {t("title", { name: data.name })}
        </h1>
        {data.state === "enabled" ? (
          <p className="max-w-prose text-gray-800">{t("intro")}</p>
        ) : null}
      </header>
      {data.state === "notEnabled" ? (
        <p
          role="status"
          className="max-w-prose rounded-md border-2 border-gray-400 bg-gray-50 p-4 text-gray-900"
        >
          {t("notEnabled")}
        </p>
      ) : data.state === "failed" ? (
        <p
          role="alert"
          className="max-w-prose rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900"
        >
          {t("loadFailed")}
        </p>
      ) : (
        <Pricing data={data} />
      )}
    </>
  );
}
