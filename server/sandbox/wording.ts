/**
 * The provider's English wording of its rule codes: the `detail` of a refusal, whose `errors`
 * carry the codes (clients word those in the user's language). One table per area, since an
 * area words a code for its own fields ("tooLong" is a text's length in one, the count of
 * callback URLs in another); refusals are made with `refuse` (http/errors.ts).
 */

import { type ApprovalRuleCode, PRE_APPROVAL_LIMITS } from "~/api/approvals/rules";
import { fieldLimit, type RuleKey } from "~/api/apps/rules";
import { INVALID_CHARACTERS } from "~/api/common";
import { ATTESTATION_LIMITS, type AttestationRuleCode } from "~/api/data-attestation/rules";
import type { FileRuleCode } from "~/api/files/rules";
import { PRICE_LIMITS } from "~/api/pricing/rules";
import { SECURITY_LIMITS, type SecurityRuleCode } from "~/api/security/rules";
import { SUBMISSION_LIMITS, type SubmissionRuleCode } from "~/api/submissions/rules";

const MB = 1024 * 1024;

/** Uploaded files (Marketplace images, documents, data flow diagrams). */
const files = {
  noContent: "File has no content",
  mustBePdf: "File type must be .PDF",
  tooBig: "Your file is too big",
  imageTypeInvalid: "Image type invalid",
  imageSizeInvalid: "Image size invalid",
  sizeGreater50KB: "File size greater than 50KB",
  sizeGreater400KB: "File size greater than 400KB",
  sizeGreater800KB: "File size greater than 800KB",
  uploadQuotaReached: "Too many uploads not yet attached to anything",
} as const satisfies Record<FileRuleCode, string>;

/** The rules of an app's state (the `detail` of a 409). */
const apps = {
  notEditable:
    "This version cannot be changed: a version can be edited only when its status is Sandbox, Rejected or BetaRejected.",
  archived: "This app is archived: unarchive it before changing a version.",
  appTypeLocked: "The app type cannot change after the app is created.",
  countryLocked:
    "The country cannot change after the app is created; duplicate the app to another country instead.",
  deleteBlocked: "An app cannot be deleted while a version is Live, Paused, Beta or BetaPaused.",
  archiveBlocked: "An app cannot be archived while a version is Live.",
  idExists: "An app version with this id already exists.",
} as const;

/** An app's fields, worded with the field's limit. */
function appField(field: string, key: RuleKey): string {
  const { min, max } = fieldLimit(field);
  const overview = field.endsWith("detail.description");
  switch (key) {
    case "required":
      return "is required";
    case "invalidCharacters":
      return INVALID_CHARACTERS.message;
    case "tooShort":
      return overview
        ? `must be ${min} to ${max} characters of text`
        : `must be at least ${min} characters`;
    case "tooLong":
      return overview
        ? `must be ${min} to ${max} characters of text`
        : `must be at most ${max} characters`;
    case "invalidEmail":
      return "Invalid email address";
    case "invalidUrl":
      return "This URL is invalid: it must start with http:// or https://";
    case "tooMany":
      return `must hold at most ${max} images`;
    case "invalidAppType":
      return "must be 0 (standard) or 1 (connector)";
    case "unknownCategory":
      return "must be one of the app categories";
    case "unknownCountry":
      return "must be a country that can be chosen";
    case "imageNotFound":
      return "must be an image uploaded by your company";
    default:
      return files[key];
  }
}

/** Submissions and pre-approvals. */
const review: Record<SubmissionRuleCode | ApprovalRuleCode, string> = {
  required: "is required",
  tooLong: "is too long",
  invalidCharacters: INVALID_CHARACTERS.message,
  invalidEmail: "Invalid email address",
  invalidPhone: `must be a phone number of at least ${SUBMISSION_LIMITS.contactPhoneMinDigits} digits`,
  invalidDate: "must be a valid date and time (yyyy-mm-dd, with a time if wanted)",
  releaseDateInPast: "must be today or later",
  instanceNotFound: "must be a sandbox account of your company",
  documentNotFound: "must be a document uploaded by your company (POST files?fileType=0)",
  duplicateDocument: "names a document already in the list",
  noContent: "File has no content",
  mustBePdf: "File type must be .PDF",
  tooBig: `Your file is too big: at most ${SUBMISSION_LIMITS.documentBytes / MB} MB`,
  totalTooBig: `Total file size exceeds ${SUBMISSION_LIMITS.documentsTotalBytes / MB}MB`,
  tooManyFiles: `Maximum ${SUBMISSION_LIMITS.documentsMax} file(s) allowed`,
  appArchived: "The app is archived: unarchive it first.",
  priceRequired: "Unable to submit: a price is required and none is set.",
  preApprovalRequired: "A pre-approval needs to be submitted and approved beforehand.",
  platformConfigurationRequired: "Please create platform configuration: desktop, web or reporting.",
  actionNotAllowed: "The version's status does not allow this action.",
  requestOpen: "A request for this version is already waiting for the provider's decision.",
  versionNotFound: "must be a version of this app",
  versionMajorLive: "must be a major version that is not live",
  preApprovalExists: "A pre-approval of this app is already pending or approved.",
  preApprovalNotPending: "Only a pending pre-approval can be withdrawn.",
};

/** The length limit of a field of the submission and pre-approval forms, for `tooLong`. */
const reviewLimitOf = (field: string) =>
  field === "contactName" || field === "name"
    ? SUBMISSION_LIMITS.contactNameMax
    : field === "contactEmail" || field === "email"
      ? SUBMISSION_LIMITS.contactEmailMax
      : field === "contactPhoneNumber" || field === "phone"
        ? SUBMISSION_LIMITS.contactPhoneMax
        : Math.max(SUBMISSION_LIMITS.notesMax, PRE_APPROVAL_LIMITS.notesMax);

function reviewField(field: string, code: string): string {
  if (code === "tooLong") return `must be at most ${reviewLimitOf(field)} characters`;
  return review[code as SubmissionRuleCode] ?? code;
}

/** Sandbox accounts. */
const instances: Record<string, string> = {
  required: "is required",
  invalidEmail: "must be a valid email address",
  tooLong: "is too long",
  invalidFirmType: "must be a product variant of the environment's country",
  unknownEnvironment: "must be an environment of the provider",
  unknownRegion: "must be a country of the provider",
  invalidStatus: "must be 0 or 200",
  invalidEndpoint: "must be DEV, TEST, BETA or LIVE",
  unknownApp: "must be an app group of the company in the account's country",
  duplicateApp: "must name each app once",
  usernameTaken: "The company has an account with this username in that environment already.",
  noTestAccess: "Staging sandbox accounts are only for users with access to the staging sandbox.",
};

/** Company details, bank details and the company's users. */
const settings: Record<string, string> = {
  required: "is required",
  bsbMustBe6Digits: "BSB must be 6 digits",
  mustBeDigits: "must be digits",
  atMost30Digits: "must be at most 30 digits",
  bankDetailsExist: "The company has bank details already: update them instead.",
  oneCountryMustBeSelected: "one country must be selected",
  noDuplicateCountry: "no duplicate country",
  oneCountryMustBeDefault: "one country must be default",
  unknownCountry: "must be a country from the list",
  imageNotFound: "must be an image the company uploaded",
  imageTypeInvalid: "must be a PNG",
  imageSizeInvalid: "must be square and at least 256x256 pixels",
  sizeGreater400KB: "must be at most 400 KB",
  noContent: "must not be empty",
  passwordMismatch: "must equal the password",
  taken: "an account with this email address already exists",
  adminOnly: "Only an admin of the company may do this.",
  cannotDeleteSelf: "A user cannot delete themself.",
  lastAdmin: "The company must keep at least one admin.",
};

const attestation: Record<AttestationRuleCode, string> = {
  required: "is required",
  tooLong: `must be at most ${ATTESTATION_LIMITS.textMax} characters`,
  invalidCharacters: INVALID_CHARACTERS.message,
  noContent: "File has no content",
  mustBePdf: "must be PDF",
  tooBig: "file must be less than 9MB",
  diagramNotFound: "must be a data flow diagram uploaded by your company (POST files?fileType=1)",
  dataAttestationNotEnabled: "Data attestation is not enabled for this app's country.",
  versionNotEditable:
    "This version cannot be changed: a version can be edited only when its status is Sandbox, Rejected or BetaRejected, and its app is not archived.",
};

/** Auth clients and permissions. */
const security: Record<SecurityRuleCode, string> = {
  required: "is required",
  callbacksMustBeValidURI: "each callback URL must start with http:// or https://",
  tooLong: `each callback URL must be at most ${SECURITY_LIMITS.callbackUrlMax} characters`,
  tooMany: `at most ${SECURITY_LIMITS.callbackUrlsMax} callback URLs`,
  unknownRoute: "must be a route of the permission list (GET apps-auth/{id}/permission-list)",
  methodNotOffered: "names a method the permission list does not offer on this route",
  liveAppReadOnly:
    "The live-app client's permissions are set by the provider and cannot be changed.",
  preApprovalRequired: "The app needs an approved pre-approval before its clients can be managed.",
  clientsNotGenerated:
    "The clients of this tab have not been generated yet (POST apps-auth/{id}/clients).",
  testAccessRequired: "Staging clients need test access.",
  tooManySecretIssues: "Too many new secrets for this app group.",
};

/** The platform schema's refusals of the version's state (its edit check words as the apps'). */
const schema = {
  notStandardApp: "Only a standard app (appType 0) has a platform schema.",
  stagingNeedsTestAccess:
    "The staging configuration is only for users with access to the staging sandbox.",
} as const;

/** Prices and price changes. */
const pricing: Record<string, string> = {
  required: "is required",
  invalidPricingModel: "must be 0 (free), 1 (user based) or 2 (firm based)",
  invalidAmount: "must be a number",
  amountMustBeGreater0: "must be greater than 0",
  noNegatives: "must not be negative",
  twoDecimals: "must have at most two decimals",
  tooLarge: `must be at most ${PRICE_LIMITS.amountMax}`,
  samePrice: "must differ from the price in force",
  monetisationNotEnabled: "This app is not enabled for monetisation.",
  priceExists: "The app has a price already: submit a price change instead.",
  priceNotEditable:
    "Only a price the provider has not approved yet, or has rejected, can be changed.",
  freeForever: "A free app that has been approved stays free.",
  noActivePrice: "A price change needs a paid price in force.",
  priceChangePending:
    "A price of this app is already waiting for the provider's decision or its start.",
};

/** Every area's words: a table by code, or a function of the field where a limit is named. */
export const WORDING = {
  files,
  apps,
  appField,
  review,
  reviewField,
  instances,
  settings,
  attestation,
  security,
  schema,
  pricing,
};
