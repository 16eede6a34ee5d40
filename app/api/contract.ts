/**
 * The whole contract: every area's endpoint objects, named `area.export` (`apps.getApp`).
 * What the published OpenAPI document, the API reference and the conformance kit go through,
 * so a call is documented and checked as soon as its area declares it.
 */

import * as approvals from "./approvals/endpoints";
import * as apps from "./apps/endpoints";
import * as dataAttestation from "./data-attestation/endpoints";
import type { Endpoint } from "./endpoint";
import * as files from "./files/endpoints";
import * as instances from "./instances/endpoints";
import * as pricing from "./pricing/endpoints";
import * as registration from "./registration/endpoints";
import * as resources from "./resources/endpoints";
import * as schema from "./schema/endpoints";
import * as security from "./security/endpoints";
import * as settings from "./settings/endpoints";
import * as submissions from "./submissions/endpoints";
import * as usage from "./usage/endpoints";
import * as user from "./user/endpoints";

/** The areas by their folder's name under app/api/. */
export const CONTRACT_AREAS: Record<string, Record<string, unknown>> = {
  approvals,
  apps,
  "data-attestation": dataAttestation,
  files,
  instances,
  pricing,
  registration,
  resources,
  schema,
  security,
  settings,
  submissions,
  usage,
  user,
};

export interface NamedEndpoint {
  /** `area.export`, e.g. `apps.getApp`. */
  name: string;
  area: string;
  endpoint: Endpoint;
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === "object" &&
  value !== null &&
  "method" in value &&
  "path" in value &&
  "answer" in value;

/** Every endpoint of the contract, area by area, each area's by name (the same under any loader). */
export function contractEndpoints(): NamedEndpoint[] {
  return Object.entries(CONTRACT_AREAS).flatMap(([area, exports]) =>
    Object.entries(exports)
      .filter(([, value]) => isEndpoint(value))
      .sort(([a], [b]) => a.localeCompare(b, "en"))
      .map(([name, value]) => ({ name: `${area}.${name}`, area, endpoint: value as Endpoint })),
  );
}
