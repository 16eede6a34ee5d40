/**
 * The rules of a data attestation as pure functions, shared by the
 * console (its form, and its check of a picked diagram before anything is sent) and the
 * sandbox (its refusals with rule codes): each of the six texts required (after trimming) and
 * at most 2,000 characters; a data flow diagram required, a PDF by its content and under
 * 9 MB ('must be PDF', 'file must be less than 9MB'). Plain TypeScript with no zod: a browser
 * runs them too.
 */
import { FILE_LIMITS, PDF_CONTENT_TYPE } from "../files/rules";
import { isStorableText } from "../text";

/** The six texts of the form, in the order the form shows them. */
export const ATTESTATION_TEXT_FIELDS = [
  "purposeOfDataUsage",
  "outlineDataUsage",
  "dataSubjects",
  "frequencyOfSync",
  "thirdPartyDisclosure",
  "dataRetention",
] as const;
export type AttestationTextField = (typeof ATTESTATION_TEXT_FIELDS)[number];

export const ATTESTATION_LIMITS = {
  /** Each text field. */
  textMax: 2000,
  /** A diagram must be smaller than this: 9 MB (9 * 1024 KB). */
  diagramBytes: FILE_LIMITS.documentBytes,
} as const;

/** What a refused attestation breaks. */
export const ATTESTATION_RULE_CODES = [
  "required",
  "tooLong",
  "invalidCharacters",
  // the diagram
  "noContent",
  "mustBePdf",
  "tooBig",
  "diagramNotFound",
  // state (409)
  "dataAttestationNotEnabled",
  "versionNotEditable",
] as const;
export type AttestationRuleCode = (typeof ATTESTATION_RULE_CODES)[number];
export type AttestationErrors = Record<string, AttestationRuleCode>;

export type AttestationValues = Partial<
  Record<AttestationTextField | "dataFlowDiagramId", string | null>
>;

/** The six texts required and at most 2,000 characters (trimmed), the diagram named; text the database cannot store refused. */
export function validateAttestation(values: AttestationValues): AttestationErrors {
  const errors: AttestationErrors = {};
  for (const field of ATTESTATION_TEXT_FIELDS) {
    const raw = values[field] ?? "";
    const text = raw.trim();
    if (!isStorableText(raw)) errors[field] = "invalidCharacters";
    else if (!text) errors[field] = "required";
    else if (text.length > ATTESTATION_LIMITS.textMax) errors[field] = "tooLong";
  }
  const diagram = values.dataFlowDiagramId ?? "";
  if (!isStorableText(diagram)) errors.dataFlowDiagramId = "invalidCharacters";
  else if (!diagram.trim()) errors.dataFlowDiagramId = "required";
  return errors;
}

/** What is known of a diagram: its size, and its content type by content (`application/pdf` when its first bytes are `%PDF-`). */
export interface DiagramFacts {
  fileSize: number;
  contentType: string;
}

/** The first rule a diagram breaks, in the order empty -> type -> size; undefined when it fits. */
export function checkDiagram(
  diagram: DiagramFacts,
): "noContent" | "mustBePdf" | "tooBig" | undefined {
  if (diagram.fileSize <= 0) return "noContent";
  if (diagram.contentType.trim().toLowerCase() !== PDF_CONTENT_TYPE) return "mustBePdf";
  if (diagram.fileSize >= ATTESTATION_LIMITS.diagramBytes) return "tooBig";
  return undefined;
}
