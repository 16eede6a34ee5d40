import { describe, expect, it } from "vitest";
import { keyT } from "~/lib/t.testing";
import { NEEDS_CURRENT_APP, REVIEW_LIMITS, unarchiveThen } from "./review";
import { pauseSchema, preApprovalSchema, submitSchema } from "./review.server";
import { formatReleaseDate, parseReleaseDate, releaseDateAndTime } from "./submit";

/** A translator that shows the key and its values. */
const t = keyT;
const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );

const today = new Date(2026, 6, 21, 15, 30);
const contact = {
  contactName: "Ada Lovelace",
  contactEmail: "ada@example.test",
  contactPhoneNumber: "+61 2 9999 0000",
  submissionNotes: "First release.",
};

describe("the release date", () => {
  it("is shown as d MMMM yyyy in the page's language", () => {
    expect(formatReleaseDate(new Date(2026, 6, 1), "en-AU")).toBe("1 July 2026");
    expect(formatReleaseDate(new Date(2026, 2, 9), "nl-NL")).toBe("9 maart 2026");
  });

  it.each([
    ["21 July 2026", "en-AU"],
    ["21 july 2026", "en-AU"],
    ["21 juli 2026", "nl-NL"],
    ["21 July 2026", "nl-NL"],
    ["21/07/2026", "en-AU"],
    ["2026-07-21", "nl-NL"],
    ["  21   Jul 2026 ", "en-AU"],
  ])("reads %s (%s)", (text, language) => {
    expect(parseReleaseDate(text, language)).toEqual(new Date(2026, 6, 21));
  });

  it.each([
    "31 June 2026",
    "tomorrow",
    "21 Julio 2026",
    "2026-13-01",
    "21/07/26",
    "1 January 99999",
  ])("names no day in %s", (text) => {
    expect(parseReleaseDate(text, "en-AU")).toBeUndefined();
  });

  it("is sent as now for today and as the start of a later day", () => {
    expect(releaseDateAndTime(new Date(2026, 6, 21), today)).toBe(today.toISOString());
    expect(releaseDateAndTime(new Date(2026, 6, 22), today)).toBe(
      new Date(2026, 6, 22).toISOString(),
    );
  });
});

describe("the submit form", () => {
  const schema = submitSchema(t, "en-AU", { today, allowBeta: true });

  it("needs the contact name, email, phone and notes", () => {
    expect(errorsOf(schema.safeParse({}))).toEqual({
      contactName: 'review:errors.required {"field":"review:submit.fields.contactName"}',
      contactEmail: 'review:errors.required {"field":"review:submit.fields.contactEmail"}',
      contactPhoneNumber:
        'review:errors.required {"field":"review:submit.fields.contactPhoneNumber"}',
      submissionNotes: 'review:errors.required {"field":"review:submit.fields.submissionNotes"}',
    });
    expect(errorsOf(schema.safeParse({ ...contact, contactName: "  \n " }))).toEqual({
      contactName: 'review:errors.required {"field":"review:submit.fields.contactName"}',
    });
  });

  it("defaults the release date to today and trims the texts", () => {
    const result = schema.parse({ ...contact, contactName: "  Ada  ", releaseDate: "" });
    expect(result).toEqual({
      ...contact,
      contactName: "Ada",
      releaseDate: new Date(2026, 6, 21),
      isBeta: false,
    });
  });

  it("takes a later day and refuses one before today or no day at all", () => {
    expect(schema.parse({ ...contact, releaseDate: "1 August 2026" }).releaseDate).toEqual(
      new Date(2026, 7, 1),
    );
    expect(schema.parse({ ...contact, releaseDate: "21 July 2026" }).releaseDate).toEqual(
      new Date(2026, 6, 21),
    );
    expect(errorsOf(schema.safeParse({ ...contact, releaseDate: "20 July 2026" }))).toEqual({
      releaseDate: 'review:errors.dateBeforeToday {"today":"21 July 2026"}',
    });
    expect(errorsOf(schema.safeParse({ ...contact, releaseDate: "30 February 2027" }))).toEqual({
      releaseDate: 'review:errors.invalidDate {"example":"21 July 2026"}',
    });
  });

  it("words the example in the page's language", () => {
    const dutch = submitSchema(t, "nl-NL", { today, allowBeta: false });
    expect(errorsOf(dutch.safeParse({ ...contact, releaseDate: "morgen" }))).toEqual({
      releaseDate: 'review:errors.invalidDate {"example":"21 juli 2026"}',
    });
    expect(dutch.parse({ ...contact, releaseDate: "3 september 2026" }).releaseDate).toEqual(
      new Date(2026, 8, 3),
    );
  });

  it("checks the email and the lengths", () => {
    expect(errorsOf(schema.safeParse({ ...contact, contactEmail: "ada@" }))).toEqual({
      contactEmail: "review:errors.invalidEmail",
    });
    expect(
      Object.keys(
        errorsOf(
          schema.safeParse({ ...contact, contactName: "x".repeat(REVIEW_LIMITS.nameMax + 1) }),
        ),
      ),
    ).toEqual(["contactName"]);
    expect(
      Object.keys(
        errorsOf(
          schema.safeParse({ ...contact, submissionNotes: "x".repeat(REVIEW_LIMITS.notesMax + 1) }),
        ),
      ),
    ).toEqual(["submissionNotes"]);
  });

  it("refuses text that cannot be stored and a field sent twice", () => {
    expect(errorsOf(schema.safeParse({ ...contact, contactName: "Ada\u0000" }))).toEqual({
      contactName: 'review:errors.invalidCharacters {"field":"review:submit.fields.contactName"}',
    });
    expect(errorsOf(schema.safeParse({ ...contact, submissionNotes: "\ud800" }))).toHaveProperty(
      "submissionNotes",
    );
    expect(errorsOf(schema.safeParse({ ...contact, contactName: ["a", "b"] }))).toEqual({
      contactName: 'review:errors.notText {"field":"review:submit.fields.contactName"}',
    });
    expect(
      errorsOf(schema.safeParse({ ...contact, releaseDate: "21 July 2026\u0000" })),
    ).toHaveProperty("releaseDate");
  });

  it("ticks beta only on a first submit", () => {
    expect(schema.parse({ ...contact, isBeta: "on" }).isBeta).toBe(true);
    expect(
      submitSchema(t, "en-AU", { today, allowBeta: false }).parse({ ...contact, isBeta: "on" })
        .isBeta,
    ).toBe(false);
  });
});

describe("the pause or unpause request", () => {
  const schema = pauseSchema(t, "en-AU");
  const request = {
    name: "Ada",
    email: "ada@example.test",
    phone: "0400 000 000",
    reason: "Maintenance.",
  };

  it("needs all four fields", () => {
    expect(Object.keys(errorsOf(schema.safeParse({})))).toEqual([
      "name",
      "email",
      "phone",
      "reason",
    ]);
    expect(errorsOf(schema.safeParse({ ...request, reason: " " }))).toEqual({
      reason: 'review:errors.required {"field":"review:pause.fields.reason"}',
    });
    expect(errorsOf(schema.safeParse({ ...request, email: "no" }))).toEqual({
      email: "review:errors.invalidEmail",
    });
  });

  it("answers the fields trimmed", () => {
    expect(schema.parse({ ...request, name: " Ada " })).toEqual(request);
  });
});

describe("the pre-approval form", () => {
  const schema = preApprovalSchema(t, "en-AU", { versionMajorIds: ["major-1", "major-2"] });

  it("says 'Mandatory field' for the version and the information", () => {
    expect(errorsOf(schema.safeParse({}))).toEqual({
      versionMajorId: "review:errors.mandatory",
      submissionNotes: "review:errors.mandatory",
    });
  });

  it("takes only a version of the list", () => {
    expect(
      errorsOf(schema.safeParse({ versionMajorId: "live-major", submissionNotes: "Why." })),
    ).toEqual({ versionMajorId: "review:errors.unknownVersion" });
  });

  it("holds the information to 3,000 characters", () => {
    expect(
      schema.safeParse({ versionMajorId: "major-1", submissionNotes: "x".repeat(3_000) }).success,
    ).toBe(true);
    expect(
      errorsOf(schema.safeParse({ versionMajorId: "major-1", submissionNotes: "x".repeat(3_001) })),
    ).toEqual({
      submissionNotes:
        'review:errors.tooLong {"field":"review:preApproval.fields.submissionNotes","max":"3,000"}',
    });
  });

  it("takes several documents, once each", () => {
    expect(
      schema.parse({
        versionMajorId: "major-2",
        submissionNotes: " Why. ",
        documents: ["a", "b", "a"],
      }),
    ).toEqual({
      versionMajorId: "major-2",
      submissionNotes: "Why.",
      documents: ["a", "b"],
    });
    expect(
      schema.parse({ versionMajorId: "major-2", submissionNotes: "Why.", documents: "a" })
        .documents,
    ).toEqual(["a"]);
    expect(
      errorsOf(
        schema.safeParse({
          versionMajorId: "major-2",
          submissionNotes: "Why.",
          documents: ["../x"],
        }),
      ),
    ).toEqual({
      documents: "review:errors.documentsInvalid",
    });
  });
});

describe("the unarchive-first question", () => {
  const id = "0b6f3c1e-7d2a-4e8b-9c3d-5a6f7e8d9c0b";
  it("continues with the dialog it interrupted: submit, the unpause request, or a confirmation that needs a current app", () => {
    expect(unarchiveThen(`submit:${id}`)).toEqual(["submit", id]);
    expect(unarchiveThen(`pause:${id}`)).toEqual(["pause", id]);
    for (const action of ["pushToLive", "pushToBeta", "rollbackToBeta"])
      expect(unarchiveThen(`confirm:${action}:${id}`)).toEqual(["confirm", `${action}:${id}`]);
  });
  it("continues with nothing else", () => {
    for (const then of [
      `confirm:archive:${id}`,
      `confirm:withdraw:${id}`,
      `submit:${id} `,
      "submit:../../x",
      `duplicate:${id}`,
      "//evil.example",
      null,
      42,
    ])
      expect(unarchiveThen(then), String(then)).toBeNull();
  });
  it("asks before every action that takes a version to the market, never before archive, withdraw or a pause request", () => {
    expect([...NEEDS_CURRENT_APP].sort()).toEqual([
      "pushToBeta",
      "pushToLive",
      "resubmit",
      "rollbackToBeta",
      "submit",
      "submitToLive",
      "unpause",
    ]);
    for (const action of ["archive", "withdraw", "pause", "duplicate", "preview"])
      expect(NEEDS_CURRENT_APP as readonly string[]).not.toContain(action);
  });
});
