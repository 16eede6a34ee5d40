import { describe, expect, it } from "vitest";
import { sanitizeOverview } from "~/api/apps/overview.server";
import type { ListingImages } from "~/lib/apps/editor-save.server";
import { withUploadFolder } from "~/lib/multipart.server";
import {
  applyImageIntent,
  isListingIntent,
  readImages,
  readListingForm,
} from "./listing-form.server";

const image = (id: string) => ({ id, url: `https://img.example/${id}` });

describe("sanitizeOverview", () => {
  it("keeps only the allowed tags, without attributes or styles", () => {
    expect(
      sanitizeOverview(
        '<h1 style="color:red">T</h1><p onclick="x()">a <b>b</b> <strong>c</strong><script>alert(1)</script><img src=x onerror=alert(1)></p><svg onload=alert(1)></svg><a href="javascript:alert(1)">d</a>',
      ),
    ).toBe("<h1>T</h1><p>a b <strong>c</strong></p>d");
  });

  it("keeps text that looks like markup as text", () => {
    expect(sanitizeOverview("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });
});

describe("readImages", () => {
  it("reads the hidden fields in their order, and only http(s) addresses", () => {
    const form = new FormData();
    form.append("promo.appIcon.id", "icon");
    form.append("promo.appIcon.url", "javascript:alert(1)");
    form.append("promo.banners[1].id", "b2");
    form.append("promo.banners[1].url", "https://img.example/b2");
    form.append("promo.banners[0].id", "b1");
    form.append("promo.screenshots[0].id", " ");
    expect(readImages(form)).toEqual({
      appIcon: { id: "icon", url: "" },
      banners: [{ id: "b1", url: "" }, image("b2")],
      screenshots: [],
    });
  });
});

describe("applyImageIntent", () => {
  const images: ListingImages = {
    appIcon: image("i"),
    banners: [image("a"), image("b"), image("c")],
    screenshots: [image("s")],
  };

  it("removes, moves up and moves down", () => {
    expect(applyImageIntent(images, "remove:appIcon")?.appIcon).toBeNull();
    expect(applyImageIntent(images, "remove:banners:1")?.banners.map((i) => i.id)).toEqual([
      "a",
      "c",
    ]);
    expect(applyImageIntent(images, "up:banners:2")?.banners.map((i) => i.id)).toEqual([
      "a",
      "c",
      "b",
    ]);
    expect(applyImageIntent(images, "down:banners:0")?.banners.map((i) => i.id)).toEqual([
      "b",
      "a",
      "c",
    ]);
  });

  it("leaves the images as they are for a move past the ends or an index that is not there", () => {
    expect(applyImageIntent(images, "up:banners:0")).toEqual(images);
    expect(applyImageIntent(images, "down:screenshots:0")).toEqual(images);
    expect(applyImageIntent(images, "remove:banners:9")).toEqual(images);
  });

  it("is not an image intent otherwise", () => {
    expect(applyImageIntent(images, "save")).toBeUndefined();
    expect(applyImageIntent(images, "remove:other:1")).toBeUndefined();
  });
});

describe("isListingIntent", () => {
  it("knows the listing form's intents", () => {
    for (const intent of [
      "save",
      "upload",
      "upload-files",
      "remove:appIcon",
      "up:banners:1",
      "down:screenshots:7",
    ])
      expect(isListingIntent(intent)).toBe(true);
    for (const intent of ["", "delete", "remove:banners:x", "up:appIcon:1:2"])
      expect(isListingIntent(intent)).toBe(false);
  });
});

describe("readListingForm", () => {
  it("keeps text fields in the form and files apart, cut at the largest image plus one byte", async () => {
    const body = new FormData();
    body.append("detail.keywords", "ledger");
    body.append(
      "bannerFiles",
      new Blob([new Uint8Array(900 * 1024)], { type: "image/png" }),
      "big.png",
    );
    body.append("iconFile", new Blob([], { type: "application/octet-stream" }), "");
    body.append("other", new Blob([new Uint8Array(10)]), "ignored.bin");
    const request = new Request("http://console.test/", { method: "POST", body });
    const { formData, files, kept } = await withUploadFolder(async (folder) => {
      const read = await readListingForm(request, folder);
      return { ...read, kept: (await read.files[0].blob.arrayBuffer()).byteLength };
    });
    expect(formData.get("detail.keywords")).toBe("ledger");
    expect(formData.has("bannerFiles")).toBe(false);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ input: "bannerFiles", fileName: "big.png", size: 900 * 1024 });
    expect(kept).toBe(800 * 1024 + 1);
  });

  it("keeps a file sent where a text field goes in the form, as a file, for the field's rule to refuse", async () => {
    const body = new FormData();
    body.append("detail.features", new Blob(["Sync"], { type: "text/plain" }), "features.txt");
    const { formData, files } = await withUploadFolder((folder) =>
      readListingForm(new Request("http://console.test/", { method: "POST", body }), folder),
    );
    expect(formData.get("detail.features")).toBeInstanceOf(File);
    expect(files).toEqual([]);
  });
});
