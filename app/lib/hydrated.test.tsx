// @vitest-environment jsdom
/**
 * useHydrated: false in the server's HTML and while hydrating, true after, also for a part of
 * the page hydrated later (a Suspense boundary whose code loads after the page hydrated);
 * a component mounted later switches in the commit that mounts it.
 */
import { act, type ComponentType, lazy, Suspense, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useHydrated } from "./hydrated";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Shown({ name }: { name: string }) {
  const hydrated = useHydrated();
  return <span data-name={name}>{hydrated ? "js" : "html"}</span>;
}

let showLater: (show: boolean) => void = () => {};

/** A dialog whose code the browser loads later; the server had it at once. */
function Page({ Dialog }: { Dialog: ComponentType }) {
  const [later, setLater] = useState(false);
  showLater = setLater;
  return (
    <div>
      <Shown name="first" />
      <Shown name="second" />
      {later ? <Shown name="later" /> : null}
      <Suspense fallback={null}>
        <Dialog />
      </Suspense>
    </div>
  );
}

const text = (container: HTMLElement, name: string) =>
  container.querySelector(`[data-name="${name}"]`)?.textContent;

const Dialog = () => <Shown name="dialog" />;

describe("useHydrated", () => {
  it("renders the server's form on the server and in hydration, then the JavaScript form", async () => {
    const html = renderToString(<Page Dialog={Dialog} />);
    expect(html).toContain(">html<");
    expect(html).not.toContain(">js<");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    let load: (module: { default: ComponentType }) => void = () => {};
    const LazyDialog = lazy(
      () => new Promise<{ default: ComponentType }>((resolve) => (load = resolve)),
    );
    await act(async () => {
      hydrateRoot(container, <Page Dialog={LazyDialog} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(text(container, "first")).toBe("js");
    expect(text(container, "second")).toBe("js");
    // The boundary waits for its code, keeping the server's HTML.
    expect(text(container, "dialog")).toBe("html");

    // Hydrated after the page: it matches the server's HTML, then switches.
    await act(async () => load({ default: Dialog }));
    expect(errors).toEqual([]);
    expect(text(container, "dialog")).toBe("js");

    // Mounted after the page hydrated: the JavaScript form in the same commit, before paint.
    act(() => showLater(true));
    expect(text(container, "later")).toBe("js");
  });
});
