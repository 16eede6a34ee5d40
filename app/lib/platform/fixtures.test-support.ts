/**
 * Location settings and platform documents for the unit tests of the platform editor's
 * modules (app/lib/platform, app/forms/platform-*): a few of the desktop locations of the
 * provider's lookups.
 */
import type { LocationSetting } from "~/api/resources/schemas";
import type { PlatformFunction, PlatformSchema } from "~/api/schema/schemas";

const setting = (
  id: string,
  name: string,
  type: "view" | "menu",
  extra: Partial<LocationSetting> = {},
): LocationSetting => ({
  id,
  name,
  type,
  viewType: type === "menu" ? "menu" : "matter",
  integratorType: 0,
  allowButtons: type === "view",
  allowContextAtRoot: false,
  allowContextMenu: false,
  allowDefinableTableApp: false,
  allowSecondaryTabButtons: false,
  isCustomView: false,
  isPrecedentListView: false,
  grids: [],
  ...extra,
});

export const SETTINGS: LocationSetting[] = [
  setting("matter", "Matter", "view", {
    allowContextAtRoot: true,
    allowContextMenu: true,
    allowDefinableTableApp: true,
    allowSecondaryTabButtons: true,
  }),
  setting("matter-external-window", "Matter (External Window)", "view", { integratorType: 1 }),
  setting("matter-list", "Matter List", "view", {
    viewType: "matter-list",
    allowContextMenu: true,
    grids: [{ gridId: "matter-list-grid", name: "Matter List" }],
  }),
  setting("precedent-list", "Precedent List", "view", {
    viewType: "precedent",
    allowButtons: false,
    isPrecedentListView: true,
    allowContextMenu: true,
  }),
  setting("custom-view", "Custom View", "view", { isCustomView: true }),
  setting("menu-tools", "Tools Menu", "menu"),
  setting("menu-accounting", "Accounting Menu", "menu", { integratorType: 1 }),
];

const URLS = (base: string) =>
  (["dev", "test", "beta", "live"] as const).map((env) => ({
    env,
    url: `https://${env}.example.com/${base}`,
  }));

/** A button that passes every rule of a function. */
export const button = (name: string, extra: Partial<PlatformFunction> = {}): PlatformFunction => ({
  actionType: "button",
  name,
  label: name,
  description: `${name} does things`,
  urls: URLS(name.toLowerCase()),
  ...extra,
});

/** A desktop document: the Matter view (two buttons, a dropdown with two items), the Tools menu (one item). */
export function desktop(): PlatformSchema {
  return {
    type: "desktop",
    views: [
      {
        id: "matter",
        name: "Matter",
        type: "matter",
        buttons: [
          button("Open"),
          button("Send"),
          button("More", {
            actionType: "dropdown",
            urls: undefined,
            items: [
              button("First", { actionType: "sub-item" }),
              button("Second", { actionType: "sub-item" }),
            ],
          }),
        ],
      },
    ],
    menus: [
      {
        id: "menu-tools",
        name: "Tools Menu",
        items: [button("Sync", { actionType: "menu-item" })],
      },
    ],
  };
}
