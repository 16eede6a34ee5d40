/**
 * /auth/register (spec 02 sections 2.5 and 5.7): a new company with its first user.
 * About you, about your company, the entity type (only where the lower-level entity flag is
 * on), a self-hosted captcha and the terms. One schema for the browser and the action;
 * success goes to the registration confirmation (post/redirect/get).
 *
 * Without JavaScript everything works as a plain multipart form: the captcha is a signed
 * question, the entity type choice is shown for the countries that offer it (with a hint
 * naming them), and a failed submit re-renders with every value except the passwords and
 * the file. The provider issues the captcha and checks it (./captcha.ts); the console
 * forwards the solution, as itself, with the person's address (./provider.server.ts).
 */
// First: the schema module sets zod up for the page's CSP before any schema is built.
import {
  ENTITY_TYPE_OPTIONS,
  FIELD_ORDER,
  registerSchema,
  SECRET_FIELDS,
  stateKind,
  textFieldLabel,
  toRegistrationRequest,
  type RegisterContext,
  type RegisterCountry,
} from "./schema";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useParams } from "@remix-run/react";
import altchaStyles from "altcha/altcha.css";
import type { TFunction } from "i18next";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, createApiClient } from "~/api/client.server";
import { ABOUT_LIMITS, plainTextLength, USER_TITLES } from "~/api/registration/schemas";
import { getCaptchaQuestion, register } from "~/api/registration/endpoints";
import { questionKey, type CaptchaQuestion } from "~/api/registration/captcha";
import { flagsOf } from "~/api/resources/schemas";
import { getPingMore } from "~/api/resources/endpoints";
import { Button } from "~/components/ui/Button";
import { ErrorSummary, type SummaryError } from "~/components/ui/ErrorSummary";
import { FieldFrame, InputField, SelectOptions, TextareaField, inputClass } from "~/components/ui/Field";
import { env } from "~/env.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/i18n";
import i18next from "~/i18next.server";
import { useHydrated } from "~/lib/hydrated";
import { logger } from "~/lib/log.server";
import { hasFailed, markFailed, pageTitle } from "~/lib/title";
import { CaptchaWidget } from "./CaptchaWidget";
import { captchaField, problemOf, readSentCaptcha } from "./captcha";
import { registrationClient } from "./provider.server";
import { checkCompanyIcon, ICON_MESSAGE_KEYS } from "./company-icon";
import { FormTooLargeError, ICON_FIELD, readRegistrationForm } from "./upload.server";
import { withNamespaces } from "~/lib/namespaces";
import { getCountries } from "~/lib/countries.server";

export const handle = { i18n: ["common", "auth"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: altchaStyles }];

/** Countries of the pick list (IE is not one) with their entity type flag. */
async function loadCountries(language: Language, t: TFunction): Promise<{ countries: RegisterCountry[]; failure: string | null }> {
  const api = createApiClient({ baseUrl: env().API_BASE_URL, language });
  try {
    const [countries, toggles] = await Promise.all([getCountries(api, language), api.call(getPingMore)]);
    return {
      countries: countries.map((country) => ({
          code: country.code,
          name: country.name,
          phoneCode: country.phoneCode,
          entityTypes: flagsOf(toggles.countries, country.code)["lower-level-entity-enabled"],
        })),
      failure: null,
    };
  } catch (error) {
    logger.error({ err: error }, "registration lookups failed");
    const traceId = error instanceof ApiError ? error.traceId : undefined;
    return { countries: [], failure: withTrace(t, t("register.errors.countriesFailed"), traceId) };
  }
}

function withTrace(t: TFunction, message: string, traceId?: string) {
  return traceId ? `${message} ${t("common:errors.traceId", { traceId })}` : message;
}

/** A captcha question of the provider, for the page without JavaScript. */
async function loadQuestion(language: Language, t: TFunction, clientAddress: string | undefined) {
  try {
    return { question: await registrationClient(language, clientAddress).call(getCaptchaQuestion), failure: null };
  } catch (error) {
    logger.error({ err: error }, "registration captcha question failed");
    const traceId = error instanceof ApiError ? error.traceId : undefined;
    return { question: null, failure: withTrace(t, t("register.errors.captchaFailed"), traceId) };
  }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const t = await i18next.getFixedT(request, ["auth", "common"]);
  const [lookups, captcha] = await Promise.all([loadCountries(lang, t), loadQuestion(lang, t, context.clientAddress)]);
  return json({
    title: pageTitle(t, t("register.title"), hasFailed(context)),
    countries: lookups.countries,
    lookupFailure: lookups.failure ?? captcha.failure,
    question: captcha.question,
  });
}

interface ActionData {
  result: SubmissionResult<string[]> | null;
  failure: string | null;
  /** The question to ask again (answered right on a form that failed for other reasons). */
  question: CaptchaQuestion | null;
  /** The widget's payload was spent or refused: it must be solved again. */
  resetWidget: boolean;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const t = await i18next.getFixedT(request, ["auth", "common"]);
  const fail = (status: number, data: ActionData) => {
    markFailed(context);
    return json(data, status);
  };

  let formData: FormData;
  try {
    formData = await readRegistrationForm(request);
  } catch (error) {
    if (!(error instanceof FormTooLargeError)) throw error;
    return fail(413, { result: null, failure: t("register.errors.tooLarge"), question: null, resetWidget: false });
  }

  const lookups = await loadCountries(lang, t);
  const registerContext: RegisterContext = { countries: lookups.countries };
  const submission = parseWithZod(formData, { schema: registerSchema(t, registerContext) });
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const captcha = await readSentCaptcha(
    { altcha: text("altcha"), captchaToken: text("captchaToken"), captchaAnswer: text("captchaAnswer") },
    await questionKey(env().OIDC_CLIENT_SECRET),
  );
  const captchaMessage = (problem: string) => [t(`register.errors.captcha.${captcha.kind}.${problem}`)];

  const fieldErrors: Record<string, string[]> = {};
  if (captcha.problem && captcha.problem !== "missing") fieldErrors[captchaField(captcha.kind)] = captchaMessage(captcha.problem);

  // The icon, checked by content (the provider checks it again). Never stored here.
  let icon: { fileName: string; contentBase64: string } | undefined;
  const file = formData.get(ICON_FIELD);
  if (file instanceof File && file.size > 0) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = checkCompanyIcon(bytes);
    if (problem) fieldErrors[ICON_FIELD] = [t(ICON_MESSAGE_KEYS[problem])];
    else icon = { fileName: (file.name || "company-icon.png").slice(-255), contentBase64: Buffer.from(bytes).toString("base64") };
  }

  // A right answer on a form that failed for other reasons is asked again, with its question.
  const keptQuestion = (spent: boolean) => (spent || captcha.problem || captcha.kind !== "question" ? null : (captcha.question ?? null));
  const reply = (status: number, extra: { fieldErrors?: Record<string, string[]>; failure?: string | null; spent?: boolean }) => {
    const question = keptQuestion(extra.spent ?? false);
    return fail(status, {
      result: submission.reply({
        fieldErrors: extra.fieldErrors,
        hideFields: [...SECRET_FIELDS, ...(question ? [] : ["captchaAnswer"])],
      }),
      failure: extra.failure ?? null,
      question,
      resetWidget: Boolean(extra.spent) || (captcha.kind === "altcha" && Boolean(captcha.problem)),
    });
  };

  if (lookups.failure) return reply(502, { fieldErrors, failure: lookups.failure });
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0 || !captcha.solution) return reply(400, { fieldErrors });

  // From here on the registration is sent: the provider checks the captcha and spends it.
  const api = registrationClient(lang, context.clientAddress);
  try {
    await api.call(register, { body: toRegistrationRequest(submission.value, { context: registerContext, language: lang, icon, captcha: captcha.solution }) });
  } catch (error) {
    if (!(error instanceof ApiError)) {
      logger.error({ err: error }, "registration failed");
      return reply(500, { failure: t("register.errors.failed"), spent: true });
    }
    if (error.status === 400 && error.field === "captcha") {
      return reply(400, { fieldErrors: { [captchaField(captcha.kind)]: captchaMessage(problemOf(error.errors?.captcha)) }, spent: true });
    }
    if (error.status === 429) return reply(429, { failure: t("register.errors.tooManyAttempts"), spent: true });
    const field = (FIELD_ORDER as readonly string[]).includes(error.field ?? "") ? error.field : undefined;
    if (field && (error.status === 400 || error.status === 409)) {
      return reply(error.status, { fieldErrors: { [field]: [providerFieldMessage(t, error, field, registerContext, submission.value.countryId)] }, spent: true });
    }
    const message = error.status >= 500 || !error.detail ? t("register.errors.failed") : error.detail;
    return reply(error.status >= 500 ? 502 : error.status, { failure: withTrace(t, message, error.traceId), spent: true });
  }
  return redirect(`/${lang}/auth/register-confirmation`);
}

/** The provider's answer for one field, worded in the page's language from its rule code where we know the rule. */
function providerFieldMessage(t: TFunction, error: ApiError, field: string, context: RegisterContext, countryId: string | undefined): string {
  const detail = error.detail ?? "";
  const code = error.errors?.[field];
  if (field === "email" && code === "taken") return t("register.errors.emailTaken");
  if (field === ICON_FIELD) {
    if (code === "sizeGreater400KB") return t("register.errors.iconTooBig");
    if (code === "imageSizeInvalid") return t("register.errors.iconInvalidSize");
    return t("register.errors.iconInvalidType");
  }
  if (field === "countryId") return t("register.errors.countryRequired");
  const label = textFieldLabel(t, field, countryId);
  if (code === "invalidCharacters" && label) return t("register.errors.invalidCharacters", { field: label });
  if (field === "entityType") {
    const countries = context.countries.filter((country) => country.entityTypes).map((country) => country.name);
    return t("register.errors.entityTypeNotOffered", { countries: countries.join(", ") });
  }
  return withTrace(t, detail || t("register.errors.failed"), error.traceId);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** Moves focus to a field (or the first control inside a group) by id. */
function focusField(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const control = target.matches("input, select, textarea, button") ? target : target.querySelector<HTMLElement>("input, select, textarea, button");
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
  const schema = useMemo(() => registerSchema(t, context), [t, context]);

  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
  const widgetStrings = useMemo(() => t("register.captcha.widget", { returnObjects: true }) as Record<string, string>, [t]);

  // The error summary is a snapshot taken at each submit (from the browser's check) and at
  // each answer of the server, so it does not move focus while the person corrects fields.
  const [attempt, setAttempt] = useState(0);
  const [source, setSource] = useState<"client" | "server">("server");
  useEffect(() => {
    if (actionData) setSource("server");
  }, [actionData]);
  const summary = useMemo<SummaryError[]>(() => {
    const serverErrors = actionData?.result?.error ?? {};
    return FIELD_ORDER.flatMap((name) => {
      const field = fields[name];
      const message = source === "server" ? serverErrors[name]?.[0] : field.errors?.[0];
      if (!message) return [];
      const id = name === "entityType" ? `${field.id}-0` : name === "altcha" ? "captcha-widget" : field.id;
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
    document.title = pageTitle(t, t("register.title"), summary.length > 0 || Boolean(actionData?.failure));
  }, [summary, actionData, attempt, t]);

  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    setSource("client");
    setAttempt((count) => count + 1);
  };

  const submitting = navigation.state === "submitting";
  const error = (name: (typeof FIELD_ORDER)[number]) => fields[name].errors?.[0];
  type TextField = Exclude<(typeof FIELD_ORDER)[number], "companyIcon" | "termsAndConditionsAgreed">;
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
        <p role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900">
          {data.lookupFailure}
        </p>
      ) : null}
      {actionData?.failure ? (
        <p role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900">
          {actionData.failure}
        </p>
      ) : null}
      <ErrorSummary errors={summary} />
      <Form method="post" encType="multipart/form-data" {...formProps} onSubmit={onSubmit} className="space-y-8">
        <p className="text-sm text-gray-700">{t("register.requiredNote")}</p>

        <fieldset className="space-y-5 rounded-lg bg-white p-6 shadow">
          <legend className="float-left mb-2 w-full text-xl font-bold">{t("register.aboutYou")}</legend>
          <FieldFrame id={fields.title.id} label={t("register.fields.title.label")} error={error("title")} className="clear-both">
            {(aria) => (
              <select {...aria} {...getSelectProps(fields.title, { ariaAttributes: false })} autoComplete="honorific-prefix" className={`${inputClass(error("title"))} sm:w-48`}>
                <SelectOptions placeholder={t("register.fields.title.choose")} choices={USER_TITLES.map((title) => ({ value: title, label: t(`register.fields.title.options.${title}`) }))} />
              </select>
            )}
          </FieldFrame>
          <InputField {...text("firstName")} label={t("register.fields.firstName")} autoComplete="given-name" />
          <InputField {...text("lastName")} label={t("register.fields.lastName")} autoComplete="family-name" />
          <InputField {...text("email", "email")} label={t("register.fields.email.label")} hint={t("register.fields.email.hint")} autoComplete="email" spellCheck={false} />
          <InputField {...text("password", "password")} label={t("register.fields.password.label")} hint={t("register.fields.password.hint")} autoComplete="new-password" />
          <InputField {...text("confirmPassword", "password")} label={t("register.fields.confirmPassword")} autoComplete="new-password" />
        </fieldset>

        <fieldset className="space-y-5 rounded-lg bg-white p-6 shadow">
          <legend className="float-left mb-2 w-full text-xl font-bold">{t("register.aboutCompany")}</legend>
          <InputField {...text("companyName")} label={t("register.fields.companyName")} autoComplete="organization" className="clear-both" />
          <FieldFrame id={fields.countryId.id} label={t("register.fields.countryId.label")} error={error("countryId")}>
            {(aria) => (
              <select
                {...aria}
                {...getSelectProps(fields.countryId, { ariaAttributes: false })}
                onChange={(event) => setCountryId(event.currentTarget.value)}
                className={`${inputClass(error("countryId"))} sm:w-80`}
              >
                <SelectOptions placeholder={t("register.fields.countryId.choose")} choices={data.countries.map((item) => ({ value: item.code, label: item.name }))} />
              </select>
            )}
          </FieldFrame>
          <InputField
            {...text("phoneNumber", "tel")}
            label={t("register.fields.phoneNumber.label")}
            hint={country ? t("register.fields.phoneNumber.hint", { code: country.phoneCode, country: country.name }) : t("register.fields.phoneNumber.hintAny")}
            autoComplete="tel"
          />
          <InputField {...text("addressLine1")} label={t("register.fields.addressLine1")} autoComplete="address-line1" />
          <InputField {...text("addressLine2")} label={optional(t("register.fields.addressLine2"))} autoComplete="address-line2" />
          <InputField {...text("addressLine3")} label={optional(t("register.fields.addressLine3"))} autoComplete="address-line3" />
          <InputField {...text("cityTown")} label={t("register.fields.cityTown")} autoComplete="address-level2" className="sm:w-2/3" />
          <InputField {...text("zipPostCode")} label={t("register.fields.zipPostCode")} autoComplete="postal-code" className="sm:w-1/3" />
          <InputField {...text("stateCounty")} label={t(`register.fields.stateCounty.${kind}`)} autoComplete="address-level1" className="sm:w-2/3" />
          <AboutField
            props={getTextareaProps(fields.profile, { ariaAttributes: false })}
            id={fields.profile.id}
            initial={fields.profile.initialValue ?? ""}
            error={error("profile")}
            showCount={hydrated}
            format={format}
          />
          <InputField {...text("website", "url")} label={optional(t("register.fields.website"))} hint={t("register.fields.urlHint")} autoComplete="url" spellCheck={false} />
          <TextareaField
            {...getTextareaProps(fields.socialPresence, { ariaAttributes: false })}
            label={optional(t("register.fields.socialPresence.label"))}
            hint={t("register.fields.socialPresence.hint", { max: format(1000) })}
            error={error("socialPresence")}
            rows={3}
          />
          <InputField {...text("supportUrl", "url")} label={optional(t("register.fields.supportUrl"))} hint={t("register.fields.urlHint")} spellCheck={false} />
          <InputField {...text("termsUrl", "url")} label={optional(t("register.fields.termsUrl"))} hint={t("register.fields.urlHint")} spellCheck={false} />
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
            aria-describedby={[error("entityType") ? `${fields.entityType.id}-error` : null, hydrated ? null : `${fields.entityType.id}-hint`].filter(Boolean).join(" ") || undefined}
          >
            <legend className="float-left mb-2 w-full text-xl font-bold">{t("register.entityType.legend")}</legend>
            {hydrated ? null : (
              <p id={`${fields.entityType.id}-hint`} className="clear-both text-sm text-gray-600">
                {t("register.entityType.onlyFor", { countries: entityCountries.map((item) => item.name).join(", ") })}
              </p>
            )}
            {error("entityType") ? (
              <p id={`${fields.entityType.id}-error`} className="clear-both text-sm font-semibold text-red-700">
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
          <legend className="float-left mb-2 w-full text-xl font-bold">{t("register.captcha.legend")}</legend>
          {hydrated && widget !== "failed" ? (
            <div id="captcha-widget" tabIndex={-1} className={`clear-both space-y-2 ${widgetShown ? "" : "hidden"}`}>
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
            <Link to={`/${lang}/terms`} target="_blank" className="font-semibold text-brand-700 underline">
              {t("common:terms.readTerms")}
              <span className="sr-only"> {t("common:nav.opensInNewTab")}</span>
            </Link>
            <Link to={`/${lang}/privacy`} target="_blank" className="font-semibold text-brand-700 underline">
              {t("common:terms.readPrivacy")}
              <span className="sr-only"> {t("common:nav.opensInNewTab")}</span>
            </Link>
          </p>
          {error("termsAndConditionsAgreed") ? (
            <p id={`${fields.termsAndConditionsAgreed.id}-error`} className="text-sm font-semibold text-red-700">
              {error("termsAndConditionsAgreed")}
            </p>
          ) : null}
          <label className="flex items-start gap-3">
            <input
              {...getInputProps(fields.termsAndConditionsAgreed, { type: "checkbox", ariaAttributes: false })}
              aria-invalid={Boolean(error("termsAndConditionsAgreed")) || undefined}
              aria-describedby={error("termsAndConditionsAgreed") ? `${fields.termsAndConditionsAgreed.id}-error` : undefined}
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
    const values = { count: value, n: format(value), min: format(ABOUT_LIMITS.min), max: format(ABOUT_LIMITS.max) };
    if (value < ABOUT_LIMITS.min) return t("register.fields.profile.countUnder", { ...values, remaining: format(ABOUT_LIMITS.min - value) });
    if (value > ABOUT_LIMITS.max) return t("register.fields.profile.countOver", { ...values, over: format(value - ABOUT_LIMITS.max) });
    return t("register.fields.profile.countOk", values);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="space-y-1">
      <TextareaField
        {...props}
        id={id}
        label={t("register.fields.profile.label")}
        hint={t("register.fields.profile.hint", { min: format(ABOUT_LIMITS.min), max: format(ABOUT_LIMITS.max) })}
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
          <p aria-hidden="true" className={`text-sm ${count < ABOUT_LIMITS.min || count > ABOUT_LIMITS.max ? "text-gray-700" : "text-green-800"}`}>
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
