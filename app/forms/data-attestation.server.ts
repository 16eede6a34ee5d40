/**
 * The data attestation form as the action reads it: a zod schema whose check is the form's
 * own (`dataAttestationMessages`, the one the browser runs), giving the texts trimmed and the
 * id of the diagram saved before.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import {
  attestationValue,
  DATA_FORM_NAMES,
  type DataFormName,
  dataAttestationMessages,
} from "./data-attestation";

/** Conform sends an empty field as undefined, and a field sent twice as a list. */
const anyValue = z.unknown().optional();

/** The schema; `pickedCode` is what the action found of the picked file by its content. */
export function dataAttestationSchema(
  t: TFunction,
  language: string,
  options: { pickedCode?: string } = {},
) {
  return z
    .object(
      Object.fromEntries(DATA_FORM_NAMES.map((name) => [name, anyValue])) as Record<
        DataFormName,
        typeof anyValue
      >,
    )
    .superRefine((value, ctx) => {
      for (const [field, message] of Object.entries(
        dataAttestationMessages(t, language, value, options),
      )) {
        ctx.addIssue({ code: "custom", path: [field], message });
      }
    })
    .transform(attestationValue);
}
