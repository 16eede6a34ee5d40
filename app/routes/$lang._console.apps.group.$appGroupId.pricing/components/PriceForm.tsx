/**
 * The first price's form, shown while no price is scheduled: free or paid, a paid app's
 * pricing model and its default price; filled in with a rejected first price.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRICING_MODEL } from "~/api/pricing/rules";
import { Button } from "~/components/ui/Button";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { checkForm } from "~/forms/check";
import { payloadTexts } from "~/forms/payload";
import {
  checkPrice,
  PAID_MODEL_CHOICES,
  PRICE_FIELDS,
  PRICE_TYPES,
  type PriceField,
} from "~/forms/pricing";
import { useErrorTitle } from "~/lib/error-title";
import type { PricingData } from "../load.server";
import { AmountField } from "./AmountField";

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

export function PriceForm({
  data,
  lastResult,
}: {
  data: PricingData;
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
