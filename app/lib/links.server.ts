import { env } from "~/env.server";

/**
 * Outside links of the console (documentation site, API reference). Without a configured
 * reference, the provider's own (`{API_BASE_URL}/reference`) in the page's language.
 */
export function externalLinks(language: string) {
  const { API_BASE_URL, API_REFERENCE_URL, DOCS_URL: docs } = env();
  const ownReference = `${API_BASE_URL.replace(/\/$/, "")}/reference?lang=${encodeURIComponent(language)}`;
  return {
    documentation: docs,
    apiReference: API_REFERENCE_URL ?? ownReference,
    about: `${docs}/about`,
    help: `${docs}/help`,
    userGuides: `${docs}/guides`,
  };
}

export type ExternalLinks = ReturnType<typeof externalLinks>;
