/**
 * /auth/reset-password: asks the identity provider for a recovery link by email; after
 * success, the check-your-email state (post/redirect/get).
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { InputField } from "~/components/ui/Field";
import { env } from "~/env.server";
import { resetSchema } from "~/forms/auth.server";
import { checkForm } from "~/forms/check";
import { parseForm } from "~/forms/parse.server";
import { formRules } from "~/forms/rules.server";
import { isLanguage } from "~/i18n";
import i18next from "~/i18next.server";
import { logger } from "~/lib/log.server";
import { readForm } from "~/lib/multipart.server";
import { withNamespaces } from "~/lib/namespaces";
import { hasFailed, markFailed, pageTitle, useFailedTitle } from "~/lib/title";

export const handle = { i18n: ["common", "auth"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request, ["auth", "common"]);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return json({
    sent,
    title: pageTitle(t, sent ? t("reset.sentTitle") : t("reset.title"), hasFailed(context)),
    rules: formRules(resetSchema(t)),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : "en-AU";
  const t = await i18next.getFixedT(request, ["auth", "common"]);
  const submission = parseForm(await readForm(request), resetSchema(t));
  if (submission.status !== "success") {
    markFailed(context);
    return json({ result: submission.reply(), failure: null }, 400);
  }
  let failure: string | null = null;
  try {
    const res = await fetch(`${env().OIDC_ISSUER}/password/forgot`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": lang },
      body: JSON.stringify({ email: submission.value.email, lang }),
    });
    if (res.ok) return redirect(`/${lang}/auth/reset-password?sent=1`);
    const body = (await res.json().catch(() => ({}))) as { detail?: string; traceId?: string };
    failure = [
      body.detail ?? t("reset.errors.failed"),
      body.traceId ? t("common:errors.traceId", { traceId: body.traceId }) : "",
    ]
      .join(" ")
      .trim();
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
    failure = t("reset.errors.failed");
  }
  markFailed(context);
  return json({ result: submission.reply(), failure }, 502);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function ResetPassword() {
  const { sent, rules } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "reset",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, rules),
  });

  useFailedTitle(
    sent ? t("reset.sentTitle") : t("reset.title"),
    !sent && Boolean(fields.email.errors?.length || actionData?.failure),
  );

  if (sent) {
    return (
      <div className="space-y-6">
        <h1 className="text-3xl font-bold">{t("reset.sentTitle")}</h1>
        <p role="status">{t("reset.sentBody")}</p>
        <p>{t("reset.sentHint")}</p>
        <p className="flex flex-wrap gap-6">
          <Link to="?" className="font-semibold text-brand-700 underline">
            {t("reset.sendAgain")}
          </Link>
          <Link to="../signin" relative="path" className="font-semibold text-brand-700 underline">
            {t("reset.backToSignIn")}
          </Link>
        </p>
      </div>
    );
  }

  const emailError = fields.email.errors?.[0];
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{t("reset.title")}</h1>
      <p>{t("reset.intro")}</p>
      {actionData?.failure ? (
        <p
          role="alert"
          className="rounded-md border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900"
        >
          {actionData.failure}
        </p>
      ) : null}
      <ErrorSummary errors={emailError ? [{ id: fields.email.id, message: emailError }] : []} />
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-5 rounded-lg bg-white p-6 shadow"
      >
        <InputField
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          label={t("reset.email")}
          autoComplete="email"
          error={emailError}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {t("reset.submit")}
          </Button>
          <Link to="../signin" relative="path" className="font-semibold text-brand-700 underline">
            {t("reset.backToSignIn")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
