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
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useParams,
} from "@remix-run/react";
import altchaStyles from "altcha/altcha.css";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ABOUT_LIMITS, plainTextLength, USER_TITLES } from "~/api/registration/rules";
import { Button } from "~/components/ui/Button";
import { ErrorSummary, type SummaryError } from "~/components/ui/ErrorSummary";
import { FieldFrame, InputField, SelectOptions, TextareaField } from "~/components/ui/Field";
import { checkForm } from "~/forms/check";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";
import { useHydrated } from "~/lib/hydrated";
import { withNamespaces } from "~/lib/namespaces";
import { pageTitle } from "~/lib/title";
import { inputClass } from "~/lib/ui-classes";
import { CaptchaWidget } from "./CaptchaWidget";
import {
  ENTITY_TYPE_OPTIONS,
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

/** Moves focus to a field (or the first control inside a group) by id. */
function focusField(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const control = target.matches("input, select, textarea, button")
    ? target
    : target.querySelector<HTMLElement>("input, select, textarea, button");
  (control ?? target).focus();
}

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
  const widgetShown = hydrated && widget === "ready";
  const question = actionData?.question ?? data.question;
  const widgetStrings = useMemo(
    () => t("register.captcha.widget", { returnObjects: true }) as Record<string, string>,
    [t],
  );

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
          <fieldset
            className="space-y-3 rounded-lg bg-white p-6 shadow"
            aria-describedby={
              [
                error("entityType") ? `${fields.entityType.id}-error` : null,
                hydrated ? null : `${fields.entityType.id}-hint`,
              ]
                .filter(Boolean)
                .join(" ") || undefined
            }
          >
            <legend className="float-left mb-2 w-full text-xl font-bold">
              {t("register.entityType.legend")}
            </legend>
            {hydrated ? null : (
              <p id={`${fields.entityType.id}-hint`} className="clear-both text-sm text-gray-600">
                {t("register.entityType.onlyFor", {
                  countries: entityCountries.map((item) => item.name).join(", "),
                })}
              </p>
            )}
            {error("entityType") ? (
              <p
                id={`${fields.entityType.id}-error`}
                className="clear-both text-sm font-semibold text-red-700"
              >
                {error("entityType")}
              </p>
            ) : null}
            <div className="clear-both space-y-2">
              {ENTITY_TYPE_OPTIONS.map((option, index) => (
                <label key={option.value} className="flex items-center gap-3">
                  <input
                    type="radio"
                    id={`${fields.entityType.id}-${index}`}
                    name={fields.entityType.name}
                    value={option.value}
                    defaultChecked={(fields.entityType.initialValue ?? "0") === option.value}
                    aria-invalid={Boolean(error("entityType")) || undefined}
                    className="h-5 w-5"
                  />
                  <span>{t(`register.entityType.options.${option.key}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        <fieldset className="space-y-3 rounded-lg bg-white p-6 shadow">
          <legend className="float-left mb-2 w-full text-xl font-bold">
            {t("register.captcha.legend")}
          </legend>
          {hydrated && widget !== "failed" ? (
            <div
              id="captcha-widget"
              tabIndex={-1}
              className={`clear-both space-y-2 ${widgetShown ? "" : "hidden"}`}
            >
              <p className="text-sm text-gray-600">{t("register.captcha.widgetHint")}</p>
              {error("altcha") ? (
                <p id="captcha-widget-error" className="text-sm font-semibold text-red-700">
                  {error("altcha")}
                </p>
              ) : null}
              <CaptchaWidget
                challengeUrl={`/${lang}/auth/register/challenge`}
                workerUrl={`/${lang}/auth/register/pow-worker.js`}
                language={lang.toLowerCase()}
                strings={widgetStrings}
                errorId={error("altcha") ? "captcha-widget-error" : undefined}
                resetSignal={actionData?.resetWidget ? actionData : undefined}
                onReady={() => setWidget("ready")}
                onFailed={() => setWidget("failed")}
                onVerified={() => form.validate({ name: "altcha" })}
              />
            </div>
          ) : null}
          {widgetShown || !question ? null : (
            <div className="clear-both">
              <input type="hidden" name="captchaToken" value={question.token} />
              <InputField
                {...getInputProps(fields.captchaAnswer, { type: "text", ariaAttributes: false })}
                key={question.token}
                label={t("register.captcha.question", { a: question.a, b: question.b })}
                hint={t("register.captcha.questionHint")}
                error={error("captchaAnswer")}
                autoComplete="off"
                inputMode="text"
                className="sm:w-1/2"
              />
            </div>
          )}
        </fieldset>

        <div className="space-y-3 rounded-lg bg-white p-6 shadow">
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <Link
              to={`/${lang}/terms`}
              target="_blank"
              className="font-semibold text-brand-700 underline"
            >
              {t("common:terms.readTerms")}
              <span className="sr-only"> {t("common:nav.opensInNewTab")}</span>
            </Link>
            <Link
              to={`/${lang}/privacy`}
              target="_blank"
              className="font-semibold text-brand-700 underline"
            >
              {t("common:terms.readPrivacy")}
              <span className="sr-only"> {t("common:nav.opensInNewTab")}</span>
            </Link>
          </p>
          {error("termsAndConditionsAgreed") ? (
            <p
              id={`${fields.termsAndConditionsAgreed.id}-error`}
              className="text-sm font-semibold text-red-700"
            >
              {error("termsAndConditionsAgreed")}
            </p>
          ) : null}
          <label className="flex items-start gap-3">
            <input
              {...getInputProps(fields.termsAndConditionsAgreed, {
                type: "checkbox",
                ariaAttributes: false,
              })}
              aria-invalid={Boolean(error("termsAndConditionsAgreed")) || undefined}
              aria-describedby={
                error("termsAndConditionsAgreed")
                  ? `${fields.termsAndConditionsAgreed.id}-error`
                  : undefined
              }
              className="mt-1 h-5 w-5"
            />
            <span>{t("register.terms.checkbox")}</span>
          </label>
        </div>

        <Button type="submit" disabled={submitting}>
          {submitting ? t("register.submitting") : t("register.submit")}
        </Button>
      </Form>
    </div>
  );
}

/** About your company, with a live character count (JS) announced politely after a pause. */
function AboutField({
  props,
  id,
  initial,
  error,
  showCount,
  format,
}: {
  props: ReturnType<typeof getTextareaProps>;
  id: string;
  initial: string;
  error?: string;
  showCount: boolean;
  format: (value: number) => string;
}) {
  const { t } = useTranslation("auth");
  const [count, setCount] = useState(() => plainTextLength(initial));
  const [announced, setAnnounced] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const message = (value: number) => {
    const values = {
      count: value,
      n: format(value),
      min: format(ABOUT_LIMITS.min),
      max: format(ABOUT_LIMITS.max),
    };
    if (value < ABOUT_LIMITS.min)
      return t("register.fields.profile.countUnder", {
        ...values,
        remaining: format(ABOUT_LIMITS.min - value),
      });
    if (value > ABOUT_LIMITS.max)
      return t("register.fields.profile.countOver", {
        ...values,
        over: format(value - ABOUT_LIMITS.max),
      });
    return t("register.fields.profile.countOk", values);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="space-y-1">
      <TextareaField
        {...props}
        id={id}
        label={t("register.fields.profile.label")}
        hint={t("register.fields.profile.hint", {
          min: format(ABOUT_LIMITS.min),
          max: format(ABOUT_LIMITS.max),
        })}
        error={error}
        rows={8}
        onInput={(event) => {
          const value = plainTextLength(event.currentTarget.value);
          setCount(value);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setAnnounced(message(value)), 1000);
        }}
      />
      {showCount ? (
        <>
          <p
            aria-hidden="true"
            className={`text-sm ${count < ABOUT_LIMITS.min || count > ABOUT_LIMITS.max ? "text-gray-700" : "text-green-800"}`}
          >
            {message(count)}
          </p>
          <p aria-live="polite" className="sr-only">
            {announced}
          </p>
        </>
      ) : null}
    </div>
  );
}
