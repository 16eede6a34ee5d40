/**
 * Accounts of the identity provider: registration of a company with its first user (behind
 * its limits and captcha), email verification and password reset.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { RegistrationRequest, registrationRequest } from "~/api/registration/schemas";
import type { SandboxContext } from "../context";
import { companies, companyEntities, users, userTokens } from "../db/schema/companies";
import { countries, featureFlags } from "../db/schema/lookups";
import { checkImage } from "../files/rules";
import { storeFile } from "../files/service";
import { recordChange } from "../history";
import { badRequest, conflict } from "../http/errors";
import { loadSecret } from "../oidc/provider";
import { type Language, translator } from "./i18n";
import type { LimitStore } from "./limits";
import { hashPassword } from "./passwords";
import {
  createRegistrationGuard,
  type RegistrationCaller,
  type RegistrationLimitOptions,
} from "./registration-guard";
import { findToken, issueToken, TOKEN_LIFETIME, type TokenKind, useToken } from "./tokens";

type Registration = z.output<typeof registrationRequest>;

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

function mailBody(text: string, link: string, action: string) {
  const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const paragraphs = text
    .split("\n\n")
    .map((p) =>
      p.trim() === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`
        : `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`,
    )
    .join("\n");
  return `<!doctype html><html><body>${paragraphs}</body></html>`;
}

/** The company icon of a registration: base64 PNG, checked by the icon rules. */
async function checkCompanyIcon(contentBase64: string) {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(contentBase64))
    throw badRequest("companyIcon: must be base64", "companyIcon", "invalidFormat");
  const bytes = new Uint8Array(Buffer.from(contentBase64, "base64"));
  const checked = await checkImage(bytes, { purpose: "company-icon" });
  if (!checked.ok) throw badRequest(`companyIcon: ${checked.message}`, "companyIcon", checked.code);
  return { bytes, checked };
}

export interface AccountOptions {
  /** Where the registration limits and spent captcha solutions are kept. */
  limits: LimitStore;
  registrationLimits?: RegistrationLimitOptions;
  /** Lifetimes of mailed links in ms (tests shorten them). */
  lifetimes?: Partial<Record<TokenKind, number>>;
}

export function createAccounts(ctx: SandboxContext, options: AccountOptions) {
  const issuer = ctx.config.url;
  const lifetime = (kind: TokenKind) => options.lifetimes?.[kind] ?? TOKEN_LIFETIME[kind];
  const guard = createRegistrationGuard({
    store: options.limits,
    limits: options.registrationLimits,
    secret: () => loadSecret(ctx, "captcha-key", async () => randomBytes(32).toString("base64url")),
    questionSecret: ctx.config.consoleClientSecret,
  });

  /** Mails a single-use link of `kind` to a user, in their language. */
  async function mailLink(
    user: { id: string; email: string; firstName: string; companyId: string },
    kind: TokenKind,
    lang: Language,
    content: {
      path: string;
      subject: string;
      body: string;
      action: string;
      values?: Record<string, string>;
    },
  ) {
    const token = await issueToken(ctx.db, user.id, kind, lifetime(kind));
    const link = `${issuer}${content.path.replace("{token}", token)}${content.path.includes("?") ? "&" : "?"}lang=${lang}`;
    const t = translator(lang);
    const text = t(content.body, { name: user.firstName, link, ...content.values });
    return ctx.mail.send({
      to: user.email,
      subject: t(content.subject),
      text,
      html: mailBody(text, link, t(content.action)),
      link,
      kind,
      companyId: user.companyId,
    });
  }

  function sendVerification(
    user: { id: string; email: string; firstName: string; companyId: string },
    companyName: string,
    lang: Language,
  ) {
    return mailLink(user, "verify-email", lang, {
      path: "/verify-email?token={token}",
      subject: "mail.verifySubject",
      body: "mail.verifyBody",
      action: "mail.verifyAction",
      values: { company: companyName },
    });
  }

  async function register(input: RegistrationRequest | Registration, caller: RegistrationCaller) {
    const data = input as Registration;
    await guard.admit(data, caller);
    const [country] = await ctx.db
      .select()
      .from(countries)
      .where(eq(countries.code, data.countryId.toUpperCase()));
    if (!country?.selectable)
      throw badRequest("countryId: must be a country from the list", "countryId", "unknownCountry");
    let entityType = 0;
    if (data.entityType !== undefined) {
      const resourceCountry = country.resourceCountryCode ?? country.code;
      const [flag] = await ctx.db
        .select()
        .from(featureFlags)
        .where(
          and(
            eq(featureFlags.countryCode, resourceCountry),
            eq(featureFlags.flag, "lower-level-entity-enabled"),
          ),
        );
      if (!flag?.enabled && data.entityType !== 0) {
        throw badRequest(
          "entityType: entity types are not offered in this country",
          "entityType",
          "notOffered",
        );
      }
      entityType = data.entityType;
    }
    const [existing] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, data.email));
    if (existing)
      throw conflict("email: an account with this email address already exists", "email", "taken");

    const icon = data.companyIcon
      ? await checkCompanyIcon(data.companyIcon.contentBase64)
      : undefined;
    const passwordHash = await hashPassword(data.password);
    let created: { userId: string; companyId: string };
    try {
      created = await ctx.db.transaction(async (tx) => {
        const [company] = await tx
          .insert(companies)
          .values({ name: data.companyName, entityType })
          .returning({ id: companies.id });
        const [entity] = await tx
          .insert(companyEntities)
          .values({
            companyId: company.id,
            countryId: country.code,
            isDefault: true,
            companyName: data.companyName,
            phoneNumber: data.phoneNumber,
            addressLine1: data.addressLine1,
            addressLine2: data.addressLine2,
            addressLine3: data.addressLine3,
            cityTown: data.cityTown,
            zipPostCode: data.zipPostCode,
            stateCounty: data.stateCounty,
            profile: data.profile,
            website: data.website,
            socialPresence: data.socialPresence,
            supportUrl: data.supportUrl,
            termsUrl: data.termsUrl,
          })
          .returning({ id: companyEntities.id });
        const [user] = await tx
          .insert(users)
          .values({
            companyId: company.id,
            email: data.email,
            title: data.title,
            firstName: data.firstName,
            lastName: data.lastName,
            passwordHash,
            isAdmin: true,
            localeCode: data.localeCode,
          })
          .returning({ id: users.id });
        if (icon && data.companyIcon) {
          const stored = await storeFile(ctx, {
            companyId: company.id,
            uploadedById: user.id,
            bytes: icon.bytes,
            fileName: data.companyIcon.fileName,
            checked: icon.checked,
            kind: "image",
            entityId: entity.id,
            tx,
          });
          await tx
            .update(companyEntities)
            .set({ iconFileId: stored.id })
            .where(eq(companyEntities.id, entity.id));
        }
        await recordChange(tx, {
          companyId: company.id,
          entityType: "company",
          entityId: company.id,
          action: "registered",
          toState: "registered",
          actor: user.id,
        });
        return { userId: user.id, companyId: company.id };
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(
          "email: an account with this email address already exists",
          "email",
          "taken",
        );
      throw error;
    }
    await sendVerification(
      {
        id: created.userId,
        email: data.email,
        firstName: data.firstName,
        companyId: created.companyId,
      },
      data.companyName,
      data.localeCode,
    );
    return { ...created, email: data.email };
  }

  /** Verifies the address behind a link; the result decides the sign-in page's message. */
  async function verifyEmail(token: string): Promise<{ ok: true; email: string } | { ok: false }> {
    const row = await findToken(ctx.db, token, "verify-email");
    if (!row) return { ok: false };
    return ctx.db.transaction(async (tx) => {
      if (!(await useToken(tx, row.id))) return { ok: false } as const;
      const [user] = await tx
        .update(users)
        .set({ emailVerifiedAt: new Date(), modifiedAt: new Date() })
        .where(eq(users.id, row.userId))
        .returning();
      await recordChange(tx, {
        companyId: user.companyId,
        entityType: "user",
        entityId: user.id,
        action: "email-verified",
        toState: "verified",
        actor: user.id,
      });
      return { ok: true, email: user.email } as const;
    });
  }

  /** Sends a reset link when the address has an account; the caller answers the same either way. */
  async function requestPasswordReset(email: string, lang: Language) {
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .limit(1);
    if (!user) {
      ctx.log.info({ kind: "reset-password" }, "password reset asked for an unknown address");
      return;
    }
    await mailLink(user, "reset-password", lang, {
      path: "/password/reset/{token}",
      subject: "mail.resetSubject",
      body: "mail.resetBody",
      action: "mail.resetAction",
    });
  }

  async function findResetToken(token: string) {
    const row = await findToken(ctx.db, token, "reset-password");
    if (!row) return undefined;
    const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
    return user ? { tokenId: row.id, user } : undefined;
  }

  /** Sets the new password and spends every open reset link of the user. */
  async function resetPassword(token: string, newPassword: string) {
    const found = await findResetToken(token);
    if (!found) return undefined;
    const passwordHash = await hashPassword(newPassword);
    return ctx.db.transaction(async (tx) => {
      if (!(await useToken(tx, found.tokenId))) return undefined;
      await tx
        .update(users)
        .set({ passwordHash, modifiedAt: new Date() })
        .where(eq(users.id, found.user.id));
      await tx
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(userTokens.userId, found.user.id), eq(userTokens.kind, "reset-password")));
      await recordChange(tx, {
        companyId: found.user.companyId,
        entityType: "user",
        entityId: found.user.id,
        action: "password-reset",
        actor: found.user.id,
      });
      return found.user;
    });
  }

  return {
    register,
    captchaChallenge: guard.challenge,
    captchaQuestion: guard.question,
    verifyEmail,
    requestPasswordReset,
    findResetToken,
    resetPassword,
    sendVerification,
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
