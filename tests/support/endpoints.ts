/**
 * Every endpoint the contract declares (app/api/<area>/endpoints.ts), named `area.export`:
 * what the route test and the hostile-input suite go through, so that a new endpoint is
 * covered as soon as it is declared. Vite's import.meta.glob: for tests only.
 */
import type { Endpoint } from "~/api/endpoint";

const areas = import.meta.glob<Record<string, unknown>>("../../app/api/*/endpoints.ts", {
  eager: true,
});

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === "object" &&
  value !== null &&
  "method" in value &&
  "path" in value &&
  "answer" in value;

export interface DeclaredEndpoint {
  /** `area.export`, e.g. `apps.getApp`. */
  name: string;
  endpoint: Endpoint;
}

export function declaredEndpoints(): DeclaredEndpoint[] {
  return Object.entries(areas).flatMap(([file, exports]) => {
    const area = /api\/([^/]+)\/endpoints\.ts$/.exec(file)![1];
    return Object.entries(exports)
      .filter(([, value]) => isEndpoint(value))
      .map(([name, value]) => ({ name: `${area}.${name}`, endpoint: value as Endpoint }));
  });
}
