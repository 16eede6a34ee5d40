import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/api/client.server";
import { mockApi } from "../../tests/support/mock-api";

const api = mockApi();
vi.mock("~/auth.server", () => ({ requireUser: vi.fn(async () => ({ api, language: "en-AU" })) }));

const { loader } = await import("./$lang._console.apps.$appVersionId.$platform.download.$env");

const VERSION = "11111111-1111-4111-8111-111111111111";

async function download(env: string, live = "true") {
  const request = new Request(
    `http://console.test/en-AU/apps/${VERSION}/desktop/download/${env}?live=${live}`,
  );
  const context = { appendSetCookie: vi.fn() } as unknown as AppLoadContext;
  try {
    return (await loader({
      request,
      context,
      params: { lang: "en-AU", appVersionId: VERSION, platform: "desktop", env },
    })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("an environment's configuration file", () => {
  beforeEach(() => {
    api.get.mockReset();
  });

  it("is not found for a version the provider does not know for the company (another company's)", async () => {
    api.get.mockRejectedValue(
      new ApiError(404, `app-schema/download/${VERSION}/live`, "App not found."),
    );
    const answer = await download("live");
    expect(answer.status).toBe(404);
    expect(api.get).toHaveBeenCalledWith(
      `app-schema/download/${VERSION}/live?isInLeapLive=true`,
      expect.anything(),
    );
  });

  it("goes back to the editor with downloadingSchema when the provider refuses otherwise", async () => {
    api.get.mockRejectedValue(
      new ApiError(403, `app-schema/download/${VERSION}/test`, "Staging needs test access."),
    );
    const answer = await download("test", "false");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/en-AU/apps/${VERSION}/desktop`);
  });

  it("is not found for an environment there is none of, without asking the provider", async () => {
    expect((await download("prod")).status).toBe(404);
    expect(api.get).not.toHaveBeenCalled();
  });
});
