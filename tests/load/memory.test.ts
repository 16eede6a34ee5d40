/**
 * Large forms and the console's memory: 20 pre-approval posts of 81 MB each at once, to the
 * built console on loopback (its own process, on a fresh data folder), raise its resident
 * memory by less than 300 MB, whether the post names a version the app does not have (refused
 * before its documents are read) or one it has (the documents are read, on disk, and refused
 * for their total size). Each post is a form as the page sends it: intent, version and notes,
 * then nine documents of 9 MB. The console is its supervisor and its console processes (as
 * many as cores): its peak is the sum of their VmHWM in /proc (at least the peak of them
 * together), reset before each round, against the sum of their resident memory once signed in
 * and idle (a heap grown by one round and kept would hide the next round's growth otherwise);
 * the figures are printed.
 *
 *   npx vitest run --project load tests/load/memory.test.ts
 */
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConsoleVisitor } from "../support/console-http";
import { type PersonWithApp, personWithApp } from "../support/people";
import { resetPeaks, treeMb } from "../support/process-tree";
import { type StartedProduct, startedProduct } from "../support/product";

const MB = 1024 * 1024;
const POSTS = 20;
const DOCUMENTS = 9;
const DOCUMENT_BYTES = 9 * MB;
const BOUND_MB = 300;

let product: StartedProduct;
let consoleUrl: string;
let consolePid: number;
let person: PersonWithApp;
let cookie: string;
/** The console's resident memory (MB) once signed in and idle, before any post. */
let idle: number;

beforeAll(async () => {
  product = await startedProduct("memory");
  consoleUrl = product.consoleUrl;
  consolePid = product.console.pid!;
  person = await personWithApp(product.provider, "Memory app");
  const visitor = new ConsoleVisitor(consoleUrl);
  await visitor.signIn(person.email, person.password);
  // The page once, so that what is measured is the posts, not a first render.
  await visitor.get(`/en-AU/apps/group/${person.groupId}/approval?new=1`);
  cookie = visitor.jar.header();
  idle = treeMb(consolePid, "VmRSS");
}, 300_000);

afterAll(async () => {
  await product?.stop();
}, 60_000);

/** The multipart body of one post: the fields first, as the form sends them, then the documents. */
function postBody(
  boundary: string,
  versionMajorId: string,
): { head: Buffer; parts: number; tail: Buffer; length: number } {
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field("intent", "create") +
      field("versionMajorId", versionMajorId) +
      field("submissionNotes", "Documents for the review."),
  );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const partLength = documentOpening(boundary, 0).length + DOCUMENT_BYTES + 2;
  return {
    head,
    parts: DOCUMENTS,
    tail,
    length: head.length + DOCUMENTS * partLength + tail.length,
  };
}

const documentOpening = (boundary: string, index: number) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="d${index}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );

const CHUNK = Buffer.alloc(MB, "a");

/**
 * Sends one post of 81 MB, written as the connection takes it, until the answer comes (the
 * rest is not sent once the console has answered). Answers the status and the bytes sent.
 */
function sendPost(versionMajorId: string): Promise<{ status: number; sent: number }> {
  const boundary = `memory-${randomUUID()}`;
  const body = postBody(boundary, versionMajorId);
  const url = new URL(`/en-AU/apps/group/${person.groupId}/approval?new=1`, consoleUrl);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(url, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(body.length),
        cookie,
        origin: url.origin,
        accept: "text/html",
      },
    });
    req.on("response", (res) => {
      answered = true;
      res.resume();
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, sent });
        req.destroy();
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pieces = (function* () {
      yield body.head;
      for (let index = 0; index < body.parts; index++) {
        yield documentOpening(boundary, index);
        // "%PDF-" and then 9 MB: each document within its limit, 81 MB together over 80.
        yield Buffer.from("%PDF-");
        for (let left = DOCUMENT_BYTES - 5; left > 0; left -= CHUNK.length)
          yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        yield Buffer.from("\r\n");
      }
      yield body.tail;
    })();
    const pump = () => {
      for (;;) {
        if (answered || req.destroyed) return;
        const next = pieces.next();
        if (next.done) {
          req.end();
          return;
        }
        sent += next.value.length;
        if (!req.write(next.value)) {
          req.once("drain", pump);
          return;
        }
      }
    };
    pump();
  });
}

/** Sends the posts at once; answers their results and the console's resident memory before and at its peak (MB). */
async function round(versionMajorId: () => string) {
  const before = treeMb(consolePid, "VmRSS");
  // Resets the peaks (VmHWM) to the memory resident now.
  resetPeaks(consolePid);
  const results = await Promise.all(
    Array.from({ length: POSTS }, () => sendPost(versionMajorId())),
  );
  const peak = treeMb(consolePid, "VmHWM");
  return { results, before, peak, raised: peak - idle };
}

const figures = (label: string, r: Awaited<ReturnType<typeof round>>) =>
  `${label}: ${POSTS} posts of ${(postBody("x", randomUUID()).length / MB).toFixed(1)} MB, answers ${[...new Set(r.results.map((x) => x.status))].join("/")}, ` +
  `${(r.results.reduce((sum, x) => sum + x.sent, 0) / MB).toFixed(0)} MB sent, console RSS ${idle.toFixed(0)} MB idle, ${r.before.toFixed(0)} MB before the round, peak ${r.peak.toFixed(0)} MB (+${r.raised.toFixed(0)} MB over idle)`;

test("20 posts of 81 MB naming a version the app does not have: refused before their documents, the console's memory bounded", async () => {
  const r = await round(() => randomUUID());
  console.log(figures("unknown version", r));
  for (const result of r.results) expect(result.status).toBe(400);
  expect(r.raised, "MB the console's resident memory rose").toBeLessThan(BOUND_MB);
});

test("20 posts of 81 MB naming the app's version: documents read to disk and refused for their total, the console's memory bounded", async () => {
  const r = await round(() => person.versionId);
  console.log(figures("known version", r));
  for (const result of r.results) expect(result.status).toBe(400);
  expect(r.raised, "MB the console's resident memory rose").toBeLessThan(BOUND_MB);
});
