/**
 * The declared refusals of pre-approvals, submissions, prices and API clients: each provoked
 * by a request a developer could send, or noted as not tried with the reason (most of the
 * rest wait on a decision of the provider's reviewer).
 */
import { randomUUID } from "node:crypto";
import * as approvals from "~/api/approvals/endpoints";
import * as apps from "~/api/apps/endpoints";
import * as attestation from "~/api/data-attestation/endpoints";
import * as pricing from "~/api/pricing/endpoints";
import * as schema from "~/api/schema/endpoints";
import * as security from "~/api/security/endpoints";
import * as submissions from "~/api/submissions/endpoints";
import { attestation as attestationBody, CONTACT, preApproval, SCHEMA_DOCUMENT } from "./inputs";
import { refusals, skipCodes, type Trigger } from "./refusals";
import type { Input } from "./session";
import { needs, succeeds, type World } from "./world";

const DECISION = "a decision of the provider's reviewer";
const UPLOADED =
  "a document is uploaded through POST files, which refuses an empty, non-PDF or too big file";
const DOCUMENT_CODES = ["noContent", "mustBePdf", "tooBig"];
const OVER_80_MB =
  "needs more than 80 MB of documents uploaded (nine of 9 MB): too heavy for a run";

/** Document lists no submission or pre-approval takes, in a body made by `body`. */
function documentTriggers(fileId: string, body: (documents: string[]) => unknown): Trigger[] {
  return [
    {
      codes: "documentNotFound",
      what: "a document id no file has",
      input: { body: body([randomUUID()]) },
    },
    {
      codes: "duplicateDocument",
      what: "one document twice",
      input: { body: body([fileId, fileId]) },
    },
    {
      codes: "tooManyFiles",
      what: "eleven documents",
      input: { body: body(Array.from({ length: 11 }, () => randomUUID())) },
    },
  ];
}

export async function approvalRefusals(w: World) {
  const app = needs(
    w,
    approvals.createPreApproval,
    "its refusals",
    "groupId",
    "versionId",
    "fileId",
  );
  if (app) {
    const body = (documents: string[]) => preApproval(app.groupId, app.versionId, documents);
    await refusals(w, approvals.createPreApproval, [
      ...documentTriggers(app.fileId, body),
      {
        codes: "versionNotFound",
        what: "a version id no version has",
        input: { body: preApproval(app.groupId, randomUUID(), [app.fileId]) },
      },
    ]);
    if (w.made.preApprovalId)
      await refusals(w, approvals.createPreApproval, [
        {
          codes: "preApprovalExists",
          what: "a second one while one is pending",
          input: { body: body([app.fileId]) },
        },
      ]);
  }
  skipCodes(w, approvals.createPreApproval, DOCUMENT_CODES, UPLOADED);
  skipCodes(w, approvals.createPreApproval, ["totalTooBig"], OVER_80_MB);
  skipCodes(
    w,
    approvals.createPreApproval,
    ["versionMajorLive"],
    "needs a version the provider moved to Live",
  );
  skipCodes(
    w,
    approvals.withdrawPreApproval,
    ["preApprovalNotPending"],
    `needs a pre-approval approved or rejected by ${DECISION} (a withdrawn one is not found)`,
  );
}

/** The first company's submission of `appId`, with what `overrides` changes. */
const submission = (appId: string, fileId: string, overrides: Record<string, unknown> = {}) => ({
  appId,
  ...CONTACT,
  isBeta: false,
  documents: [fileId],
  ...overrides,
});

export async function submissionRefusals(w: World) {
  const app = needs(w, submissions.createSubmission, "its refusals", "versionId", "fileId");
  if (app) {
    const body = (overrides: Record<string, unknown>) => ({
      body: submission(app.versionId, app.fileId, overrides),
    });
    await refusals(w, submissions.createSubmission, [
      ...documentTriggers(app.fileId, (documents) =>
        submission(app.versionId, app.fileId, { documents }),
      ),
      {
        codes: "instanceNotFound",
        what: "an account id no account has",
        input: body({ instanceId: randomUUID() }),
      },
      {
        codes: "invalidDate",
        what: "a release date 'soon'",
        input: body({ releaseDateAndTime: "soon" }),
      },
      {
        codes: "releaseDateInPast",
        what: "a release date in 2001",
        input: body({ releaseDateAndTime: "2001-01-01T00:00:00Z" }),
      },
      {
        codes: "invalidPhone",
        what: "a phone number of letters",
        input: body({ contactPhoneNumber: "call me" }),
      },
    ]);
  }
  const copy = needs(w, submissions.createSubmission, "priceRequired", "duplicateId", "fileId");
  if (copy)
    await refusals(w, submissions.createSubmission, [
      {
        codes: ["preApprovalRequired", "priceRequired", "platformConfigurationRequired"],
        what: "a copy without pre-approval, price or platform schema",
        input: { body: submission(copy.duplicateId, copy.fileId) },
      },
    ]);
  skipCodes(w, submissions.createSubmission, DOCUMENT_CODES, UPLOADED);
  skipCodes(w, submissions.createSubmission, ["totalTooBig"], OVER_80_MB);
  skipCodes(
    w,
    submissions.createSubmission,
    ["actionNotAllowed"],
    `needs a version in review or later: ${DECISION}`,
  );
  for (const endpoint of [submissions.requestPause, submissions.requestResume])
    skipCodes(w, endpoint, ["requestOpen"], "needs a version the provider moved to Live or Paused");
}

/**
 * While the app's group is archived: a pre-approval, a submission, a data attestation and a
 * platform schema of its version are refused; then the group is unarchived.
 */
export async function archivedRefusals(w: World) {
  const app = needs(
    w,
    apps.setArchived,
    "archived for its refusals",
    "groupId",
    "versionId",
    "fileId",
    "diagramId",
  );
  if (!app) return;
  const group = { params: { groupId: app.groupId } };
  if (
    !(await succeeds(w, apps.setArchived, "archived for its refusals", {
      ...group,
      query: { flag: "true" },
    }))
  )
    return;
  const archived = "the version of an archived app";
  await refusals(w, approvals.createPreApproval, [
    {
      codes: "appArchived",
      what: archived,
      input: { body: preApproval(app.groupId, app.versionId, [app.fileId]) },
    },
  ]);
  await refusals(w, submissions.createSubmission, [
    {
      codes: "appArchived",
      what: archived,
      input: { body: submission(app.versionId, app.fileId) },
    },
  ]);
  await refusals(w, attestation.saveDataAttestation, [
    {
      codes: "versionNotEditable",
      what: archived,
      input: { params: { appVersionId: app.versionId }, body: attestationBody(app.diagramId) },
    },
  ]);
  await refusals(w, schema.saveSchema, [
    {
      codes: "versionNotEditable",
      what: archived,
      input: { body: { appIdOld: app.versionId, json: SCHEMA_DOCUMENT } },
    },
  ]);
  await succeeds(w, apps.setArchived, "unarchived after its refusals", {
    ...group,
    query: { flag: "false" },
  });
}

/** Amounts no paid price takes, by the code each breaks. */
const AMOUNTS: [code: string, amount: number][] = [
  ["amountMustBeGreater0", 0],
  ["noNegatives", -5],
  ["twoDecimals", 1.005],
];
const NOT_FINITE = "JSON carries no amount that is not a finite number";

const OFF = "a group of a country without monetisation";

export async function priceRefusals(w: World) {
  const app = needs(w, pricing.createPrice, "its refusals", "groupId");
  const other = w.made.otherGroupId;
  const elsewhere = (codes: string, input: Input): Trigger[] =>
    other ? [{ codes, what: OFF, input }] : [];
  if (app) {
    const params = { appGroupId: app.groupId };
    const paid = (amount: number) => ({ pricingModelType: 1, amount });
    const amounts: Trigger[] = [
      ...AMOUNTS.map(([codes, amount]) => ({
        codes,
        what: `amount ${amount}`,
        input: { body: paid(amount) },
      })),
      {
        codes: "invalidPricingModel",
        what: "pricing model 9",
        input: { body: { pricingModelType: 9, amount: 10 } },
      },
    ];
    const at = (input: Input, params: Record<string, string>) => ({ ...input, params });
    await refusals(w, pricing.createPrice, [
      ...amounts.map((t) => ({ ...t, input: at(t.input, params) })),
      ...(w.made.priceId
        ? [
            {
              codes: "priceExists",
              what: "a second first price",
              input: { params, body: paid(10) },
            },
          ]
        : []),
      ...elsewhere("monetisationNotEnabled", { params: { appGroupId: other! }, body: paid(10) }),
    ]);
    const price = w.made.priceId;
    if (price)
      await refusals(w, pricing.updatePrice, [
        ...amounts.map((t) => ({ ...t, input: at(t.input, { ...params, priceId: price }) })),
        ...elsewhere("monetisationNotEnabled", {
          params: { appGroupId: other!, priceId: price },
          body: paid(10),
        }),
      ]);
  }
  await refusals(
    w,
    pricing.getPrices,
    elsewhere("monetisationNotEnabled", { params: { appGroupId: other! } }),
  );
  skipCodes(w, pricing.createPrice, ["invalidAmount"], NOT_FINITE);
  skipCodes(w, pricing.updatePrice, ["invalidAmount"], NOT_FINITE);
  skipCodes(w, pricing.updatePrice, ["priceExists"], `needs a price rejected by ${DECISION}`);
  skipCodes(w, pricing.updatePrice, ["priceNotEditable"], `needs a price approved by ${DECISION}`);
}

export async function priceChangeRefusals(w: World) {
  const app = needs(w, pricing.submitPriceChange, "its refusals", "groupId");
  const change = (amount: number, appGroupId: string) => ({ body: { amount, appGroupId } });
  const other = w.made.otherGroupId;
  if (app)
    await refusals(w, pricing.submitPriceChange, [
      ...AMOUNTS.map(([codes, amount]) => ({
        codes,
        what: `amount ${amount}`,
        input: change(amount, app.groupId),
      })),
      {
        codes: "noActivePrice",
        what: "a group without a price in force",
        input: change(12, app.groupId),
      },
      ...(other ? [{ codes: "monetisationNotEnabled", what: OFF, input: change(12, other) }] : []),
    ]);
  skipCodes(w, pricing.submitPriceChange, ["invalidAmount"], NOT_FINITE);
  skipCodes(
    w,
    pricing.submitPriceChange,
    ["samePrice", "freeForever", "priceChangePending"],
    `needs a price in force, approved by ${DECISION}`,
  );
}

export async function securityRefusals(w: World) {
  const copy = needs(w, security.listClients, "preApprovalRequired", "duplicateId");
  const group =
    copy &&
    (
      await succeeds<{ groupId: string }>(w, apps.getApp, "the copy", {
        params: { id: copy.duplicateId },
      })
    )?.groupId;
  const live = group && { params: { id: group }, query: { isLive: "true" } };
  const what = "a group without a pre-approval";
  if (live) {
    await refusals(w, security.listPermissions, [
      { codes: "preApprovalRequired", what, input: live },
    ]);
    await refusals(w, security.listClients, [{ codes: "preApprovalRequired", what, input: live }]);
    await refusals(w, security.generateClients, [
      { codes: "preApprovalRequired", what, input: live },
    ]);
    await refusals(w, security.updateClient, [
      {
        codes: "preApprovalRequired",
        what,
        input: { ...live, body: { isAppLive: true, callbackUrls: ["https://example.com/cb"] } },
      },
    ]);
  }
  const approved = `needs a pre-approval approved by ${DECISION}`;
  skipCodes(w, security.generateClients, ["testAccessRequired"], approved);
  skipCodes(
    w,
    security.updateClient,
    [
      "testAccessRequired",
      "callbacksMustBeValidURI",
      "methodNotOffered",
      "unknownRoute",
      "clientsNotGenerated",
      "liveAppReadOnly",
    ],
    approved,
  );
}
