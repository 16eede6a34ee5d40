/**
 * Mail: delivered over SMTP when SMTP_URL is set; always kept in the outbox table,
 * and logged with its link so a local user can follow it. One address gets at most a few
 * mails of a kind an hour (MAIL_LIMITS), whoever asks: the provider cannot be made to flood
 * someone's mailbox with verification or reset mails.
 */
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "./db";
import { mailOutbox } from "./db/schema";
import type { Logger } from "./logger";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { memoryLimitStore, take, type LimitStore } from "./identity/limits";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link the message carries. */
  link?: string;
  kind: string;
  companyId?: string;
}

export interface Mailer {
  /** Queues and sends the message; false (nothing sent) when its address had its mails of this kind for the hour. */
  send(message: MailMessage): Promise<boolean>;
}

/** Mails of one kind to one address per hour; other kinds: MAIL_LIMIT_OTHER. */
export const MAIL_LIMITS: Record<string, number> = { "verify-email": 3, "reset-password": 5 };
const MAIL_LIMIT_OTHER = 5;

export function createMailer(options: { db: Database; log: Logger; smtpUrl?: string; from: string; limits?: LimitStore }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const store = options.limits ?? memoryLimitStore();
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterOf = (kind: string) => {
    let limiter = limiters.get(kind);
    if (!limiter) {
      limiter = store.limiter({ keyPrefix: `mail-${kind}`, points: MAIL_LIMITS[kind] ?? MAIL_LIMIT_OTHER, duration: 60 * 60 });
      limiters.set(kind, limiter);
    }
    return limiter;
  };
  return {
    async send(message) {
      if ((await take(limiterOf(message.kind), message.to.toLowerCase())) > 0) {
        options.log.warn({ kind: message.kind }, "mail limit reached for an address: not sent");
        return false;
      }
      const [row] = await options.db
        .insert(mailOutbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          link: message.link ?? null,
          kind: message.kind,
          companyId: message.companyId ?? null,
        })
        .returning({ id: mailOutbox.id });
      options.log.info({ mailId: row.id, to: message.to, kind: message.kind, link: message.link }, "mail queued");
      if (!transport) return true;
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        await options.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        options.log.error({ err: error, mailId: row.id }, "mail delivery failed");
        await options.db.update(mailOutbox).set({ error: String(error) }).where(eq(mailOutbox.id, row.id));
      }
      return true;
    },
  };
}
