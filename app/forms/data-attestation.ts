/**
 * The data attestation form: the six texts, each required and at
 * most 2,000 characters (trimmed), and the data flow diagram: the one saved or uploaded
 * before (`dataFlowDiagramId`, with its name to show), or a file picked now (`diagram`),
 * which must be a PDF ('must be PDF') under 9 MB ('file must be less than 9MB'). The rules
 * are the contract's (app/api/data-attestation/rules.ts), checked by `dataAttestationMessages`
 * both in the browser (conform's onValidate) and in the action's schema
 * (data-attestation.server.ts). In the browser a picked file is judged by its declared type
 * or name and its size; the action reads its first bytes.
 *
 * Messages come from the `dataAttestation` namespace; `t` is i18next's (or a fixed one on the server).
 */
import type { TFunction } from "i18next";

import {
  ATTESTATION_LIMITS,
  ATTESTATION_TEXT_FIELDS,
  type AttestationRuleCode,
  type AttestationTextField,
  checkDiagram,
  validateAttestation,
} from "~/api/data-attestation/rules";
import { PDF_CONTENT_TYPE } from "~/api/files/rules";

export const DATA_FORM_ID = "data-attestation";
/** The file input of the diagram. */
export const DIAGRAM_FILE_FIELD = "diagram";
/** The fields in the order of the form (the summary's order). */
export const DATA_FIELDS = [...ATTESTATION_TEXT_FIELDS, DIAGRAM_FILE_FIELD] as const;
export type DataField = (typeof DATA_FIELDS)[number];

export type { AttestationTextField };

/** The translated message of a rule a field breaks. */
export function dataRuleMessage(
  t: TFunction,
  language: string,
  field: DataField,
  code: AttestationRuleCode | string,
): string {
  const label = t(`dataAttestation:fields.${field}.label`);
  const max = new Intl.NumberFormat(language).format(ATTESTATION_LIMITS.textMax);
  const key = [
    "required",
    "tooLong",
    "invalidCharacters",
    "noContent",
    "mustBePdf",
    "tooBig",
    "diagramNotFound",
    "uploadFailed",
  ].includes(code)
    ? code
    : "invalid";
  return t(`dataAttestation:errors.${key}`, { field: label, max });
}

/** What the browser knows of a picked file. */
export interface PickedFile {
  size: number;
  /** The declared content type. */
  type: string;
  name: string;
}

/** The rule a file picked in the browser breaks: a PDF by its declared type or its name, under 9 MB. */
export function pickedDiagramCode(file: PickedFile) {
  const looksPdf = file.type.toLowerCase() === PDF_CONTENT_TYPE || /\.pdf$/i.test(file.name);
  return checkDiagram({
    fileSize: file.size,
    contentType: looksPdf ? PDF_CONTENT_TYPE : file.type || "application/octet-stream",
  });
}

/** A file picked in the form; an empty file input sends a nameless, empty one, which is none. */
const isFile = (value: unknown): value is PickedFile =>
  typeof value === "object" &&
  value !== null &&
  "size" in value &&
  "name" in value &&
  typeof (value as PickedFile).size === "number" &&
  !((value as PickedFile).name === "" && (value as PickedFile).size === 0);

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/** The form's names: the six texts, the diagram saved before (its id and name) and the file picked now. */
export const DATA_FORM_NAMES = [
  ...ATTESTATION_TEXT_FIELDS,
  "dataFlowDiagramId",
  "dataFlowDiagramName",
  DIAGRAM_FILE_FIELD,
] as const;
export type DataFormName = (typeof DATA_FORM_NAMES)[number];

/**
 * What the form breaks, as a message on each field shown (the first rule each breaks): one
 * piece of text per name, the picked file's rule, then the contract's (`validateAttestation`).
 * `pickedCode` is what the action found of the picked file by its content (the file itself is
 * not in the action's form data); in the browser the file is in the form.
 */
export function dataAttestationMessages(
  t: TFunction,
  language: string,
  value: Record<string, unknown>,
  options: { pickedCode?: string } = {},
) {
  const shown = (field: string): DataField =>
    (ATTESTATION_TEXT_FIELDS as readonly string[]).includes(field)
      ? (field as AttestationTextField)
      : DIAGRAM_FILE_FIELD;
  const messages: Partial<Record<DataField, string>> = {};
  const issue = (field: DataField, code: string) => {
    messages[field] ??= dataRuleMessage(t, language, field, code);
  };
  // One piece of text each (not a list, not a file).
  for (const name of DATA_FORM_NAMES) {
    if (name !== DIAGRAM_FILE_FIELD && value[name] !== undefined && typeof value[name] !== "string")
      issue(shown(name), "invalid");
  }
  const picked = isFile(value[DIAGRAM_FILE_FIELD])
    ? (value[DIAGRAM_FILE_FIELD] as PickedFile)
    : undefined;
  const pickedCode = options.pickedCode ?? (picked ? pickedDiagramCode(picked) : undefined);
  if (pickedCode) issue(DIAGRAM_FILE_FIELD, pickedCode);
  const texts = Object.fromEntries(
    ATTESTATION_TEXT_FIELDS.map((field) => [field, textOf(value[field])]),
  );
  const errors = validateAttestation({
    ...texts,
    dataFlowDiagramId: textOf(value.dataFlowDiagramId) || (picked ? "picked" : ""),
  });
  for (const [field, code] of Object.entries(errors)) issue(shown(field), code);
  return messages;
}

/** The attestation's texts (trimmed) and the diagram saved before, as the action sends them. */
export function attestationValue(value: Record<string, unknown>) {
  return {
    ...(Object.fromEntries(
      ATTESTATION_TEXT_FIELDS.map((field) => [field, textOf(value[field]).trim()]),
    ) as Record<AttestationTextField, string>),
    dataFlowDiagramId: textOf(value.dataFlowDiagramId).trim(),
  };
}
