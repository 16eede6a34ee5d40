/**
 * The means of the hostile-input suite (hostile-api.test.ts): generated hostile values
 * (fast-check), where they go in a request (the slots of a zod schema, read from the
 * contract), and a raw HTTP client that sends exactly the bytes it is given (no URL
 * normalisation of `..`, any content type, broken bodies).
 */
import http from "node:http";
import fc from "fast-check";
import type { z } from "zod";

// ---------------------------------------------------------------------------
// Raw HTTP
// ---------------------------------------------------------------------------

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * Sends `method rawPath` (already percent-encoded, sent as written) to `base`, on a connection
 * of its own: the server may close one after refusing a body, and a kept-alive connection
 * would then fail the next request.
 */
export function sendRaw(
  base: string,
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<RawAnswer> {
  const url = new URL(base);
  const body =
    options.body === undefined
      ? undefined
      : Buffer.isBuffer(options.body)
        ? options.body
        : Buffer.from(options.body, "utf8");
  const headers = {
    ...options.headers,
    ...(body ? { "content-length": String(body.byteLength) } : {}),
  };
  return new Promise<RawAnswer>((resolve, reject) => {
    let answered: { res: http.IncomingMessage; parts: Buffer[] } | undefined;
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: rawPath,
        headers,
        agent: false,
        timeout: 20_000,
      },
      (res) => {
        const parts: Buffer[] = [];
        answered = { res, parts };
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(parts).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    request.on("timeout", () =>
      request.destroy(new Error(`${method} ${rawPath}: no answer in 20 s`)),
    );
    // An answer before the whole body is read (413) may close the connection under the rest
    // of it (EPIPE when the sender is slow): the answer already read is the answer.
    request.on("error", (error) => {
      if (!answered) return reject(error);
      const { res, parts } = answered;
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: Buffer.concat(parts).toString("utf8"),
      });
    });
    request.end(body);
  });
}

/** Percent-encodes every byte but the unreserved characters (a lone surrogate as its three UTF-8-like bytes). */
export function encodeSegment(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const pair =
      code >= 0xd800 && code <= 0xdbff && i + 1 < value.length ? value.charCodeAt(i + 1) : 0;
    const point =
      pair >= 0xdc00 && pair <= 0xdfff ? ((code - 0xd800) << 10) + (pair - 0xdc00) + 0x10000 : code;
    if (point > 0xffff) i++;
    if (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(point)) && point < 0x80)
      out += String.fromCharCode(point);
    else
      out += [...utf8Bytes(point)]
        .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
        .join("");
  }
  return out;
}

/** The UTF-8 bytes of a code point; a surrogate gets the bytes it would have (not valid UTF-8). */
function utf8Bytes(point: number): number[] {
  if (point < 0x80) return [point];
  if (point < 0x800) return [0xc0 | (point >> 6), 0x80 | (point & 0x3f)];
  if (point < 0x10000)
    return [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f)];
  return [
    0xf0 | (point >> 18),
    0x80 | ((point >> 12) & 0x3f),
    0x80 | ((point >> 6) & 0x3f),
    0x80 | (point & 0x3f),
  ];
}

// ---------------------------------------------------------------------------
// JSON with numbers JSON.stringify cannot write
// ---------------------------------------------------------------------------

/** A number token written into the JSON as is (`1e400` reads as Infinity). */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** JSON text written into the JSON as is: a value nested deeper than JSON.stringify can walk. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawNumbers and RawJson. */
export function toJson(value: unknown): string {
  const tokens: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawNumber) && !(item instanceof RawJson)) return item;
    tokens.push(item.text);
    return `\u0001raw${tokens.length - 1}\u0001`;
  });
  return text.replace(
    /"\\u0001raw(\d+)\\u0001"/g,
    (_whole, index: string) => tokens[Number(index)],
  );
}

/** The value as the server reads it (a RawNumber as the number it parses to). */
export function asParsed(value: unknown): unknown {
  return JSON.parse(toJson(value ?? null));
}

// ---------------------------------------------------------------------------
// Where values go: the slots of a zod schema
// ---------------------------------------------------------------------------

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  defaultValue?: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema that judges a value: through optional, nullable, default, readonly and pipes (a preprocess's target). */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === "pipe" && def.in && def.out)
    return unwrap(defOf(def.in).type === "transform" ? def.out : def.in);
  return schema;
}

export interface Slot {
  /** Dotted path in the object. */
  path: string;
  schema: z.ZodType;
}

/** Every property of an object schema, nested objects' too, as paths with their schemas. */
export function slotsOf(schema: z.ZodType | undefined, prefix = ""): Slot[] {
  if (!schema) return [];
  const inner = defOf(unwrap(schema));
  if (inner.type !== "object" || !inner.shape) return [];
  return Object.entries(inner.shape).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [{ path, schema: value }, ...slotsOf(value, path)];
  });
}

/** A value the schema takes, made up from its shape (for an endpoint the suite knows nothing of). */
export function sampleOf(schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
      return undefined;
    case "nullable":
    case "readonly":
    case "catch":
      return sampleOf(def.innerType);
    case "pipe":
      return sampleOf(defOf(def.in!).type === "transform" ? def.out : def.in);
    case "object":
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .map(([key, value]) => [key, sampleOf(value)])
          .filter(([, value]) => value !== undefined),
      );
    case "string":
      return "x";
    case "number":
    case "int":
      return 1;
    case "boolean":
      return true;
    case "enum":
      return Object.values(def.entries ?? {})[0];
    case "literal":
      return def.values?.[0];
    case "array":
      return [];
    case "union":
      return sampleOf(def.options?.[0]);
    case "record":
      return {};
    default:
      return undefined;
  }
}

/** Sets `value` at a dotted path of a copy of `object` (making the objects on the way). */
export function withValueAt(
  object: unknown,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(object ?? {}) as Record<string, unknown>;
  const keys = path.split(".");
  let at = copy;
  for (const key of keys.slice(0, -1)) {
    if (at[key] === null || typeof at[key] !== "object" || Array.isArray(at[key])) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]] = value;
  return copy;
}

/** The longest leading part of `path` that `object` already holds (where a refusal must be named). */
export function existingPrefix(object: unknown, path: string): string {
  const keys = path.split(".");
  let at: unknown = object;
  let depth = 0;
  for (const key of keys) {
    if (at === null || typeof at !== "object" || !(key in at)) break;
    at = (at as Record<string, unknown>)[key];
    depth++;
  }
  return keys.slice(0, Math.max(depth, 1)).join(".");
}

/** A NUL, or half of a surrogate pair without its other half: the suite's own judge, not the code's. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** How a refusal names a text it cannot store: each bad character as U+FFFD. */
export const namedAs = (text: string) => text.replace(new RegExp(UNSTORABLE.source, "g"), "\ufffd");

/** True when a string or key anywhere in the value is one the database cannot store. */
export function holdsUnstorable(value: unknown): boolean {
  if (typeof value === "string") return UNSTORABLE.test(value);
  if (value === null || typeof value !== "object" || value instanceof RawNumber) return false;
  return Object.entries(value).some(([key, item]) => UNSTORABLE.test(key) || holdsUnstorable(item));
}

/** True when the contract refuses the value in this place (its own schema, or the text rule everywhere). */
export function refusedBy(schema: z.ZodType, value: unknown): boolean {
  return holdsUnstorable(value) || !schema.safeParse(asParsed(value)).success;
}

// ---------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------

export const MB = 1024 * 1024;
/** A string over the 1 MB of a JSON body on its own. */
export const MEGA_TEXT = "m".repeat(MB + 1024);

const ascii = fc.string({ maxLength: 12 });

/** Text with a NUL or a lone surrogate somewhere. */
export const unstorableText = fc.oneof(
  fc.tuple(ascii, ascii).map(([before, after]) => `${before}\u0000${after}`),
  fc
    .tuple(ascii, fc.integer({ min: 0xd800, max: 0xdfff }), ascii)
    .map(([before, code, after]) => `${before}${String.fromCharCode(code)}${after}`),
);

/** Numbers no integer column holds, and values that are not numbers at all. */
export const badNumber = fc.oneof(
  fc.constantFrom<unknown>(
    2147483648,
    2 ** 53,
    1e308,
    -2147483649,
    -1,
    1.5,
    -0.5,
    0.1,
    new RawNumber("1e400"),
    new RawNumber("-1e400"),
    "1",
    "NaN",
    "Infinity",
    "0x10",
  ),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, noInteger: true }),
);

const nested = (depth: number) =>
  Array.from({ length: depth }).reduce<unknown>((inner) => [inner], "deep");
/** Arrays, objects, and a platform schema's dropdown items (the attack's document) nested `depth` deep, written out as text. */
const deepArrays = (depth: number) => new RawJson(`${"[".repeat(depth)}"deep"${"]".repeat(depth)}`);
const deepObjects = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);
const deepItems = (depth: number) =>
  new RawJson(
    `{"platforms":[{"type":"web","menus":[{"id":"menu-tools","items":${'[{"actionType":"dropdown","name":"x","items":'.repeat(depth)}[]${"}]".repeat(depth)}}]}]}`,
  );

/** JSON of the wrong type for most places: null, booleans, numbers, strings, arrays, objects (with unstorable keys too). */
export const wrongType = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, 7, [], {}, "", "text", nested(20)),
  fc.array(fc.oneof(ascii, unstorableText, fc.integer()), { minLength: 1, maxLength: 4 }),
  fc.dictionary(fc.oneof(ascii, unstorableText), fc.oneof(ascii, fc.integer(), unstorableText), {
    minKeys: 1,
    maxKeys: 3,
  }),
);

/** A text over every text limit of the contract, but well under the body limit. */
export const longText = fc
  .integer({ min: 10_001, max: 60_000 })
  .map((length) => "x".repeat(length));

/** Values nested past the JSON limits (app/api/json-limits.ts) wherever they stand in a body: 40 to 2,000 levels of arrays, objects, schema items. */
export const tooDeepJson = fc.constantFrom<unknown>(
  nested(40),
  deepArrays(300),
  deepArrays(2_000),
  deepObjects(500),
  deepItems(500),
  deepItems(2_000),
);

/** Small values that ask for much work or a long answer: 100,000 entries of a list (at most 400 KB), nested within the limits. */
export const wideJson = fc.constantFrom<unknown>(
  Array.from({ length: 100_000 }, () => []),
  Array.from({ length: 100_000 }, () => ({})),
  Array.from({ length: 100_000 }, () => 0),
  Array.from({ length: 100_000 }, () => "\u0000"),
  Array.from({ length: 10_000 }, () => nested(25)),
);

/** Anything hostile for a JSON value; a 1 MB string now and then. */
export const hostileJson = fc.oneof(
  { weight: 5, arbitrary: unstorableText },
  { weight: 3, arbitrary: wrongType },
  { weight: 3, arbitrary: badNumber },
  { weight: 1, arbitrary: longText },
  { weight: 1, arbitrary: fc.constant<unknown>(MEGA_TEXT) },
);

/** Whole bodies that are not the JSON of a call: broken JSON, other JSON, bytes, form encoding, deep nesting. */
export const junkBody = fc.oneof(
  fc.constantFrom<string | Buffer>(
    "{",
    "not json",
    "\ufeff{",
    "[1,2",
    "{'a':1}",
    '{"a":1} trailing',
    "undefined",
    "NaN",
    "\u0000",
    '{"a":"\u0000"}',
    "null",
    "[]",
    "1",
    '"text"',
    "true",
    "name=%00&x=1",
    '{"__proto__":{"polluted":"\\u0000"}}',
    `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
    `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
    Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xed, 0xa0, 0x80]),
  ),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

/** Content types a JSON body may come with here, right and wrong. */
export const jsonContentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  undefined,
);

/** Path parameters that name nothing: NUL, lone surrogates, traversal, junk, very long. */
export const hostileSegment = fc.oneof(
  { weight: 3, arbitrary: unstorableText.map(encodeSegment) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "..",
      "%2E%2E",
      "..%2F..%2F..%2Fetc%2Fpasswd",
      "%2e%2e%2f%2e%2e%2fadmin",
      "..%5C..%5Cwindows",
      "%00",
      "%ED%A0%80",
      "%C0%80",
      "%FF",
      "%25",
      "x%0D%0AX-Injected:%201",
      "-1",
      "99999999999999999999",
      "00000000-0000-0000-0000-000000000000",
      "not-a-uuid",
    ),
  },
  {
    weight: 2,
    arbitrary: ascii
      .filter((text) => text !== "" && text !== "0" && text !== "root")
      .map(encodeSegment),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1000, max: 4000 }).map((length) => "a".repeat(length)),
  },
  { weight: 2, arbitrary: fc.uuid() },
);

/** Query values: unstorable, junk, long. */
export const hostileQueryValue = fc.oneof(
  { weight: 3, arbitrary: unstorableText },
  { weight: 2, arbitrary: ascii },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "-1",
      "2",
      "1.5",
      "1e400",
      "2147483648",
      "TRUE",
      " ",
      "../..",
      "AU%00",
    ),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1000, max: 4000 }).map((length) => "q".repeat(length)),
  },
);
