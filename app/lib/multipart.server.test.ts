import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type FormLimits,
  FormTooLargeError,
  hasListIndexOver,
  readBoundedForm,
  readForm,
  readUploadForm,
  StoppedBeforeFiles,
  type StoredFile,
  withUploadFolder,
} from "./multipart.server";

const limits: FormLimits = {
  textBytes: 8,
  bodyBytes: 4096,
  parts: 4,
  fileBytes: (name) => (name === "icon" ? 11 : 0),
};
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://console.test/", { method: "POST", body, headers });
const asFile = (file: { bytes: Uint8Array<ArrayBuffer>; fileName: string }) =>
  new File([file.bytes], file.fileName);

describe("readBoundedForm", () => {
  it("cuts text at its limit, keeps a named file's first bytes with its whole size, and drops other files", async () => {
    const body = new FormData();
    body.append("about", "0123456789abc");
    body.append("icon", new Blob([new Uint8Array(100)]), "icon.png");
    body.append("other", new Blob([new Uint8Array(10)]), "other.bin");
    const sizes: number[] = [];
    const form = await readBoundedForm(post(body), limits, (file) => {
      sizes.push(file.size);
      return asFile(file);
    });
    expect(form.get("about")).toBe("01234567");
    expect((form.get("icon") as File).size).toBe(11);
    expect(sizes).toEqual([100]);
    expect(form.has("other")).toBe(false);
  });

  it("treats an empty file input as no file", async () => {
    // As a browser sends a file input with no file chosen: filename="" and no bytes.
    const body =
      '--b\r\nContent-Disposition: form-data; name="icon"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n';
    let called = false;
    const form = await readBoundedForm(
      post(body, { "content-type": "multipart/form-data; boundary=b" }),
      limits,
      (file) => {
        called = true;
        return asFile(file);
      },
    );
    expect(called).toBe(false);
    expect(form.has("icon")).toBe(false);
  });

  it("refuses a body past its size or part count", async () => {
    const big = new FormData();
    big.append("icon", new Blob([new Uint8Array(5000)]), "icon.png");
    await expect(readBoundedForm(post(big), limits, asFile)).rejects.toBeInstanceOf(
      FormTooLargeError,
    );
    const many = new FormData();
    for (let i = 0; i < 5; i++) many.append(`f${i}`, "x");
    await expect(readBoundedForm(post(many), limits, asFile)).rejects.toBeInstanceOf(
      FormTooLargeError,
    );
  });

  it("reads a form that is not multipart as it is", async () => {
    const form = await readBoundedForm(
      post(new URLSearchParams({ name: "long value here" })),
      limits,
      asFile,
    );
    expect(form.get("name")).toBe("long value here");
  });
});

describe("hasListIndexOver", () => {
  const form = (...names: string[]) => {
    const data = new FormData();
    for (const name of names) data.append(name, "x");
    return data;
  };

  it("finds a list index above the bound in any field's name, however deep", () => {
    expect(
      hasListIndexOver(form("intent", "exceptions[0].url", "exceptions[999].isInternal"), 999),
    ).toBe(false);
    expect(hasListIndexOver(form("exceptions[1000].url"), 999)).toBe(true);
    expect(hasListIndexOver(form("rows[0].cells[100000]"), 999)).toBe(true);
    expect(hasListIndexOver(form(`rows[${"9".repeat(400)}].url`), 999)).toBe(true);
    expect(hasListIndexOver(form("rows[0001].url"), 999)).toBe(false);
  });

  it("reads names that are not list indexes as none", () => {
    expect(
      hasListIndexOver(form("exceptions.100000.url", "rows[-1].url", "rows[1e9].url", "a[b]"), 999),
    ).toBe(false);
  });
});

describe("readForm", () => {
  const post = (body: string) =>
    new Request("http://console.test/form", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });

  it("answers a list index no page sends with the 400 of an unreadable form, for any form", async () => {
    await expect(readForm(post("intent=bank&rows%5B100000%5D.name=x"))).rejects.toMatchObject({
      status: 400,
    });
    expect((await readForm(post("intent=bank&rows%5B999%5D.name=x"))).get("rows[999].name")).toBe(
      "x",
    );
  });
});

describe("readUploadForm", () => {
  const limits: FormLimits = {
    textBytes: 64,
    bodyBytes: 64 * 1024,
    parts: 8,
    fileBytes: (name) => (name === "document" ? 1000 : 0),
  };
  const parent = () => mkdtempSync(path.join(tmpdir(), "upload-test-"));
  const form = (...entries: [string, string | Blob, string?][]) => {
    const body = new FormData();
    for (const [name, value, fileName] of entries) {
      if (typeof value === "string") body.append(name, value);
      else body.append(name, value, fileName);
    }
    return post(body);
  };

  it("keeps a file's bytes up to its limit in a file of the folder, its whole size and every typed value, and removes the folder afterwards", async () => {
    const dir = parent();
    const bytes = new Uint8Array(5000).map((_, i) => i % 251);
    const seen = await withUploadFolder(async (folder) => {
      const files: StoredFile[] = [];
      const formData = await readUploadForm(
        form(
          ["notes", "typed"],
          ["document", new Blob([bytes], { type: "application/pdf" }), "big.pdf"],
          ["after", "kept too"],
        ),
        limits,
        folder,
        (file) => {
          files.push(file);
          return undefined;
        },
      );
      const [file] = files;
      const onDisk = readdirSync(dir).flatMap((sub) => readdirSync(path.join(dir, sub)));
      return { formData, file, onDisk, kept: new Uint8Array(await file.blob.arrayBuffer()) };
    }, dir);
    expect(seen.formData.get("notes")).toBe("typed");
    expect(seen.formData.get("after")).toBe("kept too");
    expect(seen.file).toMatchObject({
      name: "document",
      fileName: "big.pdf",
      contentType: "application/pdf",
      size: 5000,
    });
    expect(seen.kept).toEqual(bytes.subarray(0, 1000));
    expect(seen.file.head).toEqual(bytes.subarray(0, 1000));
    expect(seen.file.blob.type).toBe("application/pdf");
    expect(seen.onDisk).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("removes the folder when the page throws, and when the body is past its bound", async () => {
    const dir = parent();
    const thrown = new Error("page failed");
    await expect(
      withUploadFolder(async (folder) => {
        await readUploadForm(
          form(["document", new Blob([new Uint8Array(10)]), "a.pdf"]),
          limits,
          folder,
          () => undefined,
        );
        throw thrown;
      }, dir),
    ).rejects.toBe(thrown);
    expect(readdirSync(dir)).toEqual([]);
    await expect(
      withUploadFolder(
        (folder) =>
          readUploadForm(
            form(["document", new Blob([new Uint8Array(70 * 1024)]), "a.pdf"]),
            limits,
            folder,
            () => undefined,
          ),
        dir,
      ),
    ).rejects.toBeInstanceOf(FormTooLargeError);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("stops before the first file when the fields before it are refused, with those fields", async () => {
    let files = 0;
    const check = (fields: FormData) => fields.get("versionId") === "known";
    const refused = withUploadFolder((folder) =>
      readUploadForm(
        form(
          ["versionId", "unknown"],
          ["document", new Blob([new Uint8Array(10)]), "a.pdf"],
          ["late", "x"],
        ),
        limits,
        folder,
        () => void files++,
        { beforeFiles: check },
      ),
    );
    await expect(refused).rejects.toBeInstanceOf(StoppedBeforeFiles);
    const stopped = (await refused.catch(
      (error: StoppedBeforeFiles) => error,
    )) as StoppedBeforeFiles;
    expect([...stopped.fields.keys()]).toEqual(["versionId"]);
    expect(files).toBe(0);
    const accepted = await withUploadFolder((folder) =>
      readUploadForm(
        form(["versionId", "known"], ["document", new Blob([new Uint8Array(10)]), "a.pdf"]),
        limits,
        folder,
        () => void files++,
        { beforeFiles: check },
      ),
    );
    expect(accepted.get("versionId")).toBe("known");
    expect(files).toBe(1);
  });

  it("bounds a form without files as a form of text fields", async () => {
    const long = new URLSearchParams({ notes: "x".repeat(300 * 1024) });
    const chunked = new Request("http://console.test/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new Blob([long.toString()]).stream(),
      duplex: "half",
    } as RequestInit);
    await expect(
      withUploadFolder((folder) =>
        readUploadForm(chunked, { ...limits, bodyBytes: 1024 * 1024 }, folder, () => undefined),
      ),
    ).rejects.toBeInstanceOf(FormTooLargeError);
    const short = await withUploadFolder((folder) =>
      readUploadForm(
        post(new URLSearchParams({ notes: "short" })),
        limits,
        folder,
        () => undefined,
      ),
    );
    expect(short.get("notes")).toBe("short");
  });
});
