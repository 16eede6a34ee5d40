/**
 * Server rendering: the i18next instance of the page's language (i18next.server.ts), and the
 * CSP nonce of this response on every script Remix writes.
 */
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import i18next, { i18nInstance } from "./i18next.server";
import { logger } from "./lib/log.server";
import { redactUrl } from "./lib/log-redact";
import { NonceProvider } from "./lib/nonce";
import { allLoaded } from "./lib/when-used";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = await i18next.getLocale(request);
  const instance = await i18nInstance(lng, [
    ...new Set(["common", ...i18next.getRouteNamespaces(remixContext)]),
  ]);

  // Components loaded when used are rendered in full, never as a fallback streamed later.
  await allLoaded();
  const nonce = loadContext.cspNonce;
  const readyEvent =
    isbot(request.headers.get("user-agent")) || remixContext.isSpaMode
      ? "onAllReady"
      : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY}
            nonce={nonce}
          />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Cache-Control", "no-store");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered)
            logger.error({ err: error, url: redactUrl(request.url) }, "render error");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error(
    { err: error, method: request.method, url: redactUrl(new URL(request.url).pathname) },
    "unexpected error",
  );
}
