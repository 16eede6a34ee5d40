import { describe, expect, it } from "vitest";
import { keyT } from "~/lib/t.testing";
import { documentMessages, type PickedDocument } from "./documents.server";

/** A translator that shows the key and its values. */
const t = keyT;
const MB = 1024 * 1024;
/** A picked PDF of `size` bytes (the check reads sizes and the PDF signature, not the bytes). */
const pdf = (name: string, size: number): PickedDocument => ({
  fileName: name,
  size,
  isPdf: true,
  file: new File([], name),
});

describe("the pre-approval's documents, checked before any upload", () => {
  it("accepts nine PDFs of 8.8 MB each: 79.2 MB together is within 80 MB", () => {
    expect(
      documentMessages(
        t,
        "en-AU",
        Array.from({ length: 9 }, (_, i) => pdf(`d${i}.pdf`, Math.floor(8.8 * MB))),
      ),
    ).toEqual([]);
  });

  it("refuses nine PDFs of 9 MB each (each within 9 MB, 81 MB together) with the total's message and size", () => {
    const documents = Array.from({ length: 9 }, (_, i) => pdf(`d${i}.pdf`, 9 * MB));
    expect(documentMessages(t, "en-AU", documents)).toEqual([
      `review:documents.errors.totalTooBig ${JSON.stringify({ size: "81 MB" })}`,
    ]);
    expect(
      documentMessages(t, "nl-NL", [...documents.slice(0, 8), pdf("d8.pdf", 8.5 * MB)]),
    ).toEqual([`review:documents.errors.totalTooBig ${JSON.stringify({ size: "80,5 MB" })}`]);
  });

  it("names a file over 9 MB by itself, beside the total", () => {
    const messages = documentMessages(t, "en-AU", [
      pdf("big.pdf", 9 * MB + 1),
      ...Array.from({ length: 8 }, (_, i) => pdf(`d${i}.pdf`, 9 * MB)),
    ]);
    expect(messages).toContain(
      `review:documents.errors.tooBig ${JSON.stringify({ name: "big.pdf" })}`,
    );
    expect(
      messages.some((message) => message.startsWith("review:documents.errors.totalTooBig")),
    ).toBe(true);
  });
});
