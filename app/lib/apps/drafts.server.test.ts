import { createSession } from "@remix-run/node";
import type { TFunction } from "i18next";
import { createStorage } from "unstorage";
import memoryDriver from "unstorage/drivers/memory";
import { describe, expect, it } from "vitest";
import type { AppVersion } from "~/api/apps/schemas";
import { listingSchema } from "~/forms/app-editor.server";
import { createDraftStore, DRAFT_SUBJECTS_MAX } from "~/lib/drafts.server";
import type { ConsoleSession } from "~/session.server";
import {
  detailsDraftOf,
  goTarget,
  keepEditorDraft,
  listingDraftOf,
  readEditorDrafts,
} from "./drafts.server";

const version: AppVersion = {
  id: "9d5c8a52-5a7e-4d3b-9a53-0c2b8f1f4e11",
  groupId: "g1",
  versionMajor: 1,
  versionMinor: 0,
  versionNumberDisplay: "1.000",
  statusCode: 0,
  status: "Sandbox",
  apiKey: "k",
  createdById: null,
  createdDateTime: "2026-11-01T10:00:00Z",
  modifiedById: null,
  modifiedDateTime: "2026-11-01T10:00:00Z",
  appWentLiveDateTime: null,
  appStoppedLiveDateTime: null,
  platforms: [],
  isArchived: false,
  appLevel: 0,
  isLiveSubmissionRejected: false,
  details: {
    apiKey: "k",
    secretKey: "s",
    token: "t",
    countryCode: "AU",
    description: "Saved description",
    categoryId: 3,
    appType: 0,
    name: "Saved name",
  },
  marketplace: {
    detail: {
      appURL: "",
      description: "<p>Saved overview</p>",
      shortDescription: "Short",
      contactEmail: "",
      features: "",
      keywords: "",
      supportUrl: "https://example.com/support",
      websiteUrl: "https://example.com",
      documentationUrl: "",
    },
    legal: {
      copyright: "",
      privacyPolicy: "",
      privacyPolicyUrl: "",
      termsOfService: "",
      termsOfServiceUrl: "",
    },
    promo: {
      appIcon: { id: "icon-1", url: "https://files.example.com/icon-1.png" },
      banners: [],
      screenshots: [],
      youtubeUrl: "",
    },
    visibility: true,
  },
};

const session = (userId?: string) =>
  createSession(userId ? { userId } : {}) as unknown as ConsoleSession;
const memoryStore = () => createDraftStore(createStorage({ driver: memoryDriver() }));
const saved = { categoryId: 3, name: "Saved name", description: "Saved description" };

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

describe("editor drafts", () => {
  it(`past ${DRAFT_SUBJECTS_MAX} versions, name the version whose draft went to make room`, async () => {
    const store = memoryStore();
    for (let i = 0; i < DRAFT_SUBJECTS_MAX; i++) {
      const other = {
        ...version,
        id: `other-${i}`,
        versionNumberDisplay: `${i + 1}.000`,
        details: { ...version.details, name: "Other app" },
      };
      expect(
        await keepEditorDraft(
          session("u1"),
          other,
          "details",
          { ...saved, name: `Typed ${i}` },
          store,
        ),
      ).toEqual({ evicted: [] });
    }
    expect(
      await keepEditorDraft(session("u1"), version, "details", { ...saved, name: "Typed" }, store),
    ).toEqual({ evicted: ["Other app 1.000"] });
    expect(
      await keepEditorDraft(session("u2"), version, "details", { ...saved, name: "Typed" }, store),
    ).toEqual({ evicted: [] });
  });

  it("keep the details as typed and give them back to the same user only", async () => {
    const store = memoryStore();
    const typed = detailsDraftOf(
      form({ categoryId: "5", name: "New name", description: "Line one\r\nline two" }),
      saved,
    );
    expect(typed).toEqual({ categoryId: 5, name: "New name", description: "Line one\nline two" });
    expect(await keepEditorDraft(session("u1"), version, "details", typed, store)).toEqual({
      evicted: [],
    });
    const mine = await readEditorDrafts(session("u1"), version, store);
    expect(mine.details).toEqual(typed);
    expect(mine.listing).toBeUndefined();
    expect(mine.keptAt.details).toBeGreaterThan(0);
    expect((await readEditorDrafts(session("u2"), version, store)).details).toBeUndefined();
  });

  it("keep no draft that matches what is saved (spaces at the ends do not count)", async () => {
    const store = memoryStore();
    await keepEditorDraft(session("u1"), version, "details", { ...saved, name: "Changed" }, store);
    await keepEditorDraft(
      session("u1"),
      version,
      "details",
      { ...saved, name: " Saved name " },
      store,
    );
    expect((await readEditorDrafts(session("u1"), version, store)).details).toBeUndefined();
  });

  it("drop a draft whose saved values changed since it was kept, and keep the other part", async () => {
    const store = memoryStore();
    await keepEditorDraft(session("u1"), version, "details", { ...saved, name: "Mine" }, store);
    const listing = {
      ...version.marketplace,
      legal: { ...version.marketplace.legal, copyright: "© Mine" },
    };
    await keepEditorDraft(session("u1"), version, "listing", listing, store);
    // Someone saved the details meanwhile: the listing draft still fits what it replaces.
    const later = { ...version, details: { ...version.details, name: "Theirs" } };
    const drafts = await readEditorDrafts(session("u1"), later, store);
    expect(drafts.details).toBeUndefined();
    expect(drafts.listing?.legal.copyright).toBe("© Mine");
    expect((await readEditorDrafts(session("u1"), version, store)).details).toBeUndefined();
  });

  it("keep nothing for a session without a user id, and let an unchanged form move on", async () => {
    const store = memoryStore();
    expect(
      await keepEditorDraft(session(), version, "details", { ...saved, name: "X" }, store),
    ).toBe(false);
    expect(await keepEditorDraft(session(), version, "details", saved, store)).toEqual({
      evicted: [],
    });
    expect(await readEditorDrafts(session(), version, store)).toEqual({ keptAt: {} });
  });

  it("say false when the store fails, and read a failing store as no draft", async () => {
    const broken = {
      read: () => Promise.reject(new Error("down")),
      write: () => Promise.reject(new Error("down")),
      drop: () => Promise.reject(new Error("down")),
    };
    expect(
      await keepEditorDraft(session("u1"), version, "details", { ...saved, name: "X" }, broken),
    ).toBe(false);
    expect(await readEditorDrafts(session("u1"), version, broken)).toEqual({ keptAt: {} });
  });

  it("take the listing form as typed, with its images, the overview reduced to the allowed tags", () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const data = form({
      "detail.description": '<h1 style="color:red">Title</h1><script>alert(1)</script><p>Body</p>',
      "legal.copyright": "© 2026",
      visibility: "on",
    });
    const parsed = listingSchema(t, "en-AU", { appType: 0 }, { validate: false }).parse({
      detail: { description: data.get("detail.description") },
      legal: { copyright: data.get("legal.copyright") },
      visibility: true,
    });
    const images = {
      appIcon: null,
      banners: [{ id: "b1", url: "https://files.example.com/b1.png" }],
      screenshots: [],
    };
    const draft = listingDraftOf(parsed, images);
    expect(draft.detail.description).toBe("<h1>Title</h1><p>Body</p>");
    expect(draft.legal.copyright).toBe("© 2026");
    expect(draft.promo.banners).toEqual(images.banners);
    expect(draft.visibility).toBe(true);
    expect(draft.detail.websiteUrl).toBe("");
  });

  it("move only to the version's two pages", () => {
    expect(goTarget("go:details")).toBe("details");
    expect(goTarget("go:marketplace")).toBe("marketplace");
    expect(goTarget("go:../settings")).toBeUndefined();
    expect(goTarget("save")).toBeUndefined();
  });
});
