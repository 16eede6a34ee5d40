import { describe, expect, it } from "vitest";
import { APP_LIMITS, fieldLimit } from "~/api/apps/rules";
import { prefixErrors } from "~/api/common";
import { WORDING } from "./wording";

describe("the API's wording of the rules", () => {
  it("words every key with the field's limit", () => {
    expect(WORDING.appField("details.description", "tooLong")).toBe(
      "must be at most 450 characters",
    );
    expect(WORDING.appField("marketplace.detail.description", "tooShort")).toBe(
      "must be 200 to 10000 characters of text",
    );
    expect(WORDING.appField("marketplace.detail.shortDescription", "tooLong")).toBe(
      "must be at most 115 characters",
    );
    expect(WORDING.appField("marketplace.promo.screenshots", "tooMany")).toBe(
      "must hold at most 8 images",
    );
    expect(WORDING.appField("marketplace.promo.appIcon", "sizeGreater400KB")).toBe(
      "File size greater than 400KB",
    );
    expect(WORDING.appField("x", "imageSizeInvalid")).toBe("Image size invalid");
    expect(fieldLimit("marketplace.detail.websiteUrl")).toEqual({ max: APP_LIMITS.urlMax });
    expect(prefixErrors("details", { name: "required" })).toEqual({ "details.name": "required" });
  });
});
