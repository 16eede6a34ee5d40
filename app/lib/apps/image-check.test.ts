import { describe, expect, it } from "vitest";
import { jpeg, pdf, png, svg } from "../../../server/conformance/files";
import { checkImage, imageFacts } from "./image-check";

const text = (value: string) => new TextEncoder().encode(value);
const check = (kind: "icon" | "banner" | "screenshot", bytes: Uint8Array, allowSvg = false) =>
  checkImage(kind, bytes, bytes.byteLength, { allowSvg });

describe("imageFacts", () => {
  it("reads a PNG's type and pixel size from its content", () => {
    expect(imageFacts(png(256, 256), 123)).toEqual({
      contentType: "image/png",
      width: 256,
      height: 256,
      fileSize: 123,
    });
  });

  it("knows a JPEG by its signature", () => {
    expect(imageFacts(jpeg(10, 10), 5).contentType).toBe("image/jpeg");
  });

  it("knows an SVG by its root element, whatever the file is called", () => {
    expect(imageFacts(text(svg()), 10)).toMatchObject({
      contentType: "image/svg+xml",
      width: 256,
      height: 256,
    });
  });

  it("gives no type for anything else", () => {
    expect(imageFacts(pdf(), 10).contentType).toBe("application/octet-stream");
    expect(imageFacts(text("<html><svg></svg></html>"), 10).contentType).toBe(
      "application/octet-stream",
    );
  });
});

describe("checkImage", () => {
  it("accepts an icon PNG of exactly 256x256 and at most 400 KB", () => {
    expect(check("icon", png(256, 256))).toBeUndefined();
  });

  it("refuses an icon of another size, type or weight with the spec's message", () => {
    expect(check("icon", png(255, 256))).toBe("imageSizeInvalid");
    expect(check("icon", jpeg(256, 256))).toBe("imageTypeInvalid");
    expect(check("icon", pdf())).toBe("imageTypeInvalid");
    expect(check("icon", png(256, 256, { minBytes: 400 * 1024 + 1 }))).toBe("sizeGreater400KB");
    expect(checkImage("icon", new Uint8Array(), 0, { allowSvg: true })).toBe("imageTypeInvalid");
  });

  it("takes an SVG icon only where the country allows SVG, at the icon's ratio", () => {
    expect(check("icon", text(svg()), false)).toBe("imageTypeInvalid");
    expect(check("icon", text(svg()), true)).toBeUndefined();
    expect(check("icon", text(svg('width="512" height="512"')), true)).toBeUndefined();
    expect(check("icon", text(svg('viewBox="0 0 300 100"')), true)).toBe("imageSizeInvalid");
    expect(check("icon", text(svg('width="2in" height="2in"')), true)).toBeUndefined();
  });

  it("reads an SVG's size in any absolute unit, as the provider does, and refuses one without a size where the ratio counts", () => {
    expect(check("icon", text(svg('width="5cm" height="50mm"')), true)).toBeUndefined();
    expect(check("banner", text(svg('width="14.1in" height="4.8in"')), true)).toBeUndefined();
    expect(check("icon", text(svg('width="100%" height="100%"')), true)).toBe("imageSizeInvalid");
  });

  it("checks banners at 1410x480 and 800 KB", () => {
    expect(check("banner", png(1410, 480))).toBeUndefined();
    expect(check("banner", png(1200, 480))).toBe("imageSizeInvalid");
    expect(check("banner", png(1410, 480, { minBytes: 800 * 1024 + 1 }))).toBe("sizeGreater800KB");
  });

  it("takes screenshots as PNG or JPEG of any size up to 800 KB", () => {
    expect(check("screenshot", png(1200, 480))).toBeUndefined();
    expect(check("screenshot", jpeg(640, 480))).toBeUndefined();
    expect(check("screenshot", text(svg()), true)).toBe("imageTypeInvalid");
    expect(check("screenshot", jpeg(640, 480, { minBytes: 800 * 1024 + 1 }))).toBe(
      "sizeGreater800KB",
    );
  });

  it("judges the size by the whole file even when only its beginning was kept", () => {
    const start = png(256, 256);
    expect(checkImage("icon", start, 500 * 1024, { allowSvg: false })).toBe("sizeGreater400KB");
  });
});
