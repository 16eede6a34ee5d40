/**
 * The identity provider's account pages: the email verification link, the password reset
 * request, and the page that sets a new password (plain HTML forms, no JavaScript needed).
 * Sign-in limits never apply here: the owner of an account can always set a new password.
 */
import { Hono } from "hono";
import { html } from "hono/html";
import { z } from "zod";
import { emailAddress, meetsPasswordPolicy, PASSWORD_POLICY } from "~/api/common";
import type { SignInMessage } from "~/api/signin/codes";
import type { AppEnv, SandboxContext } from "../context";
import { remoteAddress } from "../http/auth";
import { jsonBody } from "../http/validate";
import type { Accounts } from "./accounts";
import { type Language, pickLanguage, translator } from "./i18n";
import type { SignInLimiter } from "./limits";
import { page } from "./pages";

const forgotRequest = z.object({
  email: emailAddress,
  lang: z.string().optional(),
});

type PasswordErrors = { password?: string; confirmPassword?: string };

function signInUrl(ctx: SandboxContext, lang: Language, message: SignInMessage, email?: string) {
  const query = new URLSearchParams({ message, ...(email ? { email } : {}) });
  return `${ctx.config.consoleUrl}/${lang}/auth/signin?${query}`;
}

/** The new password must meet the policy and be typed the same twice. */
function passwordErrors(lang: Language, password: string, confirm: string): PasswordErrors {
  const t = translator(lang);
  const errors: PasswordErrors = {};
  if (!password) errors.password = t("reset.required");
  else if (password.length > PASSWORD_POLICY.maxLength) errors.password = t("reset.tooLong");
  else if (!meetsPasswordPolicy(password)) errors.password = t("reset.policy");
  if (!confirm) errors.confirmPassword = t("reset.confirmRequired");
  else if (password && confirm !== password) errors.confirmPassword = t("reset.mismatch");
  return errors;
}

/** The form that sets a new password, with the errors of a refused one. */
function resetForm(
  ctx: SandboxContext,
  lang: Language,
  token: string,
  email: string,
  errors: PasswordErrors = {},
) {
  const t = translator(lang);
  const action = `/password/reset/${encodeURIComponent(token)}?lang=${lang}`;
  const problems = Object.entries(errors).filter(([, message]) => message);
  const view = page(
    lang,
    problems.length ? `${t("reset.errorSummary")}: ${t("reset.title")}` : t("reset.title"),
    html`<h1>${t("reset.title")}</h1>
        ${
          problems.length
            ? html`<div class="summary" role="alert" aria-labelledby="summary-title" tabindex="-1">
              <h2 id="summary-title">${t("reset.errorSummary")}</h2>
              <ul>${problems.map(([field, message]) => html`<li><a href="#${field}">${message}</a></li>`)}</ul>
            </div>`
            : ""
        }
        <p>${t("reset.intro", { email })}</p>
        <form method="post" action="${action}" novalidate>
          <input type="hidden" name="username" value="${email}" autocomplete="username">
          <label for="password">${t("reset.password")}</label>
          <p class="hint" id="password-hint">${t("reset.passwordHint")}</p>
          ${errors.password ? html`<p class="error" id="password-error">${errors.password}</p>` : ""}
          <input id="password" name="password" type="password" autocomplete="new-password" required
            aria-describedby="password-hint${errors.password ? " password-error" : ""}" aria-invalid="${errors.password ? "true" : "false"}">
          <label for="confirmPassword">${t("reset.confirmPassword")}</label>
          ${errors.confirmPassword ? html`<p class="error" id="confirmPassword-error">${errors.confirmPassword}</p>` : ""}
          <input id="confirmPassword" name="confirmPassword" type="password" autocomplete="new-password" required
            ${errors.confirmPassword ? html`aria-describedby="confirmPassword-error"` : ""} aria-invalid="${errors.confirmPassword ? "true" : "false"}">
          <button type="submit">${t("reset.submit")}</button>
        </form>`,
    [new URL(ctx.config.consoleUrl).origin],
  );
  return view;
}

/** The page of a reset link that is unknown, spent or expired. */
function invalidLink(ctx: SandboxContext, lang: Language) {
  const t = translator(lang);
  return page(
    lang,
    t("reset.invalidTitle"),
    html`<h1>${t("reset.invalidTitle")}</h1>
        <p>${t("reset.invalidBody")}</p>
        <p><a href="${ctx.config.consoleUrl}/${lang}/auth/reset-password">${t("reset.requestNew")}</a></p>
        <p><a href="${ctx.config.consoleUrl}/${lang}/auth/signin">${t("backToSignIn")}</a></p>`,
  );
}

export function identityRoutes(ctx: SandboxContext, accounts: Accounts, limiter: SignInLimiter) {
  const app = new Hono<AppEnv>();

  app.get("/verify-email", async (c) => {
    const lang = pickLanguage(c.req.query("lang"));
    const result = await accounts.verifyEmail(c.req.query("token") ?? "");
    if (!result.ok) return c.redirect(signInUrl(ctx, lang, "verification_invalid"), 303);
    return c.redirect(signInUrl(ctx, lang, "email_verified", result.email), 303);
  });

  /**
   * Asks for a reset link: the same answer whether or not the address has an account, and
   * whether or not the address has had its reset mails for the hour (server/sandbox/mail.ts).
   */
  app.post("/password/forgot", async (c) => {
    const { email, lang } = await jsonBody(c, forgotRequest);
    await accounts.requestPasswordReset(email, pickLanguage(lang));
    return c.json(
      { detail: "If an account exists for this address, a reset link has been sent." },
      202,
    );
  });

  app.get("/password/reset/:token", async (c) => {
    const lang = pickLanguage(c.req.query("lang"));
    const found = await accounts.findResetToken(c.req.param("token"));
    const view = found
      ? resetForm(ctx, lang, c.req.param("token"), found.user.email)
      : invalidLink(ctx, lang);
    return c.html(view.body, found ? 200 : 410, view.headers);
  });

  app.post("/password/reset/:token", async (c) => {
    const lang = pickLanguage(c.req.query("lang"));
    const token = c.req.param("token");
    const found = await accounts.findResetToken(token);
    if (!found) {
      const view = invalidLink(ctx, lang);
      return c.html(view.body, 410, view.headers);
    }
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const password = typeof form.password === "string" ? form.password : "";
    const confirm = typeof form.confirmPassword === "string" ? form.confirmPassword : "";
    const errors = passwordErrors(lang, password, confirm);
    if (errors.password || errors.confirmPassword) {
      const view = resetForm(ctx, lang, token, found.user.email, errors);
      return c.html(view.body, 400, view.headers);
    }
    const user = await accounts.resetPassword(token, password);
    if (!user) {
      const view = invalidLink(ctx, lang);
      return c.html(view.body, 410, view.headers);
    }
    // The owner is back in: the waits their failed sign-ins from here had earned are over.
    await limiter.cleared(user.email, remoteAddress(c));
    return c.redirect(signInUrl(ctx, lang, "password_reset", user.email), 303);
  });

  return app;
}
