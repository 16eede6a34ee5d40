/**
 * The declared refusals of saving a platform schema: documents that break one rule each,
 * made from the kit's valid document, or noted as not tried with the reason.
 */
import { randomUUID } from "node:crypto";
import * as resources from "~/api/resources/endpoints";
import * as schema from "~/api/schema/endpoints";
import * as user from "~/api/user/endpoints";
import { SCHEMA_DOCUMENT } from "./inputs";
import { refusals, type Trigger } from "./refusals";
import { needs, succeeds, type World } from "./world";

type View = (typeof SCHEMA_DOCUMENT.platforms)[number]["views"][number];
const [WEB] = SCHEMA_DOCUMENT.platforms;
const [VIEW] = WEB.views;
const [BUTTON] = VIEW.buttons;

/** The kit's document with its one view replaced by `views`. */
const withViews = (...views: Record<string, unknown>[]) => ({
  platforms: [{ ...WEB, views: views as View[] }],
});
/** Its view with `visibility`. */
const seenBy = (visibility: Record<string, unknown>) => withViews({ ...VIEW, visibility });

/** A document breaking one rule, by the code it must be refused with. */
type Document = [code: string, what: string, json: () => unknown];
const DOCUMENTS: Document[] = [
  ["duplicatePlatform", "the web platform twice", () => ({ platforms: [WEB, WEB] })],
  ["unknownKey", "a view with a key of no schema", () => withViews({ ...VIEW, colour: "blue" })],
  ["unknownLocation", "a view of no location", () => withViews({ ...VIEW, id: "no-such-view" })],
  ["duplicateLocation", "one view twice", () => withViews(VIEW, VIEW)],
  [
    "imageNotFound",
    "a button whose icon no image is",
    () =>
      withViews({
        ...VIEW,
        buttons: [{ ...BUTTON, icon: { id: randomUUID(), url: "https://example.com/i.png" } }],
      }),
  ],
  [
    "tooManyFunctions",
    "201 buttons",
    () =>
      withViews({
        ...VIEW,
        buttons: Array.from({ length: 201 }, (_, i) => ({ ...BUTTON, name: `B${i}` })),
      }),
  ],
  [
    "unknownMatterType",
    "a view for a matter type no one has",
    () => seenBy({ matterTypes: [randomUUID()] }),
  ],
  [
    "invalidVersion",
    "desktop version '1.2'",
    () => seenBy({ supportedDesktopVersions: ["1.2", ""] }),
  ],
  [
    "minimumVersionIs",
    "desktop version 0.0.0.1",
    () => seenBy({ supportedDesktopVersions: ["0.0.0.1", ""] }),
  ],
  ["tooMany", "a view for 51 forms", () => seenBy({ formNames: Array(51).fill("Form") })],
  ["notAllowedHere", "reports on a web view", () => withViews({ ...VIEW, reports: [BUTTON] })],
  [
    "unknownPrecedent",
    "a precedent folder no one has",
    () => seenBy({ location: [{ root: randomUUID(), paths: [] }] }),
  ],
  [
    "updateRequired",
    "a custom view without its settings",
    () => withViews({ ...VIEW, isCustomView: true }),
  ],
];

/** The kit's button with `icon`, an uploaded image no function icon is. */
const iconed = (id: string) =>
  withViews({ ...VIEW, buttons: [{ ...BUTTON, icon: { id, url: "https://example.com/i.png" } }] });

/**
 * A desktop platform with one view at the first desktop location of the app's country (by the
 * provider's own settings): without product variants, and for one no one has.
 */
async function desktopDocuments(w: World): Promise<Document[]> {
  const config = await succeeds<{
    init: {
      countries: {
        code: string;
        featureFlags: Record<string, boolean>;
        settings: { platforms: { type: string; locations: { id: string; type: string }[] }[] };
      }[];
    };
  }>(w, resources.getConfigInitAll, "the desktop locations", undefined, w.anon);
  const au = config?.init.countries.find((c) => c.code === "AU");
  const desktop = au?.settings.platforms.find((p) => p.type === "desktop");
  const view = desktop?.locations.find((l) => l.type !== "menu");
  if (!au?.featureFlags["product-variant-enabled"] || !view) return [];
  const platform = (visibility?: unknown) => ({
    platforms: [
      {
        type: "desktop",
        productVariants: null,
        views: [{ id: view.id, name: "A view", visibility }],
      },
    ],
  });
  return [
    [
      "missingProductVariants",
      "a desktop view for no product variant",
      () => platform({ productVariants: [] }),
    ],
    ["unknownProductVariant", "product variant 987", () => platform({ productVariants: [987] })],
  ];
}

export async function schemaRefusals(w: World) {
  const app = needs(w, schema.saveSchema, "its refusals", "versionId");
  const small = w.made.smallImageId;
  const documents: Document[] = [
    ...DOCUMENTS,
    ...(small
      ? [["invalidSize", "a button whose icon is 100x100", () => iconed(small)] satisfies Document]
      : []),
    ...(await desktopDocuments(w)),
    ...(await integratorDocuments(w)),
  ];
  const triggers: Trigger[] = app
    ? documents.map(([codes, what, json]) => ({
        codes,
        what,
        input: { body: { appIdOld: app.versionId, json: json() } },
      }))
    : [];
  const other = w.made.otherVersionId;
  if (other)
    triggers.push({
      codes: "notStandardApp",
      what: "a connector app's version",
      input: { body: { appIdOld: other, json: SCHEMA_DOCUMENT } },
    });
  await refusals(w, schema.saveSchema, triggers);
}

/**
 * A matter view in full screen, which only a company of integratorType 1 may have: sent
 * when the signed-in user's company is of another type.
 */
async function integratorDocuments(w: World): Promise<Document[]> {
  const me = await succeeds<{ integratorType: number }>(w, user.getUser, "its integrator type");
  if (!me) return [];
  if (me.integratorType === 1) {
    w.found.skip(schema.saveSchema, "integratorOnly", "the kit's company is of integratorType 1");
    return [];
  }
  return [
    [
      "integratorOnly",
      "a matter view in full screen",
      () => withViews({ ...VIEW, isFullScreen: true }),
    ],
  ];
}
