/**
 * /auth/signin: the identity provider's login page. Without an `interaction` the visitor is
 * sent to the provider's authorization endpoint (which, for the sandbox, returns here with
 * one); with it, a plain HTML form posts email and password to the provider. No JS needed.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hasSession, interactionLoginUrl, startSignIn } from "~/auth.server";
import { Button } from "~/components/ui/Button";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { InputField } from "~/components/ui/Field";
import { signInSchema } from "~/forms/auth.server";
import { checkForm } from "~/forms/check";
import { formRules } from "~/forms/rules.server";
import { isLanguage } from "~/i18n";
import i18next from "~/i18next.server";
import { externalLinks } from "~/lib/links.server";
import { withNamespaces } from "~/lib/namespaces";
import { ERROR_KEYS, FAILURE_KEYS, MESSAGE_KEYS, readSignInCodes } from "~/lib/signin-messages";
import { pageTitle } from "~/lib/title";
import { commitSession, getSession, safeRedirect } from "~/session.server";

export const handle = { i18n: ["common", "auth"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : "en-AU";
  const url = new URL(request.url);
  const query = url.searchParams;
  const redirectTo = safeRedirect(query.get("redirectTo"));
  if (await hasSession(request)) throw redirect(redirectTo ?? `/${lang}/apps`);

  // Codes only (app/lib/signin-messages.ts): any other value is dropped and shows nothing.
  const interaction = query.get("interaction");
  const codes = readSignInCodes({
    message: query.get("message"),
    error: query.get("error"),
    failed: query.get("failed"),
  });
  if (!interaction && !codes.failed) {
    // Start at the provider; a notice (email verified...) or an expired interaction is shown on return.
    const message =
      codes.message ?? (codes.error === "session_expired" ? "session_expired" : undefined);
    return startSignIn(request, lang, { redirectTo, message });
  }

  const session = await getSession(request);
  const flashed = session.get("signinMessage");
  const t = await i18next.getFixedT(request, ["auth", "common"]);
  const data = {
    title: pageTitle(
      t,
      t("signin.title"),
      codes.error === "invalid_credentials" || codes.error === "missing_fields",
    ),
    interaction,
    formAction: interaction ? interactionLoginUrl(interaction) : null,
    email: (query.get("email") ?? "").slice(0, 255),
    error: codes.error,
    failed: codes.failed,
    message: codes.message ?? readSignInCodes({ message: flashed }).message,
    links: externalLinks(lang),
    rules: formRules(signInSchema(t)),
  };
  return json(
    data,
    flashed ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function SignIn() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");

  // Field errors the provider reported (no JS), shown like the browser's own check (JS).
  const serverErrors: { email?: string; password?: string } = {};
  if (data.error === "missing_fields") {
    if (!data.email) serverErrors.email = t("signin.errors.emailRequired");
    serverErrors.password = t("signin.errors.passwordRequired");
  }

  const [form, fields] = useForm({
    id: "signin",
    defaultValue: { email: data.email },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, data.rules),
  });

  const emailError = fields.email.errors?.[0] ?? serverErrors.email;
  const passwordError = fields.password.errors?.[0] ?? serverErrors.password;
  const summary = [
    ...(emailError ? [{ id: fields.email.id, message: emailError }] : []),
    ...(passwordError ? [{ id: fields.password.id, message: passwordError }] : []),
  ];
  const message = data.message ? MESSAGE_KEYS[data.message] : null;
  const alertKey =
    (data.error ? ERROR_KEYS[data.error] : null) ?? (message?.alert ? message.key : null);
  const alert = alertKey ? t(alertKey) : null;
  const notice = message && !message.alert ? t(message.key) : null;

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{t("signin.title")}</h1>
      {notice ? (
        <p
          role="status"
          className="rounded-md border border-green-700 bg-green-50 p-4 font-semibold text-green-900"
        >
          {notice}
        </p>
      ) : null}
      {data.failed ? (
        <div role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-4">
          <p className="font-semibold text-red-900">{t("signin.errors.failed")}</p>
          <p className="mt-1 text-red-900">{t(FAILURE_KEYS[data.failed])}</p>
          <p className="mt-3">
            <Link className="font-semibold text-brand-700 underline" to="?">
              {t("signin.tryAgain")}
            </Link>
          </p>
        </div>
      ) : null}
      {alert ? (
        <p
          role="alert"
          className="rounded-md border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900"
        >
          {alert}
        </p>
      ) : null}
      <ErrorSummary errors={summary} />
      {data.formAction ? (
        <form
          method="post"
          action={data.formAction}
          {...getFormProps(form)}
          className="space-y-5 rounded-lg bg-white p-6 shadow"
        >
          <InputField
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            label={t("signin.email")}
            autoComplete="username"
            error={emailError}
          />
          <InputField
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            label={t("signin.password")}
            autoComplete="current-password"
            error={passwordError}
          />
          <div className="flex flex-wrap items-center justify-between gap-4">
            <Button type="submit">{t("signin.submit")}</Button>
            <Link
              to="../reset-password"
              relative="path"
              className="font-semibold text-brand-700 underline"
            >
              {t("signin.forgotPassword")}
            </Link>
          </div>
        </form>
      ) : null}
      <nav aria-label={t("signin.linksLabel")}>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {(["about", "apiReference", "help", "userGuides"] as const).map((key) => (
            <li key={key}>
              <a
                className="text-brand-700 underline"
                href={data.links[key]}
                target="_blank"
                rel="noreferrer"
              >
                {t(`signin.links.${key}`)}
                <span className="sr-only"> {t("common:nav.opensInNewTab")}</span>
              </a>
            </li>
          ))}
          {(["privacy", "terms"] as const).map((key) => (
            <li key={key}>
              <Link className="text-brand-700 underline" to={`../../${key}`} relative="path">
                {t(`signin.links.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
