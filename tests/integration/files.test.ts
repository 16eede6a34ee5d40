/**
 * Uploads over real HTTP: documents and data-flow diagrams (POST files?fileType=0|1),
 * images for each purpose (POST images, POST images/entities/{id}), the owner-only
 * download and the public image URL, company isolation.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { fileForm, jpeg, pdf, png, svg } from "../../server/conformance/files";
import { apiFetch, expectErrorShape, newCompany, sandboxUrl, type TestCompany } from "./support";

const KB = 1024;
const MB = 1024 * KB;

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
});

interface Uploaded {
  id: string;
  url: string;
  fileName: string;
  fileSize: number;
}

function upload(
  company: TestCompany,
  path: string,
  bytes: Uint8Array | string,
  name: string,
  type?: string,
) {
  return company.api(path, { method: "POST", body: fileForm(bytes, name, type) });
}

async function uploaded(res: Response): Promise<Uploaded> {
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as Uploaded;
}

/** A 400 naming `file` with the given message, in the error shape. */
async function expectRefused(res: Response, message: string) {
  expect(res.status).toBe(400);
  const body = await expectErrorShape(res);
  expect(body.detail).toBe(message);
  expect(body.field).toBe("file");
}

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe("documents and data-flow diagrams", () => {
  it("uploads a PDF and lets its company download it", async () => {
    const content = pdf();
    const res = await upload(
      a,
      "files?fileType=0",
      content,
      "Security review.pdf",
      "application/pdf",
    );
    const file = await uploaded(res);
    expect(file).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `${sandboxUrl()}/api/files/${file.id}/download`,
      fileName: "Security review.pdf",
      fileSize: content.byteLength,
    });

    const download = await fetch(file.url, { headers: { authorization: `Bearer ${a.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Security review.pdf"/,
    );
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await bytesOf(download)).toEqual(content);
  });

  it("uploads a data-flow diagram (fileType=1)", async () => {
    const file = await uploaded(await upload(a, "files?fileType=1", pdf(), "flow.pdf"));
    const download = await a.api(`files/${file.id}/download`);
    expect(download.status).toBe(200);
  });

  it("decides the type by content: a PDF named .png is a PDF, a PNG named .pdf is not", async () => {
    const asPng = await uploaded(
      await upload(a, "files?fileType=0", pdf(), "scan.png", "image/png"),
    );
    expect(asPng.fileName).toBe("scan.png");
    const download = await a.api(`files/${asPng.id}/download`);
    expect(download.headers.get("content-type")).toBe("application/pdf");

    await expectRefused(
      await upload(a, "files?fileType=0", png(10, 10), "report.pdf", "application/pdf"),
      "File type must be .PDF",
    );
    await expectRefused(
      await upload(a, "files?fileType=1", "plain text", "diagram.pdf"),
      "File type must be .PDF",
    );
    await expectRefused(
      await upload(a, "images", pdf(), "logo.png", "image/png"),
      "Image type invalid",
    );
  });

  it("refuses a file over 9 MB and an empty file", async () => {
    await expectRefused(
      await upload(a, "files?fileType=0", pdf({ minBytes: 9 * MB + 1 }), "big.pdf"),
      "Your file is too big",
    );
    await expectRefused(
      await upload(a, "files?fileType=0", new Uint8Array(0), "empty.pdf"),
      "File has no content",
    );
  });

  it("accepts a file of exactly 9 MB", async () => {
    const file = await uploaded(
      await upload(a, "files?fileType=0", pdf({ minBytes: 9 * MB }), "max.pdf"),
    );
    expect(file.fileSize).toBe(9 * MB);
  });

  it("keeps only a clean base name of the file name", async () => {
    const file = await uploaded(await upload(a, "files?fileType=0", pdf(), "../../etc/passwd.pdf"));
    expect(file.fileName).toBe("passwd.pdf");
  });
});

describe("bad requests", () => {
  it("names the fileType field when it is missing or wrong", async () => {
    for (const path of ["files", "files?fileType=2", "files?fileType=pdf"]) {
      const res = await upload(a, path, pdf(), "a.pdf");
      expect(res.status).toBe(400);
      const body = await expectErrorShape(res);
      expect(body.field).toBe("fileType");
      expect(body.detail).toContain("fileType");
    }
  });

  it("names the file field when it is missing or the body is not multipart", async () => {
    const noFile = new FormData();
    noFile.append("document", new Blob([pdf() as BlobPart]), "a.pdf");
    const textField = new FormData();
    textField.append("file", "not a file");
    const requests: RequestInit[] = [
      { method: "POST", body: noFile },
      { method: "POST", body: textField },
      { method: "POST", body: JSON.stringify({ file: "x" }) },
      { method: "POST", body: pdf() as BodyInit, headers: { "content-type": "application/pdf" } },
      { method: "POST" },
    ];
    for (const init of requests) {
      const res = await a.api("files?fileType=0", init);
      expect(res.status).toBe(400);
      const body = await expectErrorShape(res);
      expect(body.field).toBe("file");
      expect(body.detail).toContain("file");
    }
  });

  // A body over 10 MB: tests/integration/body-limits.test.ts (413 at once, read while still sending).

  it("refuses an unknown image purpose, naming it", async () => {
    const res = await upload(a, "images?purpose=logo", png(256, 256), "a.png");
    expect(res.status).toBe(400);
    expect((await expectErrorShape(res)).field).toBe("purpose");
  });

  it("answers 401 without a token", async () => {
    const calls = [
      apiFetch("files?fileType=0", { method: "POST", body: fileForm(pdf(), "a.pdf") }),
      apiFetch("images", { method: "POST", body: fileForm(png(10, 10), "a.png") }),
      apiFetch(`images/entities/${a.companyId}`, {
        method: "POST",
        body: fileForm(png(10, 10), "a.png"),
      }),
      apiFetch(`files/${crypto.randomUUID()}/download`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      await expectErrorShape(res);
    }
  });
});

describe("images by purpose", () => {
  type Case = [purpose: string, bytes: () => Uint8Array | string, expected: string];
  const cases: Case[] = [
    // Marketplace app icon: PNG exactly 256x256 or SVG, at most 400 KB.
    ["icon", () => png(256, 256), "ok"],
    ["icon", () => svg('viewBox="0 0 512 512"'), "ok"],
    ["icon", () => png(255, 256), "Image size invalid"],
    ["icon", () => svg('viewBox="0 0 512 256"'), "Image size invalid"],
    ["icon", () => jpeg(256, 256), "Image type invalid"],
    ["icon", () => png(256, 256, { minBytes: 400 * KB + 1 }), "File size greater than 400KB"],
    // Banner: PNG or SVG, exactly 1410x480, at most 800 KB.
    ["banner", () => png(1410, 480), "ok"],
    ["banner", () => svg('width="1410" height="480"'), "ok"],
    ["banner", () => png(1409, 480), "Image size invalid"],
    ["banner", () => jpeg(1410, 480), "Image type invalid"],
    ["banner", () => png(1410, 480, { minBytes: 800 * KB + 1 }), "File size greater than 800KB"],
    // Screenshot: PNG or JPEG, at most 800 KB.
    ["screenshot", () => jpeg(1200, 480), "ok"],
    ["screenshot", () => png(1200, 480), "ok"],
    ["screenshot", () => svg(), "Image type invalid"],
    [
      "screenshot",
      () => jpeg(1200, 480, { minBytes: 800 * KB + 1 }),
      "File size greater than 800KB",
    ],
    // Company icon: PNG, at least 256x256, square, at most 400 KB.
    ["company-icon", () => png(300, 300), "ok"],
    ["company-icon", () => png(300, 256), "Image size invalid"],
    ["company-icon", () => png(200, 200), "Image size invalid"],
    ["company-icon", () => svg(), "Image type invalid"],
    [
      "company-icon",
      () => png(256, 256, { minBytes: 400 * KB + 1 }),
      "File size greater than 400KB",
    ],
    // Function icon: PNG 28 to 65 px a side (24x24 for a list item) or SVG, at most 50 KB.
    ["function-icon", () => png(40, 28), "ok"],
    ["function-icon&listItem=true", () => png(24, 24), "ok"],
    ["function-icon", () => png(24, 24), "Image size invalid"],
    ["function-icon&listItem=true", () => png(28, 28), "Image size invalid"],
    ["function-icon", () => svg('viewBox="0 0 24 24"'), "ok"],
    ["function-icon", () => png(40, 40, { minBytes: 50 * KB + 1 }), "File size greater than 50KB"],
    // No purpose: PNG, JPEG or SVG up to 800 KB.
    ["", () => png(3, 3), "ok"],
    ["", () => jpeg(3, 3), "ok"],
    ["", () => svg(), "ok"],
    ["", () => "GIF89a", "Image type invalid"],
    ["", () => new Uint8Array(0), "File has no content"],
  ];

  it.each(cases)("purpose=%s: %#", async (purpose, bytes, expected) => {
    const res = await upload(
      a,
      purpose ? `images?purpose=${purpose}` : "images",
      bytes(),
      "image.png",
      "image/png",
    );
    if (expected !== "ok") return expectRefused(res, expected);
    const image = await uploaded(res);
    expect(image.url).toBe(`${sandboxUrl()}/api/images/${image.id}`);
  });

  it("refuses an SVG with a script or an event handler", async () => {
    await expectRefused(
      await upload(a, "images?purpose=icon", svg("", "<script>alert(1)</script>"), "icon.svg"),
      "Image type invalid",
    );
    await expectRefused(
      await upload(a, "images", svg('onload="alert(1)"'), "icon.svg"),
      "Image type invalid",
    );
    await expectRefused(
      await upload(
        a,
        "images",
        svg("", '<a href="javascript:alert(1)"><text>x</text></a>'),
        "x.svg",
      ),
      "Image type invalid",
    );
  });

  it("serves a clean SVG publicly, sandboxed, with long caching", async () => {
    const content = svg();
    const image = await uploaded(
      await upload(a, "images?purpose=icon", content, "icon.svg", "image/svg+xml"),
    );
    const res = await fetch(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d{6,}/);
    expect(await res.text()).toBe(content);
  });

  it("serves a PNG at its public URL without a token", async () => {
    const content = png(256, 256);
    const image = await uploaded(await upload(a, "images?purpose=icon", content, "icon.png"));
    const res = await fetch(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(await bytesOf(res)).toEqual(content);
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(image.url, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });

  it("attaches an image to the caller's own company", async () => {
    const res = await upload(
      a,
      `images/entities/${a.companyId}?purpose=company-icon`,
      png(256, 256),
      "logo.png",
    );
    const image = await uploaded(res);
    expect((await fetch(image.url)).status).toBe(200);
  });
});

describe("company isolation", () => {
  let document: Uploaded;
  beforeAll(async () => {
    document = await uploaded(await upload(a, "files?fileType=0", pdf(), "private.pdf"));
  });

  it("answers 404 with no data when another company downloads a document", async () => {
    const res = await b.api(`files/${document.id}/download`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-disposition")).toBeNull();
    const body = await expectErrorShape(res);
    expect(JSON.stringify(body)).not.toContain("private.pdf");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      const res = await a.api(`files/${id}/download`);
      expect(res.status).toBe(404);
      await expectErrorShape(res);
    }
  });

  it("never serves a document at the public image URL", async () => {
    const res = await fetch(`${sandboxUrl()}/api/images/${document.id}`);
    expect(res.status).toBe(404);
    await expectErrorShape(res);
  });

  it("does not let another company attach an image to the first company", async () => {
    const res = await upload(
      b,
      `images/entities/${a.companyId}?purpose=company-icon`,
      png(256, 256),
      "logo.png",
    );
    expect(res.status).toBe(404);
    await expectErrorShape(res);
    const unknown = await upload(
      b,
      `images/entities/${crypto.randomUUID()}`,
      png(256, 256),
      "logo.png",
    );
    expect(unknown.status).toBe(404);
  });
});
