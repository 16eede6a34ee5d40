import { describe, expect, it, vi } from "vitest";
import type { Database } from "./db";
import type { Logger } from "./logger";
import { createMailer, MAIL_LIMITS, type MailMessage } from "./mail";

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
const mail = (to: string, kind: string): MailMessage => ({ to, kind, subject: "s", text: "t", html: "<p>t</p>" });

describe("the mailer", () => {
  it("sends one address at most a few verification mails an hour, whatever its case; other addresses and kinds are apart", async () => {
    const { rows, db } = outbox();
    const mailer = createMailer({ db, log, from: "console@example.test" });
    const sent: boolean[] = [];
    for (let i = 0; i < 5; i++) sent.push(await mailer.send(mail(i % 2 ? "Victim@Example.test" : "victim@example.test", "verify-email")));
    expect(MAIL_LIMITS["verify-email"]).toBe(3);
    expect(sent).toEqual([true, true, true, false, false]);
    expect(await mailer.send(mail("someone@example.test", "verify-email"))).toBe(true);
    expect(await mailer.send(mail("victim@example.test", "reset-password"))).toBe(true);
    expect(rows.map((row) => row.kind)).toEqual(["verify-email", "verify-email", "verify-email", "verify-email", "reset-password"]);
  });
});
