/**
 * GET /{lang}/auth/register/challenge: a fresh ALTCHA proof-of-work challenge of the provider
 * for the registration captcha, handed to the browser's widget from the console's own origin
 * (nothing third-party in the browser). Never cached.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { getCaptchaChallenge } from "~/api/registration/endpoints";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";
import { logger } from "~/lib/log.server";
import { registrationClient } from "./$lang.auth.register/provider.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const headers = { "Cache-Control": "no-store" };
  try {
    return json(await registrationClient(lang, context.clientAddress).call(getCaptchaChallenge), {
      headers,
    });
  } catch (error) {
    // The widget reports it and the page falls back to the question.
    logger.error({ err: error }, "registration captcha challenge failed");
    const traceId = error instanceof ApiError ? error.traceId : undefined;
    return json(
      { detail: "The captcha challenge could not be loaded.", traceId },
      { status: 502, headers },
    );
  }
}
