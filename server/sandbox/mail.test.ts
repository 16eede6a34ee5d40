import { describe, expect, it, vi } from "vitest";
import type { Database } from "./db";
import type { Logger } from "./logger";
import {
  createMailer,
  formatMail,
  MAIL_LIMITS,
  type MailMessage,
  printsMail,
  type QueuedMail,
} from "./mail";

/** The outbox's rows, in a database that only takes inserts. */
function outbox() {
  const rows: Record<string, unknown>[] = [];
  const db = {
    insert: () => ({
      values: (row: Record<string, unknown>) => ({
        returning: async () => {
          rows.push(row);
          return [{ id: String(rows.length) }];
        },
      }),
    }),
  } as unknown as Database;
  return { rows, db };
}

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as Logger;
const mail = (to: string, kind: string): MailMessage => ({
  to,
  kind,
  subject: "s",
  text: "t",
  html: "<p>t</p>",
});

describe("the mailer", () => {
  it("sends one address at most a few verification mails an hour, whatever its case; other addresses and kinds are apart", async () => {
    const { rows, db } = outbox();
    const mailer = createMailer({ db, log, from: "console@example.test" });
    const sent: boolean[] = [];
    for (let i = 0; i < 5; i++)
      sent.push(
        await mailer.send(
          mail(i % 2 ? "Victim@Example.test" : "victim@example.test", "verify-email"),
        ),
      );
    expect(MAIL_LIMITS["verify-email"]).toBe(3);
    expect(sent).toEqual([true, true, true, false, false]);
    expect(await mailer.send(mail("someone@example.test", "verify-email"))).toBe(true);
    expect(await mailer.send(mail("victim@example.test", "reset-password"))).toBe(true);
    expect(rows.map((row) => row.kind)).toEqual([
      "verify-email",
      "verify-email",
      "verify-email",
      "verify-email",
      "reset-password",
    ]);
  });

  it("logs the kind and the recipient of a mail, never its link or token", async () => {
    const { db } = outbox();
    const lines: unknown[] = [];
    const recording = {
      info: (...args: unknown[]) => lines.push(args),
      warn: vi.fn(),
      error: vi.fn(),
    } as unknown as Logger;
    const mailer = createMailer({ db, log: recording, from: "console@example.test" });
    await mailer.send({
      ...mail("ada@example.test", "reset-password"),
      link: "http://localhost:3001/password/reset/tok3n-of-the-link?lang=en-AU",
    });
    expect(lines).toEqual([
      [{ mailId: "1", to: "ada@example.test", kind: "reset-password" }, "mail queued"],
    ]);
    expect(JSON.stringify(lines)).not.toContain("tok3n");
  });
});

describe("a queued mail at the terminal", () => {
  it("is told once it is in the outbox, with its address, kind and link; a mail over the limit is not", async () => {
    const { rows, db } = outbox();
    // Each with the number of rows in the outbox when it was told.
    const queued: [QueuedMail, number][] = [];
    const mailer = createMailer({
      db,
      log,
      from: "console@example.test",
      onQueued: (queuedMail) => queued.push([queuedMail, rows.length]),
    });
    const link = "http://localhost:3001/verify-email?token=abc&lang=en-AU";
    for (let i = 0; i < 4; i++)
      await mailer.send({ ...mail("new@example.test", "verify-email"), link });
    expect(queued).toEqual(
      [1, 2, 3].map((count) => [{ to: "new@example.test", kind: "verify-email", link }, count]),
    );
  });

  it("is still sent when showing it fails", async () => {
    const { rows, db } = outbox();
    const onQueued = () => {
      throw new Error("EPIPE");
    };
    const mailer = createMailer({ db, log, from: "console@example.test", onQueued });
    expect(await mailer.send(mail("new@example.test", "reset-password"))).toBe(true);
    expect(rows).toHaveLength(1);
  });

  it("says to whom and what for, with the link alone on its last line", () => {
    const link = "http://localhost:3001/verify-email?token=abc&lang=en-AU";
    expect(formatMail({ to: "ada@example.test", kind: "verify-email", link })).toBe(
      `Mail to ada@example.test: verify email address\n  ${link}`,
    );
    expect(
      formatMail({ to: "ada@example.test", kind: "reset-password", link }).split("\n"),
    ).toEqual(["Mail to ada@example.test: reset password", `  ${link}`]);
    expect(formatMail({ to: "ada@example.test", kind: "account-suspended" })).toBe(
      "Mail to ada@example.test: account suspended",
    );
  });

  it("lists the outbox with the time, subject and delivery of each mail", () => {
    const createdAt = new Date("2026-03-04T05:06:07.000Z");
    const listed = {
      to: "ada@example.test",
      kind: "reset-password",
      link: "http://x.test/r",
      subject: "Reset your password",
      createdAt,
    };
    expect(formatMail({ ...listed, sentAt: null })).toBe(
      "2026-03-04T05:06:07.000Z  Mail to ada@example.test: reset password\n  Reset your password\n  http://x.test/r",
    );
    // As the running sandbox answers it: dates in JSON.
    expect(
      formatMail({
        ...listed,
        createdAt: createdAt.toISOString(),
        sentAt: createdAt.toISOString(),
      }).split("\n")[0],
    ).toBe("2026-03-04T05:06:07.000Z  Mail to ada@example.test: reset password (delivered)");
  });

  it("never writes a control character to the terminal", () => {
    const text = formatMail({
      to: "a\u001b]8;;http://evil.test\u0007@example.test",
      kind: "verify-email",
      subject: "Hi\r\u009b2J",
      link: "http://x.test/\u001b[2J",
    });
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(text.split("\n")).toHaveLength(3);
  });

  it("is printed when PRINT_MAIL is on, or auto and the output is a terminal", () => {
    expect(printsMail("auto", true)).toBe(true);
    expect(printsMail("auto", false)).toBe(false);
    expect(printsMail("on", false)).toBe(true);
    expect(printsMail("off", true)).toBe(false);
  });
});
