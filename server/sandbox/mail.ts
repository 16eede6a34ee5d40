/**
 * Mail: delivered over SMTP when SMTP_URL is set; always kept in the outbox table. The log
 * names its kind and recipient, never its link; `npm start` prints the link for a local
 * user (formatMail, PRINT_MAIL), and `npm run provider -- mail` lists the outbox. One address gets at most a few
 * mails of a kind an hour (MAIL_LIMITS), whoever asks: the provider cannot be made to flood
 * someone's mailbox with verification or reset mails.
 */
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Env } from "../config";
import type { Database } from "./db";
import { mailOutbox } from "./db/schema/records";
import { type LimitStore, memoryLimitStore, take } from "./identity/limits";
import type { Logger } from "./logger";

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

/** What a queued mail is told to whoever watches the outbox (the launcher's terminal). */
export type QueuedMail = Pick<MailMessage, "to" | "kind" | "link">;

export interface Mailer {
  /** Queues and sends the message; false (nothing sent) when its address had its mails of this kind for the hour. */
  send(message: MailMessage): Promise<boolean>;
}

/** Mails of one kind to one address per hour; other kinds: MAIL_LIMIT_OTHER. */
export const MAIL_LIMITS: Record<string, number> = { "verify-email": 3, "reset-password": 5 };
const MAIL_LIMIT_OTHER = 5;

export function createMailer(options: {
  db: Database;
  log: Logger;
  smtpUrl?: string;
  from: string;
  limits?: LimitStore;
  /** Told of each mail once it is in the outbox. */
  onQueued?: (mail: QueuedMail) => void;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const store = options.limits ?? memoryLimitStore();
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterOf = (kind: string) => {
    let limiter = limiters.get(kind);
    if (!limiter) {
      limiter = store.limiter({
        keyPrefix: `mail-${kind}`,
        points: MAIL_LIMITS[kind] ?? MAIL_LIMIT_OTHER,
        duration: 60 * 60,
      });
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
      // Never the link: it signs in whoever has it. The launcher prints it (PRINT_MAIL), not the log.
      options.log.info({ mailId: row.id, to: message.to, kind: message.kind }, "mail queued");
      try {
        options.onQueued?.({ to: message.to, kind: message.kind, link: message.link });
      } catch (error) {
        options.log.warn({ err: error, mailId: row.id }, "a queued mail could not be shown");
      }
      if (!transport) return true;
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await options.db
          .update(mailOutbox)
          .set({ sentAt: new Date() })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        options.log.error({ err: error, mailId: row.id }, "mail delivery failed");
        await options.db
          .update(mailOutbox)
          .set({ error: String(error) })
          .where(eq(mailOutbox.id, row.id));
      }
      return true;
    },
  };
}

/** What each kind of mail is for, in the words of the terminal. */
const MAIL_KIND_NAMES: Record<string, string> = {
  "verify-email": "verify email address",
  "reset-password": "reset password",
};

/** Control characters (ANSI escapes among them) never reach the terminal. */
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");

/**
 * A mail for a person at a terminal: to whom and what for on the first line, then (in the
 * outbox listing) its time, subject and whether it was delivered, and its link, if any, alone
 * on the last line so that the terminal can open it.
 */
export function formatMail(mail: {
  to: string;
  kind: string;
  link?: string | null;
  subject?: string;
  createdAt?: Date | string;
  sentAt?: Date | string | null;
}): string {
  const kind = MAIL_KIND_NAMES[mail.kind] ?? mail.kind.replaceAll("-", " ");
  const when = mail.createdAt === undefined ? "" : `${new Date(mail.createdAt).toISOString()}  `;
  const lines = [`${when}Mail to ${mail.to}: ${kind}${mail.sentAt ? " (delivered)" : ""}`];
  if (mail.subject !== undefined) lines.push(`  ${mail.subject}`);
  if (mail.link) lines.push(`  ${mail.link}`);
  return lines.map(printable).join("\n");
}

/** PRINT_MAIL: whether the launcher prints each queued mail; `auto` when its output is a terminal. */
export const printsMail = (setting: Env["PRINT_MAIL"], toTerminal: boolean) =>
  setting === "on" || (setting === "auto" && toTerminal);
