/**
 * A route's `handle.i18n` names the translation namespaces its own components show in the
 * browser, no more: its parent routes name theirs, and a component loaded when used
 * (~/lib/when-used) names its own, fetched with its code. The server translates with every
 * namespace.
 *
 * A route's `clientLoader` that loads the translations the route shows (its `handle.i18n`)
 * together with its server data, when the browser comes to it from another page: without
 * it react-i18next would render the keys until it has fetched a namespace it has not seen.
 * When the page is in another language (the language selector), that language's
 * translations are loaded too, so the switch shows no keys. The first page load does not run
 * it (the server's data and translations are in the page).
 *
 *   export const clientLoader = withNamespaces(handle.i18n);
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import i18next from "i18next";
import { isLanguage } from "~/i18n";

export function withNamespaces(namespaces: readonly string[]) {
  return async ({ serverLoader, params }: ClientLoaderFunctionArgs) => {
    const translations = async () => {
      // loadNamespaces adds the namespaces to those loaded for any language, then loads them.
      const loading = i18next.loadNamespaces([...namespaces]);
      const target = params.lang;
      await Promise.all([
        loading,
        isLanguage(target) && target !== i18next.language
          ? i18next.loadLanguages(target)
          : undefined,
      ]);
    };
    const [data] = await Promise.all([serverLoader(), translations().catch(() => undefined)]);
    return data;
  };
}
