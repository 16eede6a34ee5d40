import { startTransition, useEffect, useLayoutEffect, useState } from "react";

/** Whether the page has hydrated. */
let pageHydrated = false;

/** A layout effect in the browser; the server runs no effects and must not warn of it. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * False during the server render and hydration, true once JavaScript runs the page.
 *
 * Every component renders false first, as the server did, so that one hydrated late (in a
 * Suspense boundary whose code loads later) matches the server's HTML too. After the page's
 * hydration the switch is a transition: React renders every component that changes (a list of
 * 50 apps holds 100 menus) in slices that leave the page responsive, where a store's forced
 * re-render would take one long task. A component mounted later switches before it is painted.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useBrowserLayoutEffect(() => {
    if (pageHydrated) setHydrated(true);
  }, []);
  useEffect(() => {
    // Every component of the page's hydration runs its layout effect before any runs this.
    pageHydrated = true;
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
