/**
 * Where the e2e run's product lives. servers.ts settles the ports in the runner (free ones
 * when the run starts its own servers) and workers inherit them; playwright.config.ts starts
 * the sandbox and the console with these values, and the fixtures talk to them.
 */
export const CONSOLE_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? CONSOLE_PORT + 1);
// Always localhost, never 127.0.0.1: the console's OIDC state cookie is bound to the host.
export const CONSOLE_URL = `http://localhost:${CONSOLE_PORT}`;
export const SANDBOX_URL = `http://localhost:${SANDBOX_PORT}`;
/** Another provider (another-provider.ts): a console deployed against a second sandbox, whose API is behind a gateway. */
export const OTHER_CONSOLE_URL = `http://localhost:${process.env.E2E_OTHER_PORT}`;
export const OTHER_SANDBOX_URL = `http://localhost:${process.env.E2E_OTHER_SANDBOX_PORT}`;
export const OTHER_API_URL = `http://localhost:${process.env.E2E_OTHER_API_PORT}/api`;
/** The other provider's rule of its own: a refusal code the console does not know, with its detail. */
export const RESERVED_NAME = {
  prefix: "Reserved",
  code: "reservedForProvider",
  detail: "details.name: names that begin with 'Reserved' are kept for the provider's own apps.",
};
export const ADMIN_TOKEN = "e2e-admin-token-0123456789";
export const CONSOLE_CLIENT_ID = "console";

/** The languages of the console; e2e runs each flow in both. */
export const LANGS = ["en-AU", "nl-NL"] as const;
export type Lang = (typeof LANGS)[number];
