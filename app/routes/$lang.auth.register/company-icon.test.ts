import { describe, expect, it } from "vitest";
import { pngSize } from "~/api/files/content";
import { COMPANY_ICON_MAX_BYTES, checkCompanyIcon } from "./company-icon";

/** The start of a PNG: signature and IHDR chunk (the rest does not matter to these checks). */
function png(width: number, height: number, totalBytes = 64) {
  const bytes = new Uint8Array(Math.max(totalBytes, 33));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

describe("checkCompanyIcon", () => {
  it("accepts a square PNG of at least 256x256 up to 400 KB", () => {
    expect(checkCompanyIcon(png(256, 256))).toBeNull();
    expect(checkCompanyIcon(png(1024, 1024, COMPANY_ICON_MAX_BYTES))).toBeNull();
    expect(pngSize(png(300, 300))).toEqual({ width: 300, height: 300 });
  });

  it("refuses what is not a PNG by content", () => {
    expect(checkCompanyIcon(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0]))).toBe(
      "invalidType",
    );
    expect(
      checkCompanyIcon(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")),
    ).toBe("invalidType");
    expect(checkCompanyIcon(new Uint8Array())).toBe("invalidType");
    // A signature without an IHDR chunk first.
    const broken = png(256, 256);
    broken.set([0x49, 0x44, 0x41, 0x54], 12);
    expect(checkCompanyIcon(broken)).toBe("invalidType");
  });

  it("refuses small or non-square images", () => {
    expect(checkCompanyIcon(png(255, 255))).toBe("invalidSize");
    expect(checkCompanyIcon(png(512, 256))).toBe("invalidSize");
  });

  it("refuses more than 400 KB before looking at the pixels", () => {
    expect(checkCompanyIcon(png(100, 50, COMPANY_ICON_MAX_BYTES + 1))).toBe("sizeGreater400KB");
  });
});
