/**
 * The address a dialog's form posts to: the page's own, with its query, never Remix's `index`
 * marker. Remix addresses an index route's action as `?index`, and after a refused post the
 * browser shows the address posted to, so the person would see it. Without the marker a post
 * reaches the app list's action (an index route with a path of its own) and, at an app's
 * versions page, the group area's, which hands it to the page's
 * ($lang._console.apps.group.$appGroupId.tsx). On any other page it is what Remix posts to.
 */
import { type ShouldRevalidateFunction, useLocation } from "@remix-run/react";

/** Search parameters that open a dialog on a page (the rest of the query is the page's own). */
export const DIALOG_PARAMS = [
  "duplicate",
  "confirm",
  "app",
  "submit",
  "pause",
  "new",
  "withdraw",
  "change",
] as const;

/** A query without Remix's `index` and `_data` markers, and without the parameters named. */
function withoutMarkers(search: string, names: readonly string[] = []): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const name of [...names, "index", "_data"]) params.delete(name);
  return params;
}

/** The current page's query without dialog parameters and Remix's `index` marker. */
export function pageSearch(search: string): URLSearchParams {
  return withoutMarkers(search, DIALOG_PARAMS);
}

export function usePageAction(): string {
  const { pathname, search } = useLocation();
  const params = withoutMarkers(search);
  return params.size ? `${pathname}?${params}` : pathname;
}

/** Dialog parameters whose dialog shows data the page's loader reads for it: opening one loads the page again. */
export const DATA_DIALOG_PARAMS = ["submit"] as const;

/**
 * A page's `shouldRevalidate` when it opens its dialogs by URL: opening or closing a dialog
 * changes only dialog parameters, so the page stays as loaded (except a dialog of
 * DATA_DIALOG_PARAMS, whose data the loader reads when it opens).
 */
export const keepPageForDialogs: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const isGet = !formMethod || formMethod.toUpperCase() === "GET";
  const opensDataDialog = DATA_DIALOG_PARAMS.some(
    (name) =>
      nextUrl.searchParams.has(name) &&
      nextUrl.searchParams.get(name) !== currentUrl.searchParams.get(name),
  );
  if (
    isGet &&
    !opensDataDialog &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    pageSearch(currentUrl.search).toString() === pageSearch(nextUrl.search).toString()
  ) {
    return false;
  }
  return defaultShouldRevalidate;
};

/** Links that open a dialog on the current page, and the link that closes it, keeping the page's own query. */
export function useDialogHref() {
  const location = useLocation();
  const base = pageSearch(location.search);
  const href = (params: URLSearchParams) =>
    `${location.pathname}${params.size ? `?${params}` : ""}`;
  return {
    open(dialog: Record<string, string>) {
      const params = new URLSearchParams(base);
      for (const [name, value] of Object.entries(dialog)) params.set(name, value);
      return href(params);
    },
    close: href(base),
  };
}
