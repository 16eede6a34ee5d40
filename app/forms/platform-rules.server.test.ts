// @vitest-environment node
/**
 * The platform schema editor's forms in the browser: the rules the page's loader sends
 * (formRules of the schema the action parses with) agree with the action, and what they
 * cannot tell (every rule of these forms is a transform's) reaches the action, whose answer
 * shows the message next to its field.
 */
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { desktop, SETTINGS } from "~/lib/platform/fixtures.test-support";
import { asT } from "~/lib/t.testing";
import { editorRules } from "~/routes/$lang._console.apps.$appVersionId.$platform/forms.server";
import type { EditorState } from "~/routes/$lang._console.apps.$appVersionId.$platform/load.server";
import { actionMessages, formOf } from "./agreement.testing";
import { brokenRules, checkForm } from "./check";
import { itemSchema } from "./platform-item.server";
import { addLocationSchema, cloneSchema } from "./platform-location.server";
import {
  appVariantsSchema,
  customViewSchema,
  exceptionsSchema,
  rootVisibilitySchema,
} from "./platform-settings.server";
import { formRules } from "./rules.server";

const t = asT((key, values) =>
  values && "field" in values ? `${key} (${String(values.field)})` : key,
);

const post = formOf;

const variants = {
  productVariantsEnabled: true,
  variants: [1, 2],
  minimumDesktopVersion: "6.0.0.0",
};

// Each form with posts the action refuses (a required text left empty, a value the form does not offer, a bad format...).
const FORMS: [string, z.ZodType, Record<string, string | string[]>[]][] = [
  [
    "item",
    itemSchema(t, { platform: "desktop", viewType: "matter", actionTypes: ["button"] }),
    [
      {},
      { name: "Open", label: "" },
      { name: "Open", label: "Open", width: "wide" },
      { name: "a\0b" },
      { "urls.dev": "not a url" },
      { windowType: "sideways" },
    ],
  ],
  [
    "add-location",
    addLocationSchema(t, ["matter-list"]),
    [{}, { location: "" }, { location: "nowhere" }],
  ],
  ["clone", cloneSchema(t, ["menu-tools"]), [{}, { locations: "nowhere" }]],
  [
    "custom-view",
    customViewSchema(t, {
      ...variants,
      platform: "desktop",
      viewType: "matter",
      integratorType: 0,
    }),
    [{}, { label: "View", timeTracked: "7" }],
  ],
  [
    "setting",
    rootVisibilitySchema(t, { ...variants, platform: "desktop" }),
    [
      { "visibility.productVariants": "1", "visibility.supportedDesktopVersions[0]": "6.1" },
      { "visibility.productVariants": "9" },
    ],
  ],
  [
    "exceptions",
    exceptionsSchema(t),
    [{ "exceptions[0].url": "" }, { "exceptions[0].url": "a b" }],
  ],
  ["app-variants", appVariantsSchema(t, variants), [{}, { productVariants: "9" }]],
];

describe("the platform editor's forms in the browser", () => {
  it.each(FORMS)(
    "the %s form: the browser's rules agree with the action, and leave it what they cannot tell",
    (_, schema, posts) => {
      const rules = formRules(schema);
      expect(JSON.parse(JSON.stringify(rules))).toEqual(rules);
      for (const entries of posts) {
        const data = post(entries);
        const action = actionMessages(schema, data);
        expect(Object.keys(action).length).toBeGreaterThan(0);
        const browser = brokenRules(data, rules);
        for (const [name, message] of Object.entries(browser)) expect(action[name]).toBe(message);
        // What the browser does not refuse goes to the action, which answers it next to the field.
        if (Object.keys(browser).length === 0)
          expect(checkForm(data, rules).status).toBe("success");
      }
    },
  );
});

describe("the rules the page sends", () => {
  const state: EditorState = {
    versionId: "v1",
    appName: "App",
    versionNumber: "1.000",
    platform: "desktop",
    countryCode: "AU",
    saved: desktop(),
    document: desktop(),
    differs: false,
    canEdit: true,
    settings: SETTINGS,
    integratorType: 0,
    hasAccessToTest: false,
    productVariants: [],
    allowSvg: false,
  };
  const rulesOf = (search: string, changes: Partial<EditorState> = {}) =>
    editorRules(t, { ...state, ...changes }, new URLSearchParams(search));

  it("are those of the dialog the address opens, from the action's schema with what the page knows", () => {
    expect(Object.keys(rulesOf("dialog=add-location"))).toEqual(["add-location"]);
    expect(rulesOf("dialog=item&location=matter&list=buttons")).toEqual({
      item: formRules(
        itemSchema(t, { platform: "desktop", viewType: "matter", actionTypes: ["button"] }),
      ),
    });
    expect(Object.keys(rulesOf("dialog=item&location=matter&path=buttons.0"))).toEqual(["item"]);
    expect(Object.keys(rulesOf("dialog=clone&location=matter&path=buttons.0"))).toEqual(["clone"]);
    expect(Object.keys(rulesOf("dialog=setting&location=matter"))).toEqual(["setting"]);
    expect(Object.keys(rulesOf("dialog=exceptions"))).toEqual(["exceptions"]);
  });

  it("name no form the page does not show", () => {
    expect(rulesOf("")).toEqual({});
    expect(rulesOf("dialog=changes")).toEqual({});
    expect(rulesOf("dialog=item&location=matter&path=buttons.9")).toEqual({});
    expect(rulesOf("dialog=custom-view&location=matter")).toEqual({});
    expect(rulesOf("dialog=exceptions", { platform: "web" })).toEqual({});
    expect(rulesOf("dialog=add-location", { canEdit: false })).toEqual({});
  });

  it("hold the app's product variants where the country has them", () => {
    expect(
      Object.keys(
        rulesOf("", {
          productVariants: [{ firmType: 1, name: "Firm" }] as EditorState["productVariants"],
        }),
      ),
    ).toEqual(["app-variants"]);
  });
});
