/**
 * A menu button (the WAI-ARIA menu button pattern) and the menu of links and form buttons
 * built on it.
 *
 * Without JavaScript, and until it runs, the button is the <summary> of a <details> disclosure
 * that shows the same entries as plain links and buttons. Once it runs, a <button> opens a menu:
 * - Enter, Space and ArrowDown open it on its first item, ArrowUp on its last; a click opens
 *   it with the focus on the menu itself;
 * - ArrowDown and ArrowUp move (wrapping), Home and End go to the first and the last item, a
 *   character to the next item that starts with it; the pointer takes the focus along;
 * - Escape closes it and returns the focus to the button; Tab closes it and goes on from the
 *   button; a press outside it, or the focus leaving it, closes it; choosing an item closes it;
 * - it opens below the button (or above it) and turns to the other side when the window has
 *   no room for it there.
 */
import {
  Children,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { focusLeaves, usePressOutside } from "~/lib/dismiss";
import { useHydrated } from "~/lib/hydrated";
import { entryAfterKey, entryStartingWith } from "~/lib/tab-keys";

/** What a menu's entries spread on their elements: the menu's roles once JavaScript runs. */
export interface MenuParts {
  hydrated: boolean;
  /** On each item (a link or a button). */
  item: { role?: "menuitem"; tabIndex?: number };
  /** On an element that only holds items (a list and its entries, a heading): no part of the menu. */
  none: { role?: "none" };
}

const DISCLOSURE_PARTS: MenuParts = { hydrated: false, item: {}, none: {} };
const MENU_PARTS: MenuParts = {
  hydrated: true,
  item: { role: "menuitem", tabIndex: -1 },
  none: { role: "none" },
};

type Side = "below" | "above";

/** The menu's side of the button; `data-flip` (no room there) turns it to the other side. */
const SIDES: Record<Side, string> = {
  below: "top-full mt-1 data-flip:top-auto data-flip:bottom-full data-flip:mt-0 data-flip:mb-1",
  above: "bottom-full mb-1 data-flip:bottom-auto data-flip:top-full data-flip:mb-0 data-flip:mt-1",
};
const panelClass = "z-40 rounded-md border border-gray-200 bg-white py-1 shadow-lg";

/** An item of a menu: a focused item is tinted (the keyboard's focus ring shows too). */
export const menuItemClass = (danger?: boolean) =>
  `flex min-h-11 w-full items-center gap-2 px-4 py-2 text-left text-sm focus:bg-brand-50 ${danger ? "text-red-800" : "text-gray-900"}`;

/** Where the focus goes as the menu opens: its first or last item, or the menu itself. */
type Focus = "first" | "last" | "menu";
const OPENING_KEYS: Record<string, Focus> = {
  Enter: "first",
  " ": "first",
  ArrowDown: "first",
  ArrowUp: "last",
};

const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

function focusIn(menu: HTMLElement | null, focus: Focus) {
  const items = itemsOf(menu);
  (focus === "first" ? items[0] : focus === "last" ? items.at(-1) : menu)?.focus();
}

/** An item's label as read out: its text without what is hidden from assistive technology. */
function labelOf(node: Node): string {
  if (node instanceof Element && node.getAttribute("aria-hidden") === "true") return "";
  return node.nodeType === Node.TEXT_NODE
    ? (node.textContent ?? "")
    : [...node.childNodes].map(labelOf).join("");
}

export interface MenuButtonProps {
  /** The button's id (a dialog the menu opened returns the focus there). */
  id?: string;
  label: ReactNode;
  /** The button's accessible name when `label` is visual only. */
  ariaLabel?: string;
  buttonClassName: string;
  /** The element that holds the button and the menu. */
  className?: string;
  /** The menu's horizontal place and width (`right-0 min-w-48`). */
  panelClassName: string;
  side?: Side;
  /** Without JavaScript the entries open in the flow of the page, covering nothing. */
  inFlowWithoutJs?: boolean;
  testId?: string;
  /** The entries, with the parts that make them a menu's items once JavaScript runs. */
  children: (parts: MenuParts) => ReactNode;
}

export function MenuButton({
  id,
  label,
  ariaLabel,
  buttonClassName,
  className = "relative",
  panelClassName,
  side = "below",
  inFlowWithoutJs = false,
  testId,
  children,
}: MenuButtonProps) {
  const hydrated = useHydrated();
  const generated = useId();
  const [open, setOpen] = useState<Focus | false>(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const buttonId = id ?? `${generated}button`;
  const menuId = `${generated}menu`;

  if (!hydrated) {
    return (
      <details className={className} data-testid={testId}>
        <summary
          id={id}
          aria-label={ariaLabel}
          className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${buttonClassName}`}
        >
          {label}
        </summary>
        <div
          className={`${inFlowWithoutJs ? "mt-1" : `absolute ${SIDES[side]}`} ${panelClass} ${panelClassName}`}
        >
          {children(DISCLOSURE_PARTS)}
        </div>
      </details>
    );
  }

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: onBlur only closes the menu when focus leaves it; the button and the items are the controls
    <div
      ref={root}
      className={className}
      data-testid={testId}
      onBlur={(event) => {
        if (open && focusLeaves(event)) close(false);
      }}
    >
      <button
        ref={button}
        type="button"
        id={buttonId}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        className={buttonClassName}
        onClick={() => (open ? close(false) : setOpen("menu"))}
        onKeyDown={(event) => {
          const focus = OPENING_KEYS[event.key];
          if (!focus) return;
          event.preventDefault();
          if (open) focusIn(document.getElementById(menuId), focus);
          else setOpen(focus);
        }}
        // Space clicks a button as it comes up (Firefox even when its press was handled).
        onKeyUp={(event) => event.key === " " && event.preventDefault()}
      >
        {label}
      </button>
      {open ? (
        <OpenMenu
          id={menuId}
          labelledBy={buttonId}
          focus={open}
          root={root}
          close={close}
          className={`absolute ${SIDES[side]} ${panelClass} focus:outline-none ${panelClassName}`}
        >
          {children(MENU_PARTS)}
        </OpenMenu>
      ) : null}
    </div>
  );
}

/** Entries in a list: a list without JavaScript, no part of the menu with it. */
export function MenuList({ parts, children }: { parts: MenuParts; children: ReactNode }) {
  return (
    <ul {...parts.none}>
      {Children.map(children, (child) => (
        <li {...parts.none}>{child}</li>
      ))}
    </ul>
  );
}

interface OpenMenuProps {
  id: string;
  labelledBy: string;
  focus: Focus;
  root: RefObject<HTMLDivElement | null>;
  close: (returnFocus: boolean) => void;
  className: string;
  children: ReactNode;
}

/** The open menu (rendered only while open, in the browser). */
function OpenMenu({ id, labelledBy, focus, root, close, className, children }: OpenMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  usePressOutside(root, true, () => close(false));

  // Before the first paint: turned to the other side when it does not fit the window on its
  // own and fits there, then focused (focusing scrolls what it focuses into view).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as it opens
  useLayoutEffect(() => {
    const panel = menu.current;
    if (!panel) return;
    const fits = () => {
      const box = panel.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    };
    if (!fits()) {
      panel.toggleAttribute("data-flip", true);
      if (!fits()) panel.removeAttribute("data-flip");
    }
    focusIn(panel, focus);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(menu.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        close(true);
        return;
      case "Tab":
        // From the button the browser moves on to the next (or previous) control.
        close(true);
        return;
      case " ":
        // Space chooses an item, a link too.
        event.preventDefault();
        items[index]?.click();
        return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const next =
      entryAfterKey(event.key, index, items.length, "vertical") ??
      entryStartingWith(event.key, index, items.map(labelOf));
    if (next === undefined) return;
    event.preventDefault();
    items[next].focus();
  };

  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      className={className}
      onKeyDown={onKeyDown}
      onKeyUp={(event) => event.key === " " && event.preventDefault()}
      onPointerMove={(event) => {
        const item = (event.target as Element).closest<HTMLElement>('[role="menuitem"]');
        if (item && item !== document.activeElement) item.focus();
      }}
      onClick={(event) => {
        if ((event.target as Element).closest('[role="menuitem"]')) close(true);
      }}
    >
      {children}
    </div>
  );
}

// ---------------------------------------------------------------------------
// A menu of links and form buttons
// ---------------------------------------------------------------------------

export interface MenuEntry {
  key: string;
  /** A link item (href) or a submit button of a form elsewhere on the page (form id). */
  href?: string;
  form?: string;
  /** Extra name/value of the submit button. */
  name?: string;
  value?: string;
  label: ReactNode;
  danger?: boolean;
}

interface MenuProps {
  label: ReactNode;
  /** Accessible name of the button when `label` is visual only. */
  ariaLabel?: string;
  items: MenuEntry[];
  align?: "left" | "right" | "up";
  buttonClassName?: string;
}

function EntryElement({ entry, parts }: { entry: MenuEntry; parts: MenuParts }) {
  if (entry.href) {
    return (
      <a {...parts.item} href={entry.href} className={menuItemClass(entry.danger)}>
        {entry.label}
      </a>
    );
  }
  return (
    <button
      {...parts.item}
      type="submit"
      form={entry.form}
      name={entry.name}
      value={entry.value}
      className={menuItemClass(entry.danger)}
      // Choosing the item closes the menu and takes the button out of the page before the
      // browser would submit: submit now, with this button as the submitter.
      onClick={(event) => {
        const button = event.currentTarget;
        if (!button.form) return;
        event.preventDefault();
        button.form.requestSubmit(button);
      }}
    >
      {entry.label}
    </button>
  );
}

export function Menu({
  label,
  ariaLabel,
  items,
  align = "right",
  buttonClassName = "",
}: MenuProps) {
  return (
    <MenuButton
      label={label}
      ariaLabel={ariaLabel}
      buttonClassName={buttonClassName}
      side={align === "up" ? "above" : "below"}
      panelClassName={`min-w-48 ${align === "right" ? "right-0" : "left-0"}`}
      inFlowWithoutJs
    >
      {(parts) => (
        <MenuList parts={parts}>
          {items.map((entry) => (
            <EntryElement key={entry.key} entry={entry} parts={parts} />
          ))}
        </MenuList>
      )}
    </MenuButton>
  );
}
