/**
 * How the API words the apps rules in English, in the `detail` of a refusal (the `errors`
 * of the answer carry the rule codes, which the console words in the user's language).
 */
import { fieldLimit, type RuleKey } from "~/api/apps/rules";
import { INVALID_CHARACTERS } from "~/api/common";
import { messages as fileMessages } from "../files/rules";

/** The rules of an app's state (the `detail` of a 409). */
export const RULE_MESSAGES = {
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

/** The API's English wording of a rule key for a field. */
export function ruleMessage(field: string, key: RuleKey): string {
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
      return fileMessages[key];
  }
}
