// @vitest-environment jsdom
/**
 * In the browser a component loaded when used: hydrates over the server's HTML without a
 * mismatch once its code is loaded before hydrating (renderedOnPage), renders once its code
 * and translations are there when shown later, and is preloaded by a link to an address that
 * opens it (preloadOnIntent).
 */
import i18next from "i18next";
import { act, Component, type ReactNode, Suspense, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { preloadOnIntent, renderedOnPage, whenUsed } from "./when-used";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** Shows "failed" for an error below it (a chunk that could not be loaded). */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? "failed" : this.props.children;
  }
}

/** A load that resolves when the test says so, counting its calls. */
function deferredLoad() {
  let resolve: (component: typeof Counter) => void = () => {};
  const load = vi.fn(() => new Promise<typeof Counter>((done) => (resolve = done)));
  return { load, resolve: (component: typeof Counter = Counter) => resolve(component) };
}

const read = vi.fn(
  (
    _language: string,
    _namespace: string,
    callback: (error: null, data: Record<string, string>) => void,
  ) => callback(null, { title: "Title" }),
);

beforeAll(async () => {
  await i18next
    .use({ type: "backend", init() {}, read })
    .init({ lng: "en-AU", ns: ["common"], resources: undefined });
});

let container: HTMLElement;
afterEach(() => container?.remove());

function mount(html = "") {
  container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

describe("whenUsed in the browser", () => {
  it("hydrates the server's HTML without a mismatch, its code loaded first, and then works", async () => {
    const { load, resolve } = deferredLoad();
    const Shown = whenUsed("browser-hydrated", load, { namespaces: ["dialogs"] });
    // The server's HTML of <Shown label="Clicks" />: its marker and the component in a Suspense boundary.
    const server = renderToString(
      <>
        <template data-when-used="browser-hydrated" />
        <Suspense fallback={null}>
          <Counter label="Clicks" />
        </Suspense>
      </>,
    );
    const root = mount(server);
    // The entry finds it through the page: only a page that declares such components loads this module.
    expect(window.__whenUsed?.renderedOnPage).toBe(renderedOnPage);
    const rendered = renderedOnPage(root);
    expect(rendered.namespaces).toEqual(["dialogs"]);
    expect(load).toHaveBeenCalledTimes(1);
    resolve();
    await rendered.loaded;

    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(root, <Shown label="Clicks" />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    const button = root.querySelector("button")!;
    expect(button.textContent).toBe("Clicks 0");
    await act(async () => button.click());
    expect(root.querySelector("button")!.textContent).toBe("Clicks 1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shown later, renders once its code and translations are there", async () => {
    const { load, resolve } = deferredLoad();
    const Shown = whenUsed("browser-later", load, { namespaces: ["later"] });
    const root = mount();
    const reactRoot = createRoot(root);
    await act(async () => reactRoot.render(<Shown label="Later" />));
    expect(root.querySelector("button")).toBeNull();
    expect(read).toHaveBeenCalledWith("en-AU", "later", expect.any(Function));
    await act(async () => resolve());
    expect(root.querySelector("button")!.textContent).toBe("Later 0");
    expect(i18next.hasLoadedNamespace("later")).toBe(true);
    act(() => reactRoot.unmount());
  });

  it("is loaded again on the next use after its code failed to load", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(Counter);
    const Shown = whenUsed("browser-retried", load);
    await expect(Shown.preload()).rejects.toThrow("offline");
    await Shown.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("rendered again after its code failed to load, loads it again", async () => {
    const load = vi
      .fn<() => Promise<typeof Counter>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(Counter);
    const Shown = whenUsed("browser-rendered-retried", load);
    const root = mount();
    const reactRoot = createRoot(root, { onRecoverableError: () => undefined });
    const page = (attempt: number) => (
      <Boundary key={attempt}>
        <Shown label="Again" />
      </Boundary>
    );
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(async () => reactRoot.render(page(1)));
    expect(root.textContent).toBe("failed");
    await act(async () => reactRoot.render(page(2)));
    expect(root.querySelector("button")!.textContent).toBe("Again 0");
    quiet.mockRestore();
    act(() => reactRoot.unmount());
  });

  it("is preloaded by the pointer over or focus on a link to an address that opens it", async () => {
    const load = vi.fn(async () => Counter);
    const Shown = whenUsed("browser-intent", load, {
      opensAt: (search) => search.get("dialog") === "item",
    });
    const stop = preloadOnIntent(document);
    const root = mount(
      '<a href="/en-AU/apps?dialog=other">Other</a><a href="/en-AU/apps?dialog=item&path=1"><span>Item</span></a>',
    );
    const [other, item] = [...root.querySelectorAll("a")];
    other.dispatchEvent(new Event("pointerover", { bubbles: true }));
    other.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    item.querySelector("span")!.dispatchEvent(new Event("pointerover", { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    item.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(Shown.opensAt(new URLSearchParams("dialog=item"))).toBe(true);
    stop();
  });
});
