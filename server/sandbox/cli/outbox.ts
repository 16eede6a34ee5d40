/** The mail outbox as the reviewer command shows it: from the database, or from a running sandbox. */
import path from "node:path";
import { OUTBOX_PATH, RUNNING_FILE, type RunningSandboxFile } from "../admin/local";
import { formatMail } from "../mail";

export interface OutboxMail {
  to: string;
  kind: string;
  subject: string;
  link: string | null;
  createdAt: Date | string;
  sentAt: Date | string | null;
}

export function printOutbox(mails: OutboxMail[]) {
  if (mails.length === 0) console.log("The outbox is empty.");
  console.log(mails.map((mail) => formatMail(mail)).join("\n\n"));
}

/** The outbox as the sandbox running on DATA_DIR serves it; a message instead when it does not. */
export async function outboxOfRunning(
  running: RunningSandboxFile,
  dataDir: string,
  options: { to?: string; limit: number },
) {
  const url = new URL(OUTBOX_PATH, running.url);
  if (options.to) url.searchParams.set("to", options.to);
  url.searchParams.set("limit", String(options.limit));
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${running.outboxToken}` } });
    if (res.ok) return (await res.json()) as OutboxMail[];
    const body = (await res.json().catch(() => ({}))) as { detail?: string };
    return `The sandbox at ${running.url} refused to show its outbox (${res.status}${body.detail ? `: ${body.detail}` : ""}).`;
  } catch {
    return `The sandbox (process ${running.pid}) does not answer at ${running.url}: it may still be starting, so try again in a moment. If no sandbox runs on ${dataDir}, delete ${path.join(dataDir, RUNNING_FILE)}.`;
  }
}
