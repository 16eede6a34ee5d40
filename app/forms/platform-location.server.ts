/**
 * The location dialogs' posts, one zod schema each for the
 * action (parseForm); their rules are a transform's, left by the browser to the action:
 *
 * - add location: `location`, one of the offered location ids (`offeredLocations` of
 *   app/lib/platform/locations.ts); none chosen is mustSelectLocation;
 * - clone to locations: `locations`, the ticked target ids (`cloneTargets`); at least one
 *   (mustSelectLocation). The accounting-menu rule is the operation's (`cloneItem` answers
 *   menuAccountingNotAllowed on `locations`): `outcomeErrors` of platform-common.ts words an operation's refusal
 *   for conform's `submission.reply({ fieldErrors })`.
 *
 * Messages: `platform:errors.{code}` with the field's label `platform:fields.{name}`.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import { checkLocationChoice } from "~/api/schema/locations";
import { platformRuleMessage } from "./platform-common";
import { cleanText, oneText, ticked, tickedValues } from "./platform-fields.server";

/** The add-location form: `location` among `offered` ids. */
export function addLocationSchema(t: TFunction, offered: readonly string[]) {
  return z.object({ location: oneText(t, "location") }).transform((value, ctx) => {
    const id = cleanText(value.location);
    const code = checkLocationChoice(id) ?? (offered.includes(id) ? undefined : "unknownLocation");
    if (code) {
      ctx.addIssue({
        code: "custom",
        path: ["location"],
        message: platformRuleMessage(t, code, "location"),
      });
      return z.NEVER;
    }
    return { location: id };
  });
}

/** The clone form: `locations` among `targets` ids, at least one. */
export function cloneSchema(t: TFunction, targets: readonly string[]) {
  return z.object({ locations: ticked(t, "locations") }).transform((value, ctx) => {
    const chosen = tickedValues(value.locations);
    const code =
      chosen.length === 0
        ? "mustSelectLocation"
        : chosen.every((id) => targets.includes(id))
          ? undefined
          : "unknownLocation";
    if (code) {
      ctx.addIssue({
        code: "custom",
        path: ["locations"],
        message: platformRuleMessage(t, code, "locations"),
      });
      return z.NEVER;
    }
    return { locations: chosen };
  });
}
