/**
 * A route's `clientLoader` that loads the translations the route shows (its `handle.i18n`)
 * together with its server data, when the browser comes to it from another page: without
 * it react-i18next would render the keys until it has fetched a namespace it has not seen.
 * The first page load does not run it (the server's data and translations are in the page).
 *
 *   export const clientLoader = withNamespaces(handle.i18n);
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import i18next from "i18next";

export function withNamespaces(namespaces: readonly string[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([serverLoader(), i18next.loadNamespaces([...namespaces]).catch(() => undefined)]);
    return data;
  };
}
