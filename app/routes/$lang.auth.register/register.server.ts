/**
 * The registration page's data and its form's action (./route.tsx): the countries with their
 * entity type flag and a captcha question for the page; the form checked by the schema
 * (./schema.server.ts), the captcha read and the icon judged by its bytes, then sent to the
 * provider, whose refusals are worded next to their fields.
 */
import type { SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import { ApiError, createApiClient } from "~/api/client.server";
import { type CaptchaQuestion, questionKey } from "~/api/registration/captcha";
import { getCaptchaQuestion, register } from "~/api/registration/endpoints";
import { getPingMore } from "~/api/resources/endpoints";
import { flagsOf } from "~/api/resources/schemas";
import { env } from "~/env.server";
import { parseForm } from "~/forms/parse.server";
import { formRules } from "~/forms/rules.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/i18n";
import i18next from "~/i18next.server";
import { getCountries } from "~/lib/countries.server";
import { logger } from "~/lib/log.server";
import { hasFailed, markFailed, pageTitle } from "~/lib/title";
import { captchaField, problemOf, readSentCaptcha } from "./captcha";
import { checkCompanyIcon, ICON_MESSAGE_KEYS } from "./company-icon";
import {
  FIELD_ORDER,
  type RegisterContext,
  type RegisterCountry,
  SECRET_FIELDS,
  textFieldLabel,
} from "./form";
import { registrationClient } from "./provider.server";
import { registerSchema, toRegistrationRequest } from "./schema.server";
import { FormTooLargeError, ICON_FIELD, readRegistrationForm } from "./upload.server";

/** Countries of the pick list (IE is not one) with their entity type flag. */
async function loadCountries(
  language: Language,
  t: TFunction,
): Promise<{ countries: RegisterCountry[]; failure: string | null }> {
  const api = createApiClient({ baseUrl: env().API_BASE_URL, language });
  try {
    const [countries, toggles] = await Promise.all([
      getCountries(api, language),
      api.call(getPingMore),
    ]);
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
    return {
      question: await registrationClient(language, clientAddress).call(getCaptchaQuestion),
      failure: null,
    };
  } catch (error) {
    logger.error({ err: error }, "registration captcha question failed");
    const traceId = error instanceof ApiError ? error.traceId : undefined;
    return { question: null, failure: withTrace(t, t("register.errors.captchaFailed"), traceId) };
  }
}

export async function registerLoader({ request, params, context }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const t = await i18next.getFixedT(request, ["auth", "common"]);
  const [lookups, captcha] = await Promise.all([
    loadCountries(lang, t),
    loadQuestion(lang, t, context.clientAddress),
  ]);
  return json({
    title: pageTitle(t, t("register.title"), hasFailed(context)),
    countries: lookups.countries,
    lookupFailure: lookups.failure ?? captcha.failure,
    question: captcha.question,
    rules: formRules(registerSchema(t, { countries: lookups.countries })),
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

export async function registerAction({ request, params, context }: ActionFunctionArgs) {
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
    return fail(413, {
      result: null,
      failure: t("register.errors.tooLarge"),
      question: null,
      resetWidget: false,
    });
  }

  const lookups = await loadCountries(lang, t);
  const registerContext: RegisterContext = { countries: lookups.countries };
  const submission = parseForm(formData, registerSchema(t, registerContext));
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const captcha = await readSentCaptcha(
    {
      altcha: text("altcha"),
      captchaToken: text("captchaToken"),
      captchaAnswer: text("captchaAnswer"),
    },
    await questionKey(env().OIDC_CLIENT_SECRET),
  );
  const captchaMessage = (problem: string) => [
    t(`register.errors.captcha.${captcha.kind}.${problem}`),
  ];

  const fieldErrors: Record<string, string[]> = {};
  if (captcha.problem && captcha.problem !== "missing")
    fieldErrors[captchaField(captcha.kind)] = captchaMessage(captcha.problem);

  // The icon, checked by content (the provider checks it again). Never stored here.
  let icon: { fileName: string; contentBase64: string } | undefined;
  const file = formData.get(ICON_FIELD);
  if (file instanceof File && file.size > 0) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = checkCompanyIcon(bytes);
    if (problem) fieldErrors[ICON_FIELD] = [t(ICON_MESSAGE_KEYS[problem])];
    else
      icon = {
        fileName: (file.name || "company-icon.png").slice(-255),
        contentBase64: Buffer.from(bytes).toString("base64"),
      };
  }

  // A right answer on a form that failed for other reasons is asked again, with its question.
  const keptQuestion = (spent: boolean) =>
    spent || captcha.problem || captcha.kind !== "question" ? null : (captcha.question ?? null);
  const reply = (
    status: number,
    extra: { fieldErrors?: Record<string, string[]>; failure?: string | null; spent?: boolean },
  ) => {
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
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0 || !captcha.solution)
    return reply(400, { fieldErrors });

  // From here on the registration is sent: the provider checks the captcha and spends it.
  const api = registrationClient(lang, context.clientAddress);
  try {
    await api.call(register, {
      body: toRegistrationRequest(submission.value, {
        context: registerContext,
        language: lang,
        icon,
        captcha: captcha.solution,
      }),
    });
  } catch (error) {
    if (!(error instanceof ApiError)) {
      logger.error({ err: error }, "registration failed");
      return reply(500, { failure: t("register.errors.failed"), spent: true });
    }
    if (error.status === 400 && error.field === "captcha") {
      return reply(400, {
        fieldErrors: {
          [captchaField(captcha.kind)]: captchaMessage(problemOf(error.errors?.captcha)),
        },
        spent: true,
      });
    }
    if (error.status === 429)
      return reply(429, { failure: t("register.errors.tooManyAttempts"), spent: true });
    const field = (FIELD_ORDER as readonly string[]).includes(error.field ?? "")
      ? error.field
      : undefined;
    if (field && (error.status === 400 || error.status === 409)) {
      return reply(error.status, {
        fieldErrors: {
          [field]: [
            providerFieldMessage(t, error, field, registerContext, submission.value.countryId),
          ],
        },
        spent: true,
      });
    }
    const message =
      error.status >= 500 || !error.detail ? t("register.errors.failed") : error.detail;
    return reply(error.status >= 500 ? 502 : error.status, {
      failure: withTrace(t, message, error.traceId),
      spent: true,
    });
  }
  return redirect(`/${lang}/auth/register-confirmation`);
}

/** The provider's answer for one field, worded in the page's language from its rule code where we know the rule. */
function providerFieldMessage(
  t: TFunction,
  error: ApiError,
  field: string,
  context: RegisterContext,
  countryId: string | undefined,
): string {
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
  if (code === "invalidCharacters" && label)
    return t("register.errors.invalidCharacters", { field: label });
  if (field === "entityType") {
    const countries = context.countries
      .filter((country) => country.entityTypes)
      .map((country) => country.name);
    return t("register.errors.entityTypeNotOffered", { countries: countries.join(", ") });
  }
  return withTrace(t, detail || t("register.errors.failed"), error.traceId);
}
