/** The legal documents served from public/legal/ (the terms PDFs are made by server/tools/terms-pdf.ts). */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Language } from "~/i18n";

/** A file size for people: kilobytes below a megabyte, in the page's language ('35 kB', '1,2 MB'). */
export function formatFileSize(bytes: number, lang: Language): string {
  const [unit, value] =
    bytes < 1_000_000
      ? (["kilobyte", Math.max(1, Math.round(bytes / 1000))] as const)
      : (["megabyte", bytes / 1_000_000] as const);
  return new Intl.NumberFormat(lang, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(value);
}

/** The terms of use in `lang`: where the browser gets them, the name to save them as, their size. */
export async function termsDocument(lang: Language) {
  const fileName = `terms-of-use-${lang}.pdf`;
  const { size } = await stat(path.resolve(process.cwd(), "public/legal", fileName));
  return { href: `/legal/${fileName}`, fileName, size: formatFileSize(size, lang) };
}

/**
 * The cookies this console sets, as the privacy statement lists them: the session
 * (app/session.server.ts; `__Host-` in production), the language preference, the one-time
 * sign-in state (app/auth.server.ts; `__Host-` in production), the confirmation toast, the
 * error of the next page and the app list's preferences (app/lib/apps/list-preferences.server.ts).
 */
export const CONSOLE_COOKIES = {
  session: "console_session",
  secureSession: "__Host-console",
  language: "console_lang",
  signin: "console_oauth",
  secureSignin: "__Host-console_oauth",
  toast: "console_toast",
  error: "console_error",
  appList: "console_app_list",
} as const;
