/**
 * Hostile input to every form action of the console (issue 9), by HTTP requests only (the
 * browser context's request client, which shares its cookies; no page is rendered).
 *
 * - Body limits: a body streamed without end (chunked, never finished) to each kind of route
 *   is answered 413 once the route's limit is read (app/lib/body-limits.ts), while /healthz
 *   keeps answering.
 * - Every form action, with values made by fast-check for each of its fields: text with a NUL
 *   or a lone surrogate (sent as URLSearchParams sends it, U+FFFD, and as raw invalid UTF-8),
 *   text over the field's limit and over the body's, a field sent twice, a file where text
 *   goes, huge, negative and fractional numbers, hostile ids in the path, bodies that are not
 *   forms (JSON, text, no type, broken multipart), posts from another origin, and polyglot
 *   images. Every answer: never a 5xx (a 502 for a provider's refusal included); 400, 403,
 *   404 or 413, or a redirect that stays in the console; a refused field is named on the
 *   answered page (marked invalid, with its message from locales/en-AU); and nothing is
 *   stored: the company's apps (read through the sandbox's API) are unchanged, and no stored
 *   text holds a NUL or a lone surrogate.
 *
 * The values are drawn with a seed printed at the end with the number of cases
 * (HOSTILE_SEED=<seed> draws them again).
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "@playwright/test";
import fc from "fast-check";
import { JSON_LIMITS } from "~/api/json-limits";
import { IMAGE_FIELDS, LISTING_FIELDS } from "~/forms/app-editor";
import { formatReleaseDate } from "~/forms/submit";
import { BODY_LIMITS } from "~/lib/body-limits";
import { pdf, png, svg } from "../../server/conformance/files";
import { createAppThroughApi, uniqueEmail, validRegistration } from "../support/provider";
import { worstCaseArrange, worstCaseImport } from "../support/worst-case-json";
import {
  CONSOLE_URL,
  type Company,
  createCompany,
  escapeRegExp,
  expect,
  provider,
  SANDBOX_URL,
  signIn,
  test,
  translate,
} from "./fixtures";
import {
  createReviewApp,
  preApprovalsOf,
  type ReviewApp,
  setStatus,
  submissionsOf,
} from "./review-api";

// biome-ignore lint/suspicious/noSkippedTests: requests, not pages: once, in the JS project
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "it sends requests, not pages");
// A failure names its exact request; a trace would hold every body sent (up to 33 MB each).
test.use({ trace: "off" });

const ORIGIN = new URL(CONSOLE_URL).origin;
const KB = 1024;
const MB = 1024 * KB;

// ---------------------------------------------------------------------------------------
// Sessions and the store, through the fixtures

async function tokenOf(company: Company) {
  return (await provider.signIn(company.email, company.password)).access_token;
}

/** The console's cookies of the page's context, as a Cookie header (for requests made outside Playwright). */
async function cookieHeader(page: Page): Promise<string> {
  return (await page.context().cookies(CONSOLE_URL))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
}

async function apiJson<T>(path: string, token: string): Promise<T> {
  const res = await provider.apiFetch(path, {}, token);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface ListedApp {
  appGroupId: string;
  versions: { versionId: string }[];
}

/** Everything stored of the company's apps: the list, and every version in full. */
async function storedApps(token: string) {
  const list = await apiJson<ListedApp[]>("apps", token);
  const versions = await Promise.all(
    list.flatMap((app) =>
      app.versions.map((version) => apiJson<unknown>(`apps/${version.versionId}`, token)),
    ),
  );
  return { list, versions };
}

/** Every text in a value the database could not store (a NUL, a lone surrogate), with where it is. */
function unstorableTexts(value: unknown, where = "$"): string[] {
  if (typeof value === "string") {
    return value.includes("\0") || !(value as string & { isWellFormed(): boolean }).isWellFormed()
      ? [`${where}: ${JSON.stringify(value)}`]
      : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => unstorableTexts(item, `${where}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => [
      ...unstorableTexts(key, `${where} key`),
      ...unstorableTexts(item, `${where}.${key}`),
    ]);
  }
  return [];
}

/** An image uploaded through the API, as the listing form holds it. */
async function uploadIcon(token: string): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append("file", new Blob([png(256, 256) as BlobPart], { type: "image/png" }), "icon.png");
  const res = await provider.apiFetch("images?purpose=icon", { method: "POST", body: form }, token);
  if (!res.ok) throw new Error(`POST images: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; url: string };
}

// ---------------------------------------------------------------------------------------
// Bodies without end

/** A multipart body's opening: one file part, whose bytes then never end. */
const openFilePart = (boundary: string, name: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="endless.png"\r\nContent-Type: image/png\r\n\r\n`;

/** Text parts, as a form sends its fields before its files. */
const textParts = (boundary: string, fields: Record<string, string>) =>
  Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");

interface Stream {
  status: number | null;
  /** Bytes handed to the socket when the answer arrived. */
  written: number;
  /**
   * How long the console's /healthz took meanwhile, each round, in ms (Infinity: no answer
   * within a second), with the sandbox's /healthz asked at the same moment: the machine's pace.
   */
  health: { console: number; sandbox: number }[];
}

const CHUNK = Buffer.alloc(64 * KB, "a");

/**
 * Posts `opening` and then 64 KB chunks without end (Transfer-Encoding: chunked), paced by the
 * socket, until an answer arrives (or `giveUpAfter` bytes), while /healthz is asked every 200 ms.
 */
async function streamWithoutEnd(
  path: string,
  headers: Record<string, string>,
  opening: string,
  giveUpAfter: number,
): Promise<Stream> {
  const url = new URL(path, CONSOLE_URL);
  const health: Stream["health"] = [];
  const healthz = async (base: string) => {
    const started = Date.now();
    const ok = await fetch(new URL("/healthz", base), { signal: AbortSignal.timeout(1_000) })
      .then((res) => res.ok)
      .catch(() => false);
    return ok ? Date.now() - started : Infinity;
  };
  // Warm: what is measured is the stream's effect, not a first answer.
  await Promise.all([healthz(CONSOLE_URL), healthz(SANDBOX_URL)]);
  let answered = false;
  const probe = (async () => {
    while (!answered) {
      const [consoleMs, sandboxMs] = await Promise.all([
        healthz(CONSOLE_URL),
        healthz(SANDBOX_URL),
      ]);
      health.push({ console: consoleMs, sandbox: sandboxMs });
      await sleep(200);
    }
  })();

  const result = await new Promise<Omit<Stream, "health">>((resolve) => {
    let written = 0;
    let done = false;
    const finish = (status: number | null) => {
      if (done) return;
      done = true;
      resolve({ status, written });
      req.destroy();
    };
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: { origin: ORIGIN, "transfer-encoding": "chunked", ...headers },
    });
    req.on("response", (res) => {
      res.resume();
      finish(res.statusCode ?? null);
    });
    // A connection closed after the answer was read is no failure; one closed before it is.
    req.on("error", () => setTimeout(() => finish(null), 100));
    req.write(opening);
    written += Buffer.byteLength(opening);
    const pump = () => {
      if (done) return;
      if (written > giveUpAfter) return finish(null);
      written += CHUNK.length;
      // A millisecond between chunks, so that the count stays near what the server has read;
      // each write right after the event loop has read the socket, as a browser reads an
      // answer that arrives while it is still sending.
      const next = () => setTimeout(() => setImmediate(pump), 1);
      if (req.write(CHUNK)) next();
      else req.once("drain", next);
    };
    pump();
  });
  answered = true;
  await probe;
  return { ...result, health };
}

/**
 * How far past the limit a client may have sent when the answer reaches it: what the loopback
 * socket buffers hold while the 413 is on its way (a few MB when the machine is busy).
 */
const IN_FLIGHT = 8 * MB;

/**
 * The answer arrives once the limit is read, not far beyond it, and the console's /healthz
 * answers within a second meanwhile (a round in which the sandbox, another process, took as
 * long too tells of a busy machine, not of a stalled console).
 */
async function expectRefusedAtLimit(
  path: string,
  limit: number,
  headers: Record<string, string>,
  opening = "",
) {
  const stream = await streamWithoutEnd(path, headers, opening, limit + 64 * MB);
  expect(
    stream.status,
    `the answer to a body without end to ${path} (${stream.written} bytes sent)`,
  ).toBe(413);
  expect(stream.written, "bytes sent before the answer").toBeGreaterThanOrEqual(limit);
  expect(stream.written, "bytes sent before the answer").toBeLessThan(limit + IN_FLIGHT);
  expect(stream.health.length, "/healthz asked during the stream").toBeGreaterThan(0);
  const rounds = stream.health.map((round) => `${round.console}/${round.sandbox}`).join(", ");
  const stalled = stream.health.filter((round) => round.console > 1_000 && round.sandbox <= 1_000);
  expect(stalled, `/healthz answers within a second (console/sandbox: ${rounds} ms)`).toEqual([]);
}

test.describe("a body without end", () => {
  test("to a form is answered 413 after 256 KB", async () => {
    await expectRefusedAtLimit(
      "/en-AU/auth/reset-password",
      BODY_LIMITS.form,
      { "content-type": "application/x-www-form-urlencoded" },
      "email=",
    );
  });

  test("to the log collector is answered 413 after 8 KB", async () => {
    await expectRefusedAtLimit(
      "/en-AU/log",
      BODY_LIMITS.log,
      { "content-type": "application/json" },
      '{"kind":"error","message":"',
    );
  });

  test("to the registration is answered 413 after 10 MB", async () => {
    const boundary = "endless-registration";
    await expectRefusedAtLimit(
      "/en-AU/auth/register",
      BODY_LIMITS.registration,
      { "content-type": `multipart/form-data; boundary=${boundary}` },
      openFilePart(boundary, "companyIcon"),
    );
  });

  test("to a listing is answered 413 after 32 MB", async ({ page, company }) => {
    const app = await createAppThroughApi(provider, await tokenOf(company));
    await signIn(page, company);
    const boundary = "endless-listing";
    await expectRefusedAtLimit(
      `/en-AU/apps/${app.id}/marketplace`,
      BODY_LIMITS.listing,
      {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        cookie: await cookieHeader(page),
      },
      openFilePart(boundary, "iconFile"),
    );
  });

  test("to a pre-approval with its documents is answered 413 after 82 MB", async ({
    page,
    company,
  }) => {
    const app = await createAppThroughApi(provider, await tokenOf(company));
    await signIn(page, company);
    const boundary = "endless-documents";
    await expectRefusedAtLimit(
      `/en-AU/apps/group/${app.groupAppId}/approval?new=1`,
      BODY_LIMITS.documents,
      {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        cookie: await cookieHeader(page),
      },
      textParts(boundary, { intent: "create", versionMajorId: app.id }) +
        openFilePart(boundary, "files"),
    );
  });

  test("to the data attestation with its diagram is answered 413 after 10 MB", async ({
    page,
    company,
  }) => {
    const app = await createAppThroughApi(provider, await tokenOf(company));
    await signIn(page, company);
    const boundary = "endless-diagram";
    await expectRefusedAtLimit(
      `/en-AU/apps/${app.id}/data`,
      BODY_LIMITS.diagram,
      {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        cookie: await cookieHeader(page),
      },
      openFilePart(boundary, "diagram"),
    );
  });

  test("to a page of another company's app, or one naming an unknown version, is answered before the body is read and the connection closed", async ({
    page,
    company,
  }) => {
    const theirs = await createAppThroughApi(provider, await tokenOf(await createCompany()));
    const app = await createAppThroughApi(provider, await tokenOf(company));
    await signIn(page, company);
    const cookie = await cookieHeader(page);
    const posts: [path: string, opening: (boundary: string) => string, status: number][] = [
      [
        `/en-AU/apps/group/${theirs.groupAppId}/approval?new=1`,
        (b) =>
          textParts(b, { intent: "create", versionMajorId: theirs.id }) + openFilePart(b, "files"),
        404,
      ],
      [
        `/en-AU/apps/group/${app.groupAppId}/approval?new=1`,
        (b) =>
          textParts(b, { intent: "create", versionMajorId: theirs.id }) + openFilePart(b, "files"),
        400,
      ],
      [`/en-AU/apps/group/${app.groupAppId}/approval?new=1`, (b) => openFilePart(b, "files"), 400],
      [`/en-AU/apps/${theirs.id}/marketplace`, (b) => openFilePart(b, "iconFile"), 404],
      [`/en-AU/apps/${theirs.id}/data`, (b) => openFilePart(b, "diagram"), 404],
    ];
    for (const [path, opening, status] of posts) {
      const boundary = "endless-refused";
      const stream = await streamWithoutEnd(
        path,
        { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
        opening(boundary),
        2 * BODY_LIMITS.documents,
      );
      expect(stream.status, `the answer to ${path} (${stream.written} bytes sent)`).toBe(status);
      expect(stream.written, `bytes sent to ${path} before the answer`).toBeLessThan(IN_FLIGHT);
    }
  });

  test("to the new app's listing, which reads no body, is answered at once and the connection closed", async () => {
    const boundary = "endless-new-listing";
    const stream = await streamWithoutEnd(
      "/en-AU/apps/new/marketplace",
      { "content-type": `multipart/form-data; boundary=${boundary}` },
      openFilePart(boundary, "iconFile"),
      BODY_LIMITS.listing + 64 * MB,
    );
    expect(stream.status, "an answer, before the body ends").not.toBeNull();
    expect(stream.status ?? 500, "no server error").toBeLessThan(500);
    expect(stream.written, "bytes sent before the answer").toBeLessThan(
      BODY_LIMITS.listing + IN_FLIGHT,
    );
  });
});

// ---------------------------------------------------------------------------------------
// Hostile values

const SEED = Number(process.env.HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** `n` values of an arbitrary, drawn from the run's seed (`salt` keeps the draws of each property apart). */
function draw<T>(arbitrary: fc.Arbitrary<T>, n: number, salt: string): T[] {
  let hash = SEED;
  for (const char of salt) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return fc.sample(arbitrary, { numRuns: n, seed: hash });
}

/** Bytes sent as they are (urlencoded: each byte percent-encoded), e.g. invalid UTF-8. */
interface Raw {
  raw: Buffer;
  /** How the value is shown in a case's label. */
  shown: string;
}

/** A file part. */
interface FilePart {
  fileName: string;
  type: string;
  bytes: Uint8Array | string;
}

type Value = string | Raw | FilePart;
type Field = [name: string, value: Value];

const isRaw = (value: Value): value is Raw => typeof value === "object" && "raw" in value;
const isFile = (value: Value): value is FilePart =>
  typeof value === "object" && "fileName" in value;

/** Text around a NUL character. */
const nulText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([a, b]) => `${a.trim() || "x"}\u0000${b}`);

/** Text around a lone surrogate (a browser's URLSearchParams and multipart send it as U+FFFD). */
const loneSurrogateText = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.string({ maxLength: 12 }),
  )
  .map(([a, code, b]) => `${a.trim() || "x"}${String.fromCharCode(code)}${b}`);

/** Bytes that are not UTF-8: a surrogate's encoding (ED A0 80), an overlong NUL, bytes UTF-8 never holds, a cut sequence. */
const invalidUtf8: fc.Arbitrary<Raw> = fc
  .tuple(
    fc.constantFrom(
      [0xed, 0xa0, 0x80],
      [0xed, 0xbf, 0xbf],
      [0xc0, 0x80],
      [0xff, 0xfe],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
      [0xe2, 0x82],
    ),
    fc.string({ unit: "grapheme-ascii", maxLength: 8 }),
  )
  .map(([bytes, text]) => {
    const raw = Buffer.concat([Buffer.from(text.trim() || "x"), Buffer.from(bytes)]);
    return {
      raw,
      shown: [...raw]
        .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
        .join(""),
    };
  });

/** Numbers a whole-number field must refuse: beyond int32, negative, fractional, not finite, not numbers. */
const hostileNumber = fc.oneof(
  fc.constantFrom(
    "2147483648",
    "-2147483649",
    "9".repeat(400),
    "1e309",
    "-1e309",
    "-1",
    "1.5",
    "NaN",
    "Infinity",
    "0x7fffffff",
    "1_0",
    "١",
  ),
  fc.double({ noDefaultInfinity: false }).map(String),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 200n }).map((n) => (n % 2n === 0n ? `-${n}` : String(n))),
);

/** Ids that are not ids: path traversal, NUL, very long, script, junk (already encoded for a path). */
const hostilePathId = fc.oneof(
  fc.constantFrom(
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "%00",
    `${randomUUID()}%00`,
    "a".repeat(4000),
    "%ED%A0%80",
    "%3Cscript%3E",
    "1%20OR%201%3D1",
    "%FF",
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

/** The same ids as form values (decoded). */
const hostileIdValue = fc.oneof(
  fc.constantFrom(
    "../../etc/passwd",
    "\u0000",
    `${randomUUID()}\u0000`,
    "a".repeat(4000),
    "<script>alert(1)</script>",
    "1 OR 1=1",
    `${randomUUID().toUpperCase()} `,
  ),
  fc.string({ maxLength: 40 }),
);

/** Addresses outside the console, or not addresses (for redirectTo). */
const hostileRedirect = fc.oneof(
  fc.constantFrom(
    "//evil.example/",
    "/\\evil.example",
    "/\t/evil.example",
    " //evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\r\nSet-Cookie: hostile=1",
    "/%0d%0aSet-Cookie:%20hostile=1",
    "/en-AU/apps\u0000",
    "/..%2F..%2Fetc%2Fpasswd",
    "/%2F%2Fevil.example",
  ),
  fc.string({ maxLength: 60 }).map((text) => `/${text}`),
);

/** A PNG (a real 256x256 one) followed by an HTML page with a script. */
const pngPolyglot = () =>
  Buffer.concat([
    png(256, 256),
    Buffer.from("<html><body><script>alert(document.domain)</script></body></html>"),
  ]);
/** A PNG header that declares 256x256, then HTML where the image data should be. */
const pngHeaderHtml = () =>
  Buffer.concat([
    png(256, 256).subarray(0, 33),
    Buffer.from("<!doctype html><script>alert(1)</script>"),
  ]);
/** An SVG whose script runs when it is opened as a document. */
const scriptSvg = (attributes = 'width="256" height="256" viewBox="0 0 256 256"') =>
  svg(
    attributes,
    '<script>alert(document.domain)</script><a href="javascript:alert(1)"><rect width="10" height="10" onload="alert(1)"/></a>',
  );

// ---------------------------------------------------------------------------------------
// Requests

interface Expected {
  /** The answers allowed (never a 5xx). */
  status: readonly number[];
  /** On a 400: the field the answered page names (marked invalid, with its message). */
  field?: string;
  /**
   * A field tied to `field` by a rule of both (a password and its confirmation): a value that
   * passes `field`'s own rules may be refused there instead, and is then named there.
   */
  tiedField?: string;
  /** That field's message, when the rule it breaks is known (a function: the text may not exist yet). */
  message?: () => string;
}

interface Case {
  label: string;
  path: string;
  /** null: no Content-Type header. */
  contentType: string | null;
  body: Buffer;
  origin?: string;
  expected: Expected;
}

interface Answer {
  status: number;
  location?: string;
  body: string;
}

/** A value as a browser's form encodes it (a lone surrogate as U+FFFD); raw bytes as they are. */
const encodeValue = (value: Value) =>
  isRaw(value) ? value.shown : new URLSearchParams({ v: value as string }).toString().slice(2);

/** An urlencoded body as a browser builds it (lone surrogates become U+FFFD); raw values go byte by byte. */
function urlencoded(fields: Field[]): Buffer {
  return Buffer.from(
    fields
      .map(([name, value]) => {
        if (isFile(value)) throw new Error(`${name}: a file cannot be urlencoded`);
        return `${new URLSearchParams({ v: name }).toString().slice(2)}=${encodeValue(value)}`;
      })
      .join("&"),
  );
}

/** A multipart body (text parts as UTF-8, so lone surrogates become U+FFFD; raw parts as they are). */
function multipart(fields: Field[], boundary: string): Buffer {
  const parts = fields.map(([name, value]) => {
    const head = isFile(value)
      ? `Content-Disposition: form-data; name="${name}"; filename="${value.fileName}"\r\nContent-Type: ${value.type}`
      : `Content-Disposition: form-data; name="${name}"`;
    const bytes = isFile(value)
      ? Buffer.from(value.bytes)
      : isRaw(value)
        ? value.raw
        : Buffer.from(value);
    return Buffer.concat([
      Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
      bytes,
      Buffer.from("\r\n"),
    ]);
  });
  return Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
}

type Encoding = "urlencoded" | "multipart";

function formCase(
  label: string,
  path: string,
  encoding: Encoding,
  fields: Field[],
  expected: Expected,
): Case {
  if (encoding === "urlencoded" && !fields.some(([, value]) => isFile(value))) {
    return {
      label,
      path,
      contentType: "application/x-www-form-urlencoded",
      body: urlencoded(fields),
      expected,
    };
  }
  const boundary = `----hostile${randomUUID().replace(/-/g, "")}`;
  return {
    label,
    path,
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: multipart(fields, boundary),
    expected,
  };
}

/** A printable account of a value, for labels. */
function shown(value: Value): string {
  const text = isRaw(value)
    ? `raw ${value.shown}`
    : isFile(value)
      ? `file ${value.fileName} (${value.type})`
      : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 60)}… (${text.length} chars)` : text;
}

/** The form with `name` set to `value` (or sent once more, `twice`), the other fields as in `base`. */
function withField(base: Field[], name: string, value: Value, twice = false): Field[] {
  if (twice) return [...base.filter(([n]) => n !== name), [name, value], [name, value]];
  return base.some(([n]) => n === name)
    ? base.map(([n, v]) => [n, n === name ? value : v] as Field)
    : [...base, [name, value]];
}

/** The exact request of a case, as a failure shows it. */
function requestLine(c: Case): string {
  const body =
    c.body.length > 300
      ? `${JSON.stringify(c.body.subarray(0, 300).toString("latin1"))}… (${c.body.length} bytes)`
      : JSON.stringify(c.body.toString("latin1"));
  return `POST ${c.path} [${c.contentType ?? "no content type"}${c.origin ? `, Origin ${c.origin}` : ""}] ${body}`;
}

async function send(page: Page, c: Case): Promise<Answer> {
  const headers: Record<string, string> = { origin: c.origin ?? ORIGIN };
  if (c.contentType === null) {
    // Playwright gives every body a type: without one, Node's fetch with the context's cookies.
    const res = await fetch(new URL(c.path, CONSOLE_URL), {
      method: "POST",
      headers: { ...headers, cookie: await cookieHeader(page) },
      body: new Uint8Array(c.body),
      redirect: "manual",
    });
    return {
      status: res.status,
      location: res.headers.get("location") ?? undefined,
      body: await res.text(),
    };
  }
  const res = await page.request.post(`${CONSOLE_URL}${c.path}`, {
    headers: { ...headers, "content-type": c.contentType },
    data: c.body,
    maxRedirects: 0,
    failOnStatusCode: false,
    timeout: 20_000,
  });
  return { status: res.status(), location: res.headers().location, body: await res.text() };
}

// ---------------------------------------------------------------------------------------
// Checks of an answer

const decodeHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");

/**
 * The message the page shows for a field (conform's ids: `{form}-{field}-error`), when the
 * field's control is marked invalid (a control named so with `aria-invalid`, or none).
 */
function fieldMessage(html: string, field: string): string | undefined {
  const error = new RegExp(
    `<(\\w+)\\b[^>]*\\bid="[^"]*-${escapeRegExp(field)}-error"[^>]*>([\\s\\S]*?)</\\1>`,
  ).exec(html);
  if (!error) return undefined;
  const controls = [
    ...html.matchAll(
      new RegExp(`<(?:input|select|textarea)\\b[^>]*\\bname="${escapeRegExp(field)}"[^>]*>`, "g"),
    ),
  ].map(([tag]) => tag);
  const marked = controls.filter((tag) => /\baria-invalid=/.test(tag));
  if (marked.length > 0 && !marked.some((tag) => /\baria-invalid="true"/.test(tag)))
    return undefined;
  // A list of messages (an image field's): the first.
  const first = /<li\b[^>]*>([\s\S]*?)<\/li>/.exec(error[2]);
  return decodeHtml(first ? first[1] : error[2]).trim();
}

/** Every text of locales/en-AU as a pattern (`{{field}}` matches anything). */
const LOCALE_TEXTS: RegExp[] = (() => {
  const dir = path.resolve(import.meta.dirname, "../../locales/en-AU");
  const texts: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === "string") texts.push(node);
    else if (node && typeof node === "object") Object.values(node).forEach(walk);
  };
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json")))
    walk(JSON.parse(readFileSync(path.join(dir, file), "utf8")));
  return texts
    .map((text) => text.split(/\{\{\s*\w+\s*\}\}/))
    .filter((literals) => literals.join("").trim().length >= 8) // "{{name}} {{version}}" says nothing
    .map((literals) => new RegExp(`^${literals.map(escapeRegExp).join("[\\s\\S]+?")}$`));
})();

/** A text of locales/en-AU, or a refused file's `{{file}}: {{message}}` with such a message. */
const isLocaleText = (message: string): boolean =>
  LOCALE_TEXTS.some((pattern) => pattern.test(message)) ||
  (message.includes(": ") && isLocaleText(message.slice(message.indexOf(": ") + 2)));

/** A redirect that stays in the console: a path of its own origin, without control characters. */
function staysInConsole(location: string | undefined): boolean {
  if (!location || /[\u0000-\u001f\u007f]/.test(location)) return false;
  if (/^https?:/i.test(location)) return new URL(location).origin === ORIGIN;
  return (
    location.startsWith("/") &&
    !location.startsWith("//") &&
    !location.startsWith("/\\") &&
    new URL(location, CONSOLE_URL).origin === ORIGIN
  );
}

let cases = 0;

function check(c: Case, answer: Answer) {
  cases += 1;
  const request = requestLine(c);
  const failed = answer.status === 599 ? ` (${answer.body})` : "";
  expect
    .soft(answer.status, `${c.label}: never a server error${failed}\n  ${request}`)
    .toBeLessThan(500);
  expect
    .soft(c.expected.status, `${c.label}: answered ${answer.status}\n  ${request}`)
    .toContain(answer.status);
  if (answer.status >= 300 && answer.status < 400) {
    expect
      .soft(
        staysInConsole(answer.location),
        `${c.label}: redirect to ${JSON.stringify(answer.location)} stays in the console\n  ${request}`,
      )
      .toBe(true);
  }
  if (answer.status === 400 && c.expected.field) {
    const tied = c.expected.tiedField;
    const field =
      !fieldMessage(answer.body, c.expected.field) && tied && fieldMessage(answer.body, tied)
        ? tied
        : c.expected.field;
    const message = fieldMessage(answer.body, field);
    expect
      .soft(
        message,
        `${c.label}: the page names ${field} (marked invalid, with its message)\n  ${request}`,
      )
      .toBeTruthy();
    if (!message) return;
    expect
      .soft(
        isLocaleText(message),
        `${c.label}: ${field}'s message ${JSON.stringify(message)} is one of locales/en-AU\n  ${request}`,
      )
      .toBe(true);
    if (c.expected.message) {
      let wanted: string;
      try {
        wanted = c.expected.message();
      } catch (error) {
        wanted = `(${(error as Error).message})`;
      }
      expect.soft(message, `${c.label}: ${field}'s message\n  ${request}`).toBe(wanted);
    }
  }
}

/** Sends the cases, a few at a time, and checks each answer; the answers, in the cases' order. */
async function run(page: Page, list: Case[], concurrency = 4): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const index = next++;
        const c = list[index];
        const answer = await send(page, c).catch((error: Error) => ({
          status: 599,
          body: `request failed: ${error.message}`,
        }));
        check(c, answer);
        answers[index] = answer;
      }
    }),
  );
  return answers;
}

/**
 * The images a listing page holds (its hidden `promo.*.url` fields) other than `known`: an
 * accepted upload shows one, and each is served as the image it is (PNG or JPEG), never
 * sniffed as a document.
 */
async function expectServedAsImages(label: string, answer: Answer, known: string[]) {
  const urls = [
    ...answer.body.matchAll(/<input\b[^>]*\bname="promo\.[^"]*\.url"[^>]*\bvalue="([^"]+)"/g),
  ]
    .map(([, url]) => decodeHtml(url))
    .filter((url) => !known.includes(url));
  if (answer.status === 200)
    expect.soft(urls.length, `${label}: the accepted file is shown`).toBeGreaterThan(0);
  for (const url of urls) {
    const res = await fetch(url);
    expect
      .soft(res.headers.get("content-type") ?? "", `${label}: ${url} is served as an image`)
      .toMatch(/^image\/(png|jpeg)\b/);
    expect
      .soft(res.headers.get("x-content-type-options"), `${label}: ${url} is never sniffed`)
      .toBe("nosniff");
  }
}

// ---------------------------------------------------------------------------------------
// Cases

const REFUSED = [400] as const;
/** A hostile id in the path: refused, not found, or (a path no route takes) no action there. */
const NOT_FOUND = [400, 404, 405] as const;

interface FormSpec {
  path: string;
  encoding: Encoding;
  /** A valid form: each case changes one field. */
  base: () => Field[];
  /** The body limit of the route. */
  limit: number;
}

/**
 * Bodies that are not the form: JSON, text, no type, broken multipart, over the limit, from
 * another origin (`some`: that many of them, drawn, for a route whose action reads its body
 * as another route's does).
 */
function shapeCases(spec: FormSpec, refused: readonly number[] = REFUSED, some?: number): Case[] {
  const { path } = spec;
  const base = spec.base();
  const boundary = "----hostile-shape";
  const good = multipart(base, boundary);
  const json = Buffer.from(
    JSON.stringify(
      Object.fromEntries(
        base.map(([name, value]) => [name, typeof value === "string" ? value : "x"]),
      ),
    ),
  );
  const expected = { status: refused };
  const shape = (label: string, contentType: string | null, body: Buffer): Case => ({
    label: `${path} ${label}`,
    path,
    contentType,
    body,
    expected,
  });
  const over = Buffer.alloc(Math.max(MB, spec.limit + 64 * KB), "a");
  const all = [
    shape("JSON", "application/json", json),
    shape("JSON that is not JSON", "application/json", Buffer.from('{"a":')),
    shape("text/plain", "text/plain", urlencoded(base.filter(([, value]) => !isFile(value)))),
    shape("no content type", null, urlencoded(base.filter(([, value]) => !isFile(value)))),
    shape("multipart without a boundary", "multipart/form-data", good),
    shape("multipart with another boundary", "multipart/form-data; boundary=not-the-one", good),
    shape(
      "multipart cut in a part",
      `multipart/form-data; boundary=${boundary}`,
      good.subarray(0, Math.floor(good.length / 2)),
    ),
    shape(
      "multipart without its closing boundary",
      `multipart/form-data; boundary=${boundary}`,
      good.subarray(0, good.length - boundary.length - 6),
    ),
    {
      ...shape(
        `a field of ${over.length} bytes (over the ${spec.limit / KB} KB limit)`,
        "application/x-www-form-urlencoded",
        Buffer.concat([Buffer.from(`${base[0][0]}=`), over]),
      ),
      expected: { status: [413] },
    },
    {
      ...formCase(`${path} from another origin`, path, spec.encoding, base, { status: [403] }),
      origin: "http://evil.example",
    },
  ];
  return some === undefined
    ? all
    : draw(fc.shuffledSubarray(all, { minLength: some, maxLength: some }), 1, `${path} shapes`)[0];
}

interface FieldAttack {
  /** Refusals of a NUL in the field: 400 naming it, with this message. */
  nul: number;
  message?: () => string;
  /** The field a rule ties it to (its confirmation): a decoded value that passes may be refused there. */
  tiedTo?: string;
  /** Text longer than the field allows (within the body limit): refused naming the field. */
  long?: boolean;
}

/**
 * For each text field: `nul` values with a NUL (refused, the field named). For `each` of the
 * fields (drawn; all by default): a value over the field's length, the field sent twice, and
 * as a file (refused, named); and, in `decoded`, the values a lone surrogate and invalid
 * UTF-8 become (U+FFFD on the way in): refused naming the field, or accepted with nothing
 * unstorable stored.
 */
function textCases(
  spec: FormSpec,
  fields: Record<string, FieldAttack>,
  options: { each?: number; refused?: readonly number[]; accepted?: readonly number[] } = {},
): { strict: Case[]; decoded: Case[] } {
  const refused = options.refused ?? REFUSED;
  const accepted = options.accepted ?? [302, 303];
  const names = Object.keys(fields);
  const some = (attack: string) => {
    const each = Math.min(options.each ?? names.length, names.length);
    return draw(
      fc.shuffledSubarray(names, { minLength: each, maxLength: each }),
      1,
      `${spec.path} ${attack} fields`,
    )[0];
  };
  const one = (field: string, label: string, value: Value, expected: Expected, twice = false) =>
    formCase(
      `${spec.path} ${field} = ${label}`,
      spec.path,
      spec.encoding,
      withField(spec.base(), field, value, twice),
      expected,
    );
  const named = (field: string, message?: () => string): Expected => ({
    status: refused,
    field,
    message,
  });
  const either = (field: string): Expected => ({
    status: [...refused, ...accepted],
    field,
    tiedField: fields[field].tiedTo,
  });
  const strict = [
    ...names.flatMap((field) =>
      draw(nulText, fields[field].nul, `${spec.path} ${field} nul`).map((value) =>
        one(field, shown(value), value, named(field, fields[field].message)),
      ),
    ),
    ...some("long")
      .filter((field) => fields[field].long)
      .map((field) => one(field, "100,000 characters", "a".repeat(100_000), named(field))),
    ...some("twice").map((field) => one(field, `twice (${shown("x")})`, "x", named(field), true)),
    ...some("file").map((field) =>
      one(
        field,
        "a file",
        { fileName: "field.txt", type: "text/plain", bytes: "text in a file" },
        named(field),
      ),
    ),
  ];
  const decoded = some("decoded").flatMap((field) => {
    const surrogate = draw(loneSurrogateText, 1, `${spec.path} ${field} surrogate`)[0];
    const bytes = draw(invalidUtf8, 1, `${spec.path} ${field} utf8`)[0];
    return [
      one(field, `${shown(surrogate)} (lone surrogate)`, surrogate, either(field)),
      one(field, `${shown(bytes)} (invalid UTF-8)`, bytes, either(field)),
    ];
  });
  return { strict, decoded };
}

/** Whole-number fields: huge, negative, fractional and non-numbers (refused, named), twice and as a file. */
/**
 * Numbers a field refuses. `zero` is the message of a value that is 0 (as "0", "-0", "0.0"...),
 * where the field reads 0 as nothing chosen.
 */
function numberCases(
  spec: FormSpec,
  fields: Record<string, { valid: readonly number[]; message: () => string; zero?: () => string }>,
  n: number,
): Case[] {
  return Object.entries(fields).flatMap(([field, { valid, message, zero }]) => {
    const values = draw(
      hostileNumber.filter((text) => text.trim() !== "" && !valid.includes(Number(text.trim()))),
      n,
      `${spec.path} ${field} number`,
    );
    const one = (label: string, value: Value, twice = false) =>
      formCase(
        `${spec.path} ${field} = ${label}`,
        spec.path,
        spec.encoding,
        withField(spec.base(), field, value, twice),
        {
          status: REFUSED,
          field,
          message:
            zero && !twice && typeof value === "string" && Number(value.trim()) === 0
              ? zero
              : message,
        },
      );
    return [
      ...values.map((value) => one(JSON.stringify(value), value)),
      one(`twice (${valid[0]}, ${valid[1] ?? valid[0]})`, String(valid[0]), true),
      one("a file", { fileName: "number.txt", type: "text/plain", bytes: String(valid[0]) }),
    ];
  });
}

/** Messages of locales/en-AU, looked up when checked. */
const text = (key: string, values?: Record<string, string | number>) => () =>
  translate("en-AU", key, values);
const editorLabel = (field: string) => translate("en-AU", `appEditor:fields.${field}.label`);
const editorMessage = (field: string, rule: string) => () =>
  translate("en-AU", `appEditor:errors.${rule}`, { field: editorLabel(field) });

/** A NUL in an editor field: the contract's `invalidCharacters` rule, worded by the editor. */
const invalidCharacters = (field: string) => editorMessage(field, "invalidCharacters");

// ---------------------------------------------------------------------------------------
// Every form action

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe("every form action", () => {
  // One worker runs them in order, so that the count printed at the end is the whole count.
  test.describe.configure({ mode: "default", timeout: 120_000 });

  // A failed test ends its worker: the count of each worker is then printed apart.
  test.afterAll(() => {
    if (cases > 0) console.log(`hostile console inputs: ${cases} cases (seed ${SEED})`);
  });

  test.describe(() => {
    test.use({ acceptedTerms: false });

    test("reset-password: the email field, bodies that are not forms; no mail sent", async ({
      page,
      company,
    }) => {
      const spec: FormSpec = {
        path: "/en-AU/auth/reset-password",
        encoding: "urlencoded",
        base: () => [["email", company.email]],
        limit: BODY_LIMITS.form,
      };
      // Hostile text inside the address of a real account: a console that cut it at the NUL would mail it.
      const inside = (arbitrary: fc.Arbitrary<string>, salt: string, n: number) =>
        draw(fc.tuple(fc.nat({ max: company.email.length }), arbitrary), n, salt).map(
          ([at, text]) => `${company.email.slice(0, at)}${text}${company.email.slice(at)}`,
        );
      const email = (label: string, value: Value, twice = false) =>
        formCase(
          `${spec.path} email = ${label}`,
          spec.path,
          "urlencoded",
          withField(spec.base(), "email", value, twice),
          { status: REFUSED, field: "email" },
        );
      await run(page, [
        ...inside(nulText, "reset nul", 6).map((value) => email(shown(value), value)),
        ...inside(loneSurrogateText, "reset surrogate", 3).map((value) =>
          email(`${shown(value)} (lone surrogate)`, value),
        ),
        ...draw(invalidUtf8, 3, "reset utf8").map((bytes) => {
          const raw = {
            raw: Buffer.concat([Buffer.from(company.email), bytes.raw]),
            shown: `${encodeURIComponent(company.email)}${bytes.shown}`,
          };
          return email(`${shown(raw)} (invalid UTF-8)`, raw);
        }),
        email("300 characters", `${"a".repeat(290)}@example.test`),
        email("twice", company.email, true),
        email("a file", { fileName: "email.txt", type: "text/plain", bytes: company.email }),
        ...shapeCases(spec),
      ]);
      const mails = await provider.outbox(company.email);
      expect(
        mails.filter((mail) => mail.kind === "reset-password"),
        "no reset mail was sent for a hostile address",
      ).toEqual([]);
    });

    test("accept-terms, language and sign-out: hostile values and return addresses", async ({
      page,
      company,
    }) => {
      await signIn(page, company);
      const redirected = { status: [302, 303] };
      const terms: FormSpec = {
        path: "/en-AU/accept-terms",
        encoding: "urlencoded",
        base: () => [
          ["accept", "yes"],
          ["redirectTo", "/en-AU/apps"],
        ],
        limit: BODY_LIMITS.form,
      };
      const language: FormSpec = {
        path: "/en-AU/language",
        encoding: "urlencoded",
        base: () => [
          ["lang", "en-AU"],
          ["redirectTo", "/en-AU/apps"],
        ],
        limit: BODY_LIMITS.form,
      };
      const one = (spec: FormSpec, field: string, value: Value, twice = false) =>
        formCase(
          `${spec.path} ${field} = ${shown(value)}${twice ? " twice" : ""}`,
          spec.path,
          "urlencoded",
          withField(spec.base(), field, value, twice),
          redirected,
        );
      const termsAccepted = async () => {
        const users = (await (
          await provider.admin(`users?companyId=${company.companyId}`)
        ).json()) as { termsAccepted: boolean }[];
        return users.map((user) => user.termsAccepted);
      };

      await test.step("accept-terms: only the checkbox's own value accepts", async () => {
        const notYes = fc
          .oneof(
            nulText,
            loneSurrogateText,
            fc.constantFrom("yes\u0000", "YES", " yes", "yes ", "true", "on", "1"),
            fc.string(),
          )
          .filter((value) => value !== "yes");
        await run(page, [
          ...draw(notYes, 8, "terms accept").map((value) => one(terms, "accept", value)),
          ...draw(invalidUtf8, 2, "terms utf8").map((value) =>
            one(terms, "accept", {
              raw: Buffer.concat([Buffer.from("yes"), value.raw]),
              shown: `yes${value.shown}`,
            }),
          ),
          formCase(
            `${terms.path} accept = "no", then "yes"`,
            terms.path,
            "urlencoded",
            [
              ["accept", "no"],
              ["accept", "yes"],
              ["redirectTo", "/en-AU/apps"],
            ],
            redirected,
          ),
          one(terms, "accept", { fileName: "accept.txt", type: "text/plain", bytes: "yes" }),
          ...shapeCases(terms),
        ]);
        expect(await termsAccepted(), "the terms are not accepted by a hostile value").toEqual([
          false,
        ]);
        // Then accepted for real, with hostile return addresses.
        await run(
          page,
          draw(hostileRedirect, 6, "terms redirect").map((value) =>
            one(terms, "redirectTo", value),
          ),
        );
        expect(await termsAccepted(), "the checkbox's own value accepts").toEqual([true]);
      });

      await test.step("language: a hostile language or return address saves a language and stays in the console", async () => {
        const hostileLanguage = fc.oneof(
          nulText,
          fc.constantFrom("nl-NL\u0000", "NL-nl", "../..", "en-AU/../nl-NL", "x".repeat(10_000)),
        );
        await run(page, [
          ...draw(hostileLanguage, 5, "language lang").map((value) => one(language, "lang", value)),
          ...draw(hostileRedirect, 8, "language redirect").map((value) =>
            one(language, "redirectTo", value),
          ),
          ...draw(loneSurrogateText, 1, "language surrogate").flatMap((value) => [
            one(language, "lang", value),
            one(language, "redirectTo", `/${value}`),
          ]),
          ...draw(invalidUtf8, 1, "language utf8").flatMap((value) => [
            one(language, "lang", value),
            one(language, "redirectTo", {
              raw: Buffer.concat([Buffer.from("/"), value.raw]),
              shown: `%2F${value.shown}`,
            }),
          ]),
          one(language, "lang", "xx", true),
          one(language, "lang", { fileName: "lang.txt", type: "text/plain", bytes: "nl-NL" }),
          one(language, "redirectTo", {
            fileName: "to.txt",
            type: "text/plain",
            bytes: "//evil.example",
          }),
          ...shapeCases(language),
        ]);
        const user = await apiJson<Record<string, unknown>>("user", await tokenOf(company));
        expect(
          ["en-AU", "nl-NL"],
          `the saved language (${JSON.stringify(user.localeCode)})`,
        ).toContain(user.localeCode);
        expect(unstorableTexts(user), "nothing unstorable stored").toEqual([]);
      });

      await test.step("sign-out reads no body: any body signs out; another origin does not", async () => {
        const signout = "/en-AU/auth/signout";
        await run(page, [
          {
            label: `${signout} from another origin`,
            path: signout,
            contentType: "application/x-www-form-urlencoded",
            body: Buffer.from(""),
            origin: "http://evil.example",
            expected: { status: [403] },
          },
        ]);
        const stillIn = await page.request.get(`${CONSOLE_URL}/en-AU/apps`, { maxRedirects: 0 });
        expect(stillIn.status(), "still signed in after a sign-out from another origin").toBe(200);
        await run(
          page,
          shapeCases({ ...language, path: signout }, redirected.status).filter(
            (c) => !c.origin && !c.expected.status.includes(413),
          ),
        );
        const signedOut = await page.request.get(`${CONSOLE_URL}/en-AU/apps`, { maxRedirects: 0 });
        expect(signedOut.status(), "signed out").toBe(302);
      });
    });
  });

  test("register: bodies that are not forms, NUL and huge values, oversize, polyglot icons; no company made", async ({
    page,
  }) => {
    const emails: string[] = [];
    const names: string[] = [];
    const base = (): Field[] => {
      const registration = validRegistration({
        email: uniqueEmail("hostile"),
        companyName: `Hostile ${randomUUID().slice(0, 8)}`,
      });
      emails.push(registration.email);
      names.push(registration.companyName);
      return [
        ...Object.entries(registration).map(
          ([name, value]) => [name, value === true ? "on" : String(value)] as Field,
        ),
        ["confirmPassword", registration.password],
      ];
    };
    const spec: FormSpec = {
      path: "/en-AU/auth/register",
      encoding: "multipart",
      base,
      limit: BODY_LIMITS.registration,
    };
    // The captcha is not solved: every form is refused; what matters is how.
    const refused = [400, 413];
    const one = (label: string, fields: Field[]) =>
      formCase(`${spec.path} ${label}`, spec.path, "multipart", fields, { status: refused });
    const texts = [
      "firstName",
      "lastName",
      "email",
      "companyName",
      "phoneNumber",
      "addressLine1",
      "cityTown",
      "profile",
      "password",
    ];
    const invalidBytes = { raw: Buffer.from([0xed, 0xa0, 0x80]), shown: "%ED%A0%80" };
    const icon = (label: string, part: FilePart) =>
      one(`companyIcon = ${label}`, withField(base(), "companyIcon", part));
    await run(page, [
      ...draw(fc.tuple(fc.constantFrom(...texts), nulText), 8, "register nul").map(
        ([field, value]) => one(`${field} = ${shown(value)}`, withField(base(), field, value)),
      ),
      ...draw(fc.constantFrom(...texts), 2, "register surrogate").map((field) =>
        one(`${field} = "\\ud800"`, withField(base(), field, "\ud800")),
      ),
      ...draw(fc.constantFrom(...texts), 2, "register utf8").map((field) =>
        one(`${field} = raw %ED%A0%80`, withField(base(), field, invalidBytes)),
      ),
      one("companyName of 1 MB", withField(base(), "companyName", "a".repeat(MB))),
      icon("11 MB", { fileName: "big.png", type: "image/png", bytes: Buffer.alloc(11 * MB, 1) }),
      icon("PNG followed by HTML", {
        fileName: "icon.png",
        type: "image/png",
        bytes: pngPolyglot(),
      }),
      icon("PNG header then HTML", {
        fileName: "icon.png",
        type: "image/png",
        bytes: pngHeaderHtml(),
      }),
      icon("SVG with a script", {
        fileName: "icon.svg",
        type: "image/svg+xml",
        bytes: scriptSvg(),
      }),
      formCase(`${spec.path} as urlencoded`, spec.path, "urlencoded", base(), { status: refused }),
      ...shapeCases(spec, refused),
    ]);
    const users = (await (await provider.admin("users")).json()) as { email: string }[];
    const companies = (await (await provider.admin("companies")).json()) as { name: string }[];
    expect(
      users.filter((user) => emails.includes(user.email)),
      "no user registered by a hostile form",
    ).toEqual([]);
    expect(
      companies.filter((c) => names.some((name) => c.name.includes(name))),
      "no company registered by a hostile form",
    ).toEqual([]);
    expect(unstorableTexts({ users, companies }), "nothing unstorable stored").toEqual([]);
  });

  test("log: hostile reports are answered 204, 400 or 413", async ({ page }) => {
    const path = "/en-AU/log";
    const report = (
      label: string,
      body: string | Buffer,
      status: readonly number[],
      contentType: string | null = "application/json",
    ): Case => ({
      label: `${path} ${label}`,
      path,
      contentType,
      body: Buffer.from(body),
      expected: { status },
    });
    const json = (value: unknown) => JSON.stringify(value);
    const wrongTypes = fc.record(
      {
        kind: fc.oneof(fc.constantFrom("error", "boundary"), fc.anything()),
        message: fc.anything(),
        line: fc.oneof(fc.double(), fc.string(), fc.bigInt().map(String)),
      },
      { requiredKeys: [] },
    );
    await run(page, [
      ...draw(fc.oneof(nulText, loneSurrogateText), 6, "log text").map((message) =>
        report(
          `message ${shown(message)}`,
          json({ kind: "error", message, url: message, source: message }),
          [204],
        ),
      ),
      report(
        'message "\\ud800" escaped',
        '{"kind":"error","message":"\\ud800 \\udfff\\u0000"}',
        [204],
      ),
      report(
        "message in invalid UTF-8",
        Buffer.concat([
          Buffer.from('{"kind":"error","message":"'),
          Buffer.from([0xed, 0xa0, 0x80, 0xff]),
          Buffer.from('"}'),
        ]),
        [204],
      ),
      ...draw(wrongTypes, 8, "log types").map((value) =>
        report(`wrong types ${json(value).slice(0, 80)}`, json(value), [204, 400, 413]),
      ),
      report(
        "line 1e308, column -1.5",
        json({ kind: "error", message: "m", line: 1e308, column: -1.5 }),
        [400],
      ),
      report("an array", json([{ kind: "error", message: "m" }]), [400]),
      report("null", "null", [400]),
      report("3,000 levels deep", `${"[".repeat(3000)}${"]".repeat(3000)}`, [400]),
      report("9 KB message", json({ kind: "error", message: "a".repeat(9 * KB) }), [413]),
      report("not JSON", "kind=error&message=m", [400], "application/x-www-form-urlencoded"),
      report("no content type", json({ kind: "error", message: "m" }), [204], null),
      {
        ...report("from another origin", json({ kind: "error", message: "m" }), [403]),
        origin: "http://evil.example",
      },
    ]);
  });

  test("the app forms: list, app page, details, listing", async ({ page, company }) => {
    const token = await tokenOf(company);
    const [app, icon] = await Promise.all([
      createAppThroughApi(provider, token, { name: "Hostile base" }),
      uploadIcon(token),
    ]);
    await signIn(page, company);
    const before = await storedApps(token);
    const appsUnchanged = async () =>
      expect(await storedApps(token), "the apps are as they were").toEqual(before);
    /** Cases whose values may be saved (as U+FFFD, or ignored), run after the check that nothing else was. */
    const mayStore: Case[] = [];

    await test.step("the app list and an app's page: duplicate, archive, unarchive, delete", async () => {
      const list: FormSpec = {
        path: `/en-AU/apps?duplicate=${app.id}`,
        encoding: "urlencoded",
        base: () => [
          ["intent", "duplicate"],
          ["versionId", app.id],
          ["appName", "Hostile copy"],
          ["countryCode", "AU"],
        ],
        limit: BODY_LIMITS.form,
      };
      // `?index`: the app page's forms post to its index route (Remix adds it to the form's action).
      const group: FormSpec = {
        ...list,
        path: `/en-AU/apps/group/${app.groupAppId}?index&duplicate=${app.id}`,
      };
      const duplicate = (spec: FormSpec, nul: number, each?: number) =>
        textCases(
          spec,
          {
            // The new name is an app's name: the editor's words.
            appName: { nul, message: invalidCharacters("name"), long: true },
            countryCode: {
              nul,
              message: text("appList:duplicate.errors.countryUnknown"),
              long: true,
            },
          },
          { each },
        );
      const onList = duplicate(list, 3);
      const onGroup = duplicate(group, 1, 1);
      mayStore.push(...onList.decoded, ...onGroup.decoded);
      const byId = (
        spec: FormSpec,
        intent: string,
        field: string,
        values: string[],
        status: readonly number[] = [400, 404],
      ) =>
        values.map((value) => {
          const rest: Field[] =
            intent === "duplicate"
              ? [
                  ["appName", "Copy"],
                  ["countryCode", "AU"],
                ]
              : [];
          return formCase(
            `${spec.path} ${intent} ${field} = ${shown(value)}`,
            spec.path,
            "urlencoded",
            [["intent", intent], [field, value], ...rest],
            { status },
          );
        });
      await run(page, [
        ...onList.strict,
        ...onGroup.strict,
        formCase(
          `${list.path} countryCode = "ZZ"`,
          list.path,
          "urlencoded",
          withField(list.base(), "countryCode", "ZZ"),
          {
            status: REFUSED,
            field: "countryCode",
            message: text("appList:duplicate.errors.countryUnknown"),
          },
        ),
        ...byId(list, "duplicate", "versionId", [
          ...draw(hostileIdValue, 3, "duplicate versionId"),
          randomUUID(),
        ]),
        ...["archive", "unarchive", "delete"].flatMap((intent) =>
          byId(group, intent, "appGroupId", draw(hostileIdValue, 2, `${intent} appGroupId`)),
        ),
        ...byId(list, "delete", "appGroupId", [randomUUID()], [302, 303, 400, 404]),
        ...draw(
          fc.oneof(nulText, fc.constantFrom("DELETE", "archive ", "duplicate\u0000", "upload")),
          3,
          "list intent",
        ).map((intent) =>
          formCase(
            `${list.path} intent = ${shown(intent)}`,
            list.path,
            "urlencoded",
            withField(list.base(), "intent", intent),
            { status: REFUSED },
          ),
        ),
        formCase(
          `${list.path} intent twice`,
          list.path,
          "urlencoded",
          withField(list.base(), "intent", "archive", true),
          { status: REFUSED },
        ),
        ...draw(hostilePathId, 3, "group path").map((id) => {
          const path = `/en-AU/apps/group/${id}?index`;
          return formCase(
            `${path} archive`,
            path,
            "urlencoded",
            [
              ["intent", "archive"],
              ["appGroupId", "not-an-id"],
            ],
            { status: NOT_FOUND },
          );
        }),
        ...shapeCases(list),
        ...shapeCases(group, REFUSED, 3),
      ]);
      await appsUnchanged();
    });

    await test.step("the details of a new app and of a version: texts, numbers, ids", async () => {
      const fresh: FormSpec = {
        path: "/en-AU/apps/new/details",
        encoding: "urlencoded",
        base: () => [
          ["id", randomUUID()],
          ["categoryId", "1"],
          ["name", "Hostile new app"],
          ["appType", "0"],
          ["description", "An app the hostile-input suite tried to make."],
          ["countryCode", "AU"],
        ],
        limit: BODY_LIMITS.form,
      };
      const existing: FormSpec = {
        path: `/en-AU/apps/${app.id}/details`,
        encoding: "urlencoded",
        base: () => [
          ["intent", "save"],
          ["categoryId", "2"],
          ["name", "Hostile rename"],
          ["description", "A description the hostile-input suite tried to save."],
        ],
        limit: BODY_LIMITS.form,
      };
      const categories = [...Array.from({ length: 10 }, (_, i) => i + 1), 99];
      // 0 is the select's empty choice: the category is then required.
      const category = {
        valid: categories,
        message: editorMessage("categoryId", "unknownCategory"),
        zero: editorMessage("categoryId", "required"),
      };
      const newTexts = textCases(fresh, {
        name: { nul: 2, message: invalidCharacters("name"), long: true },
        description: { nul: 2, message: invalidCharacters("description"), long: true },
        countryCode: { nul: 2, message: invalidCharacters("countryCode"), long: true },
      });
      const editTexts = textCases(
        existing,
        {
          name: { nul: 1, message: invalidCharacters("name"), long: true },
          description: { nul: 1, message: invalidCharacters("description"), long: true },
        },
        { each: 1 },
      );
      // The hidden id of a new app (the console makes one when it is not an id) and the type
      // and country of an existing one (locked: never changed) may be saved.
      mayStore.push(
        ...newTexts.decoded,
        ...editTexts.decoded,
        ...draw(hostileIdValue, 2, "new id").map((id) =>
          formCase(
            `${fresh.path} id = ${shown(id)}`,
            fresh.path,
            "urlencoded",
            withField(fresh.base(), "id", id),
            { status: [302, 303, 400] },
          ),
        ),
        formCase(
          `${existing.path} appType = "1", countryCode = "UK"`,
          existing.path,
          "urlencoded",
          [...existing.base(), ["appType", "1"], ["countryCode", "UK"]],
          { status: [302, 303] },
        ),
        formCase(
          `${existing.path} appType = "2147483648", countryCode = "AU\\u0000"`,
          existing.path,
          "urlencoded",
          [...existing.base(), ["appType", "2147483648"], ["countryCode", "AU\u0000"]],
          {
            status: [302, 303],
          },
        ),
      );
      await run(page, [
        ...newTexts.strict,
        ...editTexts.strict,
        ...numberCases(
          fresh,
          {
            categoryId: category,
            appType: { valid: [0, 1], message: editorMessage("appType", "invalidAppType") },
          },
          4,
        ),
        ...numberCases(existing, { categoryId: category }, 2),
        ...draw(
          fc.oneof(nulText, fc.constantFrom("SAVE", "upload", "save\u0000")),
          2,
          "details intent",
        ).map((intent) =>
          formCase(
            `${existing.path} intent = ${shown(intent)}`,
            existing.path,
            "urlencoded",
            withField(existing.base(), "intent", intent),
            { status: REFUSED },
          ),
        ),
        ...[...draw(hostilePathId, 3, "details path"), randomUUID()].map((id) => {
          const path = `/en-AU/apps/${id}/details`;
          return formCase(`${path} save`, path, "urlencoded", existing.base(), {
            status: NOT_FOUND,
          });
        }),
        ...shapeCases(fresh),
        ...shapeCases(existing, REFUSED, 3),
      ]);
      await appsUnchanged();
    });

    await test.step("the marketplace listing (multipart): texts, image ids, polyglot files, ids", async () => {
      const path = `/en-AU/apps/${app.id}/marketplace`;
      const spec: FormSpec = {
        path,
        encoding: "multipart",
        base: () => [
          ["intent", "save"],
          ["detail.description", "A listing the hostile-input suite tried to save. ".repeat(6)],
          ["detail.websiteUrl", "https://example.test/"],
          ["detail.supportUrl", "https://example.test/support"],
          ["legal.privacyPolicyUrl", "https://example.test/privacy"],
          ["legal.termsOfServiceUrl", "https://example.test/terms"],
          ["promo.appIcon.id", icon.id],
          ["promo.appIcon.url", icon.url],
        ],
        limit: BODY_LIMITS.listing,
      };
      const listingTexts = LISTING_FIELDS.filter((field) => !(field in IMAGE_FIELDS));
      const texts = textCases(
        spec,
        Object.fromEntries(
          listingTexts.map((field) => [
            field,
            { nul: 1, message: invalidCharacters(field), long: true },
          ]),
        ),
        { each: 3 },
      );
      mayStore.push(...texts.decoded);
      const hostileImageId = hostileIdValue.filter((id) => id.trim() !== "");
      const image = (field: string, name: string, values: string[]) =>
        values.map((value) => {
          const fields =
            name === "promo.appIcon.id"
              ? withField(spec.base(), name, value)
              : [...spec.base(), [name, value] as Field];
          return formCase(`${path} ${name} = ${shown(value)}`, path, "multipart", fields, {
            status: REFUSED,
            field,
          });
        });
      // Without JS, Upload shows the chosen files on the form; an accepted one must be served as the image it is.
      const file = (
        input: string,
        field: string,
        label: string,
        part: FilePart,
        intent = "upload",
      ) =>
        formCase(
          `${path} ${input} = ${label} (${intent})`,
          path,
          "multipart",
          [...withField(spec.base(), "intent", intent), [input, part]],
          { status: [200, 400], field },
        );
      const files = [
        file("iconFile", "promo.appIcon", "PNG followed by HTML", {
          fileName: "icon.png",
          type: "image/png",
          bytes: pngPolyglot(),
        }),
        file("iconFile", "promo.appIcon", "PNG header then HTML", {
          fileName: "icon.png",
          type: "image/png",
          bytes: pngHeaderHtml(),
        }),
        file("iconFile", "promo.appIcon", "SVG with a script", {
          fileName: "icon.svg",
          type: "image/svg+xml",
          bytes: scriptSvg(),
        }),
        file("bannerFiles", "promo.banners", "SVG with a script", {
          fileName: "banner.svg",
          type: "image/svg+xml",
          bytes: scriptSvg('width="1410" height="480" viewBox="0 0 1410 480"'),
        }),
        file("screenshotFiles", "promo.screenshots", "HTML named .png", {
          fileName: "shot.png",
          type: "image/png",
          bytes: "<!doctype html><script>alert(1)</script>",
        }),
        file(
          "iconFile",
          "promo.appIcon",
          "SVG with a script",
          { fileName: "icon.svg", type: "image/svg+xml", bytes: scriptSvg() },
          "save",
        ),
      ];
      const answers = await run(page, files);
      for (const [index, answer] of answers.entries())
        await expectServedAsImages(files[index].label, answer, [icon.url]);
      await run(page, [
        ...texts.strict,
        ...image("promo.appIcon", "promo.appIcon.id", draw(hostileImageId, 3, "listing icon id")),
        ...image(
          "promo.banners",
          "promo.banners[0].id",
          draw(hostileImageId, 2, "listing banner id"),
        ),
        ...image("promo.screenshots", "promo.screenshots[0].id", [randomUUID()]),
        ...draw(
          fc.oneof(
            nulText,
            fc.constantFrom(
              "remove:banners:99999",
              "up:screenshots:-1",
              "remove:appIcon\u0000",
              "SAVE",
              "upload-files\u0000",
            ),
          ),
          3,
          "listing intent",
        ).map((intent) =>
          formCase(
            `${path} intent = ${shown(intent)}`,
            path,
            "multipart",
            withField(spec.base(), "intent", intent),
            { status: REFUSED },
          ),
        ),
        ...draw(
          fc.oneof(nulText, fc.constantFrom("ICON", "banner ", "../icon")),
          2,
          "listing kind",
        ).map((kind) =>
          formCase(
            `${path} upload-files kind = ${shown(kind)}`,
            path,
            "multipart",
            [...withField(spec.base(), "intent", "upload-files"), ["kind", kind]],
            { status: REFUSED },
          ),
        ),
        ...[...draw(hostilePathId, 2, "listing path"), randomUUID()].map((id) => {
          const other = `/en-AU/apps/${id}/marketplace`;
          return formCase(`${other} save`, other, "multipart", spec.base(), { status: NOT_FOUND });
        }),
        ...shapeCases(spec).map((c) =>
          c.expected.status.includes(413)
            ? {
                ...c,
                label: `${path} a body of 32 MB and more`,
                body: Buffer.alloc(BODY_LIMITS.listing + KB, "a"),
              }
            : c,
        ),
      ]);
      await appsUnchanged();
    });

    await test.step("values that may be saved store nothing the database cannot hold", async () => {
      await run(page, mayStore);
      const after = await storedApps(token);
      expect(unstorableTexts(after), "nothing unstorable stored").toEqual([]);
      const { details } = await apiJson<{ details: { appType: number; countryCode: string } }>(
        `apps/${app.id}`,
        token,
      );
      expect(
        { appType: details.appType, countryCode: details.countryCode },
        "type and country as created",
      ).toEqual({ appType: 0, countryCode: "AU" });
      const ids = after.list.flatMap((listed) =>
        listed.versions.map((version) => version.versionId),
      );
      expect(
        ids.filter((id) => !UUID.test(id)),
        "every app's id is an id",
      ).toEqual([]);
    });
  });

  test("the review actions: the version menu on the list and the app page, and the pre-approval page", async ({
    page,
    company,
  }) => {
    const token = await tokenOf(company);
    // A version that may be submitted (Sandbox, nothing missing), one Live (pause), one Paused (unpause).
    const [fresh, live, paused] = await Promise.all([
      createReviewApp(token),
      createReviewApp(token),
      createReviewApp(token, { ready: false }),
    ]);
    await Promise.all([setStatus(live.versionId, 200), setStatus(paused.versionId, 300)]);
    await signIn(page, company);
    const apps = [fresh, live, paused];
    /** The apps, and every submission and pre-approval of them. */
    const stored = async () => ({
      apps: await storedApps(token),
      submissions: await Promise.all(apps.map((app) => submissionsOf(token, app.groupId))),
      preApprovals: await Promise.all(apps.map((app) => preApprovalsOf(token, app.groupId))),
    });
    const before = await stored();
    const unchanged = async () =>
      expect(
        await stored(),
        "the apps, their submissions and pre-approvals are as they were",
      ).toEqual(before);
    const label = (key: string) => translate("en-AU", key);
    const invalid = (labelKey: string) =>
      text("review:errors.invalidCharacters", { field: label(labelKey) });

    await test.step("submit, pause and unpause requests on the app list and the app page", async () => {
      const submitFields = (): Field[] => [
        ["intent", "submit"],
        ["versionId", fresh.versionId],
        ["contactName", "Ada Lovelace"],
        ["contactEmail", "ada@example.com"],
        ["contactPhoneNumber", "+61 2 9999 0000"],
        ["releaseDate", ""],
        ["submissionNotes", "Please review."],
      ];
      const onList: FormSpec = {
        path: `/en-AU/apps?submit=${fresh.versionId}`,
        encoding: "urlencoded",
        base: submitFields,
        limit: BODY_LIMITS.form,
      };
      const onGroup: FormSpec = {
        ...onList,
        path: `/en-AU/apps/group/${fresh.groupId}?index&submit=${fresh.versionId}`,
      };
      const submitAttacks = (each?: number): Record<string, FieldAttack> => ({
        contactName: {
          nul: each ?? 2,
          message: invalid("review:submit.fields.contactName"),
          long: true,
        },
        contactEmail: { nul: 1, long: true },
        contactPhoneNumber: { nul: 1, long: true },
        releaseDate: {
          nul: 1,
          message: () =>
            translate("en-AU", "review:errors.invalidDate", {
              example: formatReleaseDate(new Date(), "en-AU"),
            }),
          long: true,
        },
        submissionNotes: {
          nul: each ?? 2,
          message: invalid("review:submit.fields.submissionNotes"),
          long: true,
        },
      });
      const request = (
        kind: "pause" | "unpause",
        app: ReviewApp,
        where: "list" | "group",
      ): FormSpec => ({
        path:
          where === "list"
            ? `/en-AU/apps?pause=${app.versionId}`
            : `/en-AU/apps/group/${app.groupId}?index&pause=${app.versionId}`,
        encoding: "urlencoded",
        base: () => [
          ["intent", kind],
          ["versionId", app.versionId],
          ["name", "Grace Hopper"],
          ["email", "grace@example.com"],
          ["phone", "0400 000 000"],
          ["reason", "Maintenance."],
        ],
        limit: BODY_LIMITS.form,
      });
      const requestAttacks: Record<string, FieldAttack> = {
        name: { nul: 1, message: invalid("review:pause.fields.name"), long: true },
        email: { nul: 1, long: true },
        phone: { nul: 1, long: true },
        reason: { nul: 1, message: invalid("review:pause.fields.reason"), long: true },
      };
      const pauseList = request("pause", live, "list");
      const pauseGroup = request("pause", live, "group");
      const unpauseList = request("unpause", paused, "list");
      const unpauseGroup = request("unpause", paused, "group");
      // Only what the form refuses: a value it accepts would be a submission or a request.
      await run(page, [
        ...textCases(onList, submitAttacks()).strict,
        ...textCases(onGroup, submitAttacks(1), { each: 2 }).strict,
        ...textCases(pauseList, requestAttacks, { each: 2 }).strict,
        ...textCases(pauseGroup, requestAttacks, { each: 1 }).strict,
        ...textCases(unpauseList, requestAttacks, { each: 1 }).strict,
        ...textCases(unpauseGroup, requestAttacks, { each: 2 }).strict,
        ...[onList, pauseGroup, unpauseList].flatMap((spec) =>
          [...draw(hostileIdValue, 2, `${spec.path} versionId`), randomUUID()].map((id) =>
            formCase(
              `${spec.path} versionId = ${shown(id)}`,
              spec.path,
              "urlencoded",
              withField(spec.base(), "versionId", id),
              { status: [302, 303, 400, 404] },
            ),
          ),
        ),
        ...shapeCases(onList, REFUSED, 4),
        ...shapeCases(pauseGroup, REFUSED, 4),
        ...shapeCases(unpauseList, REFUSED, 3),
      ]);
      await unchanged();
    });

    await test.step("push to live or beta, archive a version, withdraw, roll back, unarchive first: ids, and statuses they do not fit", async () => {
      const paths = [`/en-AU/apps`, `/en-AU/apps/group/${fresh.groupId}?index`];
      const moves = ["pushToLive", "pushToBeta", "archiveVersion", "withdraw", "rollbackToBeta"];
      const byId = (
        path: string,
        intent: string,
        field: string,
        value: Value,
        rest: Field[] = [],
      ) =>
        formCase(
          `${path} ${intent} ${field} = ${shown(value)}`,
          path,
          "urlencoded",
          [["intent", intent], [field, value], ...rest],
          { status: [302, 303, 400, 404] },
        );
      await run(page, [
        // Hostile ids, an unknown one, and each move of a version whose status it does not fit (Sandbox, Live, Paused).
        ...paths.flatMap((path) =>
          moves.flatMap((intent) => [
            ...draw(hostileIdValue, 1, `${path} ${intent} versionId`).map((id) =>
              byId(path, intent, "versionId", id),
            ),
            byId(path, intent, "versionId", randomUUID()),
            byId(path, intent, "versionId", {
              fileName: "id.txt",
              type: "text/plain",
              bytes: fresh.versionId,
            }),
            // A Paused version may be archived: every other move fits none of the three.
            ...apps
              .filter((app) => !(intent === "archiveVersion" && app === paused))
              .map((app) => byId(path, intent, "versionId", app.versionId)),
          ]),
        ),
        ...paths.flatMap((path) => [
          ...draw(hostileIdValue, 2, `${path} unarchiveFirst appGroupId`).map((id) =>
            byId(path, "unarchiveFirst", "appGroupId", id, [["then", `submit:${fresh.versionId}`]]),
          ),
          ...draw(fc.oneof(hostileRedirect, hostileIdValue), 3, `${path} unarchiveFirst then`).map(
            (then) => byId(path, "unarchiveFirst", "then", then, [["appGroupId", fresh.groupId]]),
          ),
          formCase(
            `${path} pushToLive versionId twice`,
            path,
            "urlencoded",
            [
              ["intent", "pushToLive"],
              ["versionId", live.versionId],
              ["versionId", fresh.versionId],
            ],
            { status: [302, 303, 400] },
          ),
          ...draw(
            fc.oneof(
              nulText,
              fc.constantFrom(
                "PUSHTOLIVE",
                "pushToLive\u0000",
                "archiveVersion ",
                "unarchive-first",
              ),
            ),
            2,
            `${path} review intent`,
          ).map((intent) =>
            formCase(
              `${path} intent = ${shown(intent)}`,
              path,
              "urlencoded",
              [
                ["intent", intent],
                ["versionId", live.versionId],
              ],
              { status: REFUSED },
            ),
          ),
        ]),
      ]);
      await unchanged();
    });

    await test.step("the pre-approval page (multipart): create with its documents, withdraw, unarchive", async () => {
      // Its major version is one a pre-approval may name: not live.
      const path = `/en-AU/apps/group/${fresh.groupId}/approval?new=1`;
      const document = (): FilePart => ({
        fileName: "terms.pdf",
        type: "application/pdf",
        bytes: pdf(),
      });
      const spec: FormSpec = {
        path,
        encoding: "multipart",
        base: () => [
          ["intent", "create"],
          ["versionMajorId", fresh.versionId],
          ["submissionNotes", "Our app reads matters."],
          ["files", document()],
        ],
        limit: BODY_LIMITS.documents,
      };
      // Every text of this form is refused or accepted as a whole: a refused document keeps nothing.
      const notes = textCases(spec, {
        submissionNotes: {
          nul: 3,
          message: invalid("review:preApproval.fields.submissionNotes"),
          long: true,
        },
      });
      const versionMajor = draw(
        hostileIdValue.filter((id) => id !== fresh.versionId),
        3,
        "pre-approval version",
      ).map((id) =>
        formCase(
          `${path} versionMajorId = ${shown(id)}`,
          path,
          "multipart",
          withField(spec.base(), "versionMajorId", id),
          { status: REFUSED, field: "versionMajorId" },
        ),
      );
      const files = (
        label: string,
        parts: FilePart[],
        expected: Expected = { status: REFUSED, field: "files" },
      ) =>
        formCase(
          `${path} files = ${label}`,
          path,
          "multipart",
          [
            ...spec.base().filter(([name]) => name !== "files"),
            ...parts.map((part) => ["files", part] as Field),
          ],
          expected,
        );
      const withdraw = (value: Value) =>
        formCase(
          `${path} withdraw id = ${shown(value)}`,
          path,
          "multipart",
          [
            ["intent", "withdraw"],
            ["id", value],
          ],
          { status: [302, 303, 400] },
        );
      await run(page, [
        ...notes.strict,
        ...versionMajor,
        files("an empty PDF", [{ fileName: "empty.pdf", type: "application/pdf", bytes: "" }]),
        files("a PNG named .pdf", [
          { fileName: "picture.pdf", type: "application/pdf", bytes: png(10, 10) },
        ]),
        files("HTML named .pdf", [
          {
            fileName: "page.pdf",
            type: "application/pdf",
            bytes: "<!doctype html><script>alert(1)</script>",
          },
        ]),
        files("a PDF of 9 MB and a byte", [
          { fileName: "huge.pdf", type: "application/pdf", bytes: pdf({ minBytes: 9 * MB + 1 }) },
        ]),
        files(
          "eleven PDFs",
          Array.from({ length: 11 }, (_, i) => ({ ...document(), fileName: `d${i}.pdf` })),
        ),
        files(
          "forty-one parts",
          Array.from({ length: 41 }, (_, i) => ({ ...document(), fileName: `d${i}.pdf` })),
          { status: [400, 413] },
        ),
        files(`a file name of NUL and traversal`, [
          { fileName: "../../etc/passwd\u0000.pdf", type: "application/pdf", bytes: png(10, 10) },
        ]),
        ...draw(
          hostileIdValue.filter((id) => !/^[\w-]{1,100}$/.test(id.trim()) && id.trim() !== ""),
          2,
          "pre-approval documents",
        ).map((id) =>
          formCase(
            `${path} documents = ${shown(id)}`,
            path,
            "multipart",
            [...spec.base(), ["documents", id]],
            { status: REFUSED },
          ),
        ),
        ...[
          ...draw(hostileIdValue, 3, "withdraw id"),
          randomUUID(),
          { fileName: "id.txt", type: "text/plain", bytes: randomUUID() } as FilePart,
        ].map(withdraw),
        ...draw(
          fc.oneof(nulText, fc.constantFrom("CREATE", "create\u0000", "delete", "unarchive ")),
          3,
          "approval intent",
        ).map((intent) =>
          formCase(
            `${path} intent = ${shown(intent)}`,
            path,
            "multipart",
            withField(spec.base(), "intent", intent),
            { status: REFUSED },
          ),
        ),
        formCase(
          `${path} intent twice`,
          path,
          "multipart",
          withField(spec.base(), "intent", "create", true),
          { status: REFUSED },
        ),
        ...[...draw(hostilePathId, 2, "approval path"), randomUUID()].map((id) => {
          const other = `/en-AU/apps/group/${id}/approval?new=1`;
          return formCase(`${other} create`, other, "multipart", spec.base(), {
            status: NOT_FOUND,
          });
        }),
        ...shapeCases(spec, REFUSED, 6),
      ]);
      await unchanged();
    });
  });

  test("the pricing page: the price and the price change", async ({ page, company }) => {
    const token = await tokenOf(company);
    const [fresh, priced, unpriced] = await Promise.all([
      createAppThroughApi(provider, token, { name: "Hostile price" }),
      createAppThroughApi(provider, token, { name: "Hostile price change" }),
      createAppThroughApi(provider, token, { name: "Hostile unpriced", countryCode: "US" }),
    ]);
    const pricesPath = (groupId: string) => `app-monetization/app-groups/${groupId}/prices`;
    // A paid price in force, so that its page offers the price change.
    const first = (await (
      await provider.apiFetch(
        pricesPath(priced.groupAppId),
        { method: "POST", body: JSON.stringify({ pricingModelType: 1, amount: 10 }) },
        token,
      )
    ).json()) as { id: string };
    expect(
      (
        await provider.admin(`prices/${first.id}/review`, {
          method: "PUT",
          body: JSON.stringify({ decision: "approve" }),
        })
      ).status,
    ).toBe(200);
    await signIn(page, company);
    const stored = () =>
      Promise.all(
        [fresh, priced].map((app) => apiJson<unknown>(pricesPath(app.groupAppId), token)),
      );
    const before = await stored();
    const unchanged = async () =>
      expect(await stored(), "the prices are as they were").toEqual(before);
    const label = (key: string) => translate("en-AU", `pricing:${key}`);
    const rule = (code: string, field: string) =>
      text(`pricing:errors.${code}`, { field: label(field), max: "999,999.99" });

    const save: FormSpec = {
      path: `/en-AU/apps/group/${fresh.groupAppId}/pricing`,
      encoding: "urlencoded",
      base: () => [
        ["intent", "save"],
        ["priceType", "paid"],
        ["pricingModelType", "1"],
        ["amount", "12.50"],
      ],
      limit: BODY_LIMITS.form,
    };
    const change: FormSpec = {
      path: `/en-AU/apps/group/${priced.groupAppId}/pricing?change=1`,
      encoding: "urlencoded",
      base: () => [
        ["intent", "change"],
        ["amount", "12.00"],
      ],
      limit: BODY_LIMITS.form,
    };
    const saveTexts = textCases(save, {
      priceType: { nul: 2, message: rule("required", "form.fields.priceType"), long: true },
      pricingModelType: {
        nul: 2,
        message: rule("required", "form.fields.pricingModelType"),
        long: true,
      },
      amount: { nul: 2, message: rule("invalidAmount", "form.fields.amount"), long: true },
    });
    const changeTexts = textCases(change, {
      amount: { nul: 2, message: rule("invalidAmount", "change.fields.amount"), long: true },
    });
    const amounts = (spec: FormSpec, field: string, values: [string, string][]) =>
      values.map(([value, code]) =>
        formCase(
          `${spec.path} amount = ${JSON.stringify(value)}`,
          spec.path,
          spec.encoding,
          withField(spec.base(), "amount", value),
          { status: REFUSED, field: "amount", message: rule(code, field) },
        ),
      );
    const intents = (spec: FormSpec) =>
      draw(
        fc.oneof(nulText, fc.constantFrom("SAVE", "save\u0000", "change ", "delete")),
        3,
        `${spec.path} intent`,
      ).map((intent) =>
        formCase(
          `${spec.path} intent = ${shown(intent)}`,
          spec.path,
          spec.encoding,
          withField(spec.base(), "intent", intent),
          { status: REFUSED },
        ),
      );
    const refusedByProvider = (label: string, path: string, fields: Field[]) =>
      formCase(label, path, "urlencoded", fields, { status: [302, 303] });

    await run(page, [
      ...saveTexts.strict,
      ...saveTexts.decoded,
      ...changeTexts.strict,
      ...changeTexts.decoded,
      ...amounts(save, "form.fields.amount", [
        ["-1", "noNegatives"],
        ["0", "amountMustBeGreater0"],
        ["1.234", "twoDecimals"],
        ["1e3", "invalidAmount"],
        ["Infinity", "invalidAmount"],
        ["0x10", "invalidAmount"],
        ["99999999", "tooLarge"],
      ]),
      ...["0", "3", "-1", "1.5"].map((model) =>
        formCase(
          `${save.path} pricingModelType = ${model}`,
          save.path,
          "urlencoded",
          withField(save.base(), "pricingModelType", model),
          {
            status: REFUSED,
            field: "pricingModelType",
            message: rule("required", "form.fields.pricingModelType"),
          },
        ),
      ),
      ...amounts(change, "change.fields.amount", [
        ["10", "samePrice"],
        ["0", "amountMustBeGreater0"],
        ["-3", "noNegatives"],
        ["", "required"],
      ]),
      ...intents(save),
      ...intents(change),
      formCase(
        `${save.path} intent twice`,
        save.path,
        "urlencoded",
        withField(save.base(), "intent", "save", true),
        { status: REFUSED },
      ),
      // Valid forms the provider refuses (a second first price, a change without a price in force, monetisation off): an error, nothing stored.
      refusedByProvider(`${change.path} a second first price`, change.path, save.base()),
      refusedByProvider(`${save.path} a change without a price in force`, save.path, change.base()),
      refusedByProvider(
        `unpriced app's pricing save`,
        `/en-AU/apps/group/${unpriced.groupAppId}/pricing`,
        save.base(),
      ),
      ...[...draw(hostilePathId, 2, "pricing path"), randomUUID()].map((id) => {
        const other = `/en-AU/apps/group/${id}/pricing`;
        return formCase(`${other} save`, other, "urlencoded", save.base(), { status: NOT_FOUND });
      }),
      ...shapeCases(save, REFUSED, 6),
      ...shapeCases(change, REFUSED, 4),
    ]);
    await unchanged();
  });
  test("the platform editor: an item with its icon, and removing a location", async ({
    page,
    company,
  }) => {
    const token = await tokenOf(company);
    const app = await createAppThroughApi(provider, token, {
      name: "Hostile platform",
      countryCode: "UK",
    });
    await signIn(page, company);
    const path = `/en-AU/apps/${app.id}/web`;
    // The draft's locations, added through the page as a person would.
    for (const location of ["menu-tools", "menu-apps"]) {
      const res = await page.request.post(path, {
        form: { intent: "add-location", location },
        headers: { origin: ORIGIN },
        maxRedirects: 0,
      });
      expect(res.status(), `add ${location}`).toBe(302);
    }
    const savedSchema = () =>
      apiJson<{ schema: unknown }>(`app-schema/${app.id}?platform=web`, token);
    const before = await savedSchema();
    const label = (field: string) => translate("en-AU", `platform:fields.${field}`);
    const rule = (code: string, field: string) =>
      text(`platform:errors.${code}`, { field: label(field) });
    const icon = (fileName: string, type: string, bytes: Uint8Array | string): FilePart => ({
      fileName,
      type,
      bytes,
    });
    // The item dialog's address: a refused form comes back in it, each field named.
    const dialogPath = `${path}?dialog=item&location=menu-tools&list=items`;
    const item: FormSpec = {
      path: dialogPath,
      encoding: "multipart",
      base: () => [
        ["intent", "item"],
        ["location", "menu-tools"],
        ["list", "items"],
        ["actionType", "menu-item"],
        ["name", "Sync"],
        ["label", "Sync now"],
        ["description", "Syncs the matter."],
        ...["dev", "test", "beta", "live"].map(
          (env): Field => [`urls.${env}`, `https://${env}.example.com/sync`],
        ),
        ["iconFile", icon("icon.png", "image/png", png(32, 32))],
      ],
      limit: BODY_LIMITS.platform,
    };
    const remove: FormSpec = {
      path,
      encoding: "urlencoded",
      base: () => [
        ["intent", "remove-location"],
        ["location", "menu-apps"],
      ],
      limit: BODY_LIMITS.platform,
    };
    const iconCase = (what: string, file: FilePart, code: string) =>
      formCase(
        `${dialogPath} iconFile = ${what}`,
        dialogPath,
        "multipart",
        withField(item.base(), "iconFile", file),
        { status: REFUSED, field: "iconFile", message: rule(code, "iconFile") },
      );
    const texts = textCases(item, {
      name: { nul: 1, message: rule("invalidCharacters", "name"), long: true },
      label: { nul: 1, message: rule("invalidCharacters", "label"), long: true },
    });

    await run(
      page,
      [
        ...texts.strict,
        ...texts.decoded,
        iconCase("a PNG of 100x100", icon("big.png", "image/png", png(100, 100)), "invalidSize"),
        iconCase(
          "a PNG of 24x24 for a menu item",
          icon("small.png", "image/png", png(24, 24)),
          "invalidSize",
        ),
        iconCase(
          "a PNG of 60 KB",
          icon("heavy.png", "image/png", png(32, 32, { minBytes: 60 * KB })),
          "sizeGreater50KB",
        ),
        iconCase(
          "a PNG of 900 KB",
          icon("huge.png", "image/png", png(32, 32, { minBytes: 900 * KB })),
          "sizeGreater50KB",
        ),
        iconCase("text named .png", icon("icon.png", "image/png", "not an image"), "invalidType"),
        iconCase("an empty file", icon("icon.png", "image/png", new Uint8Array(0)), "invalidType"),
        iconCase(
          "an SVG where the country takes none",
          icon(
            "icon.svg",
            "image/svg+xml",
            svg('width="32" height="32" viewBox="0 0 32 32"', "<rect width='32' height='32'/>"),
          ),
          "invalidType",
        ),
        iconCase(
          "an SVG with a script",
          icon(
            "icon.svg",
            "image/svg+xml",
            scriptSvg('width="32" height="32" viewBox="0 0 32 32"'),
          ),
          "invalidType",
        ),
        formCase(
          `${dialogPath} iconFile = a PNG header over HTML`,
          dialogPath,
          "multipart",
          withField(item.base(), "iconFile", icon("icon.png", "image/png", pngHeaderHtml())),
          { status: REFUSED, field: "iconFile" },
        ),
        formCase(
          `${dialogPath} iconFile twice`,
          dialogPath,
          "multipart",
          [...item.base(), ["iconFile", icon("other.png", "image/png", png(32, 32))]],
          { status: REFUSED },
        ),
        ...draw(nulText, 2, `${path} icon.id`).map((id) =>
          formCase(
            `${dialogPath} icon.id = ${shown(id)}`,
            dialogPath,
            "multipart",
            [
              ...item.base().filter(([name]) => name !== "iconFile"),
              ["icon.id", id],
              ["icon.url", "https://example.com/i.png"],
            ],
            { status: REFUSED },
          ),
        ),
        formCase(
          `${dialogPath} removeIcon and confirmClear as files`,
          dialogPath,
          "multipart",
          [
            ...item.base(),
            ["removeIcon", icon("x.txt", "text/plain", "on")],
            ["confirmClear", icon("y.txt", "text/plain", "on")],
          ],
          { status: [302, 303, 400] },
        ),
        ...draw(
          hostileIdValue.filter((id) => id !== "menu-apps" && id !== "menu-tools"),
          4,
          `${path} remove-location`,
        ).map((location) =>
          formCase(
            `${path} remove-location location = ${shown(location)}`,
            path,
            "urlencoded",
            withField(remove.base(), "location", location),
            { status: REFUSED },
          ),
        ),
        formCase(
          `${path} remove-location location twice`,
          path,
          "urlencoded",
          withField(remove.base(), "location", "menu-apps", true),
          { status: REFUSED },
        ),
        formCase(
          `${path} remove-location location as a file`,
          path,
          "multipart",
          withField(remove.base(), "location", icon("l.txt", "text/plain", "menu-apps")),
          { status: REFUSED },
        ),
        ...[...draw(hostilePathId, 2, "platform path"), randomUUID()].map((id) => {
          const other = `/en-AU/apps/${id}/web`;
          return formCase(`${other} remove-location`, other, "urlencoded", remove.base(), {
            status: NOT_FOUND,
          });
        }),
        ...shapeCases(item, REFUSED, 5),
        ...shapeCases(remove, REFUSED, 5),
        // One at a time: the accepted posts each rewrite the one draft these cases read.
      ],
      1,
    );
    // The saved schema is as it was (a draft is the console's); the draft kept both locations.
    expect(await savedSchema()).toEqual(before);
    const page_ = await page.request.get(path);
    expect(await page_.text()).toContain("Apps Menu");
  });
  test("the platform editor: the matter-type and precedent pickers' steps, and the precedents route", async ({
    page,
    company,
  }) => {
    const token = await tokenOf(company);
    const other = await createCompany();
    const [app, foreign] = await Promise.all([
      createAppThroughApi(provider, token, {
        name: "Hostile pickers",
        countryCode: "AU",
        appType: 0,
      }),
      createAppThroughApi(provider, await tokenOf(other), {
        name: "Foreign pickers",
        countryCode: "AU",
        appType: 0,
      }),
    ]);
    await signIn(page, company);
    const path = `/en-AU/apps/${app.id}/web`;
    const added = await page.request.post(path, {
      form: { intent: "add-location", location: "precedent-list" },
      headers: { origin: ORIGIN },
      maxRedirects: 0,
    });
    expect(added.status(), "add the precedent list").toBe(302);
    const savedSchema = () =>
      apiJson<{ schema: unknown }>(`app-schema/${app.id}?platform=web`, token);
    const before = await savedSchema();
    const will = "au-mt-will";
    const simpleWill = `${will}|au-pr-will/au-pr-will-agreements/au-pr-will-simple`;
    const item: FormSpec = {
      path,
      encoding: "urlencoded",
      base: () => [
        ["intent", "item"],
        ["location", "precedent-list"],
        ["list", "listItems"],
        ["actionType", "list-item"],
        ["name", "Letters"],
        ["label", "Letters app"],
        ...["dev", "test", "beta", "live"].map(
          (env): Field => [`urls.${env}`, `https://${env}.example.com/letters`],
        ),
        ["visibility.matterTypes", will],
        ["visibility.location", simpleWill],
        ["picker.tab", "NSW"],
        ["pick", "search"],
      ],
      limit: BODY_LIMITS.form,
    };
    /** A picker's step is answered by the dialog as posted (200); a save (no step) by a redirect or a refusal. */
    const step = { status: [200, 302, 303, 400] } as const;
    const one = (label: string, fields: Field[], expected: Expected = step) =>
      formCase(`${path} ${label}`, path, "urlencoded", fields, expected);
    const hostilePick = fc.oneof(
      nulText,
      loneSurrogateText,
      fc.constantFrom(
        "toggle:",
        "toggle:nowhere",
        `toggle:${will}\u0000`,
        "confirm:../../etc/passwd",
        "tab:",
        "tab:ZZ",
        "tab:NSW\u0000",
        "SEARCH",
        "refresh ",
        "cancel:x",
        `toggle:${"a".repeat(10_000)}`,
      ),
      fc.string({ maxLength: 40 }).map((text) => `toggle:${text}`),
    );
    // The custom view's matter-type picker (desktop) takes the same steps.
    const desktop = `/en-AU/apps/${app.id}/desktop`;
    const addedView = await page.request.post(desktop, {
      form: { intent: "add-location", location: "custom-view" },
      headers: { origin: ORIGIN },
      maxRedirects: 0,
    });
    expect(addedView.status(), "add the custom view").toBe(302);
    const view = (pick: Value): Field[] => [
      ["intent", "custom-view"],
      ["location", "custom-view"],
      ["label", "View"],
      ["visibility.matterTypes", will],
      ["pick", pick],
    ];
    // Without the matter type, its ticked precedent makes a save ask first: any answer but "on" asks again.
    const orphan = () =>
      item.base().filter(([name]) => name !== "visibility.matterTypes" && name !== "pick");
    await run(page, [
      ...draw(hostilePick, 8, `${path} pick`).map((pick) =>
        one(`pick = ${shown(pick)}`, withField(item.base(), "pick", pick)),
      ),
      one("pick twice", withField(item.base(), "pick", "refresh", true)),
      formCase(
        `${path} pick as a file`,
        path,
        "multipart",
        withField(item.base(), "pick", {
          fileName: "pick.txt",
          type: "text/plain",
          bytes: "refresh",
        }),
        step,
      ),
      ...["picker.tab", "picker.search", "picker.precedentSearch"].flatMap((field) => [
        ...draw(
          fc.oneof(nulText, loneSurrogateText, fc.constant("x".repeat(100_000))),
          2,
          `${path} ${field}`,
        ).map((value) =>
          one(`${field} = ${shown(value)}`, withField(item.base(), field, value), {
            status: [200],
          }),
        ),
        one(`${field} twice`, withField(item.base(), field, "NSW", true), { status: [200, 400] }),
      ]),
      ...draw(fc.oneof(nulText, hostileIdValue), 4, `${path} step matterTypes`).map((value) =>
        one(
          `toggle with visibility.matterTypes = ${shown(value)}`,
          withField(
            withField(item.base(), "pick", `toggle:${will}`),
            "visibility.matterTypes",
            value,
          ),
          { status: [200] },
        ),
      ),
      ...draw(
        fc.oneof(nulText, fc.constantFrom("no-bar", "|x", "x|", `${will}|`, `${will}|a\u0000b`)),
        4,
        `${path} location`,
      ).map((value) =>
        one(
          `save with visibility.location = ${shown(value)}`,
          withField(orphan(), "visibility.location", value),
          { status: REFUSED },
        ),
      ),
      ...["yes", "on\u0000", "ON", ""].map((value) =>
        one(
          `visibility.confirmDeselect = ${shown(value)}`,
          [...orphan(), ["visibility.confirmDeselect", value]],
          { status: REFUSED },
        ),
      ),
      one(
        "visibility.confirmDeselect twice",
        [...orphan(), ["visibility.confirmDeselect", "on"], ["visibility.confirmDeselect", "on"]],
        { status: REFUSED },
      ),
      formCase(
        `${path} visibility.confirmDeselect as a file`,
        path,
        "multipart",
        [
          ...orphan(),
          ["visibility.confirmDeselect", { fileName: "c.txt", type: "text/plain", bytes: "on" }],
        ],
        { status: REFUSED },
      ),
      ...draw(hostilePick, 4, `${desktop} pick`).map((pick) =>
        formCase(
          `${desktop} custom-view pick = ${shown(pick)}`,
          desktop,
          "urlencoded",
          view(pick),
          step,
        ),
      ),
      formCase(
        `${desktop} custom-view pick twice`,
        desktop,
        "urlencoded",
        [...view("search"), ["pick", "search"]],
        step,
      ),
      // Another company's version: not found, for a step as for a save.
      formCase(
        "another company's version, a picker's step",
        `/en-AU/apps/${foreign.id}/web`,
        "urlencoded",
        item.base(),
        { status: [404] },
      ),
      ...shapeCases(item, REFUSED, 4),
    ]);

    // The precedents route: what the picker's fetcher reads, by matter type, for the company's own versions only.
    const precedents = (id: string, query: string) =>
      page.request.get(`${CONSOLE_URL}/en-AU/apps/${id}/web/precedents?${query}`, {
        maxRedirects: 0,
        failOnStatusCode: false,
      });
    const read = await precedents(app.id, `matterType=${will}&matterType=au-mt-nowhere`);
    expect(read.status()).toBe(200);
    const body = (await read.json()) as Record<string, { precedentId: string }[]>;
    expect(Object.keys(body)).toEqual([will]);
    expect(body[will].map((entry) => entry.precedentId)).toContain("au-pr-will-simple");
    const hostileQueries = [
      ...draw(fc.oneof(nulText, loneSurrogateText, hostileIdValue), 6, "precedents query").map(
        (value) => new URLSearchParams({ matterType: value }).toString(),
      ),
      "matterType=%ED%A0%80",
      "matterType=%FF",
      Array.from({ length: 200 }, (_, index) => `matterType=au-mt-${index}`).join("&"),
    ];
    for (const query of hostileQueries) {
      const res = await precedents(app.id, query);
      expect.soft(res.status(), `precedents?${query.slice(0, 80)}`).toBe(200);
    }
    for (const id of [foreign.id, randomUUID(), ...draw(hostilePathId, 3, "precedents path")]) {
      const res = await precedents(id, `matterType=${will}`);
      // Not found; a path no route takes is sent to the app list.
      expect.soft([302, 400, 404], `precedents of ${id.slice(0, 60)}`).toContain(res.status());
    }
    // Nothing saved: the schema is as it was.
    expect(await savedSchema()).toEqual(before);
  });
  test("the platform editor: every other intent's fields; a second company's posts and downloads are not found", async ({
    page,
    company,
    browser,
  }) => {
    test.setTimeout(300_000);
    const token = await tokenOf(company);
    const other = await createCompany();
    const app = await createAppThroughApi(provider, token, {
      name: "Hostile desktop",
      countryCode: "AU",
      appType: 0,
    });
    await signIn(page, company);
    const urls = ["dev", "test", "beta", "live"].map((env) => ({
      env,
      url: `https://${env}.example.com/open`,
    }));
    const fn = (name: string, actionType: string) => ({
      actionType,
      name,
      label: `${name} text`,
      description: `What ${name} does.`,
      urls,
    });
    const visibility = { productVariants: [1] };
    const document = {
      type: "desktop",
      productVariants: [1],
      views: [
        {
          id: "custom-view",
          name: "Custom View",
          type: "matter",
          isCustomView: true,
          label: "Board",
          urls,
          buttons: [fn("One", "button"), fn("Two", "button")],
          visibility,
        },
      ],
      menus: [
        {
          id: "menu-tools",
          name: "Tools Menu",
          items: [fn("Sync", "menu-item"), fn("Beta", "menu-item")],
          visibility,
        },
        { id: "menu-help", name: "Help Menu", visibility },
      ],
    };
    const imported = JSON.stringify({ platforms: [document] });
    // Saved through the page (the version the cases aim at holds a schema with files to download), then a draft of it that differs.
    const post = (to: string, form: Record<string, string>) =>
      page.request.post(`${CONSOLE_URL}${to}`, {
        form,
        headers: { origin: ORIGIN },
        maxRedirects: 0,
      });
    expect(
      (await post(`/en-AU/apps/${app.id}/desktop`, { intent: "import", json: imported })).status(),
      "import",
    ).toBe(302);
    const saved = await post(`/en-AU/apps/${app.id}/desktop`, { intent: "save" });
    const id = /\/apps\/([^/?]+)\/desktop$/.exec(saved.headers().location ?? "")?.[1] ?? "";
    expect(
      id,
      `the saved version (save answered ${saved.status()} ${saved.headers().location})`,
    ).toMatch(UUID);
    const path = `/en-AU/apps/${id}/desktop`;
    expect(
      (await post(path, { intent: "up", location: "menu-tools", path: "items.1" })).status(),
      "a draft",
    ).toBe(302);

    const savedSchema = () =>
      apiJson<{ schema: unknown }>(`app-schema/${id}?platform=desktop`, token);
    /** What the page shows of the draft: the cards and their items in order, what differs from the saved schema, and the settings dialogs' values. */
    const draftShown = () =>
      Promise.all(
        [
          "",
          "?dialog=changes",
          "?dialog=exceptions",
          "?dialog=setting&location=menu-tools",
          "?dialog=custom-view&location=custom-view",
        ].map(async (search) => {
          const html = await (await page.request.get(`${CONSOLE_URL}${path}${search}`)).text();
          return [
            ...[
              ...html.matchAll(
                /<(?:h2|span)\b[^>]*class="(?:inline text-lg font-bold|font-semibold text-gray-900)[^"]*"[^>]*>([^<]*)</g,
              ),
            ].map(([, name]) => decodeHtml(name)),
            ...[...html.matchAll(/<strong class="mr-2">([\s\S]*?)<\/li>/g)].map(([, change]) =>
              decodeHtml(change),
            ),
            ...[
              ...html.matchAll(
                /<(?:input|textarea)\b[^>]*\bname="((?:label|groupLabel|functionGroupId|urls|visibility|exceptions|productVariants)[^"]*)"[^>]*>/g,
              ),
            ].map(
              ([tag, name]) =>
                `${name}=${decodeHtml(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "")}${/\bchecked=""/.test(tag) ? " (ticked)" : ""}`,
            ),
            ...[...html.matchAll(/<option\b[^>]*\bselected=""[^>]*>/g)].map(
              ([tag]) => `selected ${/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? ""}`,
            ),
          ];
        }),
      );
    const [schemaBefore, appsBefore, draftBefore] = await Promise.all([
      savedSchema(),
      storedApps(token),
      draftShown(),
    ]);
    expect(draftBefore[0], "the draft's cards").toEqual(
      expect.arrayContaining([
        "Custom View",
        "Tools Menu",
        "Help Menu",
        "Beta",
        "Sync",
        "One",
        "Two",
      ]),
    );
    expect(draftBefore[1].length, "the draft differs from the saved schema").toBeGreaterThan(0);

    const label = (field: string) => translate("en-AU", `platform:fields.${field}`);
    const rule = (code: string, field: string) =>
      text(`platform:errors.${code}`, { field: label(field) });
    const form = (search: string, fields: Field[]): FormSpec => ({
      path: `${path}${search}`,
      encoding: "urlencoded",
      base: () => fields,
      limit: BODY_LIMITS.platform,
    });
    const placed = (intent: string, itemPath: string, extra: Field[] = []) =>
      form("", [["intent", intent], ["location", "menu-tools"], ["path", itemPath], ...extra]);
    const versions: Field[] = [
      ["visibility.supportedDesktopVersions[0]", ""],
      ["visibility.supportedDesktopVersions[1]", ""],
    ];
    const importForm = (intent: string) =>
      form("?dialog=import", [
        ["intent", intent],
        ["json", imported],
      ]);
    /** A platform's dropdown items nested `depth` deep (the attack's document), and `count` lists nested as deep as the limit allows, side by side. */
    const deepItems = (depth: number) =>
      `{"platforms":[{"type":"desktop","menus":[{"id":"menu-tools","items":${'[{"actionType":"dropdown","name":"x","items":'.repeat(depth)}[]${"}]".repeat(depth)}}]}]}`;
    const sideBySide = (count: number) =>
      `[${Array.from({ length: count }, () => `${"[".repeat(JSON_LIMITS.depthMax - 2)}[]${"]".repeat(JSON_LIMITS.depthMax - 2)}`).join(",")}]`;
    const limitMessage = (code: "tooDeep" | "tooLarge") =>
      text(`platform:errors.${code}`, {
        field: label("json"),
        max: code === "tooDeep" ? JSON_LIMITS.depthMax : JSON_LIMITS.textMax,
      });
    const specs: Record<string, FormSpec> = {
      "add-location": form("?dialog=add-location", [
        ["intent", "add-location"],
        ["location", "menu-matter"],
      ]),
      up: placed("up", "items.1"),
      down: placed("down", "items.0"),
      move: placed("move", "items.0", [["to", "1"]]),
      "delete-item": placed("delete-item", "items.1"),
      clone: form("?dialog=clone&location=menu-tools&path=items.0", [
        ["intent", "clone"],
        ["location", "menu-tools"],
        ["path", "items.0"],
        ["locations", "menu-help"],
      ]),
      "custom-view": form("?dialog=custom-view&location=custom-view", [
        ["intent", "custom-view"],
        ["location", "custom-view"],
        ["label", "Board"],
        ["groupLabel", ""],
        ["functionGroupId", ""],
        ["windowType", ""],
        ["timeTracked", ""],
        ...urls.map(({ env, url }): Field => [`urls.${env}`, url]),
        ["visibility.productVariants", "1"],
        ...versions,
      ]),
      "app-variants": form("", [
        ["intent", "app-variants"],
        ["productVariants", "2"],
      ]),
      exceptions: form("?dialog=exceptions", [
        ["intent", "exceptions"],
        ["exceptions[0].url", "https://example.com/*"],
        ["exceptions[0].isInternal", "on"],
      ]),
      setting: form("?dialog=setting&location=menu-tools", [
        ["intent", "setting"],
        ["location", "menu-tools"],
        ["visibility.productVariants", "1"],
        ...versions,
      ]),
      "import-arrange": importForm("import-arrange"),
      "import-validate": importForm("import-validate"),
      import: importForm("import"),
      discard: form("?dialog=discard", [["intent", "discard"]]),
      save: form("", [["intent", "save"]]),
    };
    const one = (
      spec: FormSpec,
      what: string,
      fields: Field[],
      expected: Expected,
      encoding: Encoding = "urlencoded",
    ) => formCase(`${spec.path} ${what}`, spec.path, encoding, fields, expected);
    // The settings dialogs, Clone and the product variants show a refusal under their own ids (`{form}-{field, dashed}-error`): each case's answer shows the message there.
    const shownBy = new Map<Case, { form: string; message?: () => string }>();
    const shownIn = (form: string, c: Case) => {
      shownBy.set(c, { form, message: c.expected.message });
      return c;
    };
    const formOf: Record<string, string> = {
      "custom-view": "platform-custom-view",
      setting: "platform-setting",
      clone: "platform-clone",
      "app-variants": "platform-product-variants",
    };
    const asFile = (value: string): FilePart => ({
      fileName: "field.txt",
      type: "text/plain",
      bytes: value,
    });
    const known = ["menu-tools", "menu-help", "custom-view", "items.0", "items.1"];
    /** A location or an item's path that leads nowhere (a plain 400: no page sends one). */
    const placeCases = (spec: FormSpec, field: "location" | "path") => [
      ...draw(
        fc.oneof(nulText, hostileIdValue).filter((value) => !known.includes(value)),
        3,
        `${spec.path} ${spec.base()[0][1]} ${field}`,
      ).map((value) =>
        one(spec, `${field} = ${shown(value)}`, withField(spec.base(), field, value), {
          status: REFUSED,
        }),
      ),
      one(
        spec,
        `${field} twice`,
        withField(
          spec.base(),
          field,
          String(spec.base().find(([name]) => name === field)?.[1]),
          true,
        ),
        { status: REFUSED },
      ),
      one(
        spec,
        `${field} as a file`,
        withField(
          spec.base(),
          field,
          asFile(String(spec.base().find(([name]) => name === field)?.[1])),
        ),
        { status: REFUSED },
        "multipart",
      ),
    ];
    /** Product variants a field refuses (the offered ones are -1 'All', 1, 2 and 3), named with its message. */
    const variantCases = (spec: FormSpec, field: string, form: string) =>
      [
        ...draw(
          hostileNumber.filter(
            (value) =>
              !(/^-?\d{1,9}$/.test(value.trim()) && [-1, 1, 2, 3].includes(Number(value.trim()))),
          ),
          3,
          `${spec.path} ${field}`,
        ).map((value) =>
          one(spec, `${field} = ${JSON.stringify(value)}`, withField(spec.base(), field, value), {
            status: REFUSED,
            field,
            message: rule("invalid", field),
          }),
        ),
        one(spec, `${field} = a NUL`, withField(spec.base(), field, `1\u0000`), {
          status: REFUSED,
          field,
          message: rule("invalid", field),
        }),
        one(
          spec,
          `${field} as a file`,
          withField(spec.base(), field, asFile("1")),
          { status: REFUSED, field },
          "multipart",
        ),
      ].map(({ expected, ...c }) =>
        shownIn(form, { ...c, expected: { status: expected.status, message: expected.message } }),
      );
    /** A supported desktop version the field refuses: not four parts, a NUL, over 30 characters, twice, a file. */
    const versionCases = (spec: FormSpec, form: string) => {
      const field = "visibility.supportedDesktopVersions[0]";
      return [
        ...[
          "1.2.3",
          "a.b.c.d",
          "1.2.3.4.5",
          "-1.0.0.0",
          `${"9".repeat(40)}.0.0.0`,
          "1.2.3.4\u0000",
          " . . . ",
        ].map((value) =>
          shownIn(
            form,
            one(spec, `${field} = ${shown(value)}`, withField(spec.base(), field, value), {
              status: REFUSED,
            }),
          ),
        ),
        one(spec, `${field} twice`, withField(spec.base(), field, "99.0.0.0", true), {
          status: REFUSED,
        }),
        one(
          spec,
          `${field} as a file`,
          withField(spec.base(), field, asFile("99.0.0.0")),
          { status: REFUSED },
          "multipart",
        ),
      ];
    };
    const WINDOW_CHOICES = ["system", "web", "hidden", "notApplicable"];
    const view = specs["custom-view"];
    const viewTexts = textCases(view, {
      label: { nul: 1, message: rule("invalidCharacters", "label"), long: true },
      groupLabel: { nul: 1, message: rule("invalidCharacters", "groupLabel"), long: true },
      functionGroupId: {
        nul: 1,
        message: rule("invalidCharacters", "functionGroupId"),
        long: true,
      },
      "urls.dev": { nul: 1, long: true },
    });
    const locationTexts = textCases(specs["add-location"], { location: { nul: 2 } });
    const exceptionTexts = textCases(specs.exceptions, {
      "exceptions[0].url": { nul: 2, long: true },
    });
    const jsonTexts = ["import-arrange", "import-validate", "import"].flatMap(
      (intent) => textCases(specs[intent], { json: { nul: 1, long: true } }).strict,
    );
    const variants = specs["app-variants"];
    // Each intent once from another origin, and some bodies that are not its form.
    const origins = Object.entries(specs).map(([intent, spec]) => ({
      ...one(spec, `${intent} from another origin`, spec.base(), { status: [403] }),
      origin: "http://evil.example",
    }));
    const shapes = Object.values(specs).flatMap((spec) => shapeCases(spec, REFUSED, 2));

    const list: Case[] = [
      ...locationTexts.strict,
      ...locationTexts.decoded,
      ...draw(
        hostileIdValue.filter((value) => value.trim() !== "menu-matter"),
        3,
        `${path} add-location`,
      ).map((value) =>
        one(
          specs["add-location"],
          `location = ${shown(value)}`,
          withField(specs["add-location"].base(), "location", value),
          { status: REFUSED, field: "location" },
        ),
      ),
      ...["up", "down", "move", "delete-item", "clone"].flatMap((intent) => [
        ...placeCases(specs[intent], "location"),
        ...placeCases(specs[intent], "path"),
      ]),
      ...draw(
        hostileNumber.filter((value) => !/^\d{1,6}$/.test(value)),
        4,
        `${path} move to`,
      ).map((to) =>
        one(specs.move, `to = ${JSON.stringify(to)}`, withField(specs.move.base(), "to", to), {
          status: REFUSED,
        }),
      ),
      one(specs.move, "to twice", withField(specs.move.base(), "to", "1", true), {
        status: REFUSED,
      }),
      one(
        specs.move,
        "to as a file",
        withField(specs.move.base(), "to", asFile("1")),
        { status: REFUSED },
        "multipart",
      ),
      ...[
        ...draw(
          fc.oneof(nulText, hostileIdValue).filter((value) => value.trim() !== "menu-help"),
          3,
          `${path} clone locations`,
        ),
        "",
      ].map((value) =>
        shownIn(
          formOf.clone,
          one(
            specs.clone,
            `locations = ${shown(value)}`,
            withField(specs.clone.base(), "locations", value),
            { status: REFUSED },
          ),
        ),
      ),
      shownIn(
        formOf.clone,
        one(
          specs.clone,
          "locations = one of them unknown",
          [...specs.clone.base(), ["locations", "menu-nowhere"]],
          { status: REFUSED, message: rule("unknownLocation", "locations") },
        ),
      ),
      shownIn(
        formOf.clone,
        one(
          specs.clone,
          "locations as a file",
          withField(specs.clone.base(), "locations", asFile("menu-help")),
          { status: REFUSED },
          "multipart",
        ),
      ),
      ...viewTexts.strict.map(({ expected, ...c }) =>
        expected.field === "urls.dev"
          ? shownIn(formOf["custom-view"], {
              ...c,
              expected: { status: expected.status, message: expected.message },
            })
          : { ...c, expected },
      ),
      ...["windowType", "timeTracked"].flatMap((field) =>
        draw(
          fc
            .oneof(
              nulText,
              hostileNumber,
              fc.constantFrom("system\u0000", "SYSTEM", "3", "-1", "1.0"),
            )
            .filter((value) => !["", "0", "1", "2", ...WINDOW_CHOICES].includes(value.trim())),
          3,
          `${path} ${field}`,
        ).map((value) =>
          one(view, `${field} = ${shown(value)}`, withField(view.base(), field, value), {
            status: REFUSED,
            field,
            message: rule("invalid", field),
          }),
        ),
      ),
      ...variantCases(view, "visibility.productVariants", formOf["custom-view"]),
      ...versionCases(view, formOf["custom-view"]),
      ...draw(nulText, 2, `${path} custom-view matterTypes`).map((value) =>
        shownIn(
          formOf["custom-view"],
          one(
            view,
            `visibility.matterTypes = ${shown(value)}`,
            withField(view.base(), "visibility.matterTypes", value),
            { status: REFUSED, message: rule("invalidCharacters", "visibility.matterTypes") },
          ),
        ),
      ),
      ...variantCases(variants, "productVariants", formOf["app-variants"]),
      shownIn(
        formOf["app-variants"],
        one(
          variants,
          "productVariants = none",
          variants.base().filter(([name]) => name !== "productVariants"),
          { status: REFUSED, message: rule("required", "productVariants") },
        ),
      ),
      // A change of the variants is asked first: anything but a ticked confirmation asks again, nothing changed.
      ...[
        ["confirmed = on and a NUL", withField(variants.base(), "confirmed", "on\u0000")],
        ["confirmed twice", withField(variants.base(), "confirmed", "on", true)],
      ].map(([what, fields]) =>
        one(variants, what as string, fields as Field[], { status: [200] }),
      ),
      one(
        variants,
        "confirmed as a file",
        withField(variants.base(), "confirmed", asFile("on")),
        { status: [200] },
        "multipart",
      ),
      ...exceptionTexts.strict,
      ...["has space.example.com", "*", "**x**", "*.exa*mple.com", "https://exa mple.com"].map(
        (url) =>
          one(
            specs.exceptions,
            `exceptions[0].url = ${shown(url)}`,
            withField(specs.exceptions.base(), "exceptions[0].url", url),
            { status: REFUSED, field: "exceptions[0].url" },
          ),
      ),
      ...[
        "exceptions[100000].url",
        `exceptions[${"9".repeat(30)}].url`,
        "exceptions[0].url[0]",
      ].map((name) =>
        one(
          specs.exceptions,
          `${name} = a URL`,
          [...specs.exceptions.base(), [name, "https://example.com/"]],
          { status: REFUSED },
        ),
      ),
      ...variantCases(specs.setting, "visibility.productVariants", formOf.setting),
      ...versionCases(specs.setting, formOf.setting),
      ...placeCases(specs.setting, "location"),
      ...jsonTexts,
      ...[
        JSON.stringify({
          platforms: [
            {
              ...document,
              menus: [{ ...document.menus[0], items: [fn("Sy\u0000nc", "menu-item")] }],
            },
          ],
        }),
        JSON.stringify({ platforms: [{ ...document, type: "web" }] }),
      ].map((json, index) =>
        one(
          specs.import,
          `import a hostile document ${index}`,
          withField(specs.import.base(), "json", json),
          { status: REFUSED, field: "json" },
        ),
      ),
      // Past the JSON limits: the attack's items nested 500 and 2,000 deep, and 5,000 levels of brackets, refused before they are read, the message in the dialog.
      ...["import", "import-arrange", "import-validate"].flatMap((intent) =>
        [deepItems(500), deepItems(2_000), `${"[".repeat(5000)}${"]".repeat(5000)}`].map(
          (json, index) =>
            shownIn(
              "platform-import",
              one(
                specs[intent],
                `${intent} nested past the limit ${index}`,
                withField(specs[intent].base(), "json", json),
                { status: REFUSED, field: "json", message: limitMessage("tooDeep") },
              ),
            ),
        ),
      ),
      // Arrange's amplifier within the depth limit (126 KB arranged to 4 MB) is refused; the longest arrangement the limits let through is answered.
      shownIn(
        "platform-import",
        one(
          specs["import-arrange"],
          "import-arrange 2,000 nestings side by side",
          withField(specs["import-arrange"].base(), "json", sideBySide(2_000)),
          { status: REFUSED, field: "json", message: limitMessage("tooLarge") },
        ),
      ),
      one(
        specs["import-arrange"],
        "import-arrange the worst case the limits let in",
        withField(specs["import-arrange"].base(), "json", worstCaseArrange()),
        { status: [200] },
      ),
      one(
        specs["import-validate"],
        "import-validate the worst case the limits let in",
        withField(specs["import-validate"].base(), "json", worstCaseImport("desktop")),
        { status: [200] },
        "multipart",
      ),
      ...["discard", "save"].flatMap((intent) => [
        one(
          specs[intent],
          `${intent} twice`,
          [
            ["intent", intent],
            ["intent", intent],
          ],
          { status: REFUSED },
        ),
        one(
          specs[intent],
          `${intent} as a file`,
          [["intent", asFile(intent)]],
          { status: REFUSED },
          "multipart",
        ),
        ...[...draw(hostilePathId, 1, `${intent} path`), randomUUID()].map((other) =>
          formCase(
            `${intent} at /apps/${other.slice(0, 40)}`,
            `/en-AU/apps/${other}/desktop`,
            "urlencoded",
            specs[intent].base(),
            { status: NOT_FOUND },
          ),
        ),
      ]),
      ...origins,
      ...shapes,
    ];
    const answers = await run(page, list, 2);
    for (const [c, { form, message }] of shownBy) {
      const answer = answers[list.indexOf(c)];
      if (answer?.status !== 400) continue;
      const messages = [
        ...answer.body.matchAll(
          new RegExp(
            `<(\\w+)\\b[^>]*\\bid="${escapeRegExp(form)}-[^"]*error"[^>]*>([\\s\\S]*?)</\\1>`,
            "g",
          ),
        ),
      ].map(([, , inner]) => decodeHtml(inner).trim());
      const wanted = message?.();
      expect
        .soft(
          messages.some((entry) => (wanted ? entry === wanted : isLocaleText(entry))),
          `${c.label}: the dialog shows ${wanted ? JSON.stringify(wanted) : "a message of locales/en-AU"} (shown: ${JSON.stringify(messages)})`,
        )
        .toBe(true);
    }

    // A second company, signed in: every intent at the first company's version is not found, and so is each environment's file.
    const theirs = await browser.newContext({ baseURL: CONSOLE_URL });
    const theirPage = await theirs.newPage();
    await signIn(theirPage, other);
    const item: Field[] = [
      ["intent", "item"],
      ["location", "menu-tools"],
      ["list", "items"],
      ["actionType", "menu-item"],
      ["name", "Theirs"],
      ["label", "Theirs"],
      ...urls.map(({ env, url }): Field => [`urls.${env}`, url]),
    ];
    await run(theirPage, [
      ...Object.entries(specs).map(([intent, spec]) =>
        one(spec, `${intent} by another company`, spec.base(), { status: [404] }),
      ),
      one(
        specs.up,
        "remove-location by another company",
        [
          ["intent", "remove-location"],
          ["location", "menu-help"],
        ],
        { status: [404] },
      ),
      one(specs.up, "item by another company", item, { status: [404] }),
    ]);
    for (const env of ["dev", "test", "beta", "live"]) {
      for (const live of ["true", "false"]) {
        const res = await theirPage.request.get(
          `${CONSOLE_URL}${path}/download/${env}?live=${live}`,
          { maxRedirects: 0, failOnStatusCode: false },
        );
        expect.soft(res.status(), `another company's ${env} file (live=${live})`).toBe(404);
      }
      // The company's own file is there.
      const own = await page.request.get(`${CONSOLE_URL}${path}/download/${env}?live=true`, {
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      expect.soft(own.status(), `the ${env} file`).toBe(200);
      expect.soft(await own.text(), `the ${env} file`).toContain(`https://${env}.example.com/open`);
    }
    await theirs.close();

    // Nothing changed: the saved schema, the company's apps, and the draft as the page shows it.
    expect(await savedSchema(), "the saved schema").toEqual(schemaBefore);
    expect(await storedApps(token), "the company's apps").toEqual(appsBefore);
    expect(await draftShown(), "the draft").toEqual(draftBefore);
  });
  test("the data attestation page: the six texts and the diagram", async ({ page, company }) => {
    const token = await tokenOf(company);
    const [app, unattested] = await Promise.all([
      createAppThroughApi(provider, token, { name: "Hostile attestation" }),
      createAppThroughApi(provider, token, { name: "Hostile unattested", countryCode: "US" }),
    ]);
    await signIn(page, company);
    const stored = async () => {
      const res = await provider.apiFetch(`app-data-attestation/${app.id}`, {}, token);
      return res.status === 404 ? null : ((await res.json()) as unknown);
    };
    const label = (field: string) => translate("en-AU", `dataAttestation:fields.${field}.label`);
    const rule = (code: string, field: string) =>
      text(`dataAttestation:errors.${code}`, { field: label(field), max: "2,000" });
    const TEXTS = [
      "purposeOfDataUsage",
      "outlineDataUsage",
      "dataSubjects",
      "frequencyOfSync",
      "thirdPartyDisclosure",
      "dataRetention",
    ];
    const diagram: FilePart = { fileName: "flow.pdf", type: "application/pdf", bytes: pdf() };
    const path = `/en-AU/apps/${app.id}/data`;
    const spec: FormSpec = {
      path,
      encoding: "multipart",
      base: () => [
        ["intent", "save"],
        ...TEXTS.map((field): Field => [field, "Some words."]),
        ["diagram", diagram],
      ],
      limit: BODY_LIMITS.diagram,
    };
    const withoutFile = () => spec.base().filter(([name]) => name !== "diagram");
    const texts = textCases(
      spec,
      Object.fromEntries(
        TEXTS.map((field) => [
          field,
          { nul: 1, message: rule("invalidCharacters", field), long: true },
        ]),
      ),
      { each: 3 },
    );
    const diagramCase = (label: string, fields: Field[], code: string) =>
      formCase(`${path} ${label}`, path, "multipart", fields, {
        status: REFUSED,
        field: "diagram",
        message: rule(code, "diagram"),
      });

    await run(page, [
      ...texts.strict,
      ...texts.decoded,
      diagramCase(
        "a PNG as the diagram",
        withField(spec.base(), "diagram", {
          fileName: "flow.png",
          type: "image/png",
          bytes: png(4, 4),
        }),
        "mustBePdf",
      ),
      diagramCase(
        "text named .pdf",
        withField(spec.base(), "diagram", {
          fileName: "flow.pdf",
          type: "application/pdf",
          bytes: "not a pdf",
        }),
        "mustBePdf",
      ),
      diagramCase(
        "an empty diagram",
        withField(spec.base(), "diagram", {
          fileName: "flow.pdf",
          type: "application/pdf",
          bytes: new Uint8Array(0),
        }),
        "noContent",
      ),
      diagramCase(
        "a diagram of 9 MB",
        withField(spec.base(), "diagram", {
          fileName: "big.pdf",
          type: "application/pdf",
          bytes: pdf({ minBytes: 9 * MB }),
        }),
        "tooBig",
      ),
      diagramCase("no diagram", withoutFile(), "required"),
      ...draw(nulText, 2, `${path} dataFlowDiagramId`).map((id) =>
        diagramCase(
          `dataFlowDiagramId = ${shown(id)}`,
          [...withoutFile(), ["dataFlowDiagramId", id]],
          "invalidCharacters",
        ),
      ),
      ...[randomUUID(), "../../etc/passwd", "x".repeat(100_000)].map((id) =>
        diagramCase(
          `dataFlowDiagramId = ${shown(id)}`,
          [...withoutFile(), ["dataFlowDiagramId", id]],
          "diagramNotFound",
        ),
      ),
      diagramCase(
        "dataFlowDiagramId twice",
        [
          ...withoutFile(),
          ["dataFlowDiagramId", randomUUID()],
          ["dataFlowDiagramId", randomUUID()],
        ],
        "invalid",
      ),
      ...draw(
        fc.oneof(nulText, fc.constantFrom("SAVE", "save\u0000", "discard", "go:details")),
        3,
        `${path} intent`,
      ).map((intent) =>
        formCase(
          `${path} intent = ${shown(intent)}`,
          path,
          "multipart",
          withField(spec.base(), "intent", intent),
          { status: REFUSED },
        ),
      ),
      formCase(
        `${path} intent twice`,
        path,
        "multipart",
        withField(spec.base(), "intent", "save", true),
        { status: REFUSED },
      ),
      // Where data attestation is off the page sends the person to the app list; nothing is saved.
      formCase(
        "unattested app's data save",
        `/en-AU/apps/${unattested.id}/data`,
        "multipart",
        spec.base(),
        { status: [302, 303] },
      ),
      ...[...draw(hostilePathId, 2, "data path"), randomUUID()].map((id) => {
        const other = `/en-AU/apps/${id}/data`;
        return formCase(`${other} save`, other, "multipart", spec.base(), { status: NOT_FOUND });
      }),
      ...shapeCases(spec, REFUSED, 6),
    ]);
    // Accepted saves (a lone surrogate arrives as U+FFFD) stored nothing the database cannot hold.
    expect(unstorableTexts(await stored())).toEqual([]);
    expect(
      (await provider.apiFetch(`app-data-attestation/${unattested.id}`, {}, token)).status,
    ).toBe(409);
  });
  test("the security page: callback URLs, permissions and generating clients", async ({
    page,
    company,
  }) => {
    const token = await tokenOf(company);
    const [app, gated] = await Promise.all([
      createAppThroughApi(provider, token, { name: "Hostile security" }),
      createAppThroughApi(provider, token, { name: "Hostile gated" }),
    ]);
    expect(
      (
        await provider.admin(`app-groups/${app.groupAppId}/flags`, {
          method: "PUT",
          body: JSON.stringify({ isPreApprovalRequired: false }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await provider.apiFetch(
          `apps-auth/${app.groupAppId}/clients?isLive=true`,
          { method: "POST" },
          token,
        )
      ).status,
    ).toBe(201);
    const put = (body: unknown) =>
      provider.apiFetch(
        `apps-auth/${app.groupAppId}/client?isLive=true`,
        { method: "PUT", body: JSON.stringify(body) },
        token,
      );
    expect(
      (
        await put({
          isAppLive: false,
          routes: [{ route: "/api/v1/matters", methods: ["GET"] }],
          offlineAccess: true,
          callbackUrls: ["https://a.example/cb"],
        })
      ).status,
    ).toBe(200);
    await signIn(page, company);
    // The clients without their public keys' neighbours: what a post could change.
    const stored = () =>
      apiJson<
        { routes: unknown; redirectUrls: unknown; offlineAccess: unknown; publicApiKey: unknown }[]
      >(`apps-auth/${app.groupAppId}/clients`, token);
    const before = await stored();
    const path = `/en-AU/apps/group/${app.groupAppId}/security`;
    const callbacks: FormSpec = {
      path,
      encoding: "urlencoded",
      base: () => [
        ["intent", "callbacks"],
        ["isLive", "true"],
        ["isAppLive", "false"],
        ["callbackUrls", "https://a.example/cb"],
      ],
      limit: BODY_LIMITS.form,
    };
    const permissions: FormSpec = {
      path,
      encoding: "urlencoded",
      base: () => [
        ["intent", "permissions"],
        ["isLive", "true"],
        ["grant", "GET /api/v1/matters"],
        ["offlineAccess", "on"],
      ],
      limit: BODY_LIMITS.form,
    };
    const texts = textCases(callbacks, {
      callbackUrls: {
        nul: 3,
        message: text("security:errors.callbacksMustBeValidURI"),
        long: true,
      },
    });
    const refusedByProvider = (label: string, fields: Field[]) =>
      formCase(label, path, "urlencoded", fields, { status: [302, 303] });
    await run(page, [
      ...texts.strict,
      ...texts.decoded,
      ...["ftp://a.example", "a.example", "//https://a.example", "javascript:alert(1)"].map(
        (value) =>
          formCase(
            `${path} callbackUrls = ${value}`,
            path,
            "urlencoded",
            withField(callbacks.base(), "callbackUrls", value),
            {
              status: REFUSED,
              field: "callbackUrls",
              message: text("security:errors.callbacksMustBeValidURI"),
            },
          ),
      ),
      formCase(
        `${path} callbackUrls empty`,
        path,
        "urlencoded",
        withField(callbacks.base(), "callbackUrls", " , "),
        { status: REFUSED, field: "callbackUrls", message: text("security:errors.required") },
      ),
      ...draw(
        fc.oneof(nulText, fc.constantFrom("GET", "PATCH /api/v1/matters", "GET /a b", "")),
        4,
        `${path} grant`,
      ).map((grant) =>
        formCase(
          `${path} grant = ${shown(grant)}`,
          path,
          "urlencoded",
          withField(permissions.base(), "grant", grant),
          { status: REFUSED },
        ),
      ),
      ...["yes", "on\u0000", ""].map((value) =>
        formCase(
          `${path} offlineAccess = ${shown(value)}`,
          path,
          "urlencoded",
          withField(permissions.base(), "offlineAccess", value),
          { status: REFUSED },
        ),
      ),
      formCase(
        `${path} offlineAccess twice`,
        path,
        "urlencoded",
        withField(permissions.base(), "offlineAccess", "on", true),
        { status: REFUSED },
      ),
      ...draw(fc.oneof(nulText, fc.constantFrom("yes", "1", "TRUE", "")), 3, `${path} isLive`).map(
        (isLive) =>
          formCase(
            `${path} isLive = ${shown(isLive)}`,
            path,
            "urlencoded",
            withField(callbacks.base(), "isLive", isLive),
            { status: REFUSED },
          ),
      ),
      ...draw(
        fc.oneof(nulText, fc.constantFrom("CALLBACKS", "callbacks\u0000", "delete", "generate ")),
        3,
        `${path} intent`,
      ).map((intent) =>
        formCase(
          `${path} intent = ${shown(intent)}`,
          path,
          "urlencoded",
          withField(callbacks.base(), "intent", intent),
          { status: REFUSED },
        ),
      ),
      formCase(
        `${path} intent twice`,
        path,
        "urlencoded",
        withField(callbacks.base(), "intent", "callbacks", true),
        { status: REFUSED },
      ),
      // Valid forms the provider refuses: a route it does not offer, the live app's permissions, staging without test access, a group before pre-approval.
      refusedByProvider(
        "a route not offered",
        withField(permissions.base(), "grant", "GET /api/v1/nowhere"),
      ),
      refusedByProvider(
        "a method not offered",
        withField(permissions.base(), "grant", "DELETE /api/v1/matters"),
      ),
      refusedByProvider(
        "staging without test access",
        withField(callbacks.base(), "isLive", "false"),
      ),
      formCase(
        "a group before pre-approval",
        `/en-AU/apps/group/${gated.groupAppId}/security`,
        "urlencoded",
        callbacks.base(),
        { status: [302, 303] },
      ),
      ...[...draw(hostilePathId, 2, "security path"), randomUUID()].map((id) => {
        const other = `/en-AU/apps/group/${id}/security`;
        return formCase(`${other} callbacks`, other, "urlencoded", callbacks.base(), {
          status: NOT_FOUND,
        });
      }),
      ...shapeCases(callbacks, REFUSED, 4),
      ...shapeCases(permissions, REFUSED, 4),
    ]);
    expect(await stored(), "the clients are as they were").toEqual(before);
    expect(
      await apiJson<unknown[]>(`apps-auth/${app.groupAppId}/permission-list`, token),
    ).not.toEqual([]);
  });
  test("the settings page: bank details", async ({ page, company }) => {
    const token = await tokenOf(company);
    await signIn(page, company);
    const stored = () => apiJson<unknown[]>("settings/bank-details", token);
    const path = "/en-AU/settings?tab=bank";
    const spec: FormSpec = {
      path,
      encoding: "urlencoded",
      base: () => [
        ["intent", "bank"],
        ["accountName", "Acme Pty Ltd"],
        ["bsb", "062000"],
        ["accountNumber", "12345678"],
      ],
      limit: BODY_LIMITS.form,
    };
    const label = (field: string) => translate("en-AU", `settings:bank.fields.${field}`);
    const invalid = (field: string) => text("settings:errors.invalid", { field: label(field) });
    const texts = textCases(
      spec,
      Object.fromEntries(
        ["accountName", "bsb", "accountNumber"].map((field) => [
          field,
          { nul: 1, message: invalid(field), long: true },
        ]),
      ),
    );
    await run(page, [
      ...texts.strict,
      ...texts.decoded,
      ...["12345", "1234567", "06200a", "062 000"].map((bsb) =>
        formCase(`${path} bsb = ${bsb}`, path, "urlencoded", withField(spec.base(), "bsb", bsb), {
          status: REFUSED,
          field: "bsb",
          message: text("settings:errors.bsbMustBe6Digits"),
        }),
      ),
      ...["-1", "1e5", "1".repeat(31)].map((number) =>
        formCase(
          `${path} accountNumber = ${shown(number)}`,
          path,
          "urlencoded",
          withField(spec.base(), "accountNumber", number),
          { status: REFUSED, field: "accountNumber" },
        ),
      ),
      ...draw(
        fc.oneof(nulText, fc.constantFrom("BANK", "bank\u0000", "users", "")),
        3,
        `${path} intent`,
      ).map((intent) =>
        formCase(
          `${path} intent = ${shown(intent)}`,
          path,
          "urlencoded",
          withField(spec.base(), "intent", intent),
          { status: REFUSED },
        ),
      ),
      formCase(
        `${path} intent twice`,
        path,
        "urlencoded",
        withField(spec.base(), "intent", "bank", true),
        { status: REFUSED },
      ),
      ...shapeCases(spec, REFUSED, 4),
    ]);
    expect(unstorableTexts(await stored())).toEqual([]);
  });

  test("the settings page: the users' dialogs (new, edit, delete)", async ({ page, company }) => {
    const token = await tokenOf(company);
    const password = "Member-pass-1";
    const created = await provider.apiFetch(
      "user",
      {
        method: "POST",
        body: JSON.stringify({
          title: "mr",
          firstName: "Sam",
          lastName: "Member",
          email: uniqueEmail("member"),
          password,
          confirmPassword: password,
        }),
      },
      token,
    );
    expect(created.status).toBe(201);
    const member = (await created.json()) as { userId: string; email: string };
    await signIn(page, company);
    const stored = () => apiJson<{ userId: string; admin: boolean }[]>("user/list", token);
    const users = "/en-AU/settings?tab=users";
    const person = (email: string): Field[] => [
      ["title", "dr"],
      ["firstName", "Jo"],
      ["lastName", "Lee"],
      ["email", email],
    ];
    // Each case its own address, so that one accepted case never makes another's taken.
    const add: FormSpec = {
      path: `${users}&user=new`,
      encoding: "urlencoded",
      base: () => [
        ["intent", "user-new"],
        ...person(uniqueEmail("hostile")),
        ["password", password],
        ["confirmPassword", password],
      ],
      limit: BODY_LIMITS.form,
    };
    const edit: FormSpec = {
      path: `${users}&edit=${member.userId}`,
      encoding: "urlencoded",
      base: () => [
        ["intent", "user-edit"],
        ["userId", member.userId],
        ...person(member.email),
        ["password", ""],
        ["confirmPassword", ""],
      ],
      limit: BODY_LIMITS.form,
    };
    const label = (field: string) => translate("en-AU", `settings:userDialog.fields.${field}`);
    const invalid = (field: string) => text("settings:errors.invalid", { field: label(field) });
    const tiedTo: Record<string, string> = {
      password: "confirmPassword",
      confirmPassword: "password",
    };
    const attacks = (fields: string[]) =>
      Object.fromEntries(
        fields.map((field) => [
          field,
          {
            nul: 1,
            message: invalid(field),
            long: !Object.hasOwn(tiedTo, field),
            tiedTo: tiedTo[field],
          },
        ]),
      );
    const addTexts = textCases(
      add,
      attacks(["firstName", "lastName", "email", "password", "confirmPassword"]),
      { each: 3 },
    );
    const editTexts = textCases(edit, attacks(["firstName", "lastName", "email"]), { each: 2 });
    const one = (spec: FormSpec, field: string, value: Value, expected: Expected) =>
      formCase(
        `${spec.path} ${field} = ${shown(value)}`,
        spec.path,
        "urlencoded",
        withField(spec.base(), field, value),
        expected,
      );
    await run(page, [
      ...addTexts.strict,
      ...addTexts.decoded,
      ...editTexts.strict,
      ...editTexts.decoded,
      ...["sir", "DR", "dr\u0000", ""].map((title) =>
        one(add, "title", title, {
          status: REFUSED,
          field: "title",
          message: text("settings:userDialog.errors.title"),
        }),
      ),
      ...["jo@", "a b@example.com", "@example.com"].map((email) =>
        one(add, "email", email, {
          status: REFUSED,
          field: "email",
          message: text("settings:userDialog.errors.invalidEmail"),
        }),
      ),
      ...["Short1A", "nouppercase1", "NOLOWERCASE1", "No-digits-here"].map((weak) =>
        one(add, "password", weak, {
          status: REFUSED,
          field: "password",
          message: text("settings:userDialog.errors.passwordPolicy"),
        }),
      ),
      one(add, "confirmPassword", "Other-pass-1", {
        status: REFUSED,
        field: "confirmPassword",
        message: text("settings:errors.passwordMismatch"),
      }),
      // An empty value is no value, as an unticked box: not refused.
      ...["yes", "on\u0000", "true"].map((admin) =>
        one(add, "admin", admin, { status: REFUSED, field: "admin" }),
      ),
      formCase(
        `${add.path} admin twice`,
        add.path,
        "urlencoded",
        withField(add.base(), "admin", "on", true),
        { status: REFUSED, field: "admin" },
      ),
      // The provider's refusal, worded next to the field: an address in use.
      one(add, "email", company.email, {
        status: REFUSED,
        field: "email",
        message: text("settings:errors.taken"),
      }),
      // The last admin keeps the flag: the signed-in admin is the only one.
      formCase(
        `${users} the last admin unflagged`,
        `${users}&edit=${company.userId}`,
        "urlencoded",
        [["intent", "user-edit"], ["userId", company.userId], ...person(company.email)],
        {
          status: REFUSED,
          field: "admin",
          message: text("settings:errors.lastAdmin"),
        },
      ),
      // Ids of nobody, of another company or not ids at all: not found, said on the users tab.
      ...[...draw(hostileIdValue, 3, "user ids"), randomUUID()].flatMap((id) => [
        formCase(
          `${users} edit userId = ${shown(id)}`,
          `${users}&edit=${encodeURIComponent(id)}`,
          "urlencoded",
          withField(edit.base(), "userId", id),
          { status: [302, 303, 400] },
        ),
        formCase(
          `${users} delete userId = ${shown(id)}`,
          users,
          "urlencoded",
          [
            ["intent", "user-delete"],
            ["userId", id],
          ],
          { status: [302, 303, 400] },
        ),
      ]),
      formCase(
        `${users} delete oneself`,
        users,
        "urlencoded",
        [
          ["intent", "user-delete"],
          ["userId", company.userId],
        ],
        { status: [302, 303] },
      ),
      formCase(
        `${users} delete userId twice`,
        users,
        "urlencoded",
        [
          ["intent", "user-delete"],
          ["userId", member.userId],
          ["userId", member.userId],
        ],
        { status: REFUSED },
      ),
      ...draw(
        fc.oneof(nulText, fc.constantFrom("USER-NEW", "user-new\u0000", "user", "user-delete ")),
        3,
        `${users} intent`,
      ).map((intent) =>
        formCase(
          `${users} intent = ${shown(intent)}`,
          add.path,
          "urlencoded",
          withField(add.base(), "intent", intent),
          { status: REFUSED },
        ),
      ),
      formCase(
        `${users} intent twice`,
        add.path,
        "urlencoded",
        withField(add.base(), "intent", "user-new", true),
        { status: REFUSED },
      ),
      ...shapeCases(add, REFUSED, 4),
      ...shapeCases(edit, REFUSED, 3),
    ]);
    const after = await stored();
    expect(unstorableTexts(after)).toEqual([]);
    // The admin and the member are still there, the admin still an admin.
    expect(after.find((user) => user.userId === company.userId)?.admin).toBe(true);
    expect(after.some((user) => user.userId === member.userId)).toBe(true);
  });
  test("the sandbox accounts page: new credentials, import, configuration and delete; the other company's accounts and apps", async ({
    page,
    company,
  }) => {
    const token = await tokenOf(company);
    const other = await createCompany();
    const otherToken = await tokenOf(other);
    const newAccount = async (bearer: string, email: string) => {
      const res = await provider.apiFetch(
        "leapinstances",
        {
          method: "POST",
          body: JSON.stringify({
            firstName: "Ada",
            lastName: "Lovelace",
            email,
            password: "secret-1",
            leapEnvironmentsId: 3,
          }),
        },
        bearer,
      );
      if (!res.ok) throw new Error(`POST leapinstances: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    const [app, otherApp, account, theirs] = await Promise.all([
      createAppThroughApi(provider, token, { name: "Hostile configured" }),
      createAppThroughApi(provider, otherToken, { name: "Hostile theirs" }),
      newAccount(token, `hostile-${randomUUID().slice(0, 8)}@example.com`),
      newAccount(otherToken, `theirs-${randomUUID().slice(0, 8)}@example.com`),
    ]);
    await signIn(page, company);
    const stored = () => apiJson<{ id: string }[]>("leapinstances", token);
    const theirsBefore = await apiJson<unknown[]>("leapinstances", otherToken);
    const label = (field: string) => translate("en-AU", `instances:fields.${field}`);
    const rule = (code: string, field: string) =>
      text(`instances:errors.${code}`, { field: label(field) });

    const newSpec: FormSpec = {
      path: "/en-AU/instances?tab=live&dialog=new",
      encoding: "urlencoded",
      // A new address each time: an accepted case makes an account, and the next must not meet it.
      base: () => [
        ["dialog", "new"],
        ["sandbox", "live"],
        ["countryCode", "AU"],
        ["firmType", "1"],
        ["firstName", "Ada"],
        ["lastName", "Lovelace"],
        ["email", `hostile-${randomUUID().slice(0, 8)}@example.com`],
        ["password", "secret-1"],
        ["confirmPassword", "secret-1"],
      ],
      limit: BODY_LIMITS.form,
    };
    const importToken = (claims: Record<string, unknown>) =>
      `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.signature`;
    const importSpec: FormSpec = {
      path: "/en-AU/instances?tab=live&dialog=import",
      encoding: "urlencoded",
      base: () => [
        ["dialog", "import"],
        [
          "token",
          importToken({
            firmId: `F-${randomUUID().slice(0, 8)}`,
            userId: "U-1",
            staffId: "S-1",
            region: "AU",
            environment: "LIVE",
          }),
        ],
      ],
      limit: BODY_LIMITS.form,
    };
    const configurePath = `/en-AU/instances?tab=live&dialog=configure&id=${account.id}`;
    const configure: FormSpec = {
      path: configurePath,
      encoding: "urlencoded",
      base: () => [
        ["dialog", "configure"],
        ["id", account.id],
        ["includeOtherProviders", "on"],
        ["configurations[0].appGroupId", app.groupAppId],
        ["configurations[0].isEnabled", "on"],
        ["configurations[0].appStatusCode", "0"],
        ["configurations[0].appEndpoint", "BETA"],
      ],
      limit: BODY_LIMITS.form,
    };
    const remove: FormSpec = {
      path: "/en-AU/instances?tab=live",
      encoding: "urlencoded",
      base: () => [
        ["dialog", "delete"],
        ["id", theirs.id],
      ],
      limit: BODY_LIMITS.form,
    };

    const newTexts = textCases(newSpec, {
      firstName: { nul: 2, message: rule("invalidCharacters", "firstName"), long: true },
      lastName: { nul: 1, message: rule("invalidCharacters", "lastName"), long: true },
      email: { nul: 2, message: rule("invalidCharacters", "email"), long: true },
      password: { nul: 1, message: rule("invalidCharacters", "password"), long: true },
      confirmPassword: {
        nul: 1,
        message: rule("invalidCharacters", "confirmPassword"),
        long: true,
      },
      sandbox: { nul: 1, message: rule("required", "sandbox"), long: true },
      countryCode: { nul: 1, message: rule("required", "countryCode"), long: true },
      firmType: { nul: 1, message: rule("invalidFirmType", "firmType"), long: true },
    });
    const importTexts = textCases(importSpec, {
      token: { nul: 2, message: rule("invalidToken", "token"), long: true },
    });
    // Each case of the configuration changes one value; the page refuses a form it did not render (400), the provider a valid one it refuses.
    const configureCase = (label: string, fields: Field[], status: readonly number[] = REFUSED) =>
      formCase(`${configurePath} ${label}`, configurePath, "urlencoded", fields, { status });
    const configureValues = (field: string, values: Value[]) =>
      values.map((value) =>
        configureCase(`${field} = ${shown(value)}`, withField(configure.base(), field, value)),
      );
    const intents = (spec: FormSpec) =>
      draw(
        fc.oneof(nulText, fc.constantFrom("SAVE", "choose\u0000", "decode ", "delete")),
        2,
        `${spec.path} intent`,
      ).map((intent) =>
        formCase(
          `${spec.path} intent = ${shown(intent)}`,
          spec.path,
          spec.encoding,
          withField(spec.base(), "intent", intent),
          { status: REFUSED },
        ),
      );
    const dialogs = (spec: FormSpec) =>
      [
        ...draw(
          fc.oneof(nulText, fc.constantFrom("NEW", "import\u0000", "settings", "")),
          2,
          `${spec.path} dialog`,
        ),
      ].map((dialog) =>
        formCase(
          `${spec.path} dialog = ${shown(dialog)}`,
          spec.path,
          spec.encoding,
          withField(spec.base(), "dialog", dialog),
          { status: REFUSED },
        ),
      );

    // A password made U+FFFD on the way in no longer matches its confirmation: both are sent so.
    const passwordDecoded = newTexts.decoded
      .filter((c) => c.label.startsWith(`${newSpec.path} password = `))
      .map((c) => {
        const value = new URLSearchParams(c.body.toString("utf8")).get("password") ?? "";
        return formCase(
          `${c.label} (and its confirmation)`,
          newSpec.path,
          "urlencoded",
          withField(withField(newSpec.base(), "password", value), "confirmPassword", value),
          {
            status: [400, 302, 303],
            field: "password",
          },
        );
      });
    await run(page, [
      ...newTexts.strict,
      ...newTexts.decoded.filter((c) => !c.label.startsWith(`${newSpec.path} password = `)),
      ...passwordDecoded,
      // Twice and as a file are the text cases' (one piece of text).
      ...numberCases(
        newSpec,
        { firmType: { valid: [1, 2, 3], message: rule("invalidFirmType", "firmType") } },
        4,
      ).filter((c) => !/ = (twice|a file)/.test(c.label)),
      formCase(
        `${newSpec.path} a mismatched confirmation`,
        newSpec.path,
        "urlencoded",
        withField(newSpec.base(), "confirmPassword", "secret-2"),
        {
          status: REFUSED,
          field: "confirmPassword",
          message: rule("passwordMismatch", "confirmPassword"),
        },
      ),
      ...importTexts.strict,
      ...importTexts.decoded,
      // Tokens that decode but hold what the provider cannot store or does not have: refused as invalid.
      ...[
        { firmId: "F\u0000", userId: "U-1", staffId: "S-1", region: "AU", environment: "LIVE" },
        { firmId: "F-1", userId: "U-1", staffId: "S-1", region: "AU", environment: "PROD" },
        {
          firmId: "x".repeat(101),
          userId: "U-1",
          staffId: "S-1",
          region: "AU",
          environment: "LIVE",
        },
        {
          firmId: "F-1",
          userId: "U-1",
          staffId: "S-1",
          region: "AU",
          environment: "LIVE",
          firmType: 2 ** 31,
        },
      ].map((claims) =>
        formCase(
          `${importSpec.path} token of ${shown(JSON.stringify(claims))}`,
          importSpec.path,
          "urlencoded",
          withField(importSpec.base(), "token", importToken(claims)),
          {
            status: REFUSED,
            field: "token",
            message: rule("invalidToken", "token"),
          },
        ),
      ),
      // A region the provider does not have: the provider refuses, the error dialog says why.
      formCase(
        `${importSpec.path} token of region XX`,
        importSpec.path,
        "urlencoded",
        withField(
          importSpec.base(),
          "token",
          importToken({
            firmId: "F-1",
            userId: "U-1",
            staffId: "S-1",
            region: "XX",
            environment: "LIVE",
          }),
        ),
        {
          status: REFUSED,
        },
      ),
      ...configureValues("configurations[0].appStatusCode", [
        ...draw(
          hostileNumber.filter((value) => !["0", "200"].includes(value)),
          3,
          "configure status",
        ),
        "1",
        "500",
      ]),
      ...configureValues("configurations[0].appEndpoint", [
        ...draw(nulText, 1, "configure endpoint"),
        "PROD",
        "live\u0000",
        "x".repeat(100_000),
      ]),
      ...configureValues("configurations[0].isEnabled", [
        "yes",
        "on\u0000",
        { fileName: "on.txt", type: "text/plain", bytes: "on" },
      ]),
      ...configureValues("includeOtherProviders", ["true", "on\u0000"]),
      ...configureValues("configurations[0].appGroupId", [
        ...draw(nulText, 1, "configure app"),
        "x".repeat(101),
      ]),
      configureCase(
        "configurations[0].appStatusCode twice",
        withField(configure.base(), "configurations[0].appStatusCode", "0", true),
      ),
      configureCase("1001 apps", [
        ...configure.base(),
        ...Array.from(
          { length: 1001 },
          (_, i): Field => [`configurations[${i + 1}].appStatusCode`, "0"],
        ),
      ]),
      // The other company's app and account, and ids that are not ids: the provider refuses, the page says so; nothing changes.
      configureCase(
        "the other company's app",
        withField(configure.base(), "configurations[0].appGroupId", otherApp.groupAppId),
        [302, 303],
      ),
      configureCase(
        "the other company's account",
        withField(configure.base(), "id", theirs.id),
        [302, 303],
      ),
      ...[...draw(hostileIdValue, 3, "configure id"), randomUUID()].map((id) =>
        configureCase(`id = ${shown(id)}`, withField(configure.base(), "id", id), [302, 303, 400]),
      ),
      ...[theirs.id, randomUUID(), ...draw(hostileIdValue, 3, "delete id")].map((id) =>
        formCase(
          `${remove.path} delete id = ${shown(id)}`,
          remove.path,
          "urlencoded",
          withField(remove.base(), "id", id),
          { status: [302, 303, 400] },
        ),
      ),
      formCase(
        `${remove.path} delete id as a file`,
        remove.path,
        "multipart",
        withField(remove.base(), "id", {
          fileName: "id.txt",
          type: "text/plain",
          bytes: account.id,
        }),
        { status: [302, 303, 400] },
      ),
      formCase(
        `${remove.path} delete id twice`,
        remove.path,
        "urlencoded",
        [...remove.base(), ["id", account.id]],
        { status: [302, 303, 400] },
      ),
      ...[newSpec, importSpec, configure, remove].flatMap((spec) => [
        ...intents(spec),
        ...dialogs(spec),
      ]),
      formCase(
        `${newSpec.path} dialog twice`,
        newSpec.path,
        "urlencoded",
        withField(newSpec.base(), "dialog", "new", true),
        { status: REFUSED },
      ),
      ...shapeCases(newSpec, REFUSED, 4),
      ...shapeCases(importSpec, REFUSED, 3),
      ...shapeCases(configure, REFUSED, 3),
      ...shapeCases(remove, REFUSED, 3),
    ]);
    // The other company's accounts are as they were; this company's still hold the account the cases aimed at, and nothing unstorable.
    expect(
      await apiJson<unknown[]>("leapinstances", otherToken),
      "the other company's accounts",
    ).toEqual(theirsBefore);
    const ours = await stored();
    expect(ours.map((item) => item.id)).toContain(account.id);
    expect(unstorableTexts(ours)).toEqual([]);
  });
  test("the settings page: company details", async ({ page, company }) => {
    const token = await tokenOf(company);
    await signIn(page, company);
    interface StoredEntry extends Record<string, unknown> {
      id: string;
      countryId: string;
    }
    const stored = () =>
      apiJson<{ entityInformation: StoredEntry[] }>("settings/company-details", token);
    const [entry] = (await stored()).entityInformation;
    const path = "/en-AU/settings?tab=company";
    const regional = [
      "companyName",
      "phoneNumber",
      "addressLine1",
      "addressLine2",
      "addressLine3",
      "cityTown",
      "zipPostCode",
      "stateCounty",
    ];
    const spec: FormSpec = {
      path,
      encoding: "multipart",
      base: () => [
        ["intent", "save"],
        ["profile", String(entry.profile)],
        ["website", "https://acme.example"],
        ["socialPresence", ""],
        ["supportUrl", ""],
        ["termsUrl", ""],
        ["defaultEntry", "0"],
        ["entities[0].id", entry.id],
        ["entities[0].countryId", entry.countryId],
        ...regional.map(
          (field): Field => [`entities[0].${field}`, String(entry[field] ?? "") || "x"],
        ),
      ],
      limit: BODY_LIMITS.settings,
    };
    const label = (field: string) =>
      field === "entities[0].stateCounty"
        ? translate("en-AU", "settings:company.fields.stateCounty.state")
        : translate(
            "en-AU",
            `auth:register.fields.${field.replace(/^.*\./, "")}${["profile", "phoneNumber", "socialPresence"].some((f) => field.endsWith(f)) ? ".label" : ""}`,
          );
    const unstorable = (field: string) =>
      text("auth:register.errors.invalidCharacters", { field: label(field) });
    const fields = [
      "profile",
      "website",
      "socialPresence",
      "supportUrl",
      "termsUrl",
      ...regional.map((field) => `entities[0].${field}`),
    ];
    const texts = textCases(
      spec,
      Object.fromEntries(
        fields.map((field) => [
          field,
          {
            nul: 1,
            message: unstorable(field),
            long: !["website", "supportUrl", "termsUrl"].includes(field),
          },
        ]),
      ),
      { each: 5, accepted: [200, 302, 303] },
    );
    const icon = (label: string, file: FilePart, message?: () => string): Case =>
      formCase(
        `${path} companyIcon = ${label}`,
        path,
        "multipart",
        withField(spec.base(), "companyIcon", file),
        { status: REFUSED, field: "companyIcon", message },
      );
    await run(page, [
      ...texts.strict,
      ...texts.decoded,
      formCase(
        `${path} about too short`,
        path,
        "multipart",
        withField(spec.base(), "profile", "short"),
        { status: REFUSED, field: "profile" },
      ),
      formCase(
        `${path} no default`,
        path,
        "multipart",
        spec.base().filter(([name]) => name !== "defaultEntry"),
        { status: REFUSED },
      ),
      formCase(
        `${path} an unknown country`,
        path,
        "multipart",
        withField(withField(spec.base(), "entities[0].id", ""), "entities[0].countryId", "IE"),
        {
          status: REFUSED,
          field: "entities[0].countryId",
          message: text("settings:errors.unknownCountry"),
        },
      ),
      formCase(
        `${path} a second card of the same country`,
        path,
        "multipart",
        [
          ...spec.base(),
          ["entities[1].countryId", entry.countryId],
          ...regional.map((field): Field => [`entities[1].${field}`, "x"]),
        ],
        {
          status: REFUSED,
          field: "entities[1].countryId",
          message: text("settings:errors.noDuplicateCountry"),
        },
      ),
      ...draw(hostileIdValue, 2, `${path} icon id`).map((id) =>
        // An id that is none (blank) sends no icon: saved, or nothing changed.
        formCase(
          `${path} iconId = ${shown(id)}`,
          path,
          "multipart",
          withField(spec.base(), "iconId", id),
          { status: [...REFUSED, 200, 302] },
        ),
      ),
      icon(
        "an SVG with a script",
        { fileName: "icon.svg", type: "image/svg+xml", bytes: scriptSvg() },
        text("auth:register.errors.iconInvalidType"),
      ),
      icon(
        "a PDF named .png",
        { fileName: "icon.png", type: "image/png", bytes: pdf() },
        text("auth:register.errors.iconInvalidType"),
      ),
      // A PNG whose header declares 256x256: refused by its content, or kept and served only as an image.
      formCase(
        `${path} companyIcon = a PNG header then HTML`,
        path,
        "multipart",
        withField(spec.base(), "companyIcon", {
          fileName: "icon.png",
          type: "image/png",
          bytes: pngHeaderHtml(),
        }),
        {
          status: [...REFUSED, 200, 302],
        },
      ),
      icon(
        "a PNG not square",
        { fileName: "icon.png", type: "image/png", bytes: png(300, 256) },
        text("auth:register.errors.iconInvalidSize"),
      ),
      ...draw(
        fc.oneof(
          nulText,
          fc.constantFrom("SAVE", "save\u0000", "delete:x", "ask-delete:-1", "delete:99999", ""),
        ),
        3,
        `${path} intent`,
      ).map((intent) =>
        formCase(
          `${path} intent = ${shown(intent)}`,
          path,
          "multipart",
          withField(spec.base(), "intent", intent),
          { status: REFUSED },
        ),
      ),
      formCase(
        `${path} intent twice`,
        path,
        "multipart",
        withField(spec.base(), "intent", "save", true),
        { status: REFUSED },
      ),
      ...shapeCases(spec, REFUSED, 4),
    ]);
    expect(unstorableTexts(await stored())).toEqual([]);
    expect((await stored()).entityInformation.map((item) => item.countryId)).toEqual([
      entry.countryId,
    ]);
  });
});
