/**
 * Login interactions of the identity provider. The login page is the console's sign-in page:
 * `/interaction/:uid` sends the browser there, and its plain HTML form posts email and
 * password back to `/interaction/:uid/login` (a path under the `_interaction` cookie's path).
 * Works without JavaScript.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { html } from "hono/html";
import type Provider from "oidc-provider";
import type { SignInError } from "~/api/signin/codes";
import type { AppEnv, SandboxContext } from "../context";
import { users } from "../db/schema/companies";
import { remoteAddress } from "../http/auth";
import { type Language, pickLanguage, translator } from "../identity/i18n";
import type { SignInLimiter } from "../identity/limits";
import { page } from "../identity/pages";
import { unusableHash, verifyPassword } from "../identity/passwords";
import { CONSOLE_SCOPES } from "./provider";

type NodeBindings = { incoming: IncomingMessage; outgoing: ServerResponse };

type InteractionContext = Context<AppEnv & { Bindings: NodeBindings }>;
type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;

function signInUrl(
  ctx: SandboxContext,
  lang: Language,
  params: Record<string, string | undefined>,
) {
  const query = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])),
  );
  return `${ctx.config.consoleUrl}/${lang}/auth/signin${query.size ? `?${query}` : ""}`;
}

/** The interaction of the browser's cookie, when it is the one the path names. */
async function details(provider: Provider, c: InteractionContext) {
  try {
    const interaction = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
    return interaction.uid === c.req.param("uid") ? interaction : undefined;
  } catch {
    return undefined;
  }
}

const languageOf = (params: Record<string, unknown> | undefined) =>
  pickLanguage(typeof params?.ui_locales === "string" ? params.ui_locales : undefined);

/** Consent: the first-party console is granted what it asks for; others are refused. */
async function consent(
  ctx: SandboxContext,
  provider: Provider,
  c: InteractionContext,
  interaction: Interaction,
) {
  const accountId = interaction.session?.accountId;
  if (interaction.params.client_id !== ctx.config.consoleClientId || !accountId) {
    const returnTo = await provider.interactionResult(c.env.incoming, c.env.outgoing, {
      error: "access_denied",
      error_description: "This client is not allowed.",
    });
    return c.redirect(returnTo, 303);
  }
  const grant = interaction.grantId
    ? ((await provider.Grant.find(interaction.grantId)) ??
      new provider.Grant({ clientId: ctx.config.consoleClientId, accountId }))
    : new provider.Grant({ clientId: ctx.config.consoleClientId, accountId });
  grant.addOIDCScope(`${CONSOLE_SCOPES} offline_access`);
  grant.addResourceScope(`${ctx.config.url}/api`, "api");
  const grantId = await grant.save();
  const returnTo = await provider.interactionResult(
    c.env.incoming,
    c.env.outgoing,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
  return c.redirect(returnTo, 303);
}

/** The page of a sign-in refused while the address waits out its failed attempts. */
function tooManyAttempts(ctx: SandboxContext, lang: Language, wait: number, backTo: string) {
  const t = translator(lang);
  const waitText =
    wait < 60
      ? t("tooManyAttempts.waitSeconds", { count: wait })
      : t("tooManyAttempts.waitMinutes", { count: Math.ceil(wait / 60) });
  return page(
    lang,
    t("tooManyAttempts.title"),
    html`<h1>${t("tooManyAttempts.title")}</h1>
          <p role="alert">${t("tooManyAttempts.body")} ${waitText}</p>
          <p>${t("tooManyAttempts.forgotPassword")} <a href="${ctx.config.consoleUrl}/${lang}/auth/reset-password">${t("tooManyAttempts.resetPassword")}</a></p>
          <p><a href="${backTo}">${t("backToSignIn")}</a></p>`,
  );
}

export function interactionRoutes(ctx: SandboxContext, provider: Provider, limiter: SignInLimiter) {
  const app = new Hono<AppEnv & { Bindings: NodeBindings }>();

  app.get("/interaction/:uid", async (c) => {
    const interaction = await details(provider, c);
    if (!interaction) {
      return c.redirect(
        signInUrl(ctx, pickLanguage(c.req.query("lang")), { error: "session_expired" }),
        303,
      );
    }
    const lang = languageOf(interaction.params);
    if (interaction.prompt.name === "login") {
      const hint =
        typeof interaction.params.login_hint === "string"
          ? interaction.params.login_hint
          : undefined;
      return c.redirect(signInUrl(ctx, lang, { interaction: interaction.uid, email: hint }), 303);
    }
    return consent(ctx, provider, c, interaction);
  });

  app.post("/interaction/:uid/login", async (c) => {
    const interaction = await details(provider, c);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const email = typeof form.email === "string" ? form.email.trim().toLowerCase() : "";
    const password = typeof form.password === "string" ? form.password : "";
    const lang = interaction
      ? languageOf(interaction.params)
      : pickLanguage(String(form.lang ?? ""));
    if (interaction?.prompt.name !== "login") {
      return c.redirect(signInUrl(ctx, lang, { error: "session_expired", email }), 303);
    }
    const back = (error: SignInError) =>
      c.redirect(signInUrl(ctx, lang, { interaction: interaction.uid, error, email }), 303);
    if (!email || !password) return back("missing_fields");

    // Checked before the password: a try during the wait tells nothing, right or wrong.
    const address = remoteAddress(c);
    const wait = await limiter.waitFor(email, address);
    if (wait > 0) {
      c.get("log").warn({ email, address, wait }, "sign-in refused: too many failed attempts");
      const backTo = signInUrl(ctx, lang, { interaction: interaction.uid, email });
      const view = tooManyAttempts(ctx, lang, wait, backTo);
      return c.html(view.body, 429, { ...view.headers, "Retry-After": String(wait) });
    }

    const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
    const valid = await verifyPassword(password, user?.passwordHash ?? unusableHash);
    if (!user || !valid) {
      await limiter.failed(email, address);
      return back("invalid_credentials");
    }
    await limiter.cleared(email, address);
    if (!user.emailVerifiedAt) return back("email_not_verified");
    if (user.suspendedAt) return back("account_suspended");

    const returnTo = await provider.interactionResult(
      c.env.incoming,
      c.env.outgoing,
      { login: { accountId: user.id, remember: false } },
      { mergeWithLastSubmission: false },
    );
    c.get("log").info({ userId: user.id }, "signed in");
    return c.redirect(returnTo, 303);
  });

  /** The user gave up signing in: the console receives access_denied. */
  app.get("/interaction/:uid/abort", async (c) => {
    const interaction = await details(provider, c);
    if (!interaction) return c.redirect(signInUrl(ctx, pickLanguage(c.req.query("lang")), {}), 303);
    const returnTo = await provider.interactionResult(c.env.incoming, c.env.outgoing, {
      error: "access_denied",
      error_description: "Sign-in was cancelled.",
    });
    return c.redirect(returnTo, 303);
  });

  return app;
}
