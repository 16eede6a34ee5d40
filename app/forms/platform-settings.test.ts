import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { SCHEMA_LIMITS } from "~/api/schema/limits";
import { asT } from "~/lib/t.testing";
import { outcomeErrors } from "./platform-common";
import { pathOf } from "./platform-fields.server";
import { addLocationSchema, cloneSchema } from "./platform-location.server";
import {
  appVariantsDefaults,
  customViewDefaults,
  customViewTabsWithErrors,
  exceptionsDefaults,
  settingTabs,
  settingTabsWithErrors,
} from "./platform-settings";
import {
  appVariantsSchema,
  customViewSchema,
  exceptionsSchema,
  rootVisibilitySchema,
} from "./platform-settings.server";

/** A translator that shows the key, the field and the minimum version when there is one. */
const t = asT((key, values) =>
  values && "field" in values
    ? `${key} (${String(values.field)}${values.minimum ? ` ${String(values.minimum)}` : ""})`
    : key,
);

function post(entries: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries))
    for (const entry of [value].flat()) data.append(key, entry);
  return data;
}

type Submission = {
  status?: string;
  error?: Record<string, string[] | null> | null;
  value?: unknown;
};
const errorsOf = (submission: Submission) =>
  Object.fromEntries(
    Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]),
  );
const successValue = (submission: Submission) =>
  submission.status === "success" ? submission.value : undefined;

const URLS = {
  "urls.dev": "https://dev.example.com",
  "urls.test": "https://test.example.com",
  "urls.beta": "https://beta.example.com",
  "urls.live": "https://example.com",
};

describe("the add-location and clone dialogs", () => {
  it("takes an offered location and asks for one", () => {
    const schema = addLocationSchema(t, ["matter-list", "menu-tools"]);
    expect(successValue(parseWithZod(post({ location: "menu-tools" }), { schema }))).toEqual({
      location: "menu-tools",
    });
    expect(errorsOf(parseWithZod(post({}), { schema }))).toEqual({
      location: "platform:errors.mustSelectLocation (platform:fields.location)",
    });
    expect(errorsOf(parseWithZod(post({ location: "matter" }), { schema }))).toEqual({
      location: "platform:errors.unknownLocation (platform:fields.location)",
    });
  });

  it("takes at least one of the clone targets", () => {
    const schema = cloneSchema(t, ["menu-tools", "menu-accounting"]);
    expect(
      successValue(
        parseWithZod(post({ locations: ["menu-tools", "menu-accounting"] }), { schema }),
      ),
    ).toEqual({ locations: ["menu-tools", "menu-accounting"] });
    expect(successValue(parseWithZod(post({ locations: "menu-tools" }), { schema }))).toEqual({
      locations: ["menu-tools"],
    });
    expect(errorsOf(parseWithZod(post({}), { schema }))).toEqual({
      locations: "platform:errors.mustSelectLocation (platform:fields.locations)",
    });
    expect(errorsOf(parseWithZod(post({ locations: "matter" }), { schema }))).toEqual({
      locations: "platform:errors.unknownLocation (platform:fields.locations)",
    });
  });

  it("words an operation's refusal for the form", () => {
    expect(outcomeErrors(t, { locations: "menuAccountingNotAllowed" })).toEqual({
      locations: ["platform:errors.menuAccountingNotAllowed (platform:fields.locations)"],
    });
    expect(pathOf("exceptions[2].url")).toEqual(["exceptions", 2, "url"]);
    expect(pathOf("visibility.supportedDesktopVersions[1]")).toEqual([
      "visibility",
      "supportedDesktopVersions",
      1,
    ]);
  });
});

describe("the setting dialog of a location", () => {
  const context = {
    platform: "desktop" as const,
    productVariantsEnabled: true,
    variants: [1, 2, 3],
    minimumDesktopVersion: "6.0.0.0",
  };

  it("takes variants and desktop versions, 'All' clearing the others", () => {
    const schema = rootVisibilitySchema(t, { ...context, previousVariants: [1] });
    expect(
      successValue(
        parseWithZod(
          post({
            "visibility.productVariants": ["1", "2"],
            "visibility.supportedDesktopVersions[0]": "6.1.0.0",
            "visibility.supportedDesktopVersions[1]": "",
          }),
          { schema },
        ),
      ),
    ).toEqual({ productVariants: [1, 2], supportedDesktopVersions: ["6.1.0.0", ""] });
    expect(
      successValue(parseWithZod(post({ "visibility.productVariants": ["1", "-1"] }), { schema })),
    ).toEqual({ productVariants: null });
    const fromAll = rootVisibilitySchema(t, { ...context, previousVariants: null });
    expect(
      successValue(
        parseWithZod(post({ "visibility.productVariants": ["-1", "3"] }), { schema: fromAll }),
      ),
    ).toEqual({ productVariants: [3] });
  });

  it("refuses no variant, an unknown one, and versions by the rules", () => {
    const schema = rootVisibilitySchema(t, context);
    expect(errorsOf(parseWithZod(post({}), { schema }))).toEqual({
      "visibility.productVariants":
        "platform:errors.required (platform:fields.visibility.productVariants)",
    });
    expect(errorsOf(parseWithZod(post({ "visibility.productVariants": "9" }), { schema }))).toEqual(
      {
        "visibility.productVariants":
          "platform:errors.invalid (platform:fields.visibility.productVariants)",
      },
    );
    expect(
      errorsOf(
        parseWithZod(
          post({
            "visibility.productVariants": "1",
            "visibility.supportedDesktopVersions[0]": "5.9.0.0",
            "visibility.supportedDesktopVersions[1]": "6.1",
          }),
          { schema },
        ),
      ),
    ).toEqual({
      "visibility.supportedDesktopVersions[0]":
        "platform:errors.minimumVersionIs (platform:fields.visibility.supportedDesktopVersions 6.0.0.0)",
      "visibility.supportedDesktopVersions[1]":
        "platform:errors.invalidVersion (platform:fields.visibility.supportedDesktopVersions)",
    });
    expect(
      errorsOf(
        parseWithZod(
          post({
            "visibility.productVariants": "1",
            "visibility.supportedDesktopVersions[0]": "6.2.0.0",
            "visibility.supportedDesktopVersions[1]": "6.1.0.0",
          }),
          { schema },
        ),
      ),
    ).toEqual({
      "visibility.supportedDesktopVersions[1]":
        "platform:errors.maxVerCannotBeLessMinVer (platform:fields.visibility.supportedDesktopVersions)",
    });
  });

  it("asks for no variants where they are not supported", () => {
    expect(
      successValue(
        parseWithZod(post({}), { schema: rootVisibilitySchema(t, { platform: "desktop" }) }),
      ),
    ).toEqual({});
  });

  it("has a Visibility tab only where the country has product variants, its desktop versions always (decision 0065)", () => {
    expect(settingTabs(true)).toEqual(["versions", "visibility"]);
    expect(settingTabs(false)).toEqual(["versions"]);
    expect(
      settingTabsWithErrors([
        "visibility.supportedDesktopVersions[1]",
        "visibility.productVariants",
      ]),
    ).toEqual(["versions", "visibility"]);
  });
});

describe("the custom view settings", () => {
  it("takes a label, the four endpoints and its options", () => {
    const schema = customViewSchema(t, { platform: "web" });
    expect(
      successValue(
        parseWithZod(
          post({
            label: " Dashboard ",
            ...URLS,
            windowType: "web",
            messageBus: "on",
            timeTracked: "1",
          }),
          { schema },
        ),
      ),
    ).toEqual({
      label: "Dashboard",
      urls: [
        { env: "dev", url: "https://dev.example.com" },
        { env: "test", url: "https://test.example.com" },
        { env: "beta", url: "https://beta.example.com" },
        { env: "live", url: "https://example.com" },
      ],
      windowType: "web",
      isFullScreen: false,
      timeTracked: 1,
      messageBus: true,
    });
  });

  it("takes the matter types of a desktop view, refusing one the database cannot store; none elsewhere", () => {
    const desktop = customViewSchema(t, { platform: "desktop" });
    const value = successValue(
      parseWithZod(
        post({
          label: "Family",
          ...URLS,
          "visibility.matterTypes": ["au-mt-divorce", " au-mt-will "],
        }),
        { schema: desktop },
      ),
    ) as { visibility?: unknown };
    expect(value.visibility).toEqual({ matterTypes: ["au-mt-divorce", "au-mt-will"] });
    const refused = parseWithZod(
      post({ label: "Family", ...URLS, "visibility.matterTypes": "au\u0000mt" }),
      { schema: desktop },
    );
    expect(errorsOf(refused)).toEqual({
      "visibility.matterTypes":
        "platform:errors.invalidCharacters (platform:fields.visibility.matterTypes)",
    });
    const web = successValue(
      parseWithZod(post({ label: "Family", ...URLS, "visibility.matterTypes": "au-mt-divorce" }), {
        schema: customViewSchema(t, { platform: "web" }),
      }),
    ) as { visibility?: unknown };
    expect(web.visibility).toBeUndefined();
  });

  it("refuses a group label and function group id over the contract's limits (tooLong)", () => {
    const schema = customViewSchema(t, { platform: "web" });
    const submission = parseWithZod(
      post({
        label: "Dashboard",
        ...URLS,
        groupLabel: "g".repeat(SCHEMA_LIMITS.groupLabelMax + 1),
        functionGroupId: "f".repeat(SCHEMA_LIMITS.functionGroupIdMax + 1),
      }),
      { schema },
    );
    expect(errorsOf(submission)).toEqual({
      groupLabel: "platform:errors.tooLong (platform:fields.groupLabel)",
      functionGroupId: "platform:errors.tooLong (platform:fields.functionGroupId)",
    });
  });

  it("offers a matter view's window type and fullscreen to a company of integratorType 1 only", () => {
    const matter = (integratorType: number) =>
      customViewSchema(t, { platform: "web", viewType: "matter", integratorType });
    for (const windowType of ["system", "web", "hidden", "notApplicable"]) {
      expect(
        errorsOf(parseWithZod(post({ label: "View", ...URLS, windowType }), { schema: matter(0) })),
      ).toEqual({ windowType: "platform:errors.integratorOnly (platform:fields.windowType)" });
      expect(
        successValue(
          parseWithZod(post({ label: "View", ...URLS, windowType }), { schema: matter(1) }),
        ),
      ).toMatchObject({ windowType });
    }
    expect(
      errorsOf(
        parseWithZod(post({ label: "View", ...URLS, isFullScreen: "on" }), { schema: matter(0) }),
      ),
    ).toEqual({ isFullScreen: "platform:errors.integratorOnly (platform:fields.isFullScreen)" });
    expect(
      successValue(
        parseWithZod(post({ label: "View", ...URLS, windowType: "" }), { schema: matter(0) }),
      ),
    ).toMatchObject({ windowType: null, isFullScreen: false });
    // Another type of view keeps its options.
    expect(
      successValue(
        parseWithZod(post({ label: "View", ...URLS, windowType: "web" }), {
          schema: customViewSchema(t, { platform: "web", viewType: "card", integratorType: 0 }),
        }),
      ),
    ).toMatchObject({ windowType: "web" });
  });

  it("refuses a missing label and endpoints, and marks their tabs", () => {
    const submission = parseWithZod(post({ "urls.dev": "ftp://x" }), {
      schema: customViewSchema(t, {
        platform: "desktop",
        productVariantsEnabled: true,
        variants: [1],
      }),
    });
    const errors = errorsOf(submission);
    expect(errors).toEqual({
      label: "platform:errors.required (platform:fields.label)",
      "urls.dev": "platform:errors.invalidUrl (platform:fields.urls.dev)",
      "urls.test": "platform:errors.required (platform:fields.urls.test)",
      "urls.beta": "platform:errors.required (platform:fields.urls.beta)",
      "urls.live": "platform:errors.required (platform:fields.urls.live)",
      "visibility.productVariants":
        "platform:errors.required (platform:fields.visibility.productVariants)",
    });
    expect(customViewTabsWithErrors(Object.keys(errors))).toEqual([
      "details",
      "visibility",
      "endpoints",
    ]);
  });
});

describe("the exception URLs", () => {
  const schema = exceptionsSchema(t);

  it("takes rows of a URL with optional wildcards and isInternal", () => {
    expect(
      successValue(
        parseWithZod(
          post({
            "exceptions[0].url": " *.example.com* ",
            "exceptions[0].isInternal": "on",
            "exceptions[1].url": "https://x.example.com/path",
          }),
          { schema },
        ),
      ),
    ).toEqual([
      { url: "*.example.com*", isInternal: true },
      { url: "https://x.example.com/path", isInternal: false },
    ]);
    expect(successValue(parseWithZod(post({}), { schema }))).toEqual([]);
  });

  it("refuses a blank row, whitespace and a wildcard in the middle, on the row's field", () => {
    expect(
      errorsOf(
        parseWithZod(
          post({
            "exceptions[0].url": "",
            "exceptions[1].url": "a b.com",
            "exceptions[2].url": "a*b.com",
            "exceptions[3].url": "ok.com",
          }),
          { schema },
        ),
      ),
    ).toEqual({
      "exceptions[0].url": "platform:errors.required (platform:fields.exceptions.url)",
      "exceptions[1].url": "platform:errors.invalidUrl (platform:fields.exceptions.url)",
      "exceptions[2].url": "platform:errors.invalidUrl (platform:fields.exceptions.url)",
    });
  });
});

describe("the app-level product variants", () => {
  it("takes the choice and 'add to all locations', and requires one where supported", () => {
    const schema = appVariantsSchema(t, {
      productVariantsEnabled: true,
      variants: [1, 2],
      previousVariants: [1],
    });
    expect(
      successValue(
        parseWithZod(post({ productVariants: ["1", "2"], addToAllLocations: "on" }), { schema }),
      ),
    ).toEqual({ productVariants: [1, 2], addToAllLocations: true });
    expect(successValue(parseWithZod(post({ productVariants: ["1", "-1"] }), { schema }))).toEqual({
      productVariants: null,
      addToAllLocations: false,
    });
    expect(errorsOf(parseWithZod(post({}), { schema }))).toEqual({
      productVariants: "platform:errors.required (platform:fields.productVariants)",
    });
    expect(errorsOf(parseWithZod(post({ productVariants: "x" }), { schema }))).toEqual({
      productVariants: "platform:errors.invalid (platform:fields.productVariants)",
    });
  });
});

describe("the forms' values of the document", () => {
  /** The entries a form posts for `values` (conform's names: `a.b`, `a[0].b`, a list as several values). */
  function entriesOf(values: Record<string, unknown>) {
    const entries: Record<string, string | string[]> = {};
    const walk = (name: string, value: unknown) => {
      if (value === undefined || value === null) return;
      if (Array.isArray(value) && value.every((entry) => typeof entry === "string"))
        entries[name] = value as string[];
      else if (Array.isArray(value))
        for (const [index, entry] of value.entries()) walk(`${name}[${index}]`, entry);
      else if (typeof value === "object")
        for (const [key, inner] of Object.entries(value))
          walk(name ? `${name}.${key}` : key, inner);
      else entries[name] = String(value);
    };
    walk("", values);
    return entries;
  }

  it("read back as the same custom view settings", () => {
    const settings = {
      label: "Dashboard",
      urls: [
        { env: "dev" as const, url: "https://dev.example.com" },
        { env: "test" as const, url: "https://test.example.com" },
        { env: "beta" as const, url: "https://beta.example.com" },
        { env: "live" as const, url: "https://example.com" },
      ],
      windowType: "system" as const,
      isFullScreen: false,
      messageBus: true,
      visibility: { productVariants: [2], supportedDesktopVersions: ["6.1.0.0", "7.0.0.0"] },
    };
    const schema = customViewSchema(t, {
      platform: "desktop",
      productVariantsEnabled: true,
      variants: [1, 2],
      previousVariants: [2],
    });
    const entries = entriesOf(customViewDefaults(settings));
    // The versions are two fields of their own.
    const versions = entries["visibility.supportedDesktopVersions"] as string[];
    delete entries["visibility.supportedDesktopVersions"];
    for (const [index, version] of versions.entries())
      entries[`visibility.supportedDesktopVersions[${index}]`] = version;
    expect(successValue(parseWithZod(post(entries), { schema }))).toEqual(settings);
  });

  it("read back as the same exception URLs and app-level variants", () => {
    const rows = [
      { url: "*.example.com", isInternal: true },
      { url: "https://x.example.com", isInternal: false },
    ];
    expect(
      successValue(
        parseWithZod(post(entriesOf(exceptionsDefaults(rows))), { schema: exceptionsSchema(t) }),
      ),
    ).toEqual(rows);
    const schema = appVariantsSchema(t, {
      productVariantsEnabled: true,
      variants: [1, 2],
      previousVariants: null,
    });
    expect(
      successValue(parseWithZod(post(entriesOf(appVariantsDefaults(null))), { schema })),
    ).toEqual({ productVariants: null, addToAllLocations: false });
  });
});
