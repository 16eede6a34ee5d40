/**
 * Body limits of the provider API (issue 9): a body streamed without end (chunked, never
 * finished) gets 413 as soon as the limit is read, to a JSON call (1 MB) and to an upload
 * (10 MB), while the sandbox keeps answering others (`/healthz`). The answer is read while
 * the request is still being sent, with node:http.
 */
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { newCompany, sandboxUrl, type TestCompany } from "./support";

const MB = 1024 * 1024;

let a: TestCompany;

beforeAll(async () => {
  a = await newCompany();
});

interface Streamed {
  status: number;
  body: { status?: number; detail?: string; traceId?: string; field?: string };
  /** Bytes written before the answer came. */
  sentBeforeAnswer: number;
  /** How long after the answer the server closed the connection while it was still being sent to (ms). */
  closedAfter: number;
  /** How long /healthz took while the body was streaming (ms), each time it was asked. */
  healthz: number[];
}

/**
 * Sends `path` a body that never ends: chunks as fast as the connection takes them, before
 * and after the answer, until the server closes the connection (or 200 MB, or 10 s). With
 * `declaredLength` the body is not chunked but says its (large) length up front. Meanwhile
 * asks /healthz every 50 ms.
 */
function streamWithoutEnd(
  path: string,
  headers: Record<string, string>,
  options: { declaredLength?: number } = {},
): Promise<Streamed> {
  const giveUpAfter = options.declaredLength ?? 200 * MB;
  const url = new URL(`/api/${path}`, sandboxUrl());
  const chunk = Buffer.alloc(64 * 1024, "a");
  const healthz: number[] = [];
  /** Probes asked and not answered yet: waited for (a second at most) before the result, since this process is busy sending. */
  const probes = new Set<Promise<void>>();
  return new Promise<Streamed>((resolve, reject) => {
    let sent = 0;
    let answer: { status: number; text: string; sentBeforeAnswer: number; at: number } | undefined;
    let closed = false;
    const probe = setInterval(() => {
      const at = performance.now();
      const asked = fetch(new URL("/healthz", url)).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status === 200) healthz.push(performance.now() - at);
        },
        () => {},
      );
      probes.add(asked);
      void asked.finally(() => probes.delete(asked));
    }, 50);
    const framing = options.declaredLength
      ? { "content-length": String(options.declaredLength) }
      : { "transfer-encoding": "chunked" };
    const request = http.request(url, { method: "POST", headers: { ...headers, ...framing } });
    const deadline = setTimeout(
      () =>
        done(
          new Error(
            answer ? "the connection stayed open 10 s after the answer" : "no answer in 10 s",
          ),
        ),
      10_000,
    );
    function done(result?: Error) {
      if (closed) return;
      closed = true;
      clearInterval(probe);
      clearTimeout(deadline);
      request.destroy();
      if (result) return reject(result);
      if (!answer)
        return reject(new Error(`the connection closed without an answer after ${sent} bytes`));
      const { status, text, sentBeforeAnswer, at } = answer;
      const closedAfter = performance.now() - at;
      let body: Streamed["body"];
      try {
        body = JSON.parse(text) as Streamed["body"];
      } catch {
        return reject(new Error(`not JSON (${status}): ${text.slice(0, 200)}`));
      }
      void Promise.race([
        Promise.allSettled([...probes]),
        new Promise((wait) => setTimeout(wait, 1000)),
      ]).then(() => resolve({ status, body, sentBeforeAnswer, closedAfter, healthz }));
    }
    request.on("response", (res) => {
      const sentBeforeAnswer = sent;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => {
        answer = {
          status: res.statusCode ?? 0,
          text: Buffer.concat(parts).toString("utf8"),
          sentBeforeAnswer,
          at: performance.now(),
        };
      });
    });
    // Writing on after the answer fails once the server closes the connection: that is the end.
    request.on("error", () => done());
    request.on("close", () => done());
    const pump = () => {
      while (!closed && sent < giveUpAfter) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!closed) done(new Error(`the connection stayed open for ${sent} bytes`));
    };
    pump();
  });
}

const json = () => ({ "content-type": "application/json", authorization: `Bearer ${a.token}` });
const multipart = () => ({
  "content-type": "multipart/form-data; boundary=----endless",
  authorization: `Bearer ${a.token}`,
});

/** The 413 in the error shape naming `field`, with the connection closed soon after. */
function expectRefused(result: Streamed, field: string) {
  expect(result.status).toBe(413);
  expect(result.body).toMatchObject({
    status: 413,
    field,
    detail: expect.any(String),
    traceId: expect.any(String),
  });
  expect(result.closedAfter).toBeLessThan(3000);
}

describe("a request body streamed without end", () => {
  const kinds = [
    { kind: "a JSON call", path: "apps", headers: json, field: "body", limit: 1 * MB },
    {
      kind: "an upload",
      path: "images?purpose=icon",
      headers: multipart,
      field: "file",
      limit: 10 * MB,
    },
  ];

  it.each(kinds)(
    "to $kind gets 413 once its limit is read, and /healthz answers meanwhile",
    async ({ path, headers, field, limit }) => {
      const result = await streamWithoutEnd(path, headers());
      expectRefused(result, field);
      expect(result.sentBeforeAnswer).toBeGreaterThan(limit);
      // The limit and what the connection's buffers take, not much more.
      expect(result.sentBeforeAnswer).toBeLessThan(limit + 40 * MB);
      expect(result.healthz.length).toBeGreaterThan(0);
      expect(Math.max(...result.healthz)).toBeLessThan(1000);
    },
  );

  it("without a token, to a JSON call, still gets 413 once 1 MB is read", async () => {
    expectRefused(
      await streamWithoutEnd("registration", { "content-type": "application/json" }),
      "body",
    );
  });

  it.each(kinds)(
    "to $kind, declaring a length over the limit, is answered 413 at once, not read first",
    async ({ path, headers, field }) => {
      const result = await streamWithoutEnd(path, headers(), { declaredLength: 500 * MB });
      expectRefused(result, field);
      expect(result.sentBeforeAnswer).toBeLessThan(20 * MB);
    },
  );
});
