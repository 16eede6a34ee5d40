import { describe, expect, it } from "vitest";
import { FormTooLargeError, hasListIndexOver, readBoundedForm, readForm, type FormLimits } from "./multipart.server";

const limits: FormLimits = { textBytes: 8, bodyBytes: 4096, parts: 4, fileBytes: (name) => (name === "icon" ? 11 : 0) };
const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request("http://console.test/", { method: "POST", body, headers });
const asFile = (file: { bytes: Uint8Array<ArrayBuffer>; fileName: string }) => new File([file.bytes], file.fileName);

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
    const body = '--b\r\nContent-Disposition: form-data; name="icon"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n';
    let called = false;
    const form = await readBoundedForm(post(body, { "content-type": "multipart/form-data; boundary=b" }), limits, (file) => {
      called = true;
      return asFile(file);
    });
    expect(called).toBe(false);
    expect(form.has("icon")).toBe(false);
  });

  it("refuses a body past its size or part count", async () => {
    const big = new FormData();
    big.append("icon", new Blob([new Uint8Array(5000)]), "icon.png");
    await expect(readBoundedForm(post(big), limits, asFile)).rejects.toBeInstanceOf(FormTooLargeError);
    const many = new FormData();
    for (let i = 0; i < 5; i++) many.append(`f${i}`, "x");
    await expect(readBoundedForm(post(many), limits, asFile)).rejects.toBeInstanceOf(FormTooLargeError);
  });

  it("reads a form that is not multipart as it is", async () => {
    const form = await readBoundedForm(post(new URLSearchParams({ name: "long value here" })), limits, asFile);
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
    expect(hasListIndexOver(form("intent", "exceptions[0].url", "exceptions[999].isInternal"), 999)).toBe(false);
    expect(hasListIndexOver(form("exceptions[1000].url"), 999)).toBe(true);
    expect(hasListIndexOver(form("rows[0].cells[100000]"), 999)).toBe(true);
    expect(hasListIndexOver(form(`rows[${"9".repeat(400)}].url`), 999)).toBe(true);
    expect(hasListIndexOver(form("rows[0001].url"), 999)).toBe(false);
  });

  it("reads names that are not list indexes as none", () => {
    expect(hasListIndexOver(form("exceptions.100000.url", "rows[-1].url", "rows[1e9].url", "a[b]"), 999)).toBe(false);
  });
});

describe("readForm", () => {
  const post = (body: string) => new Request("http://console.test/form", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });

  it("answers a list index no page sends with the 400 of an unreadable form, for any form", async () => {
    await expect(readForm(post("intent=bank&rows%5B100000%5D.name=x"))).rejects.toMatchObject({ status: 400 });
    expect((await readForm(post("intent=bank&rows%5B999%5D.name=x"))).get("rows[999].name")).toBe("x");
  });
});
