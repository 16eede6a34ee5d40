/** The log collector: browser errors posted by entry.client, written to the structured log. */
import { type ActionFunctionArgs, json } from "@remix-run/node";
import * as z from "zod";
import { BODY_LIMITS } from "~/lib/body-limits";
import { logger } from "~/lib/log.server";
import { redactUrl } from "~/lib/log-redact";

const report = z.object({
  kind: z.enum(["error", "unhandledrejection", "boundary"]),
  message: z.string().max(1000),
  url: z.string().max(500).optional(),
  source: z.string().max(500).optional(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  userAgent: z.string().max(500).optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  // The host has refused a body over BODY_LIMITS.log before this reads it.
  const text = await request.text();
  if (Buffer.byteLength(text) > BODY_LIMITS.log)
    return json({ detail: "The report is too large." }, 413);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return json({ detail: "The report must be JSON." }, 400);
  }
  const result = report.safeParse(parsed);
  if (!result.success) return json({ detail: "The report is not valid." }, 400);
  const browser = result.data;
  // A page's address may hold a token (a mailed link, a sign-in code): never kept in the log.
  logger.warn(
    {
      browser: {
        ...browser,
        url: browser.url && redactUrl(browser.url),
        source: browser.source && redactUrl(browser.source),
      },
    },
    "browser error",
  );
  return new Response(null, { status: 204 });
}

export const loader = () => json({ detail: "Post browser error reports here." }, 405);
