/**
 * The browser's source of translations: each namespace's JSON from the console's /locales
 * folder (the files the server translates with), read with the browser's own fetch. A failed
 * read is reported to i18next as one to retry.
 */
import type { BackendModule, ReadCallback } from "i18next";

export const localeBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`, {
      credentials: "same-origin",
    })
      .then(async (response) => {
        if (!response.ok)
          throw new Error(`/locales/${language}/${namespace}.json answered ${response.status}`);
        callback(null, await response.json());
      })
      .catch((error: Error) => callback(error, true));
  },
};
