/**
 * Save of the listing (`saveListing`) against a mocked API: the answers a provider may give
 * that the sandbox never lets the console reach (a version whose mandatory details are
 * missing, created or changed outside this console; several refused fields at once).
 */
import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/api/client.server";
import { hasFailed } from "~/lib/title";
import { validListingForm } from "../../../tests/support/listing";
import { mockApi } from "../../../tests/support/mock-api";

const api = mockApi();
// A session without a user id: no draft is kept or dropped.
vi.mock("~/auth.server", () => ({
  requireUser: vi.fn(async () => ({ api, language: "en-AU", session: { get: () => undefined } })),
}));

const { saveListing } = await import("./listing.server");

const VERSION = "11111111-1111-4111-8111-111111111111";
const MESSAGE =
  "Mandatory details of the app are missing: fill in the category, name, app type, description and country on the Details page before you save the listing.";

const DETAILS = {
  categoryId: "cat-1",
  name: "Matter notes",
  appType: 0,
  description: "Notes on matters.",
  countryCode: "AU",
};
const version = (details: Partial<typeof DETAILS>) => ({
  id: VERSION,
  statusCode: 0,
  isArchived: false,
  details: { ...DETAILS, ...details },
  marketplace: { promo: { appIcon: null, banners: [], screenshots: [] } },
});

/** A listing that passes every rule of the listing form. */
const listingForm = () => validListingForm({ id: "icon-1", url: "https://img.example/icon-1" });

async function save(form: FormData) {
  const context = { appendSetCookie: vi.fn() } as unknown as AppLoadContext;
  const request = new Request(`http://console.test/en-AU/apps/${VERSION}/marketplace`, {
    method: "POST",
    body: form,
  });
  const response = (await saveListing(request, context, VERSION)) as Response;
  return { response, body: response.status === 302 ? null : await response.json(), context };
}

function answer(stored: ReturnType<typeof version>) {
  api.get.mockImplementation(async (path: string) => {
    if (path === `apps/${VERSION}`) return stored;
    if (path === "ping/more") return { countries: [] };
    throw new Error(`unexpected GET ${path}`);
  });
}

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
});

describe("saveListing", () => {
  it("saves nothing while the app's mandatory details are missing: one mandatory message, what was typed kept", async () => {
    for (const missing of [
      { description: " " },
      { categoryId: "" },
      { name: "" },
      { countryCode: "" },
    ]) {
      answer(version(missing));
      const { response, body, context } = await save(listingForm());
      expect(response.status, JSON.stringify(missing)).toBe(400);
      expect(body.formError).toBe(MESSAGE);
      expect(body.result.error[""]).toEqual([MESSAGE]);
      expect(
        body.result.initialValue["detail.websiteUrl"] ??
          body.result.initialValue.detail?.websiteUrl,
      ).toBe("https://example.com");
      expect(hasFailed(context)).toBe(true);
    }
    expect(api.put).not.toHaveBeenCalled();
  });

  it("shows the same message when the provider refuses the details on save", async () => {
    answer(version({}));
    api.put.mockRejectedValue(
      new ApiError(
        400,
        `apps/${VERSION}`,
        "details.description: required",
        "t-1",
        "details.description",
      ),
    );
    const { response, body } = await save(listingForm());
    expect(api.put).toHaveBeenCalledOnce();
    expect(response.status).toBe(400);
    expect(body.formError).toBe(MESSAGE);
    expect(body.apiError).toBeNull();
  });

  it("shows every field the provider refuses next to its field, without the error dialog", async () => {
    answer(version({}));
    const website = "marketplace.detail.websiteUrl";
    const support = "marketplace.detail.supportUrl";
    api.put.mockRejectedValue(
      new ApiError(400, `apps/${VERSION}`, `${website}: the provider's own words`, "t-2", website, {
        [website]: "invalidUrl",
        [support]: "required",
      }),
    );
    const { response, body } = await save(listingForm());
    expect(response.status).toBe(400);
    expect(body.apiError).toBeNull();
    expect(body.result.error).toEqual({
      "detail.websiteUrl": [
        "This URL is invalid: enter a full address starting with http:// or https://",
      ],
      "detail.supportUrl": ["Support URL is required"],
    });
  });

  it("saves when the details are complete", async () => {
    answer(version({}));
    api.put.mockResolvedValue({
      id: VERSION,
      groupAppId: "g",
      versionMajor: 1,
      versionMinor: 0,
      versionNumber: "1.000",
    });
    const { response } = await save(listingForm());
    expect(api.put).toHaveBeenCalledWith(
      `apps/${VERSION}`,
      expect.anything(),
      expect.objectContaining({ details: DETAILS }),
    );
    expect(response.status).toBe(302);
  });

  it("answers another company's or an unknown version with 404 before reading a byte of the body", async () => {
    api.get.mockRejectedValue(new ApiError(404, `apps/${VERSION}`, "not found"));
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull() {
          pulled = true;
          throw new Error("the body was read");
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(`http://console.test/en-AU/apps/${VERSION}/marketplace`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body,
      duplex: "half",
    } as RequestInit);
    const answered = await saveListing(
      request,
      { appendSetCookie: vi.fn() } as unknown as AppLoadContext,
      VERSION,
    ).catch((thrown: unknown) => thrown);
    expect((answered as Response).status).toBe(404);
    expect(pulled).toBe(false);
  });
});
