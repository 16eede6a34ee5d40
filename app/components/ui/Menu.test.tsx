// @vitest-environment jsdom
/**
 * The menu button: without JavaScript a <details> disclosure of plain links and buttons; in
 * the browser a button that opens a menu and the keys of the WAI-ARIA menu button pattern.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Menu, type MenuEntry } from "./Menu";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ENTRIES: MenuEntry[] = [
  { key: "au", href: "#au", label: "Australia" },
  { key: "be", href: "#be", label: "Belgium" },
  { key: "br", href: "#br", label: "Brazil" },
  { key: "ca", href: "#ca", label: "Canada" },
];

describe("without JavaScript", () => {
  it("is a disclosure of plain links, no menu", () => {
    const html = renderToString(<Menu label="Download" items={ENTRIES} />);
    expect(html).toContain("<details");
    expect(html).toContain("<summary");
    expect(html).toContain('href="#be"');
    expect(html).not.toContain('role="menu');
    expect(html).not.toContain("aria-haspopup");
  });
});

describe("in the browser", () => {
  let container: HTMLDivElement;
  let root: Root;
  const button = () => container.querySelector("button") as HTMLButtonElement;
  const menu = () => container.querySelector<HTMLElement>('[role="menu"]');
  const items = () => [...container.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const focused = () => document.activeElement?.textContent;
  const press = (key: string, target: Element = document.activeElement ?? document.body) =>
    act(() => {
      target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    });
  const click = (target: Element) =>
    act(() => {
      target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    });

  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
    act(() => root.render(<Menu label="Download" items={ENTRIES} />));
    // Following a link of the menu is not what these tests look at.
    container.addEventListener("click", (event) => event.preventDefault());
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.restoreAllMocks();
  });

  it("is a closed menu button", () => {
    expect(container.querySelector("details")).toBeNull();
    expect(button().getAttribute("aria-haspopup")).toBe("menu");
    expect(button().getAttribute("aria-expanded")).toBe("false");
    expect(button().hasAttribute("aria-controls")).toBe(false);
    expect(menu()).toBeNull();
  });

  for (const key of ["Enter", " ", "ArrowDown"]) {
    it(`opens on its first item with ${JSON.stringify(key)}`, () => {
      button().focus();
      press(key);
      expect(button().getAttribute("aria-expanded")).toBe("true");
      expect(button().getAttribute("aria-controls")).toBe(menu()?.id);
      expect(menu()?.getAttribute("aria-labelledby")).toBe(button().id);
      expect(items()).toHaveLength(4);
      expect(focused()).toBe("Australia");
    });
  }

  it("opens on its last item with ArrowUp", () => {
    button().focus();
    press("ArrowUp");
    expect(focused()).toBe("Canada");
  });

  it("moves with the arrows (wrapping), Home, End and a first letter", () => {
    button().focus();
    press("ArrowDown");
    press("ArrowDown");
    expect(focused()).toBe("Belgium");
    press("ArrowUp");
    press("ArrowUp");
    expect(focused()).toBe("Canada");
    press("ArrowDown");
    expect(focused()).toBe("Australia");
    press("End");
    expect(focused()).toBe("Canada");
    press("Home");
    expect(focused()).toBe("Australia");
    press("b");
    expect(focused()).toBe("Belgium");
    press("B");
    expect(focused()).toBe("Brazil");
    press("b");
    expect(focused()).toBe("Belgium");
    press("x");
    expect(focused()).toBe("Belgium");
  });

  it("closes on Escape and returns the focus to the button", () => {
    button().focus();
    press("ArrowDown");
    press("Escape");
    expect(menu()).toBeNull();
    expect(button().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button());
  });

  it("closes on Tab, from the button (where the browser goes on)", () => {
    button().focus();
    press("ArrowDown");
    press("Tab");
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it("opens on a click with the focus on the menu, where ArrowDown goes to the first item; a second click closes it", () => {
    click(button());
    expect(document.activeElement).toBe(menu());
    press("ArrowDown");
    expect(focused()).toBe("Australia");
    click(button());
    expect(menu()).toBeNull();
  });

  it("closes when an item is chosen, by click or by Space", () => {
    button().focus();
    press("ArrowDown");
    click(items()[1]);
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button());

    const chosen = vi.fn();
    container.addEventListener("click", (event) => chosen((event.target as Element).textContent));
    press("ArrowDown");
    press("ArrowDown");
    press(" ");
    expect(chosen).toHaveBeenCalledWith("Belgium");
    expect(menu()).toBeNull();
  });

  it("closes on a press outside it, and when the focus leaves it", () => {
    const outside = document.createElement("button");
    document.body.append(outside);
    try {
      button().focus();
      press("ArrowDown");
      act(() => {
        outside.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true }));
      });
      expect(menu()).toBeNull();

      press("ArrowDown", button());
      act(() => outside.focus());
      expect(menu()).toBeNull();
    } finally {
      outside.remove();
    }
  });

  it("opens on the other side of the button when the window has no room below it and there is room above", () => {
    // Below the button the menu would end past the window's bottom; above it, it fits.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
      this: HTMLElement,
    ) {
      const top = this.hasAttribute("data-flip") ? 500 : 740;
      return {
        top,
        bottom: top + 160,
        left: 0,
        right: 200,
        width: 200,
        height: 160,
        x: 0,
        y: top,
        toJSON: () => ({}),
      };
    });
    button().focus();
    press("ArrowDown");
    expect(menu()?.hasAttribute("data-flip")).toBe(true);
  });
});

describe("a form's button as an item", () => {
  it("submits its form with itself as the submitter, and closes", () => {
    const container = document.createElement("div");
    document.body.append(container);
    const form = document.createElement("form");
    form.id = "signout";
    document.body.append(form);
    const submitted = vi.fn();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      submitted((event as SubmitEvent).submitter?.textContent);
    });
    const root = createRoot(container);
    act(() =>
      root.render(
        <Menu label="Sam" items={[{ key: "signout", form: "signout", label: "Sign out" }]} />,
      ),
    );
    try {
      act(() => (container.querySelector("button") as HTMLButtonElement).focus());
      act(() => {
        document.activeElement?.dispatchEvent(
          new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }),
        );
      });
      const item = container.querySelector('[role="menuitem"]') as HTMLButtonElement;
      expect(document.activeElement).toBe(item);
      act(() => item.click());
      expect(submitted).toHaveBeenCalledWith("Sign out");
      expect(container.querySelector('[role="menu"]')).toBeNull();
    } finally {
      act(() => root.unmount());
      container.remove();
      form.remove();
    }
  });
});
