/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The nonce of this response's Content-Security-Policy. */
    cspNonce: string;
    /** Adds a Set-Cookie header to this response, whatever the route returns. */
    appendSetCookie(cookie: string): void;
    /** The IP address of the person (as Express sees it), forwarded to the provider at registration. */
    clientAddress?: string;
  }
}
