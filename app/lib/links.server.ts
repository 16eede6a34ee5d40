import { env } from "~/env.server";

/** Outside links of the console (documentation site, API reference). */
export function externalLinks() {
  const docs = env().DOCS_URL;
  return {
    documentation: docs,
    apiReference: env().API_REFERENCE_URL,
    about: `${docs}/about`,
    help: `${docs}/help`,
    userGuides: `${docs}/guides`,
  };
}

export type ExternalLinks = ReturnType<typeof externalLinks>;
