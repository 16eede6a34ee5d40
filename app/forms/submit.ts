/**
 * The submit for review form's release date and the form's whole check,
 * shared by the action's schema (review.server.ts) and the browser's check (the submit
 * dialog): the release date defaults to today, may not be before today, is written and shown
 * as d MMMM yyyy in the page's language (dd/MM/yyyy and yyyy-MM-dd are read too), anything
 * else is an invalid date; the beta box only on a first submit (`allowBeta`).
 *
 * A module of its own for date-fns and its locales: only the submit dialog and the server
 * load them (the pre-approval page shares the rest of review.ts).
 */

import { format, isValid, parse, startOfDay } from "date-fns";
import { enAU, nl } from "date-fns/locale";
import type { TFunction } from "i18next";
import { isStorableText } from "~/api/text";
import {
  checkSubmitContact,
  type FieldMessages,
  type SubmitContext,
  type SubmitField,
} from "./review";

/** The date format of the release date, e.g. 5 March 2026. */
export const RELEASE_DATE_FORMAT = "d MMMM yyyy";

const LOCALES = { "en-AU": enAU, "nl-NL": nl } as const;
const localeOf = (language: string) => LOCALES[language as keyof typeof LOCALES] ?? enAU;

/** A day as the release date field shows it: `21 July 2026`, `21 juli 2026`. */
export function formatReleaseDate(date: Date, language: string): string {
  return format(date, RELEASE_DATE_FORMAT, { locale: localeOf(language) });
}

/** The formats the release date is read in, the shown one first. */
const READ_FORMATS = [RELEASE_DATE_FORMAT, "d MMM yyyy", "dd/MM/yyyy", "d/M/yyyy", "yyyy-MM-dd"];

/** The day a release date names (in the page's language or as digits); undefined when it names none. */
export function parseReleaseDate(value: string, language: string): Date | undefined {
  const text = value.trim().replace(/\s+/g, " ");
  if (!text) return undefined;
  for (const pattern of READ_FORMATS) {
    for (const locale of [localeOf(language), enAU]) {
      const date = parse(text, pattern, new Date(2000, 0, 1), { locale });
      if (isValid(date) && date.getFullYear() >= 1000 && date.getFullYear() <= 9999)
        return startOfDay(date);
    }
  }
  return undefined;
}

/**
 * The release date and time to send: now for today (spec: 'defaults to now'), else the start
 * of the chosen day.
 */
export function releaseDateAndTime(day: Date, now: Date): string {
  return (startOfDay(day).getTime() <= now.getTime() ? now : startOfDay(day)).toISOString();
}

/** The submit form, cleaned (the release date a day), and the messages of the rules it breaks. */
export function checkSubmit(
  t: TFunction,
  language: string,
  input: Partial<Record<SubmitField, string>>,
  context: SubmitContext,
) {
  const { value, errors } = checkSubmitContact(t, language, input);
  const messages: FieldMessages<SubmitField> = { ...errors };
  const today = startOfDay(context.today);
  let releaseDate = today;
  const dateText = (input.releaseDate ?? "").trim();
  if (dateText) {
    const day = isStorableText(dateText) ? parseReleaseDate(dateText, language) : undefined;
    if (!day)
      messages.releaseDate = t("review:errors.invalidDate", {
        example: formatReleaseDate(today, language),
      });
    else if (day < today)
      messages.releaseDate = t("review:errors.dateBeforeToday", {
        today: formatReleaseDate(today, language),
      });
    else releaseDate = day;
  }
  return {
    value: { ...value, releaseDate, isBeta: context.allowBeta && Boolean(input.isBeta) },
    errors: messages,
  };
}
