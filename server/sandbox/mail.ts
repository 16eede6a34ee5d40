/**
 * Mail: delivered over SMTP when SMTP_URL is set; always kept in the outbox table,
 * and logged with its link so a local user can follow it.
 */
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "./db";
import { mailOutbox } from "./db/schema";
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

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { db: Database; log: Logger; smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
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
      if (!transport) return;
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        await options.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        options.log.error({ err: error, mailId: row.id }, "mail delivery failed");
        await options.db.update(mailOutbox).set({ error: String(error) }).where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
