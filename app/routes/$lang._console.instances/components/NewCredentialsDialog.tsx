/**
 * New credentials: the staging card (users with test
 * access only) and the live card, one chosen; once a card is chosen, the country of an
 * environment of that sandbox (the company's default country where it has one) and the firm
 * type where the country has product variants (1 again whenever the country changes); first
 * and last name prefilled from the user; email, password and confirmation. With test access
 * no card is chosen when the dialog opens; without it the live card is.
 *
 * With JavaScript the cards and the country change the choices at once. Without it the
 * 'Show choices' button posts the form (intent `choose`) and the server renders the dialog
 * again with the choices of the chosen card and country.
 */

import { getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import {
  DialogFormButtons,
  useCloseDialog,
  useModalClose,
  useReturnFocus,
} from "~/components/ui/ConfirmDialog";
import { DialogForm } from "~/components/ui/DialogForm";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import { NEW_FIELDS, readNewCredentials, SANDBOXES, type SandboxChoice } from "~/forms/instances";
import { useErrorTitle } from "~/lib/error-title";
import { useHydrated } from "~/lib/hydrated";
import { inputClass } from "~/lib/ui-classes";
import { NEW_BUTTON_ID } from "./opener-ids";

export interface CountryChoiceView {
  code: string;
  name: string;
  environmentId: number;
  variants: { firmType: number; name: string }[];
}

interface Props {
  choices: Record<SandboxChoice, CountryChoiceView[]>;
  hasAccessToTest: boolean;
  /** The card chosen after a post of the form; when the dialog opens, none (the live card without test access). */
  sandbox?: SandboxChoice;
  /** The country chosen when the dialog opens: the posted one, else the company's default (the first of the sandbox when it has none). */
  countryCode?: string;
  user: { firstName: string; lastName: string };
  /** The browser's rules of the form (the page's loader derives them from the action's schema). */
  rules: FormRules;
  lastResult?: SubmissionResult<string[]>;
  closeHref: string;
}

export function NewCredentialsDialog({
  choices,
  hasAccessToTest,
  sandbox: initialSandbox,
  countryCode,
  user,
  rules,
  lastResult,
  closeHref,
}: Props) {
  const { t } = useTranslation("instances");
  const hydrated = useHydrated();
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(NEW_BUTTON_ID);
  const sandboxes = SANDBOXES.filter((s) => s === "live" || hasAccessToTest);
  // The only card is chosen from the start; of two, the person chooses (the country shows once one is).
  const [sandbox, setSandbox] = useState<SandboxChoice | undefined>(
    initialSandbox && sandboxes.includes(initialSandbox)
      ? initialSandbox
      : sandboxes.length === 1
        ? sandboxes[0]
        : undefined,
  );
  const countries = sandbox ? choices[sandbox] : [];
  /** A sandbox's country: the one chosen before where it has it, else the company's default, else its first. */
  const countryOf = (list: readonly CountryChoiceView[], current: string) =>
    (list.find((c) => c.code === current) ?? list.find((c) => c.code === countryCode) ?? list[0])
      ?.code ?? "";
  const [country, setCountry] = useState(countryOf(countries, countryCode ?? ""));
  const chosen = countries.find((c) => c.code === country);
  const [form, fields] = useForm({
    id: "new-credentials",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { firstName: user.firstName, lastName: user.lastName },
    onValidate: ({ formData }) =>
      checkForm(formData, rules, (payload) => readNewCredentials(t, payload, choices).errors),
  });
  const errorOf = (name: (typeof NEW_FIELDS)[number]) => fields[name].errors?.[0];
  const summary = NEW_FIELDS.flatMap((name) => {
    const message = errorOf(name);
    return message
      ? [
          {
            id: name === "sandbox" ? `${form.id}-sandbox-${sandboxes[0]}` : fields[name].id,
            message,
          },
        ]
      : [];
  });
  useErrorTitle(summary.length > 0);
  const text = (
    name: "firstName" | "lastName" | "email" | "password" | "confirmPassword",
    type: "text" | "email" | "password",
    autoComplete: string,
  ) => {
    const error = errorOf(name);
    return (
      <FieldFrame id={fields[name].id} label={t(`fields.${name}`)} error={error}>
        {(aria) => (
          <input
            {...aria}
            {...getInputProps(fields[name], { type, ariaAttributes: false })}
            key={fields[name].key}
            autoComplete={autoComplete}
            className={inputClass(error)}
          />
        )}
      </FieldFrame>
    );
  };
  const chooseSandbox = (next: SandboxChoice) => {
    setSandbox(next);
    setCountry((current) => countryOf(choices[next], current));
  };
  const sandboxError = errorOf("sandbox");
  return (
    <Modal open title={t("new.title")} onClose={onClose}>
      <div ref={ref}>
        <ErrorSummary errors={summary} />
        <DialogForm form={form}>
          <fieldset
            aria-describedby={sandboxError ? `${form.id}-sandbox-error` : undefined}
            className="space-y-2"
          >
            <legend className="text-sm font-semibold text-gray-900">{t("fields.sandbox")}</legend>
            {sandboxError ? (
              <p id={`${form.id}-sandbox-error`} className="text-sm font-semibold text-red-700">
                {sandboxError}
              </p>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              {sandboxes.map((value) => (
                <label
                  key={value}
                  htmlFor={`${form.id}-sandbox-${value}`}
                  className={`flex cursor-pointer gap-3 rounded-lg border-2 p-3 ${sandbox === value ? "border-brand-600 bg-brand-50" : "border-gray-300"}`}
                >
                  <input
                    id={`${form.id}-sandbox-${value}`}
                    type="radio"
                    name="sandbox"
                    value={value}
                    checked={sandbox === value}
                    onChange={() => chooseSandbox(value)}
                    className="mt-1 h-5 w-5"
                  />
                  <span>
                    <span className="block font-semibold text-gray-900">
                      {t(`new.${value}.title`)}
                    </span>
                    <span className="block text-sm text-gray-700">{t(`new.${value}.hint`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {sandbox ? (
            <FieldFrame
              id={fields.countryCode.id}
              label={t("fields.countryCode")}
              error={errorOf("countryCode")}
            >
              {(aria) => (
                <select
                  {...aria}
                  name={fields.countryCode.name}
                  value={country}
                  onChange={(event) => setCountry(event.target.value)}
                  className={inputClass(errorOf("countryCode"))}
                >
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
          ) : null}
          {chosen && chosen.variants.length > 0 ? (
            <FieldFrame
              id={fields.firmType.id}
              label={t("fields.firmType")}
              error={errorOf("firmType")}
            >
              {(aria) => (
                // A new country starts again at firm type 1.
                <select
                  {...aria}
                  key={`${sandbox}-${country}`}
                  name={fields.firmType.name}
                  defaultValue="1"
                  className={inputClass(errorOf("firmType"))}
                >
                  {chosen.variants.map((v) => (
                    <option key={v.firmType} value={String(v.firmType)}>
                      {v.name}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
          ) : null}
          {hydrated ? null : (
            <Button type="submit" variant="secondary" name="intent" value="choose" formNoValidate>
              {t("new.choose")}
            </Button>
          )}
          {text("firstName", "text", "given-name")}
          {text("lastName", "text", "family-name")}
          {text("email", "email", "off")}
          {text("password", "password", "new-password")}
          {text("confirmPassword", "password", "new-password")}
          <input type="hidden" name="dialog" value="new" />
          <DialogFormButtons
            closeHref={closeHref}
            onClose={close}
            cancel={t("actions.cancel")}
            submit={t("new.submit")}
          />
        </DialogForm>
      </div>
    </Modal>
  );
}
