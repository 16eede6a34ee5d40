/**
 * The bank account tab (admins only): account name, BSB and account number. The number on
 * file is shown masked, so it is asked for with every save. The button reads Save until
 * details exist, Update after. The BSB and the account number take at most 6 and 30
 * characters (maxlength, so without JavaScript too) on a numeric keyboard; with JavaScript
 * each keeps digits only, at most those.
 */
import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { BANK_LIMITS, digitsOnly } from "~/api/settings/rules";
import type { BankDetails } from "~/api/settings/schemas";
import { Button } from "~/components/ui/Button";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame } from "~/components/ui/Field";
import { ACCOUNT_NAME_MAX, BANK_FIELDS, type BankField, bankFormErrors } from "~/forms/bank-form";
import { checkForm, type FormRules } from "~/forms/check";
import { inputClass } from "~/lib/ui-classes";

export interface BankFormProps {
  details?: BankDetails;
  /** The browser's rules of the form (the page's loader derives them from the action's schema). */
  rules: FormRules;
  lastResult?: SubmissionResult<string[]>;
  /** A refused save in words (a success is the toast of the page it redirects to). */
  message?: { kind: "failed"; text: string };
}

function BankInput({
  field,
  label,
  hint,
  ...input
}: { field: FieldMetadata<string>; label: string; hint?: string } & Partial<{
  inputMode: "numeric";
  maxLength: number;
  autoComplete: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}>) {
  const error = field.errors?.[0];
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={error}>
      {(aria) => (
        <input
          {...aria}
          {...getInputProps(field, { type: "text", ariaAttributes: false })}
          key={field.key}
          {...input}
          className={inputClass(error)}
        />
      )}
    </FieldFrame>
  );
}

export function BankForm({ details, rules, lastResult, message }: BankFormProps) {
  const { t } = useTranslation("settings");
  const [form, fields] = useForm<Record<BankField, string>>({
    id: "bank",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      accountName: details?.accountName ?? "",
      bsb: details?.bsb ?? "",
      accountNumber: "",
    },
    onValidate: ({ formData }) =>
      checkForm(formData, rules, (payload) => bankFormErrors(t, payload)),
  });
  const summary = BANK_FIELDS.flatMap((name: BankField) => {
    const error = fields[name].errors?.[0];
    return error ? [{ id: fields[name].id, message: error }] : [];
  });
  /** A field of digits: capped at `max`, a numeric keyboard, and (with JS) digits only. */
  const digitsField = (max: number) => ({
    inputMode: "numeric" as const,
    maxLength: max,
    autoComplete: "off",
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const kept = digitsOnly(event.currentTarget.value, max);
      if (kept !== event.currentTarget.value) event.currentTarget.value = kept;
    },
  });
  return (
    <section
      aria-labelledby="bank-title"
      className="max-w-xl rounded-lg border border-gray-300 bg-white p-6"
    >
      <h2 id="bank-title" className="mb-2 text-xl font-bold text-gray-900">
        {t("bank.title")}
      </h2>
      <p className="mb-4 text-gray-800">{t("bank.intro")}</p>
      {message ? (
        <p
          role="alert"
          className="mb-4 rounded-md border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900"
        >
          {message.text}
        </p>
      ) : null}
      <ErrorSummary errors={summary} />
      <Form method="post" replace preventScrollReset {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value="bank" />
        <BankInput
          field={fields.accountName}
          label={t("bank.fields.accountName")}
          maxLength={ACCOUNT_NAME_MAX}
          autoComplete="off"
        />
        <BankInput
          field={fields.bsb}
          label={t("bank.fields.bsb")}
          hint={t("bank.bsbHint")}
          {...digitsField(BANK_LIMITS.bsbDigits)}
        />
        {details ? (
          <p className="text-gray-900">{t("bank.onFile", { masked: details.accountNumber })}</p>
        ) : null}
        <BankInput
          field={fields.accountNumber}
          label={t("bank.fields.accountNumber")}
          hint={t("bank.accountNumberHint")}
          {...digitsField(BANK_LIMITS.accountNumberMaxDigits)}
        />
        <Button type="submit">{details ? t("bank.update") : t("bank.save")}</Button>
      </Form>
    </section>
  );
}
