/**
 * The declared refusals of the apps, their uploads and their data attestation: each provoked
 * by a request a developer could send, or noted as not tried with the reason.
 */
import { randomUUID } from "node:crypto";
import * as apps from "~/api/apps/endpoints";
import * as attestation from "~/api/data-attestation/endpoints";
import type { Endpoint } from "~/api/endpoint";
import * as files from "~/api/files/endpoints";
import * as resources from "~/api/resources/endpoints";
import { fileForm, jpeg, pdf, png } from "./files";
import { appDetails, attestation as attestationBody, listing } from "./inputs";
import { refusals, skipCodes, type Trigger } from "./refusals";
import { needs, succeeds, type World } from "./world";

const KB = 1024;

/** An upload no image purpose takes, by the code it must be refused with. */
const IMAGE_TRIGGERS: [code: string, what: string, purpose: string, form: () => FormData][] = [
  ["noContent", "an empty file", "icon", () => fileForm(new Uint8Array(0), "empty.png")],
  ["imageTypeInvalid", "a PDF as an icon", "icon", () => fileForm(pdf(), "icon.png")],
  ["imageSizeInvalid", "a 100x100 PNG as an icon", "icon", () => fileForm(png(100, 100), "a.png")],
  [
    "sizeGreater50KB",
    "a 51 KB function icon",
    "function-icon",
    () => fileForm(png(32, 32, { minBytes: 51 * KB }), "f.png"),
  ],
  [
    "sizeGreater400KB",
    "a 401 KB icon",
    "icon",
    () => fileForm(png(256, 256, { minBytes: 401 * KB }), "icon.png"),
  ],
  [
    "sizeGreater800KB",
    "an 801 KB banner",
    "banner",
    () => fileForm(png(1410, 480, { minBytes: 801 * KB }), "banner.png"),
  ],
];

const imageTriggers = (params?: Record<string, string>): Trigger[] =>
  IMAGE_TRIGGERS.map(([codes, what, purpose, form]) => ({
    codes,
    what,
    input: { params, query: { purpose }, body: form() },
  }));

export async function uploadRefusals(w: World) {
  await refusals(w, files.uploadImage, imageTriggers());
  const group = needs(w, files.uploadEntityImage, "an image of the app group", "groupId");
  if (group) await refusals(w, files.uploadEntityImage, imageTriggers({ id: group.groupId }));
  const document = (body: FormData) => ({ query: { fileType: "0" }, body });
  await refusals(w, files.uploadDocument, [
    {
      codes: "noContent",
      what: "an empty file",
      input: document(fileForm(new Uint8Array(0), "a.pdf")),
    },
    { codes: "mustBePdf", what: "a PNG", input: document(fileForm(png(10, 10), "a.pdf")) },
    {
      codes: "tooBig",
      what: "a PDF over 9 MB",
      input: document(fileForm(pdf({ minBytes: 9 * KB * KB + 1 }), "big.pdf")),
    },
  ]);
  await refusals(w, files.getImage, [
    {
      codes: "404",
      what: "an id no image has",
      input: { params: { id: randomUUID() } },
      call: w.anon,
    },
  ]);
  await wrongImages(w);
}

/** Images a listing or a company icon does not take, uploaded for purposes that do take them. */
async function wrongImages(w: World) {
  const upload = async (what: string, purpose: string | undefined, form: FormData) =>
    (
      await succeeds<{ id: string }>(w, files.uploadImage, what, {
        query: purpose ? { purpose } : {},
        body: form,
      })
    )?.id;
  w.made.smallImageId = await upload(
    "a 100x100 PNG of no purpose",
    undefined,
    fileForm(png(100, 100), "small.png"),
  );
  w.made.jpegImageId = await upload(
    "a JPEG screenshot",
    "screenshot",
    fileForm(jpeg(1200, 480), "shot.jpg"),
  );
  w.made.bigImageId = await upload(
    "a 500 KB screenshot",
    "screenshot",
    fileForm(png(256, 256, { minBytes: 500 * KB }), "shot.png"),
  );
}

/** A listing whose icon is `iconId`, and one with more screenshots than any listing takes. */
function listingTriggers(w: World, body: (marketplace: unknown) => unknown): Trigger[] {
  const { smallImageId, jpegImageId, bigImageId } = w.made;
  const icon = (codes: string, what: string, id: string | undefined): Trigger[] =>
    id
      ? [{ codes, what: `a listing whose icon is ${what}`, input: { body: body(listing(id)) } }]
      : [];
  const crowded = listing(randomUUID());
  crowded.promo.screenshots = Array.from({ length: 9 }, () => ({ id: randomUUID() })) as never[];
  return [
    ...icon("imageNotFound", "an id no image has", randomUUID()),
    ...icon("imageSizeInvalid", "a 100x100 PNG", smallImageId),
    ...icon("imageTypeInvalid", "a JPEG", jpegImageId),
    ...icon("sizeGreater400KB", "a 500 KB PNG", bigImageId),
    { codes: "tooMany", what: "a listing with 9 screenshots", input: { body: body(crowded) } },
  ];
}

/** The listing's image codes no image of the company can break: every upload is refused for them. */
function skipListingCodes(w: World, endpoint: Endpoint) {
  skipCodes(w, endpoint, ["noContent"], "no upload is empty: POST images refuses an empty file");
  skipCodes(
    w,
    endpoint,
    ["sizeGreater50KB"],
    "no listing image has a 50 KB limit (function icons of a schema do)",
  );
  skipCodes(
    w,
    endpoint,
    ["sizeGreater800KB"],
    "no upload is over 800 KB: POST images refuses it, so no listing image is",
  );
}

export async function appRefusals(w: World) {
  const app = needs(w, apps.updateApp, "its refusals", "versionId", "groupId");
  const name = `Conformance refused ${w.run}`;
  const details = (overrides: Record<string, unknown> = {}) => appDetails({ name, ...overrides });
  const create = (body: Record<string, unknown>) => ({
    id: randomUUID(),
    details: details(),
    ...body,
  });
  await refusals(w, apps.createApp, [
    {
      codes: "invalidAppType",
      what: "appType 7",
      input: { body: create({ details: details({ appType: 7 }) }) },
    },
    {
      codes: "unknownCategory",
      what: "a category no one has",
      input: { body: create({ details: details({ categoryId: 987654 }) }) },
    },
    {
      codes: "unknownCountry",
      what: "country ZZ",
      input: { body: create({ details: details({ countryCode: "ZZ" }) }) },
    },
    ...listingTriggers(w, (marketplace) => create({ marketplace })),
    ...(app
      ? [
          {
            codes: "taken",
            what: "the id of the kit's app",
            input: { body: create({ id: app.versionId }) },
          },
        ]
      : []),
  ]);
  skipListingCodes(w, apps.createApp);
  if (app) await updateRefusals(w, app.versionId, details);
  skipListingCodes(w, apps.updateApp);
  if (app)
    await refusals(w, apps.duplicateApp, [
      {
        codes: "unknownCountry",
        what: "a copy to country ZZ",
        input: { params: { id: app.versionId }, body: { appName: name, countryCode: "ZZ" } },
      },
    ]);
  skipCodes(
    w,
    apps.duplicateApp,
    ["taken"],
    "the provider names the copy; no client id can be taken",
  );
  for (const endpoint of [apps.deleteApp, apps.setArchived])
    skipCodes(w, endpoint, ["409"], "needs a version the provider moved to Live (or Beta, Paused)");
}

async function updateRefusals(
  w: World,
  id: string,
  details: (overrides?: Record<string, unknown>) => Record<string, unknown>,
) {
  const params = { id };
  const update = (body: Record<string, unknown>) => ({ details: details(), ...body });
  await refusals(w, apps.updateApp, [
    {
      codes: "invalidAppType",
      what: "appType 7",
      input: { params, body: update({ details: details({ appType: 7 }) }) },
    },
    {
      codes: "unknownCategory",
      what: "a category no one has",
      input: { params, body: update({ details: details({ categoryId: 987654 }) }) },
    },
    {
      codes: "locked",
      what: "a standard app made a connector",
      input: { params, body: update({ details: details({ appType: 1 }) }) },
    },
    ...listingTriggers(w, (marketplace) => update({ marketplace })).map((trigger) => ({
      ...trigger,
      input: { ...trigger.input, params },
    })),
  ]);
  skipCodes(
    w,
    apps.updateApp,
    ["unknownCountry"],
    "an app's country is set when it is made: a change is refused as locked",
  );
}

/**
 * A connector app in a selectable country where monetisation and data attestation are off
 * (by the provider's own feature flags), for the refusals of those; removed with the rest.
 */
export async function otherApp(w: World) {
  const config = await succeeds<{
    init: {
      countries: { code: string; selectable: boolean; featureFlags: Record<string, boolean> }[];
    };
  }>(w, resources.getConfigInitAll, "the countries' feature flags", undefined, w.anon);
  const country = config?.init.countries.find(
    (c) =>
      c.selectable &&
      !c.featureFlags["monetisation-enabled"] &&
      !c.featureFlags["data-attestation-enabled"],
  );
  if (!country) return;
  const made = await succeeds<{ id: string; groupAppId: string }>(
    w,
    apps.createApp,
    "a connector app",
    {
      body: {
        id: randomUUID(),
        details: appDetails({
          name: `Conformance connector ${w.run}`,
          countryCode: country.code,
          appType: 1,
        }),
      },
    },
  );
  w.made.otherVersionId = made?.id;
  w.made.otherGroupId = made?.groupAppId;
}

export async function attestationRefusals(w: World) {
  const why = "needs a country without data attestation (and a connector app made there)";
  const other = needs(
    w,
    attestation.getDataAttestation,
    "dataAttestationNotEnabled",
    "otherVersionId",
  );
  const elsewhere = other && { params: { appVersionId: other.otherVersionId } };
  const app = needs(w, attestation.saveDataAttestation, "its refusals", "versionId", "diagramId");
  const body = app && attestationBody(app.diagramId);
  if (elsewhere) {
    await refusals(w, attestation.getDataAttestation, [
      {
        codes: "dataAttestationNotEnabled",
        what: "an app of a country without it",
        input: elsewhere,
      },
    ]);
    await refusals(w, attestation.saveDataAttestation, [
      {
        codes: "dataAttestationNotEnabled",
        what: "an app of a country without it",
        input: { ...elsewhere, body: body ?? attestationBody(randomUUID()) },
      },
    ]);
  } else skipCodes(w, attestation.saveDataAttestation, ["dataAttestationNotEnabled"], why);
  if (app)
    await refusals(w, attestation.saveDataAttestation, [
      {
        codes: "diagramNotFound",
        what: "a diagram id no file has",
        input: { params: { appVersionId: app.versionId }, body: attestationBody(randomUUID()) },
      },
    ]);
  skipCodes(
    w,
    attestation.saveDataAttestation,
    ["mustBePdf", "noContent", "tooBig"],
    "a diagram is uploaded through POST files, which refuses such a file",
  );
}
