/**
 * A menu button: Headless UI's Menu once JavaScript runs (arrow keys, Escape, focus return);
 * before that, and without JavaScript, a <details>/<summary> disclosure with the same items.
 */
import { Menu as HMenu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/lib/hydrated";

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

const itemClass = (danger?: boolean) =>
  `block w-full px-4 py-2 text-left text-sm data-focus:bg-brand-50 ${danger ? "text-red-800" : "text-gray-900"}`;

const panelPosition = { left: "left-0 mt-2", right: "right-0 mt-2", up: "left-0 bottom-full mb-2" };

/**
 * An item as a plain element (not a component), so that Headless UI's MenuItem can give it
 * its role, id and focus state.
 */
function itemElement(entry: MenuEntry) {
  if (entry.href) {
    return (
      <a href={entry.href} className={itemClass(entry.danger)}>
        {entry.label}
      </a>
    );
  }
  return (
    <button
      type="submit"
      form={entry.form}
      name={entry.name}
      value={entry.value}
      className={itemClass(entry.danger)}
      // The open menu closes on this click and takes the button with it before the browser
      // would submit: submit now, with this button as the submitter.
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

export function Menu({ label, ariaLabel, items, align = "right", buttonClassName = "" }: MenuProps) {
  const hydrated = useHydrated();
  const panel = `absolute z-40 min-w-48 rounded-md border border-gray-200 bg-white py-1 shadow-lg ${panelPosition[align]}`;
  if (!hydrated) {
    // Without JS the disclosure opens in the flow of the page, covering nothing.
    return (
      <details className="relative">
        <summary aria-label={ariaLabel} className={`cursor-pointer list-none ${buttonClassName}`}>
          {label}
        </summary>
        <div className="mt-1 min-w-48 rounded-md border border-gray-200 bg-white py-1 shadow-lg">
          <ul>
            {items.map((entry) => (
              <li key={entry.key}>
                {itemElement(entry)}
              </li>
            ))}
          </ul>
        </div>
      </details>
    );
  }
  return (
    <HMenu as="div" className="relative">
      <MenuButton aria-label={ariaLabel} className={buttonClassName}>
        {label}
      </MenuButton>
      <MenuItems className={`${panel} focus:outline-none`}>
        {items.map((entry) => (
          <MenuItem key={entry.key}>{itemElement(entry)}</MenuItem>
        ))}
      </MenuItems>
    </HMenu>
  );
}
