/**
 * A provider client for unit tests of loaders and actions: `call(endpoint, input)` is handed
 * to one mock per method with the call's path (parameters filled in, query added), as
 * `get(path, answer)`, `post(path, answer, body?)`, `put(path, answer, body?)` and
 * `send("DELETE", path)`, so that a test states what was called in the provider's terms.
 */
import { vi } from "vitest";
import type { ApiClient } from "~/api/client.server";
import { type Endpoint, urlOf } from "~/api/endpoint";

export function mockApi() {
  const api = { get: vi.fn(), post: vi.fn(), put: vi.fn(), send: vi.fn() };
  // Not enumerable: a test that resets every mock of the object keeps the dispatch.
  Object.defineProperty(api, "call", {
    value: async (
      endpoint: Endpoint,
      input: { params?: Record<string, string | number>; query?: unknown; body?: unknown } = {},
    ) => {
      const path = urlOf(endpoint, input);
      const body = input.body === undefined ? [] : [input.body];
      switch (endpoint.method) {
        case "GET":
          return api.get(path, endpoint.answer);
        case "POST":
          return api.post(path, endpoint.answer, ...body);
        case "PUT":
          return api.put(path, endpoint.answer, ...body);
        case "DELETE":
          return api.send("DELETE", path);
      }
    },
  });
  return api;
}

/** The mock as the client type the code under test takes. */
export const asClient = (api: ReturnType<typeof mockApi>) =>
  api as unknown as ApiClient & ReturnType<typeof mockApi>;
