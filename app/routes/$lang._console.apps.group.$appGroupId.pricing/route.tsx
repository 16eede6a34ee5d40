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
import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useSearchParams,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/api/client.server";
import { createPrice, submitPriceChange, updatePrice } from "~/api/pricing/endpoints";
import { activePrice, PRICE_STATUS, PRICING_MODEL, PRICING_RULE_CODES } from "~/api/pricing/rules";
import { requireUser } from "~/auth.server";

import { Button, ButtonLink } from "~/components/ui/Button";
import {
  DialogFormButtons,
  useCloseDialog,
  useModalClose,
  useReturnFocus,
} from "~/components/ui/ConfirmDialog";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import type { Translate } from "~/forms/app-editor";
import { checkForm, type FormRules } from "~/forms/check";
import { parseForm } from "~/forms/parse.server";
import { payloadTexts } from "~/forms/payload";
import {
  checkPrice,
  checkPriceChange,
  PAID_MODEL_CHOICES,
  PRICE_FIELDS,
  PRICE_TYPES,
  type PriceField,
  pricingRuleMessage,
} from "~/forms/pricing";
import { priceChangeSchema, priceSchema } from "~/forms/pricing.server";
import { formRules } from "~/forms/rules.server";
import i18next from "~/i18next.server";
import { fetchAppGroup } from "~/lib/apps/group.server";
import { getCountries } from "~/lib/countries.server";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import { useErrorTitle } from "~/lib/error-title";
import type { ShownError } from "~/lib/errors";
import { readForm } from "~/lib/multipart.server";
import { withNamespaces } from "~/lib/namespaces";
import { keepPageForDialogs, pageSearch, useDialogHref } from "~/lib/page-action";
import { hasFailed, markFailed, pageTitle } from "~/lib/title";
import { inputClass } from "~/lib/ui-classes";
import { redirectWithError, redirectWithToast } from "~/session.server";
import { loadPrices, pricingView } from "./load.server";

export const handle = { i18n: ["common", "pricing"] };

export const clientLoader = withNamespaces(handle.i18n);

export const shouldRevalidate: ShouldRevalidateFunction = keepPageForDialogs;

const CHANGE_BUTTON_ID = "submit-price-change";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const group = await fetchAppGroup(api, params.appGroupId);
  const [prices, countries, t] = await Promise.all([
    loadPrices(api, group),
    getCountries(api, language).catch(() => []),
    i18next.getFixedT(request, ["pricing", "common"]) as unknown as Promise<Translate>,
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
  const rules: { price?: FormRules; change?: FormRules } = view.showForm
    ? { price: formRules(priceSchema(t, language)) }
    : view.canChange
      ? { change: formRules(priceChangeSchema(t, language, view.active?.amount)) }
      : {};
  return json({ ...base, state: "enabled" as const, ...view, rules });
}

const INTENTS = ["save", "change"] as const;
type Intent = (typeof INTENTS)[number];

/** A refusal of the API: its rule codes on the form's fields (400), in words otherwise. */
function refusal(t: Translate, language: string, error: ApiError, labels: Record<string, string>) {
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
    i18next.getFixedT(request, ["pricing", "common"]) as unknown as Promise<Translate>,
  ]);
  if (prices === undefined) return redirectWithError(back, { detail: t("pricing:notEnabled") });
  if (prices === "failed") return redirectWithError(back, { detail: t("pricing:loadFailed") });

  const current = activePrice(prices.scheduledPrices)?.amount;
  const schema =
    intent === "save" ? priceSchema(t, language) : priceChangeSchema(t, language, current);
  const submission = parseForm(formData, schema);
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
type Row = Enabled["schedule"][number];

function PriceTable({
  id,
  title,
  caption,
  rows,
}: {
  id: string;
  title: string;
  caption: string;
  rows: Row[];
}) {
  const { t } = useTranslation("pricing");
  return (
    <section aria-labelledby={`${id}-title`} className="mb-8">
      <h2 id={`${id}-title`} className="mb-3 text-xl font-bold text-gray-900">
        {title}
      </h2>
      <div className="overflow-x-auto">
        <table id={id} className="min-w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b-2 border-gray-400">
              {(["price", "model", "start", "end", "status"] as const).map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold text-gray-900">
                  {t(`columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-gray-300">
                <td className="px-3 py-2 font-semibold text-gray-900">{row.price}</td>
                <td className="px-3 py-2 text-gray-900">{row.model}</td>
                <td className="px-3 py-2 text-gray-900">{row.start}</td>
                <td className="px-3 py-2 text-gray-900">{row.end}</td>
                <td className="px-3 py-2 text-gray-900">{row.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A price field: the currency's symbol before a text input of decimals. */
function AmountField({
  field,
  label,
  hint,
  symbol,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint: string;
  symbol: string;
}) {
  const error = field.errors?.[0];
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={error}>
      {(aria) => (
        <div className="flex max-w-xs items-center gap-2">
          <span aria-hidden="true" className="text-lg font-semibold text-gray-900">
            {symbol}
          </span>
          <input
            {...aria}
            {...getInputProps(field, { type: "text", ariaAttributes: false })}
            key={field.key}
            inputMode="decimal"
            autoComplete="off"
            className={inputClass(error)}
          />
        </div>
      )}
    </FieldFrame>
  );
}

function Radio({
  name,
  value,
  label,
  defaultChecked,
  id,
  describedById,
}: {
  name: string;
  value: string;
  label: string;
  defaultChecked: boolean;
  id: string;
  describedById?: string;
}) {
  return (
    <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-gray-900">
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        aria-describedby={describedById}
        className="h-5 w-5"
      />
      {label}
    </label>
  );
}

function PriceForm({
  data,
  lastResult,
}: {
  data: Enabled;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation("pricing");
  const [form, fields] = useForm<Partial<Record<PriceField, string>>>({
    id: "price",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: data.rejected
      ? {
          priceType: data.rejected.pricingModelType === PRICING_MODEL.Free ? "free" : "paid",
          pricingModelType:
            data.rejected.pricingModelType === PRICING_MODEL.Free
              ? ""
              : String(data.rejected.pricingModelType),
          amount:
            data.rejected.pricingModelType === PRICING_MODEL.Free
              ? ""
              : data.rejected.amount.toFixed(2),
        }
      : undefined,
    onValidate: ({ formData }) =>
      checkForm(
        formData,
        data.rules.price ?? {},
        (payload) => checkPrice(t, i18n.language, payloadTexts(payload, PRICE_FIELDS)).errors ?? {},
      ),
  });
  const radioId = (name: string, value: string) => `${form.id}-${name}-${value}`;
  const errorOf = (name: "priceType" | "pricingModelType" | "amount") => fields[name].errors?.[0];
  const summary = [
    ...(errorOf("priceType")
      ? [{ id: radioId("priceType", PRICE_TYPES[0]), message: errorOf("priceType") as string }]
      : []),
    ...(errorOf("pricingModelType")
      ? [
          {
            id: radioId("pricingModelType", PAID_MODEL_CHOICES[0]),
            message: errorOf("pricingModelType") as string,
          },
        ]
      : []),
    ...(errorOf("amount") ? [{ id: fields.amount.id, message: errorOf("amount") as string }] : []),
  ];
  useErrorTitle(summary.length > 0);
  const group = (
    name: "priceType" | "pricingModelType",
    choices: readonly string[],
    label: (value: string) => string,
    hint: string,
  ) => {
    const error = errorOf(name);
    const hintId = `${form.id}-${name}-hint`;
    const errorId = `${form.id}-${name}-error`;
    const initial = String(fields[name].initialValue ?? "");
    return (
      <fieldset
        key={fields[name].key}
        aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(" ")}
        aria-invalid={Boolean(error)}
        className="space-y-1"
      >
        <legend className="text-sm font-semibold text-gray-900">{t(`form.fields.${name}`)}</legend>
        <p id={hintId} className="text-sm text-gray-600">
          {hint}
        </p>
        {error ? (
          <p id={errorId} className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-x-6">
          {choices.map((value) => (
            <Radio
              key={value}
              id={radioId(name, value)}
              name={fields[name].name}
              value={value}
              label={label(value)}
              defaultChecked={initial === value}
            />
          ))}
        </div>
      </fieldset>
    );
  };
  const amountHint = t("form.amountHint", { currency: data.currency });
  return (
    <section
      aria-labelledby="price-form-title"
      className="mb-10 max-w-2xl rounded-lg border border-gray-300 bg-white p-6"
    >
      <h2 id="price-form-title" className="mb-4 text-xl font-bold text-gray-900">
        {t("form.title")}
      </h2>
      {data.rejected ? (
        <p
          role="status"
          className="mb-4 rounded-md border-2 border-amber-600 bg-amber-50 p-3 text-amber-950"
        >
          {t("form.rejected", { price: data.rejected.text.price, model: data.rejected.text.model })}
        </p>
      ) : null}
      <ErrorSummary errors={summary} />
      <Form method="post" replace preventScrollReset {...getFormProps(form)} className="space-y-6">
        <input type="hidden" name="intent" value="save" />
        {group("priceType", PRICE_TYPES, (value) => t(`priceType.${value}`), t("form.freeHint"))}
        {group(
          "pricingModelType",
          PAID_MODEL_CHOICES,
          (value) => t(`model.${value}`),
          t("form.modelHint"),
        )}
        <AmountField
          field={fields.amount}
          label={t("form.fields.amount")}
          hint={amountHint}
          symbol={data.symbol}
        />
        <Button type="submit">{t("form.submit")}</Button>
      </Form>
    </section>
  );
}

function ChangeDialog({
  data,
  lastResult,
}: {
  data: Enabled;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation("pricing");
  const dialog = useDialogHref();
  const close = useCloseDialog(dialog.close);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(CHANGE_BUTTON_ID);
  const [form, fields] = useForm<{ amount?: string }>({
    id: "price-change",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(
        formData,
        data.rules.change ?? {},
        (payload) =>
          checkPriceChange(t, i18n.language, payloadTexts(payload, ["amount"]), data.active?.amount)
            .errors ?? {},
      ),
  });
  const error = fields.amount.errors?.[0];
  useErrorTitle(Boolean(error));
  const introId = `${form.id}-intro`;
  const hint = t("change.hint", { currency: data.currency });
  return (
    <Modal
      open
      title={t("change.title", { name: data.name })}
      onClose={onClose}
      describedBy={introId}
    >
      <div ref={ref} id={introId} className="mb-4 text-gray-800">
        <p>{t("change.current", { price: data.active?.text.price ?? "" })}</p>
      </div>
      <ErrorSummary errors={error ? [{ id: fields.amount.id, message: error }] : []} />
      <Form method="post" replace preventScrollReset {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value="change" />
        <AmountField
          field={fields.amount}
          label={t("change.fields.amount")}
          hint={hint}
          symbol={data.symbol}
        />
        <DialogFormButtons
          closeHref={dialog.close}
          onClose={close}
          cancel={t("change.cancel")}
          submit={t("change.submit")}
        />
      </Form>
    </Modal>
  );
}

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
