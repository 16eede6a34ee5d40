/**
 * The platform schema calls over real HTTP
 * (docs/decisions/0055-platform-schema.md): a save makes a new version holding the schema and
 * keeps the old one; refusals name every failing path with its rule code (the shape, unknown
 * keys, the rules with the app's country, locations and minimum desktop version); a version
 * that cannot be edited or is not a standard app is refused; validate answers
 * `{ valid, errors }`; a saved platform is read back; a download per environment carries that
 * environment's endpoints, its staging variant only for users with test access; and a
 * second company neither reads nor changes anything of the first on any of them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { appVersion } from "~/api/apps/schemas";
import { SCHEMA_LIMITS } from "~/api/schema/limits";
import {
  type PlatformFunction,
  type PlatformSchema,
  readSchemaResponse,
  type SchemaDocument,
  saveSchemaResponse,
  validateSchemaResponse,
} from "~/api/schema/schemas";
import { fileForm, png } from "../../server/conformance/files";
import { platformItem as item, endpointUrls as urls } from "../support/platform-items";
import { rawHeaderLines } from "../support/raw-headers";
import { createApp, expectRefused, json, ok, type TestApp } from "./review-support";
import { admin, newCompany, sandboxUrl, type TestCompany } from "./support";

let a: TestCompany;
let b: TestCompany;

/** A matter type of AU (resources/matter-types). */
let matterTypeId: string;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
  const types = await ok<{ data: { id: string; type: string }[] }>(
    await a.api("resources/matter-types?countryCode=AU"),
  );
  matterTypeId = types.data.find((type) => type.type === "MatterType")!.id;
});

/** AU's Will matter type and a precedent of its library, by its path from the library's top. */
const WILL = "au-mt-will";
const SIMPLE_WILL = "au-pr-will/au-pr-will-agreements/au-pr-will-simple";

/** A desktop platform for AU (product variants on): a view with buttons and a dropdown, a custom view, a menu, exception URLs. */
const desktop = (): PlatformSchema => ({
  type: "desktop",
  productVariants: [1, 2],
  productVariantsMap: { "1": "Law Firm", "2": "Conveyancer" },
  exceptions: [{ url: "*.example.com", isInternal: true }],
  views: [
    {
      id: "matter",
      name: "Matter",
      type: "matter",
      visibility: { productVariants: null, supportedDesktopVersions: ["2.4.0.88", "2.7.0.31"] },
      buttons: [
        item("button", "Send", {
          windowType: "system",
          window: { width: 800, height: 600 },
          width: 75,
        }),
        {
          actionType: "dropdown",
          name: "More",
          label: "More",
          description: "More actions",
          items: [item("sub-item", "Archive")],
        },
      ],
      secondaryTab: [
        {
          actionType: "secondary-tab-dropdown",
          name: "Docs",
          label: "Docs",
          description: "Documents",
          headerLabel: "Documents",
          items: [item("sub-item", "Open")],
        },
      ],
      contextMenu: [item("context-menu", "Print", { visibility: { formNames: ["Invoice"] } })],
    },
    {
      id: "custom-view",
      name: "Custom View",
      isCustomView: true,
      order: 9999,
      label: "My view",
      urls: urls("custom"),
      visibility: { productVariants: [1] },
    },
    {
      id: "precedent-list",
      name: "Precedent List",
      type: "precedent",
      visibility: { productVariants: [2] },
      listItems: [
        item("list-item", "Fill", {
          visibility: { matterTypes: [WILL], location: [{ root: WILL, paths: [SIMPLE_WILL] }] },
        }),
      ],
    },
  ],
  menus: [
    {
      id: "menu-tools",
      name: "Tools Menu",
      visibility: { productVariants: null },
      items: [item("menu-item", "Sync")],
    },
  ],
});

const web = (): PlatformSchema => ({
  type: "web",
  views: [{ id: "matter", name: "Matter", type: "matter", buttons: [item("button", "Open")] }],
});

const save = (company: TestCompany, appIdOld: string, document: unknown) =>
  company.api("app-schema", json("POST", { appIdOld, json: document }));
const read = (company: TestCompany, id: string, platform: string) =>
  company.api(`app-schema/${id}?platform=${platform}`);
const saved = async (company: TestCompany, appIdOld: string, document: SchemaDocument) =>
  saveSchemaResponse.parse(await ok(await save(company, appIdOld, document), 201));
const changes = async (entityId: string) =>
  ok<{ action: string; actor: string }[]>(await admin(`changes?entityId=${entityId}`));
const platformsOf = async (company: TestCompany, id: string) =>
  appVersion.parse(await ok(await company.api(`apps/${id}`))).platforms;

describe("saving a platform schema", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createApp(a);
  });

  it("makes a new version holding the schema and keeps the old one as it was", async () => {
    const answer = await saved(a, app.versionId, { platforms: [desktop(), web()] });
    expect(answer.appId).not.toBe(app.versionId);
    expect(answer).toMatchObject({ versionMajor: 1, versionMinor: 1, versionNumber: "1.001" });
    expect((await platformsOf(a, answer.appId)).sort()).toEqual(["desktop", "web"]);
    expect(await platformsOf(a, app.versionId)).toEqual([]);
    // The new version's history says where it came from and that a schema was saved into it.
    expect((await changes(answer.appId)).map((change) => [change.action, change.actor])).toEqual([
      ["created", a.userId],
      ["platform-schema-saved", a.userId],
    ]);

    const back = readSchemaResponse.parse(await ok(await read(a, answer.appId, "desktop")));
    expect(back).toMatchObject({ appVersionId: answer.appId, platform: "desktop", canEdit: true });
    expect(back.schema).toEqual(desktop());
    expect(readSchemaResponse.parse(await ok(await read(a, app.versionId, "0"))).schema).toBeNull();

    // A later save of one platform carries the others over, as the next minor number; a
    // platform left without locations is no longer configured.
    const next = await saved(a, answer.appId, { platforms: [{ type: "web", views: [] }] });
    expect(next.versionNumber).toBe("1.002");
    expect(readSchemaResponse.parse(await ok(await read(a, next.appId, "web"))).schema).toBeNull();
    expect(await platformsOf(a, next.appId)).toEqual(["desktop"]);
    expect(readSchemaResponse.parse(await ok(await read(a, next.appId, "desktop"))).schema).toEqual(
      desktop(),
    );
    expect(readSchemaResponse.parse(await ok(await read(a, answer.appId, "web"))).schema).toEqual(
      web(),
    );
  });

  it("gives saves at the same time numbers of their own", async () => {
    const start = await createApp(a);
    const second = await saved(a, start.versionId, { platforms: [web()] });
    const answers = await Promise.all(
      [start.versionId, second.appId, start.versionId, second.appId].map((id) =>
        save(a, id, { platforms: [web()] }),
      ),
    );
    const numbers = await Promise.all(
      answers.map(async (res) => saveSchemaResponse.parse(await ok(res, 201)).versionNumber),
    );
    expect(new Set(numbers).size).toBe(4);
    expect(numbers.sort()).toEqual(["1.002", "1.003", "1.004", "1.005"]);
  });

  it("takes the document as JSON text or base-64 of it", async () => {
    const text = JSON.stringify({ platforms: [web()] });
    const fromText = await saved(a, app.versionId, text as unknown as SchemaDocument);
    const fromBase64 = await saved(
      a,
      app.versionId,
      Buffer.from(text).toString("base64") as unknown as SchemaDocument,
    );
    for (const id of [fromText.appId, fromBase64.appId])
      expect(readSchemaResponse.parse(await ok(await read(a, id, "web"))).schema).toEqual(web());
  });

  it("refuses every path that breaks a rule, with its code, and makes no version", async () => {
    const before = (await ok<{ versions: unknown[] }>(await a.api(`apps/group/${app.groupId}`)))
      .versions.length;
    const broken = desktop();
    broken.productVariants = [];
    broken.exceptions = [{ url: "not a url", isInternal: false }];
    broken.views![0].buttons![0] = {
      ...broken.views![0].buttons![0],
      name: "",
      description: "d".repeat(451),
      urls: urls("x").slice(1),
      window: { width: 0, height: 1 },
    };
    broken.views![0].visibility = {
      productVariants: [],
      supportedDesktopVersions: ["2.3.4.210", "2.3"],
    };
    broken.views![1] = {
      id: "custom-view",
      name: "Custom View",
      isCustomView: true,
      visibility: { productVariants: [1] },
    };
    broken.views![2].listItems![0].visibility = {};
    broken.views![0].contextMenu![0].visibility = { formNames: [] };
    broken.menus!.push(
      { id: "menu-accounting", name: "Accounting Menu", visibility: { productVariants: null } },
      { id: "menu-tools", visibility: { productVariants: null } },
    );
    const res = await save(a, app.versionId, { platforms: [broken] });
    const body = await expectRefused(res, 400, {
      "json.platforms.0.productVariants": "required",
      "json.platforms.0.exceptions.0.url": "invalidUrl",
      "json.platforms.0.views.0.buttons.0.name": "required",
      "json.platforms.0.views.0.buttons.0.description": "tooLong",
      "json.platforms.0.views.0.buttons.0.urls.dev": "required",
      "json.platforms.0.views.0.buttons.0.window.width": "outOfRange",
      "json.platforms.0.views.0.visibility.supportedDesktopVersions.0": "minimumVersionIs",
      "json.platforms.0.views.0.visibility.supportedDesktopVersions.1": "invalidVersion",
      "json.platforms.0.views.0.visibility.productVariants": "missingProductVariants",
      "json.platforms.0.views.1": "updateRequired",
      "json.platforms.0.views.1.label": "required",
      "json.platforms.0.views.2.listItems.0.visibility.matterTypes": "required",
      "json.platforms.0.views.2.listItems.0.visibility.location": "required",
      "json.platforms.0.views.0.contextMenu.0.visibility.formNames": "required",
      // A company of integratorType 0 has no accounting menu; a location is there once.
      "json.platforms.0.menus.1.id": "unknownLocation",
      "json.platforms.0.menus.2.id": "duplicateLocation",
    });
    expect(body.detail).toMatch(/^json\./);
    expect(
      (await ok<{ versions: unknown[] }>(await a.api(`apps/group/${app.groupId}`))).versions.length,
    ).toBe(before);
  });

  it("refuses a key the schema does not name, a wrong type, a platform twice and a json that is no document", async () => {
    await expectRefused(
      await save(a, app.versionId, {
        platforms: [{ type: "web", views: [{ id: "matter", lable: "Typo" }] }],
      }),
      400,
      {
        "json.platforms.0.views.0.lable": "unknownKey",
      },
    );
    await expectRefused(
      await save(a, app.versionId, {
        platforms: [
          {
            type: "web",
            views: [{ id: "matter", buttons: [{ ...item("button", "X"), width: "wide" }] }],
          },
        ],
      }),
      400,
      {
        "json.platforms.0.views.0.buttons.0.width": "invalidType",
      },
    );
    await expectRefused(await save(a, app.versionId, { platforms: [{ type: "tv" }] }), 400, {
      "json.platforms.0.type": "invalidValue",
    });
    await expectRefused(await save(a, app.versionId, { platforms: [web(), web()] }), 400, {
      "json.platforms.1.type": "duplicatePlatform",
    });
    await expectRefused(await save(a, app.versionId, "{ not json"), 400, { json: "invalidJson" });
    await expectRefused(await save(a, app.versionId, {}), 400, { "json.platforms": "required" });
    await expectRefused(await save(a, app.versionId, 5), 400, { json: "invalid" });
    await expectRefused(await a.api("app-schema", json("POST", { json: { platforms: [] } })), 400, {
      appIdOld: "required",
    });
  });

  it("refuses texts and lists over their limits (tooLong, tooMany) and a document over its size (tooLarge)", async () => {
    const before = (await ok<{ versions: unknown[] }>(await a.api(`apps/group/${app.groupId}`)))
      .versions.length;
    const long = web();
    long.views![0].buttons![0] = {
      ...long.views![0].buttons![0],
      groupLabel: "g".repeat(SCHEMA_LIMITS.groupLabelMax + 1),
      functionGroupId: "f".repeat(SCHEMA_LIMITS.functionGroupIdMax + 1),
      iconSvg: "<svg/>".padEnd(SCHEMA_LIMITS.iconSvgMax + 1, " "),
      windowType: "system",
      window: {
        width: 10,
        height: 10,
        title: "t".repeat(SCHEMA_LIMITS.windowTitleMax + 1),
        closeHandler: "c".repeat(SCHEMA_LIMITS.closeHandlerMax + 1),
      },
      formNames: Array.from({ length: SCHEMA_LIMITS.formNamesMax + 1 }, (_, index) => `F${index}`),
      visibility: { tableIds: ["t".repeat(SCHEMA_LIMITS.textMax + 1)] },
    };
    long.exceptions = Array.from({ length: SCHEMA_LIMITS.exceptionsMax + 1 }, () => ({
      url: "*.example.com",
      isInternal: false,
    }));
    await expectRefused(await save(a, app.versionId, { platforms: [long] }), 400, {
      "json.platforms.0.views.0.buttons.0.groupLabel": "tooLong",
      "json.platforms.0.views.0.buttons.0.functionGroupId": "tooLong",
      "json.platforms.0.views.0.buttons.0.iconSvg": "tooLong",
      "json.platforms.0.views.0.buttons.0.window.title": "tooLong",
      "json.platforms.0.views.0.buttons.0.window.closeHandler": "tooLong",
      "json.platforms.0.views.0.buttons.0.formNames": "tooMany",
      "json.platforms.0.views.0.buttons.0.visibility.tableIds": "tooLong",
      "json.platforms.0.exceptions": "tooMany",
    });
    const many = web();
    many.menus = [
      {
        id: "menu-tools",
        name: "Tools",
        items: Array.from({ length: SCHEMA_LIMITS.listMax + 1 }, (_, index) =>
          item("menu-item", `M${index}`),
        ),
      },
    ];
    await expectRefused(await save(a, app.versionId, { platforms: [many] }), 400, {
      "json.platforms.0.menus.0.items": "tooMany",
    });
    // Twelve icons of 49 KB: more than the document's 500,000 characters, well within the body's 1 MB.
    const large = web();
    large.views![0].buttons = Array.from({ length: 12 }, (_, index) =>
      item("button", `B${index}`, { iconSvg: "<svg/>".padEnd(49_000, " ") }),
    );
    await expectRefused(await save(a, app.versionId, { platforms: [large] }), 400, {
      json: "tooLarge",
    });
    const answer = validateSchemaResponse.parse(
      await ok(await a.api("app-schema/validate", json("POST", { json: { platforms: [large] } }))),
    );
    expect(answer).toEqual({
      valid: false,
      errors: [{ path: "", code: "tooLarge", message: expect.any(String) }],
    });
    expect(
      (await ok<{ versions: unknown[] }>(await a.api(`apps/group/${app.groupId}`))).versions.length,
    ).toBe(before);
  });

  it("refuses a version the edit check does not allow, and a connector", async () => {
    const other = await createApp(a);
    await ok(await admin(`versions/${other.versionId}/status`, json("PUT", { statusCode: 100 })));
    await expectRefused(await save(a, other.versionId, { platforms: [web()] }), 409, {
      appIdOld: "versionNotEditable",
    });
    expect(readSchemaResponse.parse(await ok(await read(a, other.versionId, "web"))).canEdit).toBe(
      false,
    );
    const connector = await createApp(a, { appType: 1 });
    await expectRefused(await save(a, connector.versionId, { platforms: [web()] }), 409, {
      appIdOld: "notStandardApp",
    });
  });

  it("does not ask for product variants where the country has none, and takes billing modes in the UK", async () => {
    const uk = await createApp(a, { countryCode: "UK" });
    const document = desktop();
    delete document.productVariants;
    document.views = document.views!.map((view) => ({ ...view, visibility: {} }));
    document.menus = [
      {
        id: "menu-legal-aid",
        name: "Legal Aid Menu",
        items: [item("menu-item", "Aid", { visibility: { billingModes: [0, 218] } })],
      },
    ];
    document.views = document.views!.filter((view) => !view.listItems);
    await saved(a, uk.versionId, { platforms: [document] });
  });
});

describe("what a save checks against the app and the company", () => {
  const uploadIcon = async (
    company: TestCompany,
    width: number,
    height: number,
    listItem = false,
  ) =>
    ok<{ id: string; url: string }>(
      await company.api(`images?purpose=function-icon${listItem ? "&listItem=true" : ""}`, {
        method: "POST",
        body: fileForm(png(width, height), "icon.png"),
      }),
      201,
    );

  it("takes a function icon of the company's and stores the address it is served at", async () => {
    const app = await createApp(a);
    const icon = await uploadIcon(a, 32, 32);
    const document = {
      platforms: [
        {
          ...web(),
          views: [
            {
              id: "matter",
              buttons: [
                item("button", "Open", { icon: { id: icon.id, url: "javascript:alert(1)" } }),
              ],
            },
          ],
        },
      ],
    };
    const answer = await saved(a, app.versionId, document as SchemaDocument);
    const back = readSchemaResponse.parse(await ok(await read(a, answer.appId, "web")));
    expect(back.schema?.views?.[0].buttons?.[0].icon).toEqual({ id: icon.id, url: icon.url });
  });

  it("refuses an icon of another company, an unknown one, and one of the wrong size", async () => {
    const app = await createApp(a);
    const theirs = await uploadIcon(b, 32, 32);
    // A 24x24 icon is a list item's: not a button's.
    const listSized = await uploadIcon(a, 24, 24, true);
    const buttons = [
      item("button", "Theirs", { icon: { id: theirs.id, url: theirs.url } }),
      item("button", "Unknown", {
        icon: { id: crypto.randomUUID(), url: "https://x.example.com/i.png" },
      }),
      item("button", "Small", { icon: { id: listSized.id, url: listSized.url } }),
    ];
    const res = await save(a, app.versionId, {
      platforms: [{ type: "web", views: [{ id: "matter", buttons }] }],
    });
    await expectRefused(res, 400, {
      "json.platforms.0.views.0.buttons.0.icon": "imageNotFound",
      "json.platforms.0.views.0.buttons.1.icon": "imageNotFound",
      "json.platforms.0.views.0.buttons.2.icon": "invalidSize",
    });
  });

  it("refuses items in a list the location does not allow, a grid it does not have, and an unknown product variant", async () => {
    const app = await createApp(a);
    const document = desktop();
    document.productVariants = [1, 99];
    document.views!.push({
      id: "help",
      name: "Help",
      type: "help",
      visibility: { productVariants: null },
      buttons: [item("button", "Nope")],
    });
    document.views!.push({
      id: "matter-list",
      name: "Matter List",
      visibility: { productVariants: null },
      grids: [{ gridId: "not-a-grid", click: [] }],
    });
    document.views![0].buttons![0].visibility = {
      matterTypes: ["no-such-type"],
      billingModes: [218],
    };
    await expectRefused(await save(a, app.versionId, { platforms: [document] }), 400, {
      "json.platforms.0.productVariants": "unknownProductVariant",
      "json.platforms.0.views.0.buttons.0.visibility.matterTypes": "unknownMatterType",
      // Billing modes are the UK's.
      "json.platforms.0.views.0.buttons.0.visibility.billingModes": "notAllowedHere",
      "json.platforms.0.views.3.buttons": "notAllowedHere",
      "json.platforms.0.views.4.grids.0.gridId": "notAllowedHere",
    });
  });
});

describe("a matter view's window options and a visibility's matter types and precedents", () => {
  const view = (extra: Record<string, unknown>) => ({
    platforms: [
      {
        type: "web",
        views: [
          {
            id: "custom-view",
            name: "Custom View",
            type: "matter",
            isCustomView: true,
            label: "Board",
            urls: urls("board"),
            ...extra,
          },
        ],
      },
    ],
  });

  it("refuses a window type or fullscreen on a matter view unless the company is of integratorType 1", async () => {
    const company = await newCompany();
    const app = await createApp(company);
    await expectRefused(
      await save(company, app.versionId, view({ windowType: "web", isFullScreen: true })),
      400,
      {
        "json.platforms.0.views.0.windowType": "integratorOnly",
        "json.platforms.0.views.0.isFullScreen": "integratorOnly",
      },
    );
    // Every window type is that option; none is not.
    for (const windowType of ["system", "hidden", "notApplicable"])
      await expectRefused(await save(company, app.versionId, view({ windowType })), 400, {
        "json.platforms.0.views.0.windowType": "integratorOnly",
      });
    const answer = validateSchemaResponse.parse(
      await ok(
        await company.api(
          "app-schema/validate",
          json("POST", { json: view({ isFullScreen: true }), appId: app.versionId }),
        ),
      ),
    );
    expect(answer.errors.map((problem) => [problem.path, problem.code])).toEqual([
      ["platforms.0.views.0.isFullScreen", "integratorOnly"],
    ]);
    await saved(
      company,
      app.versionId,
      view({ windowType: null, isFullScreen: false }) as SchemaDocument,
    );
    // The provider makes the company an integrator: the options are its, and so is the accounting menu.
    expect(
      await ok(
        await admin(
          `companies/${company.companyId}/integrator-type`,
          json("PUT", { integratorType: 1 }),
        ),
      ),
    ).toEqual({ id: company.companyId, integratorType: 1 });
    const document = view({ windowType: "web", isFullScreen: true }) as SchemaDocument;
    document.platforms[0].menus = [{ id: "menu-accounting", name: "Accounting Menu" }];
    await saved(company, app.versionId, document);
    await expectRefused(
      await admin(
        `companies/${company.companyId}/integrator-type`,
        json("PUT", { integratorType: 2 }),
      ),
      400,
      { integratorType: "invalid" },
    );
    expect(
      (
        await admin(
          `companies/${crypto.randomUUID()}/integrator-type`,
          json("PUT", { integratorType: 1 }),
        )
      ).status,
    ).toBe(404);
  });

  it("refuses a matter type the country does not have and a precedent outside its matter type's library", async () => {
    const app = await createApp(a);
    const fill = (visibility: Record<string, unknown>) => ({
      platforms: [
        {
          type: "web",
          views: [
            {
              id: "precedent-list",
              name: "Precedent List",
              listItems: [
                item("list-item", "Fill", {
                  visibility: visibility as PlatformFunction["visibility"],
                }),
              ],
            },
          ],
        },
      ],
    });
    await saved(
      a,
      app.versionId,
      fill({
        matterTypes: [WILL],
        location: [{ root: WILL, paths: [SIMPLE_WILL, "au-pr-will"] }],
      }) as SchemaDocument,
    );
    for (const location of [
      [{ root: "root", paths: ["a/b"] }],
      [{ root: WILL, paths: ["au-pr-will-simple"] }],
      [{ root: WILL, paths: ["au-pr-will/au-pr-will-simple"] }],
      [{ root: matterTypeId === WILL ? "au-mt-divorce" : matterTypeId, paths: [SIMPLE_WILL] }],
    ]) {
      await expectRefused(
        await save(a, app.versionId, fill({ matterTypes: [WILL], location })),
        400,
        { "json.platforms.0.views.0.listItems.0.visibility.location": "unknownPrecedent" },
      );
    }
    await expectRefused(
      await save(a, app.versionId, view({ visibility: { matterTypes: ["au-mt-nowhere"] } })),
      400,
      { "json.platforms.0.views.0.visibility.matterTypes": "unknownMatterType" },
    );
  });
});

describe("validating a document", () => {
  const validate = (company: TestCompany, document: unknown) =>
    company.api("app-schema/validate", json("POST", { json: document }));

  it("answers valid, or every problem with its path, words and code", async () => {
    expect(
      validateSchemaResponse.parse(await ok(await validate(a, { platforms: [desktop(), web()] }))),
    ).toEqual({ valid: true, errors: [] });
    const answer = validateSchemaResponse.parse(
      await ok(
        await validate(a, {
          platforms: [{ type: "web", views: [{ id: "matter", buttons: [item("button", "")] }] }],
        }),
      ),
    );
    expect(answer.valid).toBe(false);
    expect(answer.errors).toEqual([
      { path: "platforms.0.views.0.buttons.0.name", code: "required", message: "is required" },
      { path: "platforms.0.views.0.buttons.0.label", code: "required", message: "is required" },
    ]);
    const broken = validateSchemaResponse.parse(await ok(await validate(a, "{ broken")));
    expect(broken).toEqual({
      valid: false,
      errors: [{ path: "", code: "invalidJson", message: expect.any(String) }],
    });
    const unknown = validateSchemaResponse.parse(
      await ok(await validate(a, { platforms: [], extra: 1 })),
    );
    expect(unknown.errors).toEqual([
      { path: "extra", code: "unknownKey", message: expect.any(String) },
    ]);
  });

  it("judges with the app's country, locations and icons when given the app, never another company's", async () => {
    const app = await createApp(a);
    const document = {
      platforms: [
        {
          type: "desktop",
          views: [
            {
              id: "menu-accounting",
              buttons: [
                item("button", "X", {
                  icon: { id: crypto.randomUUID(), url: "https://x.example.com" },
                }),
              ],
            },
          ],
        },
      ],
    };
    expect(
      validateSchemaResponse.parse(
        await ok(await a.api("app-schema/validate", json("POST", { json: document }))),
      ).valid,
    ).toBe(true);
    const answer = validateSchemaResponse.parse(
      await ok(
        await a.api("app-schema/validate", json("POST", { json: document, appId: app.versionId })),
      ),
    );
    expect(answer.errors.map((problem) => [problem.path, problem.code])).toEqual([
      ["platforms.0.views.0.id", "unknownLocation"],
      ["platforms.0.views.0.visibility.productVariants", "missingProductVariants"],
      ["platforms.0.productVariants", "required"],
      ["platforms.0.views.0.buttons.0.icon", "imageNotFound"],
    ]);
    expect(
      (await b.api("app-schema/validate", json("POST", { json: document, appId: app.versionId })))
        .status,
    ).toBe(404);
  });

  it("refuses a body without json", async () => {
    await expectRefused(await a.api("app-schema/validate", json("POST", {})), 400, {
      json: "invalid",
    });
  });
});

describe("downloading a configuration", () => {
  let id: string;
  beforeAll(async () => {
    const app = await createApp(a);
    id = (await saved(a, app.versionId, { platforms: [desktop(), web()] })).appId;
  });

  it("answers a JSON file per environment with that environment's endpoints", async () => {
    for (const env of ["dev", "test", "beta", "live"]) {
      const res = await a.api(`app-schema/download/${id}/${env}?isInLeapLive=true`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("content-disposition")).toMatch(
        new RegExp(`attachment; filename="Review-Lifecycle-App-1\\.001-${env}-live\\.json"`),
      );
      const file = (await res.json()) as {
        environment: string;
        isInLeapLive: boolean;
        platforms: {
          type: string;
          views: { buttons?: { url: string; urls?: unknown }[]; url?: string }[];
        }[];
      };
      expect(file).toMatchObject({
        appId: id,
        versionNumber: "1.001",
        environment: env,
        isInLeapLive: true,
      });
      const matter = file.platforms.find((p) => p.type === "desktop")!.views[0];
      expect(matter.buttons![0].url).toBe(`https://${env}.example.com/Send`);
      expect(matter.buttons![0].urls).toBeUndefined();
      expect(file.platforms.find((p) => p.type === "desktop")!.views[1].url).toBe(
        `https://${env}.example.com/custom`,
      );
    }
  });

  it("sends each header of the file once (raw header lines)", async () => {
    const lines = await rawHeaderLines(
      `${sandboxUrl()}/api/app-schema/download/${id}/dev?isInLeapLive=true`,
      { authorization: `Bearer ${a.token}` },
    );
    expect(
      lines.find(([name]) => name === "content-disposition"),
      "the file's answer",
    ).toBeDefined();
    const names = lines.map(([name]) => name);
    expect(
      names.filter((name, i) => names.indexOf(name) !== i),
      "headers sent more than once",
    ).toEqual([]);
    expect(lines.filter(([name]) => name === "x-content-type-options")).toEqual([
      ["x-content-type-options", "nosniff"],
    ]);
  });

  it("answers the staging variant only to a user with test access", async () => {
    expect((await a.api(`app-schema/download/${id}/dev?isInLeapLive=false`)).status).toBe(403);
    await ok(
      await admin(`users/${a.userId}/access-to-test`, json("PUT", { hasAccessToTest: true })),
    );
    const res = await a.api(`app-schema/download/${id}/dev?isInLeapLive=false`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { isInLeapLive: boolean }).isInLeapLive).toBe(false);
    expect(res.headers.get("content-disposition")).toContain("-dev-staging.json");
  });

  it("does not know an environment other than the four, nor a bad query value", async () => {
    expect((await a.api(`app-schema/download/${id}/prod`)).status).toBe(404);
    await expectRefused(await a.api(`app-schema/download/${id}/dev?isInLeapLive=maybe`), 400, {
      isInLeapLive: "invalidType",
    });
    await expectRefused(await read(a, id, "tv"), 400, { platform: "invalidValue" });
  });
});

describe("a second company", () => {
  it("neither reads, validates against, saves from nor downloads the first company's versions", async () => {
    const app = await createApp(a);
    const first = await saved(a, app.versionId, { platforms: [web()] });
    for (const res of [
      await read(b, first.appId, "web"),
      await b.api(`app-schema/download/${first.appId}/live`),
      await save(b, first.appId, { platforms: [{ type: "web", views: [] }] }),
    ]) {
      expect(res.status).toBe(404);
    }
    // Nothing changed for the first company: no new version, the schema as saved.
    expect(
      (await ok<{ versions: unknown[] }>(await a.api(`apps/group/${app.groupId}`))).versions.length,
    ).toBe(2);
    expect(readSchemaResponse.parse(await ok(await read(a, first.appId, "web"))).schema).toEqual(
      web(),
    );
    // And the first company does not reach the second's.
    const theirs = await createApp(b);
    expect((await read(a, theirs.versionId, "web")).status).toBe(404);
    expect((await save(a, theirs.versionId, { platforms: [web()] })).status).toBe(404);
    expect((await a.api(`app-schema/download/${theirs.versionId}/dev`)).status).toBe(404);
  });
});
