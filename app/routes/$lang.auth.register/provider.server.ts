/**
 * The provider as the registration page calls it: as the console itself, with its OIDC client
 * credentials, naming the address of the person registering, whom the provider's
 * per-address limit counts (docs/decisions/0028-registration-client-address.md).
 */
import { createApiClient } from "~/api/client.server";
import { CLIENT_ADDRESS_HEADER } from "~/api/registration/schemas";
import { env } from "~/env.server";
import type { Language } from "~/i18n";

export function registrationClient(language: Language, clientAddress: string | undefined) {
  const credentials = Buffer.from(`${env().OIDC_CLIENT_ID}:${env().OIDC_CLIENT_SECRET}`).toString(
    "base64",
  );
  return createApiClient({
    baseUrl: env().API_BASE_URL,
    language,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("authorization", `Basic ${credentials}`);
      if (clientAddress) headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
      return fetch(input, { ...init, headers });
    },
  });
}
