/**
 * Hydration: the same translations as the server (fetched from /locales before hydrating),
 * the code of the components loaded when used that the server rendered (a dialog open at
 * `?dialog=`: ~/lib/when-used), and browser errors reported to the console's log collector.
 */
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig, withKnownHierarchy } from "./i18n";
import { localeBackend } from "./lib/locale-backend.client";
import { reportBrowserErrors } from "./lib/report-errors.client";

async function hydrate() {
  const lng = document.documentElement.lang || i18nConfig.fallbackLng;
  // Set by the route modules when they declare a component loaded when used (~/lib/when-used).
  const rendered = window.__whenUsed?.renderedOnPage(document);
  await i18next
    .use(initReactI18next)
    .use(localeBackend)
    .init({
      ...i18nConfig,
      lng,
      ns: [...new Set(["common", ...getInitialNamespaces(), ...(rendered?.namespaces ?? [])])],
    });
  withKnownHierarchy(i18next);
  // Hydrated with its code there, a component keeps the server's HTML without waiting.
  await rendered?.loaded.catch(() => undefined);
  reportBrowserErrors(lng);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
