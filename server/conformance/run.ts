/**
 * The conformance kit: signs in the two companies' users through OpenID Connect, makes every
 * call of the contract with valid input and holds each answer to it, sends refusals the
 * contract documents, checks that the second company can neither read nor change the first's
 * objects and that no call answers without a token, then removes what it made.
 */
import { randomUUID } from "node:crypto";
import * as approvals from "~/api/approvals/endpoints";
import * as apps from "~/api/apps/endpoints";
import { contractEndpoints } from "~/api/contract";
import * as instances from "~/api/instances/endpoints";
import * as submissions from "~/api/submissions/endpoints";
import * as user from "~/api/user/endpoints";
import { type OidcClient, signIn } from "./oidc";
import { refusals } from "./refusals";
import { appRefusals, attestationRefusals, otherApp, uploadRefusals } from "./refusals-apps";
import {
  configurationRefusals,
  instanceRefusals,
  registrationRefusals,
  resourceRefusals,
  settingsRefusals,
  userRefusals,
} from "./refusals-company";
import {
  approvalRefusals,
  archivedRefusals,
  priceChangeRefusals,
  priceRefusals,
  securityRefusals,
  submissionRefusals,
} from "./refusals-reviews";
import { schemaRefusals } from "./refusals-schema";
import { type EndpointResult, findings } from "./report";
import { Breach, expectRefusal, session } from "./session";
import {
  appAndListing,
  attestationAndSchema,
  clientsAndPrices,
  reviews,
  uploads,
} from "./steps-apps";
import { company, people, referenceData, sandboxAccounts } from "./steps-company";
import { strangerInputs } from "./strangers";
import { type Made, succeeds, type World } from "./world";

export interface Credentials {
  email: string;
  password: string;
}

export interface KitOptions {
  /** The API's base URL (`https://provider.example/api`). */
  api: string;
  client: OidcClient;
  /** Users of two different companies; the first is an admin of its company. */
  accounts: [Credentials, Credentials];
  /** Progress lines. */
  log?: (line: string) => void;
}

/** Runs every check; answers each endpoint's findings. */
export async function runConformance(options: KitOptions): Promise<EndpointResult[]> {
  const log = options.log ?? (() => {});
  const [first, second] = await Promise.all(
    options.accounts.map((account) => signIn(options.client, account.email, account.password)),
  );
  log("signed in both users");
  const world: World = {
    a: session(options.api, first.access_token),
    b: session(options.api, second.access_token),
    anon: session(options.api, undefined),
    made: {},
    found: findings(),
    run: randomUUID().slice(0, 8),
    signInAs: async (email, password) =>
      session(options.api, (await signIn(options.client, email, password)).access_token),
  };
  for (const [label, steps] of [
    ["reference data", referenceData],
    ["users", people],
    ["uploads", uploads],
    ["the app and its listing", appAndListing],
    ["data attestation and schema", attestationAndSchema],
    ["clients and prices", clientsAndPrices],
    ["pre-approval and submission", reviews],
    ["sandbox accounts", sandboxAccounts],
    ["company and bank details", company],
    ["declared refusals", declaredRefusals],
    ["the other company", otherCompany],
    ["no token", withoutToken],
  ] as const) {
    log(label);
    await steps(world);
  }
  log("removing what the kit made");
  await cleanUp(world);
  return world.found.results();
}

/** Each refusal the contract declares, sent where the kit can reach its state (refusals-*.ts). */
async function declaredRefusals(w: World) {
  for (const steps of [
    uploadRefusals,
    otherApp,
    appRefusals,
    attestationRefusals,
    schemaRefusals,
    approvalRefusals,
    submissionRefusals,
    priceRefusals,
    priceChangeRefusals,
    securityRefusals,
    archivedRefusals,
    userRefusals,
    settingsRefusals,
    instanceRefusals,
    configurationRefusals,
    resourceRefusals,
    registrationRefusals,
  ])
    await steps(w);
}

/** The second company calls every endpoint on the first's objects: each answers 404, nothing changes. */
async function otherCompany(w: World) {
  const { a, b, found } = w;
  const snapshot = async () =>
    w.made.versionId && w.made.groupId
      ? JSON.stringify([
          (await a(apps.getApp, { params: { id: w.made.versionId } })).json,
          (await a(apps.getAppGroup, { params: { groupId: w.made.groupId } })).json,
        ])
      : undefined;
  const before = await snapshot();
  for (const { endpoint, input } of strangerInputs(w.made))
    await refusals(w, endpoint, [
      { codes: "404", what: "the other company's object", input, call: b },
    ]);
  if (before)
    await found.check(apps.getApp, "unchanged by the other company's calls", async () => {
      if ((await snapshot()) !== before)
        throw new Breach("the other company's calls changed the app");
    });
}

/** Every call that needs a signed-in user answers 401 without a token. */
async function withoutToken(w: World) {
  const known = new Map(strangerInputs(w.made).map(({ endpoint, input }) => [endpoint, input]));
  for (const { endpoint } of contractEndpoints().filter((e) => !e.endpoint.public)) {
    const input = known.get(endpoint) ?? { params: fillParams(endpoint.path, w.made) };
    await w.found.check(endpoint, "no token: 401", async () =>
      expectRefusal(endpoint, await w.anon(endpoint, input), 401),
    );
  }
}

/** Path parameters of the first company's objects, a made-up UUID where none fits. */
export function fillParams(path: string, made: Made): Record<string, string> {
  const byName: Record<string, string | undefined> = {
    groupId: made.groupId,
    appGroupId: made.groupId,
    appVersionId: made.versionId,
    versionId: made.versionId,
    priceId: made.priceId,
    env: "dev",
  };
  return Object.fromEntries(
    [...path.matchAll(/:([A-Za-z_]\w*)/g)].map(([, name]) => [
      name,
      byName[name] ?? made.versionId ?? randomUUID(),
    ]),
  );
}

async function cleanUp(w: World) {
  const { a, found, made } = w;
  const done = async (
    endpoint: (typeof apps)["deleteApp"] | typeof user.deleteUser | typeof instances.deleteInstance,
    what: string,
    id: string | undefined,
  ) => {
    if (id) await succeeds(w, endpoint, what, { params: { id } });
  };
  await done(user.deleteUser, "the new user", made.newUserId);
  await done(instances.deleteInstance, "the new credentials", made.instanceId);
  await done(instances.deleteInstance, "the imported account", made.importedId);
  if (made.preApprovalId)
    await succeeds(w, approvals.withdrawPreApproval, "the pre-approval", {
      params: { id: made.preApprovalId! },
    });
  if (made.submittedVersionId)
    await succeeds(w, submissions.archiveVersion, "the submission withdrawn", {
      params: { id: made.submittedVersionId! },
    });
  else found.skip(submissions.archiveVersion, "a submission withdrawn", "no submission was made");
  await done(apps.deleteApp, "the copy", made.duplicateId);
  await done(apps.deleteApp, "the connector app", made.otherVersionId);
  await done(apps.deleteApp, "the app", made.versionId);
  if (made.versionId)
    await found.check(apps.getApp, "a deleted app: 404", async () =>
      expectRefusal(apps.getApp, await a(apps.getApp, { params: { id: made.versionId! } }), 404),
    );
}
