/**
 * A component whose code (its own chunk) and translations the browser loads when a page first
 * shows it: a dialog, a picker. A page keeps its HTML either way:
 *
 * - The server has every module in its bundle: each one is loaded as the server starts, so the
 *   server renders the component in full (a dialog open at `?dialog=`, with JavaScript or
 *   without).
 * - Before the browser hydrates a page, it loads the code of each component the server
 *   rendered (`renderedOnPage`, marked by an empty <template data-when-used>), and the
 *   translations it names with the page's: hydration never waits and the server's HTML stays.
 *   The entry finds this through `window.__whenUsed`, set when a route module first declares
 *   such a component, so a page without any (sign-in) loads none of this code.
 * - Shown later (a dialog opened by a link), the component renders nothing until its code and
 *   translations are there. A link to an address that opens one (`opensAt`) loads them when
 *   the pointer is over it or it has focus (`preloadOnIntent`), so the dialog is there by the
 *   time the click has navigated.
 *
 *   export const ItemDialog = whenUsed("platform-item-dialog", () => import("./ItemDialog").then((m) => m.ItemDialog), {
 *     namespaces: ["platform"],
 *     opensAt: (search) => search.get("dialog") === "item",
 *   });
 *
 * `name` is the component's id between the server's HTML and the browser: one per component.
 * The import must be a literal `import("./File")` so the bundler gives it a chunk of its own.
 */
import i18next from "i18next";
import { type ComponentType, lazy, type ReactElement, Suspense } from "react";

export interface WhenUsedOptions {
  /** The translation namespaces the component shows (loaded with its code). */
  namespaces?: readonly string[];
  /** Whether a page address (its query) shows the component: a link there preloads it. */
  opensAt?: (search: URLSearchParams) => boolean;
}

export interface WhenUsed<P> {
  (props: P): ReactElement;
  /** Loads the code and the translations; resolves when both are there. */
  preload(): Promise<void>;
  /** Whether a page address shows the component (`opensAt`; false when not given). */
  opensAt(search: URLSearchParams): boolean;
}

interface Entry {
  namespaces: readonly string[];
  opensAt?: (search: URLSearchParams) => boolean;
  loadCode(): Promise<unknown>;
  preload(): Promise<void>;
}

const components = new Map<string, Entry>();

/** What the entry asks before hydrating a page whose route modules declare components loaded when used. */
export interface WhenUsedPage {
  renderedOnPage: typeof renderedOnPage;
}

declare global {
  interface Window {
    __whenUsed?: WhenUsedPage;
  }
}

/** The attribute of the marker each rendered component leaves in the page (see Shown). */
const MARKER = "data-when-used";

const onServer = typeof document === "undefined";

/** A thenable that answers at once: React.lazy then renders without suspending. */
const settled = <T,>(value: T) =>
  // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable; a Promise would suspend
  ({ then: (resolve: (value: T) => void) => resolve(value) }) as unknown as Promise<T>;

export function whenUsed<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  options: WhenUsedOptions = {},
): WhenUsed<P> {
  const namespaces = options.namespaces ?? [];
  let component: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadCode = () =>
    (loading ??= load().then(
      (loaded) => (component = loaded),
      (error: unknown) => {
        // A failed chunk (offline, a new deploy) is asked for again on the next use.
        loading = undefined;
        throw error;
      },
    ));
  // A namespace that cannot be read shows its keys rather than no component.
  const loadTranslations = () =>
    namespaces.length > 0 && i18next.isInitialized
      ? i18next.loadNamespaces([...namespaces]).catch(() => undefined)
      : undefined;
  const preload = async () => {
    await Promise.all([loadCode(), loadTranslations()]);
  };
  // React keeps a lazy component's failure: a failed load makes a new one for the next render.
  const makeLazy = () =>
    lazy(() =>
      component
        ? settled({ default: component })
        : preload().then(
            () => ({ default: component! }),
            (error: unknown) => {
              Lazy = makeLazy();
              throw error;
            },
          ),
    ) as unknown as ComponentType<P>;
  let Lazy = makeLazy();

  // biome-ignore lint/correctness/noComponentHookFactories: whenUsed runs once per component, at a module's top level
  function Shown(props: P) {
    return (
      <>
        <template data-when-used={name} />
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </>
    );
  }
  Shown.displayName = `WhenUsed(${name})`;

  components.set(name, { namespaces, opensAt: options.opensAt, loadCode, preload });
  if (onServer) {
    // The server's bundle holds the module: loaded now, it is there for every render.
    void loadCode().catch(() => undefined);
  } else if (!window.__whenUsed) {
    window.__whenUsed = { renderedOnPage };
    preloadOnIntent(document);
  }

  return Object.assign(Shown, {
    preload,
    opensAt: (search: URLSearchParams) => options.opensAt?.(search) ?? false,
  });
}

/** Resolves once every component known so far has its code (the server awaits it before a render). */
export function allLoaded(): Promise<unknown> {
  return Promise.all([...components.values()].map((entry) => entry.loadCode()));
}

/**
 * The components the server rendered into `root`: their translation namespaces (to load with
 * the page's), and a promise of their code (to await before hydrating).
 */
export function renderedOnPage(root: ParentNode): {
  namespaces: string[];
  loaded: Promise<unknown>;
} {
  const entries = [
    ...new Set(
      [...root.querySelectorAll(`template[${MARKER}]`)].map(
        (marker) => marker.getAttribute(MARKER) ?? "",
      ),
    ),
  ]
    .map((name) => components.get(name))
    .filter((entry): entry is Entry => entry !== undefined);
  return {
    namespaces: [...new Set(entries.flatMap((entry) => entry.namespaces))],
    loaded: Promise.all(entries.map((entry) => entry.loadCode())),
  };
}

/**
 * Preloads what a link opens when the pointer goes over it, a finger touches it or it takes
 * focus: the components whose `opensAt` takes the link's query. Returns the stop.
 */
export function preloadOnIntent(root: Document): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || !link.search) return;
    const url = new URL(link.href, root.baseURI);
    if (url.origin !== new URL(root.baseURI).origin) return;
    for (const entry of components.values()) {
      if (entry.opensAt?.(url.searchParams)) entry.preload().catch(() => undefined);
    }
  };
  const types = ["pointerover", "focusin", "touchstart"] as const;
  for (const type of types) root.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of types) root.removeEventListener(type, onIntent, { capture: true });
  };
}
