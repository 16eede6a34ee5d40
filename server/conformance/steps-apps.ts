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
import { expectRefusal, expectSuccess, type Reply } from "./session";
import { needs, type World } from "./world";

type Id = { id: string };

export async function uploads(w: World) {
  const { a, anon, found, made } = w;
  made.imageId = (
    await found.check(files.uploadImage, "an icon", async () =>
      expectSuccess<Id>(
        files.uploadImage,
        await a(files.uploadImage, {
          query: { purpose: "icon" },
          body: fileForm(png(256, 256), "icon.png"),
        }),
      ),
    )
  )?.id;
  for (const [fileType, key] of [
    ["0", "fileId"],
    ["1", "diagramId"],
  ] as const) {
    made[key] = (
      await found.check(files.uploadDocument, `a PDF of fileType ${fileType}`, async () =>
        expectSuccess<Id>(
          files.uploadDocument,
          await a(files.uploadDocument, {
            query: { fileType },
            body: fileForm(pdf(), "document.pdf"),
          }),
        ),
      )
    )?.id;
  }
  const file = needs(w, files.downloadFile, "its bytes", "fileId");
  if (file)
    await found.check(files.downloadFile, "its bytes", async () =>
      expectSuccess(
        files.downloadFile,
        await a(files.downloadFile, { params: { id: file.fileId } }),
      ),
    );
  const image = needs(w, files.getImage, "its bytes, without a token", "imageId");
  if (image)
    await found.check(files.getImage, "its bytes, without a token", async () =>
      expectSuccess(files.getImage, await anon(files.getImage, { params: { id: image.imageId } })),
    );
}

export async function appAndListing(w: World) {
  const { a, found, made } = w;
  await found.check(apps.listApps, "every app group", async () =>
    expectSuccess(apps.listApps, await a(apps.listApps, { query: { archived: "-1" } })),
  );
  const created = await found.check(apps.createApp, "a new app", async () =>
    expectSuccess<{ id: string; groupAppId: string }>(
      apps.createApp,
      await a(apps.createApp, {
        body: { id: randomUUID(), details: appDetails({ name: `Conformance ${w.run}` }) },
      }),
    ),
  );
  made.versionId = created?.id;
  made.groupId = created?.groupAppId;
  const app = needs(w, apps.getApp, "the new version", "versionId", "groupId");
  if (!app) return;
  const version = { params: { id: app.versionId } };
  const group = { params: { groupId: app.groupId } };
  await found.check(apps.getApp, "the new version", async () =>
    expectSuccess(apps.getApp, await a(apps.getApp, version)),
  );
  await found.check(apps.getAppGroup, "the new group", async () =>
    expectSuccess(apps.getAppGroup, await a(apps.getAppGroup, group)),
  );
  const icon = needs(w, apps.updateApp, "details and a whole listing", "imageId");
  if (icon)
    await found.check(apps.updateApp, "details and a whole listing", async () =>
      expectSuccess(
        apps.updateApp,
        await a(apps.updateApp, {
          ...version,
          body: {
            details: appDetails({ name: `Conformance ${w.run}` }),
            marketplace: listing(icon.imageId),
          },
        }),
      ),
    );
  await found.check(files.uploadEntityImage, "the group's icon", async () =>
    expectSuccess(
      files.uploadEntityImage,
      await a(files.uploadEntityImage, {
        params: { id: app.groupId },
        query: { purpose: "icon" },
        body: fileForm(png(256, 256), "icon.png"),
      }),
    ),
  );
  for (const flag of ["true", "false"])
    await found.check(apps.setArchived, `archived ${flag}`, async () =>
      expectSuccess(apps.setArchived, await a(apps.setArchived, { ...group, query: { flag } })),
    );
  made.duplicateId = (
    await found.check(apps.duplicateApp, "a copy as a new app", async () =>
      expectSuccess<Id>(
        apps.duplicateApp,
        await a(apps.duplicateApp, {
          ...version,
          body: { appName: `Conformance copy ${w.run}`, countryCode: "AU" },
        }),
      ),
    )
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
  await found.check(attestation.saveDataAttestation, "the six texts and a diagram", async () =>
    expectSuccess(
      attestation.saveDataAttestation,
      await a(attestation.saveDataAttestation, {
        ...version,
        body: attestationBody(app.diagramId),
      }),
    ),
  );
  await found.check(attestation.getDataAttestation, "as saved", async () =>
    expectSuccess(attestation.getDataAttestation, await a(attestation.getDataAttestation, version)),
  );
  await found.check(schema.validateSchema, "a document judged", async () =>
    expectSuccess(
      schema.validateSchema,
      await a(schema.validateSchema, { body: { json: SCHEMA_DOCUMENT } }),
    ),
  );
  made.savedVersionId = (
    await found.check(schema.saveSchema, "a document saved as a new version", async () =>
      expectSuccess<{ appId: string }>(
        schema.saveSchema,
        await a(schema.saveSchema, { body: { appIdOld: app.versionId, json: SCHEMA_DOCUMENT } }),
      ),
    )
  )?.appId;
  const saved = needs(w, schema.getSchema, "the saved web schema", "savedVersionId");
  if (!saved) return;
  await found.check(schema.getSchema, "the saved web schema", async () =>
    expectSuccess(
      schema.getSchema,
      await a(schema.getSchema, {
        params: { appVersionId: saved.savedVersionId },
        query: { platform: "web" },
      }),
    ),
  );
  await found.check(schema.downloadSchema, "the dev environment's file", async () =>
    expectSuccess(
      schema.downloadSchema,
      await a(schema.downloadSchema, {
        params: { id: saved.savedVersionId, env: "dev" },
        query: { isInLeapLive: "true" },
      }),
    ),
  );
}

export async function clientsAndPrices(w: World) {
  const { a, found, made } = w;
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
  await found.check(pricing.getPrices, "the group's prices", async () =>
    expectSuccess(pricing.getPrices, await a(pricing.getPrices, prices)),
  );
  made.priceId = (
    await found.check(pricing.createPrice, "a first price", async () =>
      expectSuccess<Id>(
        pricing.createPrice,
        await a(pricing.createPrice, { ...prices, body: { pricingModelType: 1, amount: 10 } }),
      ),
    )
  )?.id;
  const price = needs(w, pricing.updatePrice, "the price before its review", "priceId");
  if (price)
    await found.check(pricing.updatePrice, "the price before its review", async () =>
      expectSuccess(
        pricing.updatePrice,
        await a(pricing.updatePrice, {
          params: { appGroupId: app.groupId, priceId: price.priceId },
          body: { pricingModelType: 1, amount: 12 },
        }),
      ),
    );
  w.found.skip(
    pricing.submitPriceChange,
    "a change of a price in force",
    "needs a price the provider approved",
  );
  await found.check(pricing.submitPriceChange, "without a price in force: 409", async () =>
    expectRefusal(
      pricing.submitPriceChange,
      await a(pricing.submitPriceChange, { body: { amount: 12, appGroupId: app.groupId } }),
      409,
    ),
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
    await found.check(approvals.createPreApproval, "a pre-approval", async () =>
      expectSuccess<Id>(
        approvals.createPreApproval,
        await a(approvals.createPreApproval, {
          body: preApproval(app.groupId, app.versionId, [app.fileId]),
        }),
      ),
    )
  )?.id;
  await found.check(approvals.listPreApprovals, "the group's pre-approvals", async () =>
    expectSuccess(
      approvals.listPreApprovals,
      await a(approvals.listPreApprovals, { params: { groupId: app.groupId } }),
    ),
  );
  const version = { params: { versionId: app.versionId } };
  const group = { params: { groupId: app.groupId } };
  await found.check(submissions.getSubmissionInit, "what blocks a submit", async () =>
    expectSuccess(submissions.getSubmissionInit, await a(submissions.getSubmissionInit, version)),
  );
  await found.check(submissions.listSubmissions, "the group's submissions", async () =>
    expectSuccess(submissions.listSubmissions, await a(submissions.listSubmissions, group)),
  );
  await found.check(submissions.getSubmissionTimeline, "the group's timeline", async () =>
    expectSuccess(
      submissions.getSubmissionTimeline,
      await a(submissions.getSubmissionTimeline, group),
    ),
  );
  const onSandbox = { params: { id: app.versionId } };
  for (const [endpoint, body] of [
    [submissions.goLive, undefined],
    [submissions.requestPause, REQUESTER],
    [submissions.requestResume, REQUESTER],
  ] as const) {
    found.skip(endpoint, "a version the provider moved there", "needs a decision of the provider");
    await found.check(endpoint, "a version in Sandbox: 409", async () =>
      expectRefusal(endpoint, await a(endpoint, { ...onSandbox, body }), 409),
    );
  }
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
