import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ErrorDialog } from "./components/ErrorDialog";
import { ToastSlot, useToastSlotted } from "./components/ui/Toast";
import { DEFAULT_LANGUAGE, type Language } from "./i18n";
import { isUnreadableForm } from "./lib/errors";
import { useHydrated } from "./lib/hydrated";
import { languageOfPath } from "./lib/language";
import { useNonce } from "./lib/nonce";
import { send } from "./lib/report-errors.client";
import { readFlashError, readToast } from "./session.server";
import stylesheet from "./styles/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: ["common"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const lang = languageOfPath(new URL(request.url).pathname) ?? DEFAULT_LANGUAGE;
  const { toast, clear } = await readToast(request);
  if (clear) context.appendSetCookie(clear);
  const flashed = await readFlashError(request);
  if (flashed.clear) context.appendSetCookie(flashed.clear);
  const id = crypto.randomUUID();
  return json({ lang, toast: toast ? { ...toast, id } : null, error: flashed.error ?? null, id });
}

/** The language is the first path segment: reload translations when it changes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname) ||
  defaultShouldRevalidate;

export const meta: MetaFunction = () => [{ name: "color-scheme", content: "light" }];

function Document({
  lang,
  title,
  children,
}: {
  lang: Language;
  title?: string;
  children: React.ReactNode;
}) {
  const nonce = useNonce();
  const { i18n } = useTranslation();
  // `js` marks the page as run by JavaScript once every component has switched to its
  // JavaScript form (that switch is one transition, see useHydrated).
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.classList.add("js");
  }, [hydrated]);
  useEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n, lang]);
  return (
    <html lang={lang} dir="ltr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before any module: zod reads its configuration when it loads (see the file). */}
        <script src="/zod-config.js" nonce={nonce} />
        {title ? <title>{title}</title> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { lang, error, id } = useLoaderData<typeof loader>();
  const slotted = useToastSlotted();
  return (
    <Document lang={lang}>
      {slotted ? null : <ToastSlot placement="page" />}
      <Outlet />
      <ErrorDialog error={error} id={id} />
    </Document>
  );
}

/** Unexpected rendering errors: 'Something went wrong!' (logged by entry.server). */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const lang = data?.lang ?? languageOfPath(location.pathname) ?? DEFAULT_LANGUAGE;
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unreadable = isRouteErrorResponse(error) && isUnreadableForm(error.data);
  useEffect(() => {
    if (notFound || unreadable) return;
    const message =
      error instanceof Error
        ? error.message
        : isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : String(error);
    send(lang, { kind: "boundary", message: message.slice(0, 1000) });
  }, [error, lang, notFound, unreadable]);
  const heading = notFound
    ? t("errors.notFoundTitle")
    : unreadable
      ? t("errors.unreadableFormTitle")
      : t("errors.somethingWentWrong");
  const body = notFound
    ? t("errors.notFoundBody")
    : unreadable
      ? t("errors.unreadableFormBody")
      : t("errors.unexpectedBody");
  return (
    <Document lang={lang} title={`${heading} – ${t("app.name")}`}>
      <main className="mx-auto max-w-xl p-8">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p className="mt-4">{body}</p>
        <p className="mt-6">
          <a className="font-semibold text-brand-700 underline" href={`/${lang}/apps`}>
            {t("errors.backToApps")}
          </a>
        </p>
      </main>
    </Document>
  );
}
