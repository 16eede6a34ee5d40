import { describe, expect, it, vi } from "vitest";
import type { AppGroup, AppListItem } from "~/api/apps/schemas";
import { ApiError } from "~/api/client.server";
import { asClient, mockApi } from "../../../tests/support/mock-api";
import {
  fetchAppGroup,
  groupErrorResponse,
  isGroupId,
  loadGroupSidebar,
  loadVersionSidebar,
  recentApps,
  sidebarGroup,
} from "./group.server";

const GROUP_ID = "0b7c2a52-4a4e-4c36-9d3b-6f0f5d1c2e11";

function listItem(
  n: number,
  lastModifiedDate: string,
  extra: Partial<AppListItem> = {},
): AppListItem {
  return {
    appGroupId: `00000000-0000-4000-8000-00000000000${n}`,
    name: `App ${n}`,
    appIcon: null,
    countryCode: "AU",
    platforms: [],
    appType: 0,
    appLevel: 1,
    isArchived: false,
    versions: [],
    lastModifiedDate,
    ...extra,
  };
}

function group(extra: Partial<AppGroup> = {}): AppGroup {
  return {
    ...listItem(1, "2024-05-01T10:00:00.000Z"),
    appGroupId: GROUP_ID,
    name: "Matter Sync",
    appIcon: { id: "icon", url: "https://files.example/icon.png" },
    isPriceRequired: false,
    isPreApprovalRequired: true,
    apiKey: "key",
    appLevel: 1,
    history: [],
    ...extra,
  };
}

/** A client whose `get` answers by path (a function throws). */
function fakeApi(answers: Record<string, unknown | (() => never)>) {
  const get = vi.fn(async (path: string) => {
    const answer = answers[path.split("?")[0]];
    if (typeof answer === "function") return (answer as () => never)();
    if (answer === undefined) throw new Error(`unexpected call ${path}`);
    return answer;
  });
  const api = mockApi();
  api.get.mockImplementation(get);
  return asClient(api);
}

const fails = (status: number, detail?: string) => () => {
  throw new ApiError(status, "http://api/x", detail, "trace-1");
};

describe("isGroupId", () => {
  it("accepts a UUID only", () => {
    expect(isGroupId(GROUP_ID)).toBe(true);
    expect(isGroupId(GROUP_ID.toUpperCase())).toBe(true);
    expect(isGroupId("not-a-group")).toBe(false);
    expect(isGroupId(`${GROUP_ID}/../x`)).toBe(false);
    expect(isGroupId("../../admin/companies")).toBe(false);
    expect(isGroupId(undefined)).toBe(false);
  });
});

describe("sidebarGroup", () => {
  it("shapes the header with the country's name", () => {
    expect(sidebarGroup(group({ isArchived: true }), [{ code: "AU", name: "Australia" }])).toEqual({
      appGroupId: GROUP_ID,
      name: "Matter Sync",
      appIcon: "https://files.example/icon.png",
      isArchived: true,
      countryCode: "AU",
      countryName: "Australia",
      isMonetised: false,
    });
    expect(sidebarGroup(group({}), [], true)).toMatchObject({ isMonetised: true });
  });
  it("shows the code when the country is not in the list", () => {
    expect(
      sidebarGroup(group({ countryCode: "IE", appIcon: null }), [
        { code: "AU", name: "Australia" },
      ]),
    ).toMatchObject({
      countryName: "IE",
      appIcon: null,
    });
  });
});

describe("recentApps", () => {
  it("keeps the 5 most recently modified, newest first, with the newest active version", () => {
    const items = [1, 2, 3, 4, 5, 6].map((n) => listItem(n, `2024-05-0${n}T10:00:00.000Z`));
    items[1] = listItem(2, "2024-06-01T10:00:00.000Z", {
      versions: [
        {
          versionId: "v2",
          versionMajorId: "v1",
          versionMajor: 1,
          versionDisplay: "1.001",
          statusCode: 0,
          status: "Sandbox",
          appGroupId: items[1].appGroupId,
          isLiveSubmissionRejected: false,
          modifiedDateTime: "2024-06-01T10:00:00.000Z",
        },
      ],
    });
    const recent = recentApps(items);
    expect(recent.map((a) => a.name)).toEqual(["App 2", "App 6", "App 5", "App 4", "App 3"]);
    expect(recent[0].latestVersionId).toBe("v2");
    expect(recent[1].latestVersionId).toBeNull();
  });
  it("breaks ties by name", () => {
    const same = "2024-05-01T10:00:00.000Z";
    expect(recentApps([listItem(2, same), listItem(1, same)]).map((a) => a.name)).toEqual([
      "App 1",
      "App 2",
    ]);
  });
});

describe("groupErrorResponse", () => {
  it("turns a 404 or a 400 into a bodiless 404", async () => {
    for (const status of [404, 400]) {
      const response = groupErrorResponse(new ApiError(status, "u", "App group not found", "t"));
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("");
    }
  });
  it("keeps a provider failure's detail and trace for the error boundary", async () => {
    const response = groupErrorResponse(new ApiError(503, "u", undefined, "trace-9"));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      traceId: "trace-9",
      fallback: "fetchApp",
    });
  });
  it("answers 502 for any other refusal", () => {
    expect(groupErrorResponse(new ApiError(409, "u", "no")).status).toBe(502);
  });
  it("rethrows what is not an API error", () => {
    const error = new TypeError("bug");
    expect(() => groupErrorResponse(error)).toThrow(error);
  });
});

describe("fetchAppGroup", () => {
  it("answers 404 for a malformed id without asking the API", async () => {
    const api = fakeApi({});
    const thrown = await fetchAppGroup(api, "../../admin").catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(api.get).not.toHaveBeenCalled();
  });
  it("answers 404 for another company's group (the API's 404)", async () => {
    const thrown = await fetchAppGroup(
      fakeApi({
        [`apps/group/${GROUP_ID}`]: fails(404, "app group not found"),
      }),
      GROUP_ID,
    ).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(404);
  });
});

describe("loadGroupSidebar", () => {
  it("loads the header and the recent apps", async () => {
    const api = fakeApi({
      [`apps/group/${GROUP_ID}`]: group(),
      apps: [listItem(3, "2024-05-03T10:00:00.000Z")],
      "resources/countries": [{ code: "AU", name: "Australia" }],
    });
    const data = await loadGroupSidebar(api, "en-AU", GROUP_ID);
    expect(data.group.countryName).toBe("Australia");
    expect(data.recent.map((a) => a.name)).toEqual(["App 3"]);
  });
  it("still shows the group when the list and the countries fail", async () => {
    const api = fakeApi({
      [`apps/group/${GROUP_ID}`]: group(),
      apps: fails(503),
      "resources/countries": fails(503),
    });
    const data = await loadGroupSidebar(api, "en-AU", GROUP_ID);
    expect(data.recent).toEqual([]);
    expect(data.group.countryName).toBe("AU");
  });
});

describe("loadVersionSidebar", () => {
  it("takes the group's header from the app list, without asking for the group", async () => {
    const item = listItem(3, "2024-05-03T10:00:00.000Z");
    const api = fakeApi({
      [`apps/group/${item.appGroupId}`]: fails(500),
      apps: [item],
      "resources/countries": [{ code: "AU", name: "Australia" }],
    });
    const data = await loadVersionSidebar(api, "en-AU", item.appGroupId);
    expect(data.group).toMatchObject({
      appGroupId: item.appGroupId,
      name: "App 3",
      countryName: "Australia",
    });
  });
  it("asks for the group when the list does not have it", async () => {
    const api = fakeApi({
      [`apps/group/${GROUP_ID}`]: group(),
      apps: fails(503),
      "resources/countries": [{ code: "AU", name: "Australia" }],
    });
    const data = await loadVersionSidebar(api, "en-AU", GROUP_ID);
    expect(data.group.appGroupId).toBe(GROUP_ID);
    expect(data.recent).toEqual([]);
  });
});
