/** Dates as the console shows them. */
import { lightFormat } from "date-fns";

/** dd/MM/yyyy (lightFormat: digits need no locale data); null for no date or one that cannot be read. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : lightFormat(date, "dd/MM/yyyy");
}
