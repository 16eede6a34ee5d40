/**
 * The calls another company may try on the first company's objects: every call that names an
 * object of a company, in its path or its body, with the first company's ids and a body that
 * would be valid for the caller's own. Each must answer 404 as an unknown id.
 */
import { randomUUID } from "node:crypto";
import * as approvals from "~/api/approvals/endpoints";
import * as apps from "~/api/apps/endpoints";
import * as attestation from "~/api/data-attestation/endpoints";
import type { Endpoint } from "~/api/endpoint";
import * as files from "~/api/files/endpoints";
import * as instances from "~/api/instances/endpoints";
import * as pricing from "~/api/pricing/endpoints";
import * as schema from "~/api/schema/endpoints";
import * as security from "~/api/security/endpoints";
import * as settings from "~/api/settings/endpoints";
import * as submissions from "~/api/submissions/endpoints";
import * as user from "~/api/user/endpoints";
import { fileForm, png } from "./files";
import {
  appDetails,
  attestation as attestationBody,
  BANK,
  CONTACT,
  newUser,
  preApproval,
  REQUESTER,
  SCHEMA_DOCUMENT,
} from "./inputs";
import type { Input } from "./session";
import type { Made } from "./world";

export interface Attempt {
  endpoint: Endpoint;
  input: Input;
}

/** The attempts whose objects the first company has (an object not made leaves its calls out). */
export function strangerInputs(made: Made): Attempt[] {
  const attempts: [Endpoint, string | undefined, (id: string) => Input][] = [];
  const on = (endpoint: Endpoint, id: string | undefined, input: (id: string) => Input) =>
    attempts.push([endpoint, id, input]);
  const { versionId, groupId, fileId } = made;
  const version = (id: string) => ({ params: { id } });
  on(apps.getApp, versionId, version);
  on(apps.updateApp, versionId, (id) => ({ ...version(id), body: { details: appDetails() } }));
  on(apps.deleteApp, versionId, version);
  on(apps.duplicateApp, versionId, (id) => ({
    ...version(id),
    body: { appName: "Not mine", countryCode: "AU" },
  }));
  on(apps.getAppGroup, groupId, (id) => ({ params: { groupId: id } }));
  on(apps.setArchived, groupId, (id) => ({ params: { groupId: id }, query: { flag: "true" } }));
  on(files.downloadFile, fileId, version);
  on(files.uploadEntityImage, groupId, (id) => ({
    ...version(id),
    query: { purpose: "icon" },
    body: fileForm(png(256, 256), "icon.png"),
  }));
  const ofVersion = (id: string) => ({ params: { appVersionId: id } });
  on(attestation.getDataAttestation, versionId, ofVersion);
  on(attestation.saveDataAttestation, versionId, (id) => ({
    ...ofVersion(id),
    body: attestationBody(""),
  }));
  on(schema.getSchema, made.savedVersionId, (id) => ({
    ...ofVersion(id),
    query: { platform: "web" },
  }));
  on(schema.downloadSchema, made.savedVersionId, (id) => ({
    params: { id, env: "dev" },
    query: { isInLeapLive: "true" },
  }));
  on(schema.saveSchema, versionId, (id) => ({ body: { appIdOld: id, json: SCHEMA_DOCUMENT } }));
  on(schema.validateSchema, versionId, (id) => ({ body: { appId: id, json: SCHEMA_DOCUMENT } }));
  const live = (id: string) => ({ params: { id }, query: { isLive: "true" } });
  on(security.listPermissions, groupId, version);
  on(security.listClients, groupId, version);
  on(security.generateClients, groupId, live);
  on(security.updateClient, groupId, (id) => ({
    ...live(id),
    body: { isAppLive: true, callbackUrls: ["https://example.com/callback"] },
  }));
  const prices = (id: string) => ({ params: { appGroupId: id } });
  const price = { pricingModelType: 1, amount: 10 };
  on(pricing.getPrices, groupId, prices);
  on(pricing.createPrice, groupId, (id) => ({ ...prices(id), body: price }));
  on(pricing.updatePrice, made.priceId, (priceId) => ({
    params: { appGroupId: groupId!, priceId },
    body: price,
  }));
  on(pricing.submitPriceChange, groupId, (id) => ({ body: { amount: 12, appGroupId: id } }));
  on(approvals.listPreApprovals, groupId, (id) => ({ params: { groupId: id } }));
  on(approvals.withdrawPreApproval, made.preApprovalId, version);
  on(approvals.createPreApproval, groupId, (id) => ({ body: preApproval(id, versionId!, []) }));
  on(submissions.getSubmissionInit, versionId, (id) => ({ params: { versionId: id } }));
  on(submissions.listSubmissions, groupId, (id) => ({ params: { groupId: id } }));
  on(submissions.getSubmissionTimeline, groupId, (id) => ({ params: { groupId: id } }));
  on(submissions.createSubmission, versionId, (id) => ({
    body: { appId: id, ...CONTACT, isBeta: false, documents: [] },
  }));
  for (const endpoint of [submissions.goLive, submissions.archiveVersion])
    on(endpoint, versionId, version);
  for (const endpoint of [submissions.requestPause, submissions.requestResume])
    on(endpoint, versionId, (id) => ({ ...version(id), body: REQUESTER }));
  on(instances.updateConfiguration, made.instanceId, (id) => ({
    ...version(id),
    body: { includeOtherProviders: false, applyToAllUsers: false, configurations: [] },
  }));
  on(instances.deleteInstance, made.instanceId, version);
  on(settings.updateBankDetails, made.bankId, (id) => ({ ...version(id), body: BANK }));
  on(user.deleteUser, made.newUserId, version);
  on(user.updateUser, made.newUserId, (userId) => {
    const {
      password: _p,
      confirmPassword: _c,
      ...fields
    } = newUser(`stranger-${randomUUID()}@example.com`);
    return { body: { ...fields, userId, password: "", confirmPassword: "" } };
  });
  return attempts.flatMap(([endpoint, id, input]) => (id ? [{ endpoint, input: input(id) }] : []));
}
