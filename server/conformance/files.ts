/**
 * Upload fixtures built in code, so tests say exactly what they send: PNGs of a given size
 * (a real, decodable PNG), a JPEG header of a given size, a small PDF, SVG documents.
 * Used by the conformance kit, the upload integration tests and the unit tests of the upload rules.
 */
import { deflateSync } from "node:zlib";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * A valid RGBA PNG of `width` x `height` filled with one colour. With `minBytes`, a text
 * chunk pads the file to at least that many bytes (to test size limits).
 */
export function png(
  width: number,
  height: number,
  options: { minBytes?: number } = {},
): Uint8Array {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const row = Buffer.alloc(1 + width * 4);
  for (let x = 0; x < width; x++) row.set([0x1f, 0x6f, 0xb5, 0xff], 1 + x * 4);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const parts = [signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw))];
  const end = chunk("IEND", new Uint8Array(0));
  const size = parts.reduce((n, p) => n + p.length, 0) + end.length;
  if (options.minBytes && options.minBytes > size) {
    const keyword = Buffer.from("Comment\0", "latin1");
    const fill = Math.max(0, options.minBytes - size - 12 - keyword.length);
    parts.push(chunk("tEXt", Buffer.concat([keyword, Buffer.alloc(fill, 0x61)])));
  }
  return new Uint8Array(Buffer.concat([...parts, end]));
}

/** A baseline JPEG header (SOI, JFIF, SOF0, EOI) declaring `width` x `height`. */
export function jpeg(
  width: number,
  height: number,
  options: { minBytes?: number } = {},
): Uint8Array {
  const soi = [0xff, 0xd8];
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
    0x00, 0x00,
  ];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    (height >> 8) & 0xff,
    height & 0xff,
    (width >> 8) & 0xff,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ];
  const eoi = [0xff, 0xd9];
  const body = [...soi, ...app0, ...sof0];
  const pad = options.minBytes ? Math.max(0, options.minBytes - body.length - eoi.length) : 0;
  // A COM segment holds at most 65533 bytes: pad with as many as needed.
  const comments: number[] = [];
  let left = pad;
  while (left > 0) {
    const n = Math.max(1, Math.min(65533, left - 4));
    comments.push(
      0xff,
      0xfe,
      ((n + 2) >> 8) & 0xff,
      (n + 2) & 0xff,
      ...new Array<number>(n).fill(0x20),
    );
    left -= n + 4;
  }
  return new Uint8Array([...body, ...comments, ...eoi]);
}

/** A small well-formed PDF of one empty page; `minBytes` pads it with a comment. */
export function pdf(options: { minBytes?: number } = {}): Uint8Array {
  const objects = [
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n",
  ];
  let text = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(text.length);
    text += object;
  }
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n`;
  const tail = "%%EOF\n";
  let bytes = Buffer.from(text + tail, "latin1");
  if (options.minBytes && options.minBytes > bytes.length) {
    const pad = Buffer.alloc(options.minBytes - bytes.length, 0x20);
    pad[0] = 0x25; // '%': a comment line before %%EOF
    pad[pad.length - 1] = 0x0a;
    bytes = Buffer.concat([Buffer.from(text, "latin1"), pad, Buffer.from(tail, "latin1")]);
  }
  return new Uint8Array(bytes);
}

/** A clean SVG (no scripts, no external references) with the given root attributes. */
export function svg(
  rootAttributes = 'width="256" height="256" viewBox="0 0 256 256"',
  body = "",
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" ${rootAttributes}>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#1f6fb5"/><stop offset="1" stop-color="#0b3a61"/></linearGradient></defs>
  <rect width="100%" height="100%" rx="24" fill="url(#g)"/>
  <circle cx="50%" cy="50%" r="30%" fill="#fff" style="opacity: .8"/>${body}
</svg>
`;
}

/** A multipart body with one `file` field. */
export function fileForm(
  bytes: Uint8Array | string,
  fileName: string,
  type = "application/octet-stream",
): FormData {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart], { type }), fileName);
  return form;
}
