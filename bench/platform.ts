/**
 * The platform schema the editor's benchmarks open: a desktop schema of a realistic size for
 * an AU app (product variants on), saved through `POST app-schema` as a new version of the
 * company's first app. Four locations (the matter view with buttons, a dropdown, secondary-tab
 * items and context-menu items; a custom view; the tools menu) holding 40 functions.
 */
import type { PlatformFunction, PlatformSchema } from "../app/api/schema/schemas";
import { platformItem as item, endpointUrls as urls } from "../tests/support/platform-items";
import type { ProviderClient } from "../tests/support/provider";

const numbered = (count: number, make: (n: number) => PlatformFunction) =>
  Array.from({ length: count }, (_, index) => make(index + 1));

/** The functions the schema holds. */
export const BENCH_SCHEMA_FUNCTIONS = 40;

export function benchDesktopSchema(): PlatformSchema {
  return {
    type: "desktop",
    productVariants: [1, 2],
    productVariantsMap: { "1": "Law Firm", "2": "Conveyancer" },
    exceptions: [
      { url: "*.example.com", isInternal: true },
      { url: "https://help.example.com/*", isInternal: false },
    ],
    views: [
      {
        id: "matter",
        name: "Matter",
        type: "matter",
        visibility: { productVariants: null, supportedDesktopVersions: ["2.4.0.88", ""] },
        buttons: [
          ...numbered(8, (n) =>
            item("button", `Button ${n}`, {
              windowType: "system",
              window: { width: 800, height: 600, title: `Button ${n}` },
              width: 75,
            }),
          ),
          {
            actionType: "dropdown",
            name: "More",
            label: "More",
            description: "More actions",
            items: numbered(6, (n) => item("sub-item", `More ${n}`)),
          },
        ],
        secondaryTab: [
          {
            actionType: "secondary-tab-dropdown",
            name: "Docs",
            label: "Docs",
            description: "Documents",
            headerLabel: "Documents",
            items: numbered(5, (n) => item("sub-item", `Doc ${n}`)),
          },
        ],
        contextMenu: numbered(6, (n) =>
          item("context-menu", `Print ${n}`, {
            visibility: { formNames: ["Invoice", `Form ${n}`] },
          }),
        ),
      },
      {
        id: "custom-view",
        name: "Custom View",
        isCustomView: true,
        order: 9999,
        label: "Dashboard",
        urls: urls("dashboard"),
        visibility: { productVariants: [1] },
      },
    ],
    menus: [
      {
        id: "menu-tools",
        name: "Tools Menu",
        visibility: { productVariants: null },
        items: numbered(12, (n) => item("menu-item", `Tool ${n}`)),
      },
    ],
  };
}

/** Saves the schema on `versionId`; answers the new version holding it. */
export async function saveBenchSchema(
  provider: ProviderClient,
  accessToken: string,
  versionId: string,
): Promise<string> {
  const res = await provider.apiFetch(
    "app-schema",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appIdOld: versionId, json: { platforms: [benchDesktopSchema()] } }),
    },
    accessToken,
  );
  const body = (await res.json()) as { appId?: string };
  if (res.status !== 201 || !body.appId)
    throw new Error(`saving the bench schema: ${res.status} ${JSON.stringify(body)}`);
  return body.appId;
}
