import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSession } from "@remix-run/node";
import { createStorage } from "unstorage";
import fsDriver from "unstorage/drivers/fs";
import { afterAll, describe, expect, it } from "vitest";
import { JSON_LIMITS } from "~/api/json-limits";
import { createDraftStore } from "~/lib/drafts.server";
import type { ConsoleSession } from "~/session.server";
import {
  differsFromSaved,
  discardPlatformDraft,
  keepPlatformDraft,
  loadPlatformDraft,
} from "./draft.server";
import { button, desktop } from "./fixtures.test-support";
import { addItem } from "./items";
import { emptyPlatform } from "./locations";

const folder = mkdtempSync(path.join(tmpdir(), "platform-drafts-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A disk store as the console's own, over the folder of this test (a new one reads what an earlier one wrote). */
const diskStore = () => createDraftStore(createStorage({ driver: fsDriver({ base: folder }) }));
const session = (userId?: string) =>
  createSession(userId ? { userId } : {}) as unknown as ConsoleSession;
const VERSION = "9d5c8a52-5a7e-4d3b-9a53-0c2b8f1f4e11";

describe("the platform draft", () => {
  const saved = desktop();
  const changed = addItem(saved, "matter", "buttons", button("Added"))!.document;

  it("shows the saved document while there is no draft", async () => {
    expect(
      await loadPlatformDraft(session("user-a"), VERSION, "desktop", saved, diskStore()),
    ).toEqual({ document: saved, isDraft: false, differs: false });
  });

  it("keeps the draft per user, version and platform, and finds it again from another session and store", async () => {
    expect(
      await keepPlatformDraft(
        session("user-a"),
        VERSION,
        "desktop",
        saved,
        changed,
        "Ledger 1.000",
        diskStore(),
      ),
    ).toEqual({ evicted: [] });
    // A reload, a sign-out and a sign-in again: a new session of the same user, a new store over the same folder.
    expect(
      await loadPlatformDraft(session("user-a"), VERSION, "desktop", saved, diskStore()),
    ).toEqual({ document: changed, isDraft: true, differs: true });
    expect(
      (await loadPlatformDraft(session("user-b"), VERSION, "desktop", saved, diskStore())).isDraft,
    ).toBe(false);
    expect(
      (
        await loadPlatformDraft(
          session("user-a"),
          VERSION,
          "web",
          emptyPlatform("web"),
          diskStore(),
        )
      ).isDraft,
    ).toBe(false);
    expect(
      (await loadPlatformDraft(session("user-a"), "another-version", "desktop", saved, diskStore()))
        .isDraft,
    ).toBe(false);
  });

  it("drops the draft when what is kept equals the saved document, and on discard", async () => {
    await keepPlatformDraft(
      session("user-a"),
      VERSION,
      "desktop",
      saved,
      changed,
      "Ledger 1.000",
      diskStore(),
    );
    expect(
      await keepPlatformDraft(
        session("user-a"),
        VERSION,
        "desktop",
        saved,
        desktop(),
        "Ledger 1.000",
        diskStore(),
      ),
    ).toEqual({ evicted: [] });
    expect(
      (await loadPlatformDraft(session("user-a"), VERSION, "desktop", saved, diskStore())).isDraft,
    ).toBe(false);
    await keepPlatformDraft(
      session("user-a"),
      VERSION,
      "desktop",
      saved,
      changed,
      "Ledger 1.000",
      diskStore(),
    );
    await discardPlatformDraft(session("user-a"), VERSION, "desktop", diskStore());
    expect(
      (await loadPlatformDraft(session("user-a"), VERSION, "desktop", saved, diskStore())).isDraft,
    ).toBe(false);
  });

  it("shows the saved document instead of a damaged draft, says why, and keeps the draft until it is discarded", async () => {
    const store = diskStore();
    await store.write("user-c", `${VERSION}-desktop`, "schema", {
      type: "desktop",
      views: [{ id: 1 }],
    });
    expect(await loadPlatformDraft(session("user-c"), VERSION, "desktop", saved, store)).toEqual({
      document: saved,
      isDraft: false,
      differs: false,
      unreadable: "invalid",
    });
    await discardPlatformDraft(session("user-c"), VERSION, "desktop", store);
    expect(await store.read("user-c", `${VERSION}-desktop`)).toEqual({});
  });

  it("shows the saved document instead of a draft over the JSON limits (kept before they were), without walking it", async () => {
    const store = diskStore();
    // The attack's draft: items nested 1,000 and 2,000 levels deep.
    for (const depth of [1_000, 2_000]) {
      let items: unknown[] = [];
      for (let i = 0; i < depth; i++) items = [{ actionType: "dropdown", name: "x", items }];
      await store.write("user-d", `${VERSION}-web`, "schema", {
        type: "web",
        menus: [{ id: "menu-tools", items }],
      });
      const web = emptyPlatform("web");
      expect(await loadPlatformDraft(session("user-d"), VERSION, "web", web, store)).toEqual({
        document: web,
        isDraft: false,
        differs: false,
        unreadable: "tooDeep",
      });
    }
    await store.write("user-d", `${VERSION}-web`, "schema", {
      type: "web",
      menus: [{ id: "x".repeat(JSON_LIMITS.textMax) }],
    });
    expect(
      (await loadPlatformDraft(session("user-d"), VERSION, "web", emptyPlatform("web"), store))
        .unreadable,
    ).toBe("tooLarge");
    await discardPlatformDraft(session("user-d"), VERSION, "web", store);
    expect(await store.read("user-d", `${VERSION}-web`)).toEqual({});
  });

  it("keeps nothing without a user id and says so", async () => {
    expect(
      await keepPlatformDraft(
        session(),
        VERSION,
        "desktop",
        saved,
        changed,
        "Ledger 1.000",
        diskStore(),
      ),
    ).toBe(false);
    expect(
      (await loadPlatformDraft(session(), VERSION, "desktop", saved, diskStore())).isDraft,
    ).toBe(false);
  });

  it("says so when the store fails, and shows the saved document when it cannot be read", async () => {
    const broken = {
      read: () => Promise.reject(new Error("down")),
      write: () => Promise.reject(new Error("down")),
      drop: () => Promise.reject(new Error("down")),
    };
    expect(
      await keepPlatformDraft(
        session("user-a"),
        VERSION,
        "desktop",
        saved,
        changed,
        "Ledger 1.000",
        broken,
      ),
    ).toBe(false);
    expect(await loadPlatformDraft(session("user-a"), VERSION, "desktop", saved, broken)).toEqual({
      document: saved,
      isDraft: false,
      differs: false,
    });
    await expect(
      discardPlatformDraft(session("user-a"), VERSION, "desktop", broken),
    ).resolves.toBeUndefined();
  });

  it("compares documents by what they hold", () => {
    expect(differsFromSaved({ ...saved, exceptions: [] }, saved)).toBe(false);
    expect(differsFromSaved(changed, saved)).toBe(true);
  });
});
