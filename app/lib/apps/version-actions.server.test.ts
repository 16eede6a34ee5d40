import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/api/client.server";
import { hasFailed } from "~/lib/title";
import { mockApi } from "../../../tests/support/mock-api";

const api = mockApi();
vi.mock("~/auth.server", () => ({ requireUser: vi.fn(async () => ({ api, language: "en-AU" })) }));

const { handleAppAction } = await import("./version-actions.server");

const VERSION = "11111111-1111-4111-8111-111111111111";
const GROUP = "22222222-2222-4222-8222-222222222222";
const BACK = "/en-AU/apps?archived=-1&sort=recent";

const request = () => new Request("http://console.test/en-AU/apps?index", { method: "POST" });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const context = () => ({ appendSetCookie: vi.fn() }) as unknown as AppLoadContext;

async function run(fields: Record<string, string>, options: { back?: string; list?: string } = {}) {
  const ctx = context();
  try {
    const response = await handleAppAction(request(), ctx, {
      formData: form(fields),
      back: options.back ?? BACK,
      list: options.list,
    });
    return { response: response as Response, ctx };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown, ctx, thrown: true };
    throw thrown;
  }
}

const cookies = (response: Response) => response.headers.get("Set-Cookie") ?? "";
const toastOf = (response: Response) => {
  const match = /console_toast=([^;]+)/.exec(cookies(response));
  return match ? JSON.parse(atob(decodeURIComponent(match[1]))) : undefined;
};
const errorOf = (response: Response) => {
  const match = /console_error=([^;]+)/.exec(cookies(response));
  return match ? JSON.parse(atob(decodeURIComponent(match[1]))) : undefined;
};

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
});

describe("handleAppAction", () => {
  it("refuses an unknown intent and malformed ids with 400", async () => {
    const forms: Record<string, string>[] = [
      {},
      { intent: "explode" },
      { intent: "archive", appGroupId: "../user" },
      { intent: "duplicate", versionId: "x/../../user" },
    ];
    for (const fields of forms) {
      const { response, thrown } = await run(fields);
      expect(thrown, JSON.stringify(fields)).toBe(true);
      expect(response.status).toBe(400);
    }
    expect(api.put).not.toHaveBeenCalled();
    expect(api.post).not.toHaveBeenCalled();
  });

  describe("duplicate", () => {
    it("answers both messages for empty fields, without calling the API", async () => {
      const { response, ctx } = await run({
        intent: "duplicate",
        versionId: VERSION,
        appName: " ",
        countryCode: "",
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.intent).toBe("duplicate");
      expect(body.apiError).toBeNull();
      expect(body.result.error).toEqual({
        appName: ["App name is required"],
        countryCode: ["Choose the country of the new app"],
      });
      expect(body.result.initialValue).toMatchObject({ appName: " " });
      expect(hasFailed(ctx)).toBe(true);
      expect(api.post).not.toHaveBeenCalled();
    });

    it("duplicates with the trimmed name and country, then goes to the list with a toast", async () => {
      api.post.mockResolvedValue({ id: "new" });
      const { response } = await run(
        { intent: "duplicate", versionId: VERSION, appName: "  Copy ", countryCode: "uk" },
        { list: BACK },
      );
      expect(api.post).toHaveBeenCalledWith(`apps/${VERSION}/duplicate`, expect.anything(), {
        appName: "Copy",
        countryCode: "UK",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(BACK);
      expect(toastOf(response)).toEqual({ key: "duplicatedSuccessfully" });
    });

    it("goes to /{lang}/apps when no list is given", async () => {
      api.post.mockResolvedValue({ id: "new" });
      const { response } = await run(
        { intent: "duplicate", versionId: VERSION, appName: "Copy", countryCode: "UK" },
        { back: "/en-AU/apps/group/x" },
      );
      expect(response.headers.get("Location")).toBe("/en-AU/apps");
    });

    it("refuses a name over 100 characters as creating an app does, without calling the API", async () => {
      const { response } = await run({
        intent: "duplicate",
        versionId: VERSION,
        appName: "N".repeat(101),
        countryCode: "UK",
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.result.error).toEqual({ appName: ["App name must be at most 100 characters"] });
      expect(body.result.initialValue).toMatchObject({ appName: "N".repeat(101) });
      expect(api.post).not.toHaveBeenCalled();
    });

    it("shows a country the API refuses next to the field", async () => {
      api.post.mockRejectedValue(
        new ApiError(
          400,
          "u",
          "countryCode: must be a country that can be chosen",
          "t1",
          "countryCode",
          { countryCode: "unknownCountry" },
        ),
      );
      const { response } = await run({
        intent: "duplicate",
        versionId: VERSION,
        appName: "Copy",
        countryCode: "IE",
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.result.error).toEqual({
        countryCode: ["Choose one of the countries in the list"],
      });
      expect(body.apiError).toBeNull();
    });

    it.each([
      ["required", "App name is required"],
      ["tooLong", "App name must be at most 100 characters"],
      [
        "invalidCharacters",
        "App name contains characters that cannot be saved, such as a null character or half of an emoji: remove them",
      ],
    ])("words the API's %s of the name by its code", async (code, message) => {
      api.post.mockRejectedValue(
        new ApiError(400, "u", `appName: ${code}`, "t1", "appName", { appName: code }),
      );
      const { response } = await run({
        intent: "duplicate",
        versionId: VERSION,
        appName: "Copy",
        countryCode: "UK",
      });
      expect(response.status).toBe(400);
      expect((await response.json()).result.error).toEqual({ appName: [message] });
    });

    it("shows a refusal without a rule code it knows in the error dialog, with the provider's words", async () => {
      api.post.mockRejectedValue(
        new ApiError(400, "u", "appName: is taken", "t3", "appName", { appName: "nameTaken" }),
      );
      const { response } = await run({
        intent: "duplicate",
        versionId: VERSION,
        appName: "Copy",
        countryCode: "UK",
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.result.error ?? {}).toEqual({});
      expect(body.apiError).toEqual({
        status: 400,
        detail: "appName: is taken",
        traceId: "t3",
        fallback: "savingData",
      });
    });

    it("shows other API errors in the error dialog, keeping the typed values", async () => {
      api.post.mockRejectedValue(new ApiError(500, "u", undefined, "trace-9"));
      const { response } = await run({
        intent: "duplicate",
        versionId: VERSION,
        appName: "Copy",
        countryCode: "UK",
      });
      expect(response.status).toBe(502);
      const body = await response.json();
      expect(body.apiError).toEqual({ status: 500, traceId: "trace-9", fallback: "savingData" });
      expect(body.result.initialValue).toMatchObject({ appName: "Copy", countryCode: "UK" });
    });
  });

  describe("archive and unarchive", () => {
    it.each([
      ["archive", "true", "archived"],
      ["unarchive", "false", "unarchived"],
    ])("%s calls setArchived?flag=%s and goes back with the toast", async (intent, flag, toast) => {
      api.put.mockResolvedValue({ appGroupId: GROUP, isArchived: flag === "true" });
      const { response } = await run({ intent, appGroupId: GROUP });
      expect(api.put).toHaveBeenCalledWith(
        `apps/group/${GROUP}/setArchived?flag=${flag}`,
        expect.anything(),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(BACK);
      expect(toastOf(response)).toEqual({ key: toast });
    });

    it("goes back with the API's refusal for the error dialog", async () => {
      api.put.mockRejectedValue(
        new ApiError(409, "u", "An app cannot be archived while a version is Live.", "t2"),
      );
      const { response } = await run({ intent: "archive", appGroupId: GROUP });
      expect(response.headers.get("Location")).toBe(BACK);
      expect(toastOf(response)).toBeUndefined();
      expect(errorOf(response)).toEqual({
        detail: "An app cannot be archived while a version is Live.",
        traceId: "t2",
        fallback: "savingData",
      });
    });

    it("never redirects off the console", async () => {
      api.put.mockResolvedValue({ appGroupId: GROUP, isArchived: true });
      const { response } = await run(
        { intent: "archive", appGroupId: GROUP },
        { back: "https://evil.test/" },
      );
      expect(response.headers.get("Location")).toBe("/en-AU/apps");
    });
  });

  describe("delete", () => {
    const group = { versions: [{ versionId: VERSION }], history: [] };

    it("deletes the app group through its newest version and goes to the list", async () => {
      api.get.mockResolvedValue(group);
      api.send.mockResolvedValue(new Response(null, { status: 204 }));
      const { response } = await run(
        { intent: "delete", appGroupId: GROUP },
        { back: `/en-AU/apps/group/${GROUP}` },
      );
      expect(api.get).toHaveBeenCalledWith(`apps/group/${GROUP}`, expect.anything());
      expect(api.send).toHaveBeenCalledWith("DELETE", `apps/delete/${VERSION}`);
      expect(response.headers.get("Location")).toBe("/en-AU/apps");
      expect(toastOf(response)).toEqual({ key: "deletedSuccessfully" });
    });

    it("uses an archived version when no active one is left", async () => {
      api.get.mockResolvedValue({ versions: [], history: [{ versionId: VERSION }] });
      api.send.mockResolvedValue(new Response(null, { status: 204 }));
      await run({ intent: "delete", appGroupId: GROUP });
      expect(api.send).toHaveBeenCalledWith("DELETE", `apps/delete/${VERSION}`);
    });

    it("goes back with the refusal (a Live version) for the error dialog", async () => {
      api.get.mockResolvedValue(group);
      api.send.mockRejectedValue(
        new ApiError(
          409,
          "u",
          "An app cannot be deleted while a version is Live, Paused, Beta or BetaPaused. (1.000 Live)",
        ),
      );
      const { response } = await run({ intent: "delete", appGroupId: GROUP });
      expect(response.headers.get("Location")).toBe(BACK);
      expect(errorOf(response)).toMatchObject({
        fallback: "deletingApp",
        detail: expect.stringContaining("cannot be deleted"),
      });
    });
  });
});
