/**
 * A limit's Retry-After in the page's language: how long to wait ("in 42 minutes", "over 42
 * minuten") with the largest unit that fits, or the moment it ends as a date and time. Intl's
 * own wording, so both languages read naturally.
 */
import { UNATTACHED_UPLOAD_QUOTA } from "~/api/files/rules";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 24 * 60 * 60],
  ["hour", 60 * 60],
  ["minute", 60],
];

/** The wait from now, as the language says it; under two minutes in seconds, else rounded up in minutes, hours or days. */
export function waitFromNow(seconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always" });
  const whole = Math.max(1, Math.ceil(seconds));
  for (const [unit, size] of UNITS) {
    if (whole >= 2 * size) return format.format(Math.ceil(whole / size), unit);
  }
  return format.format(whole, "second");
}

/** When the wait ends, as a date and time in the language. */
export function waitEnds(seconds: number, language: string, now = Date.now()): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short" }).format(
    new Date(now + Math.max(0, seconds) * 1000),
  );
}

/** What a refusal carries of a limit (the console's ApiError). */
interface LimitRefusal {
  status: number;
  errors?: Record<string, string>;
  retryAfter?: number;
}

/**
 * The quota of uploads not yet saved in anything, in the user's words, when `error` is that
 * refusal (429 uploadQuotaReached on `file`): the figures and when the oldest such upload
 * expires (its Retry-After); undefined for any other error.
 */
export function uploadQuotaMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
  error: LimitRefusal,
): string | undefined {
  if (error.status !== 429 || error.errors?.file !== "uploadQuotaReached") return undefined;
  return t("common:errors.uploadQuota", {
    files: UNATTACHED_UPLOAD_QUOTA.files,
    megabytes: UNATTACHED_UPLOAD_QUOTA.bytes / (1024 * 1024),
    date: waitEnds(error.retryAfter ?? 0, language),
  });
}
