/**
 * /auth/register: a new company with its first user.
 * About you, about your company, the entity type (only where the lower-level entity flag is
 * on), a self-hosted captcha and the terms. The action checks the form with its schema
 * (./schema.server.ts), the browser with the rules derived from it and the rules across
 * fields (./form.ts); success goes to the registration confirmation (post/redirect/get).
 *
 * Without JavaScript everything works as a plain multipart form: the captcha is a signed
 * question, the entity type choice is shown for the countries that offer it (with a hint
 * naming them), and a failed submit re-renders with every value except the passwords and
 * the file. The provider issues the captcha and checks it (./captcha.ts); the console
 * forwards the solution, as itself, with the person's address (./provider.server.ts).
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useParams } from "@remix-run/react";
import altchaStyles from "altcha/altcha.css";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { USER_TITLES } from "~/api/registration/rules";
import { Button } from "~/components/ui/Button";
import { ErrorSummary, type SummaryError } from "~/components/ui/ErrorSummary";
import { FieldFrame, InputField, SelectOptions, TextareaField } from "~/components/ui/Field";
import { checkForm } from "~/forms/check";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";
import { focusField } from "~/lib/focus-field";
import { useHydrated } from "~/lib/hydrated";
import { withNamespaces } from "~/lib/namespaces";
import { pageTitle } from "~/lib/title";
import { inputClass } from "~/lib/ui-classes";
import { AboutField } from "./components/AboutField";
import { CaptchaChoice } from "./components/CaptchaChoice";
import { EntityTypeChoice } from "./components/EntityTypeChoice";
import { TermsAgreement } from "./components/TermsAgreement";
import {
  FIELD_ORDER,
  type RegisterContext,
  type RegisterField,
  registerFormErrors,
  stateKind,
} from "./form";
import { registerAction, registerLoader } from "./register.server";

export const handle = { i18n: ["common", "auth"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: altchaStyles }];

export const loader = (args: LoaderFunctionArgs) => registerLoader(args);
export const action = (args: ActionFunctionArgs) => registerAction(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const numberFormat = (lang: string) => new Intl.NumberFormat(lang);

export default function Register() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { t } = useTranslation("auth");
  const params = useParams();
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const context = useMemo<RegisterContext>(() => ({ countries: data.countries }), [data.countries]);

  const [form, fields] = useForm<Record<RegisterField | "captchaToken", string>>({
    id: "register",
    lastResult: actionData?.result ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(formData, data.rules, (payload) => registerFormErrors(t, payload, context)),
  });

  // JS comforts: the country drives the phone hint, the state label and the entity type.
  const [countryId, setCountryId] = useState(fields.countryId.initialValue ?? "");
  const country = data.countries.find((item) => item.code === countryId);
  const kind = stateKind(country?.code);
  const entityCountries = data.countries.filter((item) => item.entityTypes);
  const showEntityType = hydrated ? Boolean(country?.entityTypes) : entityCountries.length > 0;

  // The captcha: the widget with JS once it runs, the question otherwise.
  const [widget, setWidget] = useState<"loading" | "ready" | "failed">("loading");
  const question = actionData?.question ?? data.question;

  // The error summary is a snapshot taken at each submit (from the browser's check) and at
  // each answer of the server, so it does not move focus while the person corrects fields.
  const [attempt, setAttempt] = useState(0);
  const [source, setSource] = useState<"client" | "server">("server");
  useEffect(() => {
    if (actionData) setSource("server");
  }, [actionData]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a snapshot, taken again only at a submit (attempt) or an answer of the server
  const summary = useMemo<SummaryError[]>(() => {
    const serverErrors = actionData?.result?.error ?? {};
    return FIELD_ORDER.flatMap((name) => {
      const field = fields[name];
      const message = source === "server" ? serverErrors[name]?.[0] : field.errors?.[0];
      if (!message) return [];
      const id =
        name === "entityType" ? `${field.id}-0` : name === "altcha" ? "captcha-widget" : field.id;
      return [{ id, message }];
    });
    // Not on `fields`: the snapshot changes only with a submit or an answer of the server.
  }, [source, attempt, actionData]);
  // Runs after the summary took focus: the first problem gets it (with JS).
  useEffect(() => {
    if (summary.length === 0) return;
    focusField(summary[0].id);
  }, [summary]);
  useEffect(() => {
    if (attempt === 0 && !actionData) return;
    document.title = pageTitle(
      t,
      t("register.title"),
      summary.length > 0 || Boolean(actionData?.failure),
    );
  }, [summary, actionData, attempt, t]);

  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    setSource("client");
    setAttempt((count) => count + 1);
  };

  const submitting = navigation.state === "submitting";
  const error = (name: (typeof FIELD_ORDER)[number]) => fields[name].errors?.[0];
  type TextField = Exclude<
    (typeof FIELD_ORDER)[number],
    "companyIcon" | "termsAndConditionsAgreed"
  >;
  const text = (name: TextField, type: "text" | "email" | "password" | "url" | "tel" = "text") => ({
    ...getInputProps(fields[name], { type, ariaAttributes: false }),
    error: error(name),
  });
  const optional = (label: string) => `${label} ${t("register.optional")}`;
  const format = numberFormat(lang).format;

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{t("register.title")}</h1>
      <p>{t("register.intro")}</p>
      {data.lookupFailure ? (
        <p
          role="alert"
          className="rounded-md border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900"
        >
          {data.lookupFailure}
        </p>
      ) : null}
      {actionData?.failure ? (
        <p
          role="alert"
          className="rounded-md border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900"
        >
          {actionData.failure}
        </p>
      ) : null}
      <ErrorSummary errors={summary} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={onSubmit}
        className="space-y-8"
      >
        <p className="text-sm text-gray-700">{t("register.requiredNote")}</p>

        <fieldset className="space-y-5 rounded-lg bg-white p-6 shadow">
          <legend className="float-left mb-2 w-full text-xl font-bold">
            {t("register.aboutYou")}
          </legend>
          <FieldFrame
            id={fields.title.id}
            label={t("register.fields.title.label")}
            error={error("title")}
            className="clear-both"
          >
            {(aria) => (
              <select
                {...aria}
                {...getSelectProps(fields.title, { ariaAttributes: false })}
                autoComplete="honorific-prefix"
                className={`${inputClass(error("title"))} sm:w-48`}
              >
                <SelectOptions
                  placeholder={t("register.fields.title.choose")}
                  choices={USER_TITLES.map((title) => ({
                    value: title,
                    label: t(`register.fields.title.options.${title}`),
                  }))}
                />
              </select>
            )}
          </FieldFrame>
          <InputField
            {...text("firstName")}
            label={t("register.fields.firstName")}
            autoComplete="given-name"
          />
          <InputField
            {...text("lastName")}
            label={t("register.fields.lastName")}
            autoComplete="family-name"
          />
          <InputField
            {...text("email", "email")}
            label={t("register.fields.email.label")}
            hint={t("register.fields.email.hint")}
            autoComplete="email"
            spellCheck={false}
          />
          <InputField
            {...text("password", "password")}
            label={t("register.fields.password.label")}
            hint={t("register.fields.password.hint")}
            autoComplete="new-password"
          />
          <InputField
            {...text("confirmPassword", "password")}
            label={t("register.fields.confirmPassword")}
            autoComplete="new-password"
          />
        </fieldset>

        <fieldset className="space-y-5 rounded-lg bg-white p-6 shadow">
          <legend className="float-left mb-2 w-full text-xl font-bold">
            {t("register.aboutCompany")}
          </legend>
          <InputField
            {...text("companyName")}
            label={t("register.fields.companyName")}
            autoComplete="organization"
            className="clear-both"
          />
          <FieldFrame
            id={fields.countryId.id}
            label={t("register.fields.countryId.label")}
            error={error("countryId")}
          >
            {(aria) => (
              <select
                {...aria}
                {...getSelectProps(fields.countryId, { ariaAttributes: false })}
                onChange={(event) => setCountryId(event.currentTarget.value)}
                className={`${inputClass(error("countryId"))} sm:w-80`}
              >
                <SelectOptions
                  placeholder={t("register.fields.countryId.choose")}
                  choices={data.countries.map((item) => ({ value: item.code, label: item.name }))}
                />
              </select>
            )}
          </FieldFrame>
          <InputField
            {...text("phoneNumber", "tel")}
            label={t("register.fields.phoneNumber.label")}
            hint={
              country
                ? t("register.fields.phoneNumber.hint", {
                    code: country.phoneCode,
                    country: country.name,
                  })
                : t("register.fields.phoneNumber.hintAny")
            }
            autoComplete="tel"
          />
          <InputField
            {...text("addressLine1")}
            label={t("register.fields.addressLine1")}
            autoComplete="address-line1"
          />
          <InputField
            {...text("addressLine2")}
            label={optional(t("register.fields.addressLine2"))}
            autoComplete="address-line2"
          />
          <InputField
            {...text("addressLine3")}
            label={optional(t("register.fields.addressLine3"))}
            autoComplete="address-line3"
          />
          <InputField
            {...text("cityTown")}
            label={t("register.fields.cityTown")}
            autoComplete="address-level2"
            className="sm:w-2/3"
          />
          <InputField
            {...text("zipPostCode")}
            label={t("register.fields.zipPostCode")}
            autoComplete="postal-code"
            className="sm:w-1/3"
          />
          <InputField
            {...text("stateCounty")}
            label={t(`register.fields.stateCounty.${kind}`)}
            autoComplete="address-level1"
            className="sm:w-2/3"
          />
          <AboutField
            props={getTextareaProps(fields.profile, { ariaAttributes: false })}
            id={fields.profile.id}
            initial={fields.profile.initialValue ?? ""}
            error={error("profile")}
            showCount={hydrated}
            format={format}
          />
          <InputField
            {...text("website", "url")}
            label={optional(t("register.fields.website"))}
            hint={t("register.fields.urlHint")}
            autoComplete="url"
            spellCheck={false}
          />
          <TextareaField
            {...getTextareaProps(fields.socialPresence, { ariaAttributes: false })}
            label={optional(t("register.fields.socialPresence.label"))}
            hint={t("register.fields.socialPresence.hint", { max: format(1000) })}
            error={error("socialPresence")}
            rows={3}
          />
          <InputField
            {...text("supportUrl", "url")}
            label={optional(t("register.fields.supportUrl"))}
            hint={t("register.fields.urlHint")}
            spellCheck={false}
          />
          <InputField
            {...text("termsUrl", "url")}
            label={optional(t("register.fields.termsUrl"))}
            hint={t("register.fields.urlHint")}
            spellCheck={false}
          />
          <InputField
            {...getInputProps(fields.companyIcon, { type: "file", ariaAttributes: false })}
            label={optional(t("register.fields.companyIcon.label"))}
            hint={t("register.fields.companyIcon.hint")}
            error={error("companyIcon")}
            accept="image/png"
            className="[&_input]:py-1"
          />
        </fieldset>

        {showEntityType ? (
          <EntityTypeChoice
            field={fields.entityType}
            error={error("entityType")}
            hydrated={hydrated}
            countries={entityCountries}
          />
        ) : null}

        <CaptchaChoice
          lang={lang}
          hydrated={hydrated}
          widget={widget}
          onWidget={setWidget}
          question={question}
          answerField={fields.captchaAnswer}
          error={error("altcha")}
          answerError={error("captchaAnswer")}
          resetSignal={actionData?.resetWidget ? actionData : undefined}
          onVerified={() => form.validate({ name: "altcha" })}
        />

        <TermsAgreement
          lang={lang}
          field={fields.termsAndConditionsAgreed}
          error={error("termsAndConditionsAgreed")}
        />

        <Button type="submit" disabled={submitting}>
          {submitting ? t("register.submitting") : t("register.submit")}
        </Button>
      </Form>
    </div>
  );
}
