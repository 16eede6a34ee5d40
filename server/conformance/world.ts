/** What the kit's steps share: the two companies' callers, the findings, and the ids made. */
import type { Endpoint } from "~/api/endpoint";
import type { findings } from "./report";
import { expectSuccess, type Input, type Reply } from "./session";

export type Call = (endpoint: Endpoint, input?: Input) => Promise<Reply>;

/** The objects the kit made (of the first company), by what they are. */
export interface Made {
  userId?: string;
  companyId?: string;
  imageId?: string;
  fileId?: string;
  diagramId?: string;
  versionId?: string;
  groupId?: string;
  duplicateId?: string;
  savedVersionId?: string;
  priceId?: string;
  preApprovalId?: string;
  submittedVersionId?: string;
  instanceId?: string;
  importedId?: string;
  newUserId?: string;
  bankId?: string;
  matterTypeId?: string;
  /** Uploaded images no listing or company icon takes: too small, a JPEG, over 400 KB. */
  smallImageId?: string;
  jpegImageId?: string;
  bigImageId?: string;
  /** A connector app in a country without monetisation and data attestation. */
  otherVersionId?: string;
  otherGroupId?: string;
}

export interface World {
  /** The first company's user, the second's, and no one. */
  a: Call;
  b: Call;
  anon: Call;
  made: Made;
  found: ReturnType<typeof findings>;
  /** A value unique to this run, for names and addresses. */
  run: string;
  /** Signs in another user (one the kit made), answering their caller. */
  signInAs: (email: string, password: string) => Promise<Call>;
}

/** The ids a step needs, or undefined (the step noted as not tried) when one was not made. */
export function needs<K extends keyof Made>(
  world: World,
  endpoint: Endpoint,
  what: string,
  ...keys: K[]
): Required<Pick<Made, K>> | undefined {
  const missing = keys.filter((key) => !world.made[key]);
  if (missing.length === 0) return world.made as Required<Pick<Made, K>>;
  world.found.skip(
    endpoint,
    what,
    `needs ${missing.join(", ")}, which an earlier call did not make`,
  );
  return undefined;
}

/**
 * A valid call (of the first company's user unless `call` says otherwise), its answer held to
 * the contract: the parsed answer, or undefined when a check failed (noted as failed).
 */
export const succeeds = <T = unknown>(
  w: World,
  endpoint: Endpoint,
  what: string,
  input?: Input,
  call: Call = w.a,
) =>
  w.found.check(endpoint, what, async () =>
    expectSuccess<T>(endpoint, await call(endpoint, input)),
  );
