/**
 * Links mailed to a user: email verification and password reset. Each link is single-use and
 * spent inside the transaction that acts on it, so two clicks cannot both succeed.
 */
import { and, eq } from "drizzle-orm";
import type { SandboxContext } from "../context";
import { users, userTokens } from "../db/schema/companies";
import { recordChange } from "../history";
import type { AccountDeps } from "./accounts";
import { type Language, translator } from "./i18n";
import { hashPassword } from "./passwords";
import { findToken, issueToken, type TokenKind, useToken } from "./tokens";

/** Who a link is mailed to. */
export interface MailedUser {
  id: string;
  email: string;
  firstName: string;
  companyId: string;
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

/** Mails a single-use link of `kind` to a user, in their language. */
async function mailLink(
  ctx: SandboxContext,
  { lifetimes }: AccountDeps,
  user: MailedUser,
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
  const token = await issueToken(ctx.db, user.id, kind, lifetimes?.[kind]);
  const link = `${ctx.config.url}${content.path.replace("{token}", token)}${content.path.includes("?") ? "&" : "?"}lang=${lang}`;
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

export function sendVerification(
  ctx: SandboxContext,
  deps: AccountDeps,
  user: MailedUser,
  companyName: string,
  lang: Language,
) {
  return mailLink(ctx, deps, user, "verify-email", lang, {
    path: "/verify-email?token={token}",
    subject: "mail.verifySubject",
    body: "mail.verifyBody",
    action: "mail.verifyAction",
    values: { company: companyName },
  });
}

/** Verifies the address behind a link; the result decides the sign-in page's message. */
export async function verifyEmail(
  ctx: SandboxContext,
  token: string,
): Promise<{ ok: true; email: string } | { ok: false }> {
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
export async function requestPasswordReset(
  ctx: SandboxContext,
  deps: AccountDeps,
  email: string,
  lang: Language,
) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!user) {
    ctx.log.info({ kind: "reset-password" }, "password reset asked for an unknown address");
    return;
  }
  await mailLink(ctx, deps, user, "reset-password", lang, {
    path: "/password/reset/{token}",
    subject: "mail.resetSubject",
    body: "mail.resetBody",
    action: "mail.resetAction",
  });
}

export async function findResetToken({ db }: SandboxContext, token: string) {
  const row = await findToken(db, token, "reset-password");
  if (!row) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  return user ? { tokenId: row.id, user } : undefined;
}

/** Sets the new password and spends every open reset link of the user. */
export async function resetPassword(ctx: SandboxContext, token: string, newPassword: string) {
  const found = await findResetToken(ctx, token);
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
