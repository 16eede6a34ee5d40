/**
 * The address a dialog's form posts to: the page's own, with its query, never Remix's `index`
 * marker. Remix addresses an index route's action as `?index`, and after a refused post the
 * browser shows the address posted to, so the person would see it. Without the marker a post
 * reaches the app list's action (an index route with a path of its own) and, at an app's
 * versions page, the group area's, which hands it to the page's
 * ($lang._console.apps.group.$appGroupId.tsx). On any other page it is what Remix posts to.
 */
import { useLocation } from "@remix-run/react";

export function usePageAction(): string {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  for (const name of ["index", "_data"]) params.delete(name);
  return params.size ? `${pathname}?${params}` : pathname;
}
