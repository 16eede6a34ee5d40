/**
 * The calls of an app's life, in the order a developer makes them: uploads, the app and its
 * listing, the data attestation, the platform schema, clients, prices, a pre-approval and a
 * submission. Each valid call's answer is held to the contract; calls that need a decision of
 * the provider first are sent as they stand and must answer a declared refusal.
 */
import { randomUUID } from "node:crypto";
import * as approvals from "~/api/approvals/endpoints";
import * as apps from "~/api/apps/endpoints";
import * as attestation from "~/api/data-attestation/endpoints";
import type { Endpoint } from "~/api/endpoint";
import * as files from "~/api/files/endpoints";
import * as pricing from "~/api/pricing/endpoints";
import * as schema from "~/api/schema/endpoints";
import * as security from "~/api/security/endpoints";
import * as submissions from "~/api/submissions/endpoints";
import { fileForm, pdf, png } from "./files";
import {
  appDetails,
  attestation as attestationBody,
  CONTACT,
  listing,
  preApproval,
  REQUESTER,
  SCHEMA_DOCUMENT,
} from "./inputs";
import { refusals } from "./refusals";
import { expectRefusal, expectSuccess, type Reply } from "./session";
import { needs, succeeds, type World } from "./world";

type Id = { id: string };

export async function uploads(w: World) {
  const { anon, made } = w;
  made.imageId = (
    await succeeds<Id>(w, files.uploadImage, "an icon", {
      query: { purpose: "icon" },
      body: fileForm(png(256, 256), "icon.png"),
    })
  )?.id;
  for (const [fileType, key] of [
    ["0", "fileId"],
    ["1", "diagramId"],
  ] as const) {
    made[key] = (
      await succeeds<Id>(w, files.uploadDocument, `a PDF of fileType ${fileType}`, {
        query: { fileType },
        body: fileForm(pdf(), "document.pdf"),
      })
    )?.id;
  }
  const file = needs(w, files.downloadFile, "its bytes", "fileId");
  if (file) await succeeds(w, files.downloadFile, "its bytes", { params: { id: file.fileId } });
  const image = needs(w, files.getImage, "its bytes, without a token", "imageId");
  if (image)
    await succeeds(
      w,
      files.getImage,
      "its bytes, without a token",
      { params: { id: image.imageId } },
      anon,
    );
}

export async function appAndListing(w: World) {
  const { made } = w;
  await succeeds(w, apps.listApps, "every app group", { query: { archived: "-1" } });
  const created = await succeeds<{ id: string; groupAppId: string }>(
    w,
    apps.createApp,
    "a new app",
    {
      body: { id: randomUUID(), details: appDetails({ name: `Conformance ${w.run}` }) },
    },
  );
  made.versionId = created?.id;
  made.groupId = created?.groupAppId;
  const app = needs(w, apps.getApp, "the new version", "versionId", "groupId");
  if (!app) return;
  const version = { params: { id: app.versionId } };
  const group = { params: { groupId: app.groupId } };
  await succeeds(w, apps.getApp, "the new version", version);
  await succeeds(w, apps.getAppGroup, "the new group", group);
  const icon = needs(w, apps.updateApp, "details and a whole listing", "imageId");
  if (icon)
    await succeeds(w, apps.updateApp, "details and a whole listing", {
      ...version,
      body: {
        details: appDetails({ name: `Conformance ${w.run}` }),
        marketplace: listing(icon.imageId),
      },
    });
  await succeeds(w, files.uploadEntityImage, "the group's icon", {
    params: { id: app.groupId },
    query: { purpose: "icon" },
    body: fileForm(png(256, 256), "icon.png"),
  });
  for (const flag of ["true", "false"])
    await succeeds(w, apps.setArchived, `archived ${flag}`, { ...group, query: { flag } });
  made.duplicateId = (
    await succeeds<Id>(w, apps.duplicateApp, "a copy as a new app", {
      ...version,
      body: { appName: `Conformance copy ${w.run}`, countryCode: "AU" },
    })
  )?.id;
}

export async function attestationAndSchema(w: World) {
  const { a, found, made } = w;
  const app = needs(w, attestation.saveDataAttestation, "the six texts", "versionId", "diagramId");
  if (!app) return;
  const version = { params: { appVersionId: app.versionId } };
  await found.check(attestation.getDataAttestation, "none saved yet: 404", async () =>
    expectRefusal(
      attestation.getDataAttestation,
      await a(attestation.getDataAttestation, version),
      404,
    ),
  );
  await succeeds(w, attestation.saveDataAttestation, "the six texts and a diagram", {
    ...version,
    body: attestationBody(app.diagramId),
  });
  await succeeds(w, attestation.getDataAttestation, "as saved", version);
  await succeeds(w, schema.validateSchema, "a document judged", {
    body: { json: SCHEMA_DOCUMENT },
  });
  made.savedVersionId = (
    await succeeds<{ appId: string }>(w, schema.saveSchema, "a document saved as a new version", {
      body: { appIdOld: app.versionId, json: SCHEMA_DOCUMENT },
    })
  )?.appId;
  const saved = needs(w, schema.getSchema, "the saved web schema", "savedVersionId");
  if (!saved) return;
  await succeeds(w, schema.getSchema, "the saved web schema", {
    params: { appVersionId: saved.savedVersionId },
    query: { platform: "web" },
  });
  await succeeds(w, schema.downloadSchema, "the dev environment's file", {
    params: { id: saved.savedVersionId, env: "dev" },
    query: { isInLeapLive: "true" },
  });
}

export async function clientsAndPrices(w: World) {
  const { a, made } = w;
  const app = needs(w, security.listClients, "the group's clients", "groupId");
  if (!app) return;
  const group = { params: { id: app.groupId } };
  const live = { ...group, query: { isLive: "true" } };
  for (const [endpoint, what, input] of [
    [security.listPermissions, "the permissions", group],
    [security.generateClients, "the Live tab's clients", live],
    [security.listClients, "the group's clients", group],
    [
      security.updateClient,
      "callback URLs",
      { ...live, body: { isAppLive: true, callbackUrls: ["https://example.com/callback"] } },
    ],
  ] as const)
    await successOrDecision(
      w,
      endpoint,
      what,
      await a(endpoint, input),
      "a pre-approval the provider approved",
    );
  const prices = { params: { appGroupId: app.groupId } };
  await succeeds(w, pricing.getPrices, "the group's prices", prices);
  made.priceId = (
    await succeeds<Id>(w, pricing.createPrice, "a first price", {
      ...prices,
      body: { pricingModelType: 1, amount: 10 },
    })
  )?.id;
  const price = needs(w, pricing.updatePrice, "the price before its review", "priceId");
  if (price)
    await succeeds(w, pricing.updatePrice, "the price before its review", {
      params: { appGroupId: app.groupId, priceId: price.priceId },
      body: { pricingModelType: 1, amount: 12 },
    });
  w.found.skip(
    pricing.submitPriceChange,
    "a change of a price in force",
    "needs a price the provider approved",
  );
}

export async function reviews(w: World) {
  const { a, found, made } = w;
  const app = needs(
    w,
    approvals.createPreApproval,
    "a pre-approval",
    "groupId",
    "versionId",
    "fileId",
  );
  if (!app) return;
  made.preApprovalId = (
    await succeeds<Id>(w, approvals.createPreApproval, "a pre-approval", {
      body: preApproval(app.groupId, app.versionId, [app.fileId]),
    })
  )?.id;
  await succeeds(w, approvals.listPreApprovals, "the group's pre-approvals", {
    params: { groupId: app.groupId },
  });
  const version = { params: { versionId: app.versionId } };
  const group = { params: { groupId: app.groupId } };
  await succeeds(w, submissions.getSubmissionInit, "what blocks a submit", version);
  await succeeds(w, submissions.listSubmissions, "the group's submissions", group);
  await succeeds(w, submissions.getSubmissionTimeline, "the group's timeline", group);
  const onSandbox = { params: { id: app.versionId } };
  for (const [endpoint, body] of [
    [submissions.goLive, undefined],
    [submissions.requestPause, REQUESTER],
    [submissions.requestResume, REQUESTER],
  ] as const) {
    found.skip(endpoint, "a version the provider moved there", "needs a decision of the provider");
    await refusals(w, endpoint, [
      { codes: "actionNotAllowed", what: "a version in Sandbox", input: { ...onSandbox, body } },
    ]);
  }
  await refusals(w, submissions.archiveVersion, [
    { codes: "actionNotAllowed", what: "a version in Sandbox", input: onSandbox },
  ]);
  const submitted = await a(submissions.createSubmission, {
    body: { appId: app.versionId, ...CONTACT, isBeta: false, documents: [app.fileId] },
  });
  if (
    await successOrDecision(
      w,
      submissions.createSubmission,
      "a submission",
      submitted,
      "a version the provider's rules let through",
    )
  )
    made.submittedVersionId = app.versionId;
}

/**
 * A call whose success may wait on a decision of the provider (an approved pre-approval, a
 * version's review): a success is held to the contract; a 400 or 409 must be a refusal in the
 * error shape (and declared), and the success is noted as not tried. Answers whether it succeeded.
 */
async function successOrDecision(
  w: World,
  endpoint: Endpoint,
  what: string,
  reply: Reply,
  needs: string,
): Promise<boolean> {
  if (reply.status < 300)
    return (
      (await w.found.check(endpoint, what, async () => expectSuccess(endpoint, reply) ?? true)) !==
      undefined
    );
  w.found.skip(endpoint, what, `needs ${needs}`);
  const status = reply.status === 400 ? 400 : 409;
  await w.found.check(endpoint, `before that: ${status}`, async () =>
    expectRefusal(endpoint, reply, status),
  );
  return false;
}
