import { describe, expect, it } from "vitest";
import * as z from "zod";
import { ApiError, createApiClient, type LastKnown, ProviderUnreachable } from "./client.server";
import { endpoint, noContent, urlOf } from "./endpoint";
import { createHttpCache, scopeOf } from "./http-cache.server";

const get = <S extends z.ZodType>(path: string, answer: S) =>
  endpoint({ method: "GET", path, answer });

const respond = (status: number, body?: unknown) =>
  (async () =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    })) as typeof fetch;

describe("provider client", () => {
  it("sends the bearer token and the language, parses the answer", async () => {
    let seen: Headers | undefined;
    const client = createApiClient({
      baseUrl: "http://provider.test/api",
      token: "t0k",
      language: "nl-NL",
      fetch: (async (_url: string, init: RequestInit) => {
        seen = new Headers(init.headers);
        return new Response(JSON.stringify({ a: 1 }), { status: 200 });
      }) as typeof fetch,
    });
    expect(await client.call(get("things", z.object({ a: z.number() })))).toEqual({ a: 1 });
    expect(seen?.get("authorization")).toBe("Bearer t0k");
    expect(seen?.get("accept-language")).toBe("nl-NL");
  });

  it("turns an error answer into the spec's shape", async () => {
    const client = createApiClient({
      baseUrl: "http://p.test/api",
      language: "en-AU",
      fetch: respond(409, { detail: "Nope", traceId: "abc123" }),
    });
    const error: ApiError | undefined = await client.call(get("x", z.unknown())).then(
      () => undefined,
      (e: unknown) => e as ApiError,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.toJSON()).toEqual({
      status: 409,
      errorType: "api",
      url: "http://p.test/api/x",
      detail: "Nope",
      traceId: "abc123",
      field: undefined,
    });
  });

  it("keeps no detail when the error answer is not JSON", async () => {
    const client = createApiClient({
      baseUrl: "http://p.test/api",
      language: "en-AU",
      fetch: (async () => new Response("<html>", { status: 500 })) as typeof fetch,
    });
    const error: ApiError | undefined = await client.call(get("x", z.unknown())).then(
      () => undefined,
      (e: unknown) => e as ApiError,
    );
    expect(error?.status).toBe(500);
    expect(error?.detail).toBeUndefined();
  });

  it("takes a gateway's 502, 503 or 504 for a provider out of reach, not the provider's own", async () => {
    for (const status of [502, 503, 504]) {
      const gateway = createApiClient({
        baseUrl: "http://p.test/api",
        language: "en-AU",
        fetch: (async () => new Response("Bad Gateway", { status })) as typeof fetch,
      });
      await expect(gateway.call(get("x", z.unknown()))).rejects.toBeInstanceOf(ProviderUnreachable);
      const own = createApiClient({
        baseUrl: "http://p.test/api",
        language: "en-AU",
        fetch: respond(status, { detail: "Down for maintenance", traceId: "t-123456" }),
      });
      const error = await own.call(get("x", z.unknown())).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).not.toBeInstanceOf(ProviderUnreachable);
    }
  });

  it("calls onUnauthorized on a 401", async () => {
    const client = createApiClient({
      baseUrl: "http://p.test/api",
      language: "en-AU",
      fetch: respond(401, { detail: "expired" }),
      onUnauthorized: () => {
        throw new Error("signed out");
      },
    });
    await expect(client.call(get("x", z.unknown()))).rejects.toThrow("signed out");
  });

  it("refuses an answer that does not fit the contract", async () => {
    const client = createApiClient({
      baseUrl: "http://p.test/api",
      language: "en-AU",
      fetch: respond(200, { a: "no" }),
    });
    const error: ApiError | undefined = await client
      .call(get("x", z.object({ a: z.number() })))
      .then(
        () => undefined,
        (e: unknown) => e as ApiError,
      );
    expect(error?.status).toBe(502);
  });

  it("keeps GET answers for the rest of the request, and forgets them after any other call", async () => {
    const seen: string[] = [];
    const client = createApiClient({
      baseUrl: "http://p.test/api",
      language: "en-AU",
      fetch: (async (url: string, init: RequestInit) => {
        seen.push(`${init.method} ${url}`);
        return init.method === "DELETE"
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ n: seen.length }), { status: 200 });
      }) as typeof fetch,
    });
    const getThing = endpoint({
      method: "GET",
      path: "things/:id",
      answer: z.object({ n: z.number() }),
    });
    const deleteThing = endpoint({ method: "DELETE", path: "things/:id", answer: noContent });
    const [a, b] = await Promise.all([
      client.call(getThing, { params: { id: 1 } }),
      client.call(getThing, { params: { id: 1 } }),
    ]);
    expect(a).toEqual(b);
    await client.call(getThing, { params: { id: 2 } });
    expect(await client.call(deleteThing, { params: { id: 1 } })).toBeNull();
    expect((await client.call(getThing, { params: { id: 1 } })).n).toBe(4);
    expect(seen).toEqual([
      "GET http://p.test/api/things/1",
      "GET http://p.test/api/things/2",
      "DELETE http://p.test/api/things/1",
      "GET http://p.test/api/things/1",
    ]);
  });

  it("asks again after a failed read", async () => {
    let calls = 0;
    const client = createApiClient({
      baseUrl: "http://p.test/api",
      language: "en-AU",
      fetch: (async () =>
        ++calls === 1
          ? new Response(null, { status: 503 })
          : new Response("{}", { status: 200 })) as typeof fetch,
    });
    const thing = get("thing", z.object({}));
    await expect(client.call(thing)).rejects.toBeInstanceOf(ApiError);
    await expect(client.call(thing)).resolves.toEqual({});
  });
});

describe("urlOf", () => {
  it("fills each path parameter, encoded, and adds the query", () => {
    const e = endpoint({
      method: "PUT",
      path: "apps/group/:groupId/setArchived",
      query: z.object({ flag: z.string() }),
      answer: z.unknown(),
    });
    expect(urlOf(e, { params: { groupId: "a/b c" }, query: { flag: "true" } })).toBe(
      "apps/group/a%2Fb%20c/setArchived?flag=true",
    );
  });

  it("leaves out query values that are not given", () => {
    const e = endpoint({
      method: "GET",
      path: "apps",
      query: z.object({ archived: z.string().optional() }),
      answer: z.unknown(),
    });
    expect(urlOf(e, { query: { archived: undefined } })).toBe("apps");
  });

  it("refuses a call without a path parameter's value", () => {
    const e = endpoint({ method: "GET", path: "apps/:id", answer: z.unknown() });
    expect(() => urlOf(e, {})).toThrow(":id");
  });

  describe("with last answers (a submission's page while the provider is out of reach)", () => {
    /** A store of copies in a Map, read only when `read`. */
    function copies(read: boolean) {
      const kept = new Map<string, unknown>();
      const lastKnown: LastKnown = {
        keep: (path, data) => void kept.set(path, data),
        read: async (path) => (read ? kept.get(path) : undefined),
        reads: read,
        recall: async (path) => kept.get(path),
      };
      return { kept, lastKnown };
    }
    let up = true;
    const provider = (async () => {
      if (!up) throw new TypeError("fetch failed");
      return new Response(JSON.stringify({ a: 1 }), { status: 200 });
    }) as typeof fetch;
    const thing = get("things/1", z.object({ a: z.number() }));

    it("keeps every GET answer, and answers a GET from its copy once the provider cannot be reached", async () => {
      const { kept, lastKnown } = copies(true);
      up = true;
      await createApiClient({
        baseUrl: "http://p.test/api",
        language: "en-AU",
        fetch: provider,
        lastKnown,
      }).call(thing);
      expect(kept.get("things/1")).toEqual({ a: 1 });
      up = false;
      expect(
        await createApiClient({
          baseUrl: "http://p.test/api",
          language: "en-AU",
          fetch: provider,
          lastKnown,
        }).call(thing),
      ).toEqual({ a: 1 });
    });

    it("fails as before without a copy to read, or with one that no longer fits the contract", async () => {
      up = false;
      const none = copies(false);
      none.kept.set("things/1", { a: 1 });
      const client = createApiClient({
        baseUrl: "http://p.test/api",
        language: "en-AU",
        fetch: provider,
        lastKnown: none.lastKnown,
      });
      const error = await client.call(thing).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ProviderUnreachable);
      expect((error as ApiError).status).toBe(503);
      const stale = copies(true);
      stale.kept.set("things/1", { a: "changed shape" });
      await expect(
        createApiClient({
          baseUrl: "http://p.test/api",
          language: "en-AU",
          fetch: provider,
          lastKnown: stale.lastKnown,
        }).call(thing),
      ).rejects.toBeInstanceOf(ProviderUnreachable);
    });

    it("hands a page its last answer on asking, whatever the request, and none that no longer fits", async () => {
      const { kept, lastKnown } = copies(false);
      up = true;
      const client = createApiClient({
        baseUrl: "http://p.test/api",
        language: "en-AU",
        fetch: provider,
        lastKnown,
      });
      expect(await client.lastAnswer(thing)).toBeUndefined();
      await client.call(thing);
      expect(await client.lastAnswer(thing)).toEqual({ a: 1 });
      kept.set("things/1", { a: "changed shape" });
      expect(await client.lastAnswer(thing)).toBeUndefined();
      expect(
        await createApiClient({
          baseUrl: "http://p.test/api",
          language: "en-AU",
          fetch: provider,
        }).lastAnswer(thing),
      ).toBeUndefined();
    });

    it("never answers a write from a copy, nor a GET the provider refused", async () => {
      const { kept, lastKnown } = copies(true);
      kept.set("things/1", { a: 1 });
      up = false;
      const write = endpoint({
        method: "PUT",
        path: "things/1",
        answer: z.object({ a: z.number() }),
      });
      await expect(
        createApiClient({
          baseUrl: "http://p.test/api",
          language: "en-AU",
          fetch: provider,
          lastKnown,
        }).call(write),
      ).rejects.toBeInstanceOf(ProviderUnreachable);
      const refused = createApiClient({
        baseUrl: "http://p.test/api",
        language: "en-AU",
        fetch: respond(404, { detail: "gone" }),
        lastKnown,
      });
      await expect(refused.call(thing)).rejects.toMatchObject({ status: 404 });
    });
  });
});

describe("the HTTP cache across requests", () => {
  const thing = get("things", z.object({ n: z.number() }));
  const change = endpoint({ method: "POST", path: "things", answer: noContent });

  /** A provider that counts its calls and answers with the given headers (a 304 when If-None-Match matches). */
  function provider(headers: Record<string, string>, status = () => 200) {
    const seen: { url: string; headers: Headers }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      const given = new Headers(init.headers);
      seen.push({ url, headers: given });
      if (init.method !== "GET") return new Response(null, { status: 204 });
      if (headers.etag && given.get("if-none-match") === headers.etag)
        return new Response(null, { status: 304, headers });
      return new Response(JSON.stringify({ n: seen.length }), {
        status: status(),
        headers: { "content-type": "application/json", ...headers },
      });
    }) as typeof globalThis.fetch;
    return { seen, fetch };
  }

  function clientOf(
    p: { fetch: typeof fetch },
    store: ReturnType<typeof createHttpCache>,
    token = "tok-1",
    stamp?: string,
  ) {
    let stamps = 0;
    return createApiClient({
      baseUrl: "http://p.test/api",
      token,
      language: "en-AU",
      fetch: p.fetch,
      cache: {
        store,
        scope: scopeOf(token, stamp),
        forget: async () => scopeOf(token, `s${++stamps}`),
      },
    });
  }

  it("keeps a public answer for everyone for its lifetime", async () => {
    const p = provider({ "cache-control": "public, max-age=300", etag: '"v1"' });
    const store = createHttpCache();
    const first = await clientOf(p, store, "tok-1").call(thing);
    const second = await clientOf(p, store, "tok-2").call(thing);
    expect(second).toEqual(first);
    expect(p.seen).toHaveLength(1);
    expect(Object.isFrozen(second)).toBe(true);
  });

  it("keeps a private answer for its person alone", async () => {
    const p = provider({ "cache-control": "private, max-age=60" });
    const store = createHttpCache();
    await clientOf(p, store, "tok-1").call(thing);
    await clientOf(p, store, "tok-1").call(thing);
    expect(p.seen).toHaveLength(1);
    expect((await clientOf(p, store, "tok-2").call(thing)).n).toBe(2);
    expect(p.seen).toHaveLength(2);
  });

  it("keeps nothing the provider does not allow", async () => {
    for (const cacheControl of ["no-store", "private, max-age=0"]) {
      const p = provider({ "cache-control": cacheControl });
      const store = createHttpCache();
      await clientOf(p, store).call(thing);
      await clientOf(p, store).call(thing);
      expect(p.seen).toHaveLength(2);
    }
  });

  it("revalidates a stale answer with If-None-Match and keeps it on a 304", async () => {
    const p = provider({ "cache-control": "private, no-cache", etag: '"v1"' });
    const store = createHttpCache();
    const first = await clientOf(p, store).call(thing);
    const second = await clientOf(p, store).call(thing);
    expect(second).toEqual(first);
    expect(p.seen).toHaveLength(2);
    expect(p.seen[0].headers.get("if-none-match")).toBeNull();
    expect(p.seen[1].headers.get("if-none-match")).toBe('"v1"');
  });

  it("takes an answer past its lifetime without a call when the read allows it (max-stale)", async () => {
    const p = provider({ "cache-control": "private, max-age=0", etag: '"v1"' });
    const store = createHttpCache();
    await clientOf(p, store).call(thing);
    await clientOf(p, store).call(thing, undefined, { maxStale: 60 });
    expect(p.seen).toHaveLength(1);
    await clientOf(p, store).call(thing);
    expect(p.seen).toHaveLength(2);
    expect(p.seen[1].headers.get("if-none-match")).toBe('"v1"');
  });

  it("answers a submission's read from its copy, however stale, when the provider is out of reach", async () => {
    let up = true;
    const p = provider({ "cache-control": "private, no-cache", etag: '"v1"' });
    const fetch = (async (url: string, init: RequestInit) => {
      if (!up) throw new TypeError("fetch failed");
      return p.fetch(url, init);
    }) as typeof globalThis.fetch;
    const store = createHttpCache();
    const first = await clientOf({ fetch }, store).call(thing);
    up = false;
    const lastKnown = (reads: boolean): LastKnown => ({
      keep: () => {},
      read: async () => undefined,
      reads,
      recall: async () => undefined,
    });
    const withCopies = (reads: boolean) =>
      createApiClient({
        baseUrl: "http://p.test/api",
        token: "tok-1",
        language: "en-AU",
        fetch,
        lastKnown: lastKnown(reads),
        cache: { store, scope: scopeOf("tok-1", undefined) },
      });
    expect(await withCopies(true).call(thing)).toEqual(first);
    await expect(withCopies(false).call(thing)).rejects.toBeInstanceOf(ProviderUnreachable);
  });

  it("never takes an answer marked no-cache without revalidating it, whatever the read allows", async () => {
    const p = provider({ "cache-control": "private, no-cache", etag: '"v1"' });
    const store = createHttpCache();
    await clientOf(p, store).call(thing);
    await clientOf(p, store).call(thing, undefined, { maxStale: 60 });
    expect(p.seen).toHaveLength(2);
  });

  it("reads a person's answers afresh after they change something, or are refused", async () => {
    const p = provider({ "cache-control": "private, max-age=60" });
    const store = createHttpCache();
    const client = clientOf(p, store);
    await client.call(thing);
    await client.call(change);
    expect((await client.call(thing)).n).toBe(3);
    expect(p.seen).toHaveLength(3);

    let refuse = false;
    const refusing = provider({ "cache-control": "private, max-age=60" }, () =>
      refuse ? 403 : 200,
    );
    const other = clientOf(refusing, store, "tok-9");
    await other.call(thing);
    refuse = true;
    await expect(other.call(get("elsewhere", z.unknown()))).rejects.toBeInstanceOf(ApiError);
    refuse = false;
    // The next request of that browser, with the stamp the refusal gave it.
    await clientOf(refusing, store, "tok-9", "s1").call(thing);
    expect(refusing.seen).toHaveLength(3);
    await clientOf(refusing, store, "tok-9", "s1").call(thing);
    expect(refusing.seen).toHaveLength(3);
  });
});
