// @vitest-environment node
import { describe, expect, it } from "vitest";
import { keyT } from "~/lib/t.testing";
import { actionMessages, browserMessages, formOf } from "./agreement.testing";
import { payloadTexts } from "./payload";
import { checkPause, checkPreApproval, PAUSE_FIELDS, REVIEW_LIMITS, SUBMIT_FIELDS } from "./review";
import { pauseSchema, preApprovalSchema, submitSchema } from "./review.server";
import { formRules } from "./rules.server";
import { checkSubmit } from "./submit";

/** A translator that shows the key and its values, so two messages are equal only when both are. */
const t = keyT;
const today = new Date(2026, 6, 21, 15, 30);

describe("the browser's check of the submit form", () => {
  const context = { today, allowBeta: true };
  const schema = submitSchema(t, "en-AU", context);
  const rules = formRules(schema);
  const more = (payload: Record<string, unknown>) =>
    checkSubmit(t, "en-AU", payloadTexts(payload, SUBMIT_FIELDS), context).errors;
  const valid = {
    contactName: "Ada",
    contactEmail: "ada@example.test",
    contactPhoneNumber: "+61 2 9999 0000",
    submissionNotes: "First release.",
  };

  it.each<[string, Record<string, string>]>([
    ["a valid form", {}],
    [
      "empty fields",
      { contactName: "", contactEmail: "", contactPhoneNumber: "", submissionNotes: "" },
    ],
    ["blank text", { contactName: " \r\n " }],
    ["an email without a domain", { contactEmail: "ada@" }],
    ["a phone of letters", { contactPhoneNumber: "call me" }],
    ["a name too long", { contactName: "x".repeat(REVIEW_LIMITS.nameMax + 1) }],
    ["a NUL character", { submissionNotes: "a\0b" }],
    ["a release date before today", { releaseDate: "20 July 2026" }],
    ["a release date that names no day", { releaseDate: "30 February 2027" }],
    ["a later release date", { releaseDate: "1 August 2026", isBeta: "on" }],
  ])("agrees with the action on %s", (_, entries) => {
    const data = formOf({ ...valid, ...entries });
    expect(browserMessages(data, rules, more)).toEqual(actionMessages(schema, data));
  });
});

describe("the browser's check of the pause request", () => {
  const schema = pauseSchema(t, "nl-NL");
  const rules = formRules(schema);
  const more = (payload: Record<string, unknown>) =>
    checkPause(t, "nl-NL", payloadTexts(payload, PAUSE_FIELDS)).errors;
  const valid = {
    name: "Ada",
    email: "ada@example.test",
    phone: "0400 000 000",
    reason: "Maintenance.",
  };

  it.each<[string, Record<string, string>]>([
    ["a valid request", {}],
    ["empty fields", { name: "", email: "", phone: "", reason: "" }],
    ["an email that is not one", { email: "no" }],
    ["a reason too long", { reason: "x".repeat(REVIEW_LIMITS.notesMax + 1) }],
    ["a lone surrogate", { name: "\ud800" }],
  ])("agrees with the action on %s", (_, entries) => {
    const data = formOf({ ...valid, ...entries });
    expect(browserMessages(data, rules, more)).toEqual(actionMessages(schema, data));
  });
});

describe("the browser's check of the pre-approval form", () => {
  const context = { versionMajorIds: ["major-1", "major-2"] };
  const schema = preApprovalSchema(t, "en-AU", context);
  const rules = formRules(schema);
  const more = (payload: Record<string, unknown>) =>
    checkPreApproval(
      t,
      "en-AU",
      payloadTexts(payload, ["versionMajorId", "submissionNotes"]),
      context,
    ).errors;

  it.each<[string, Record<string, string>]>([
    ["a valid form", { versionMajorId: "major-1", submissionNotes: "Why." }],
    ["nothing chosen or written", { versionMajorId: "", submissionNotes: "" }],
    ["a version not of the list", { versionMajorId: "live-major", submissionNotes: "Why." }],
    [
      "information too long",
      {
        versionMajorId: "major-2",
        submissionNotes: "x".repeat(REVIEW_LIMITS.preApprovalNotesMax + 1),
      },
    ],
  ])("agrees with the action on %s", (_, entries) => {
    const data = formOf(entries);
    expect(browserMessages(data, rules, more)).toEqual(actionMessages(schema, data));
  });
});
