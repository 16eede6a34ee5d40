// @vitest-environment node
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { PASSWORD_POLICY, TEXT_TESTS } from "~/api/text";
import { actionMessages, formOf } from "./agreement.testing";
import { brokenRules, checkForm, type FormRules } from "./check";
import { formRules } from "./rules.server";

const form = formOf;

const schema = z
  .object({
    name: z
      .string({ message: "name required" })
      .trim()
      .min(1, "name required")
      .max(5, "name too long")
      .refine(TEXT_TESTS.storableText, "name unstorable"),
    code: z
      .string()
      .trim()
      .toUpperCase()
      .length(2, "two letters")
      .regex(/^[A-Z]+$/, "letters only")
      .optional(),
    email: z
      .string({ message: "email required" })
      .trim()
      .max(20, "email too long")
      .pipe(z.email({ message: "email invalid" })),
    site: z.string().trim().refine(TEXT_TESTS.emptyOrHttpUrl, "site invalid").optional(),
    link: z.url({ message: "link invalid" }).optional(),
    password: z
      .string({ message: "password required" })
      .max(PASSWORD_POLICY.maxLength, "password too long")
      .refine(TEXT_TESTS.passwordPolicy, "password weak"),
    amount: z
      .number({ message: "not a number" })
      .int("whole")
      .min(1, "at least 1")
      .lt(100, "under 100")
      .optional(),
    count: z.number({ message: "count not a number" }).multipleOf(5, "fives").optional(),
    kind: z.enum(["a", "b"], { message: "pick a kind" }),
    agreed: z.boolean({ message: "agree" }),
    detail: z
      .object({ about: z.string({ message: "about required" }).max(3, "about too long") })
      .optional(),
    tags: z.array(z.string().max(3, "tag too long")).max(2, "two tags at most").optional(),
    lookup: z
      .string()
      .refine((value) => value === "known", "unknown")
      .optional(),
    spaced: z
      .string()
      .transform((value) => value.split(" "))
      .pipe(z.array(z.string().min(2, "short word")))
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.name === "clash") ctx.addIssue({ code: "custom", path: ["code"], message: "clash" });
  });

const valid = {
  name: "Ann",
  email: "ann@example.com",
  password: "Secret123",
  kind: "a",
  agreed: "on",
};

describe("formRules", () => {
  const rules = formRules(schema);

  it("reads each field's rules in the schema's order, with its messages", () => {
    expect(rules.name).toEqual([
      ["required", "name required"],
      ["trim"],
      ["minLength", 1, "name required"],
      ["maxLength", 5, "name too long"],
      ["test", "storableText", "name unstorable"],
    ]);
    expect(rules.code).toEqual([
      ["trim"],
      ["uppercase"],
      ["length", 2, "two letters"],
      ["pattern", "^[A-Z]+$", "", "letters only"],
    ]);
    expect(rules.email?.[0]).toEqual(["required", "email required"]);
    expect(rules.email?.at(-1)?.[0]).toBe("pattern");
    expect(rules.link).toEqual([["url", "link invalid"]]);
    expect(rules.amount).toEqual([
      ["number", "not a number"],
      ["integer", "whole"],
      ["min", 1, true, "at least 1"],
      ["max", 100, false, "under 100"],
    ]);
    expect(rules.kind).toEqual([
      ["required", "pick a kind"],
      ["oneOf", ["a", "b"], "pick a kind"],
    ]);
    expect(rules["detail.about"]).toEqual([["maxLength", 3, "about too long"]]);
    expect(rules.tags).toEqual([["maxItems", 2, "two tags at most"]]);
    expect(rules["tags[]"]).toEqual([["maxLength", 3, "tag too long"]]);
  });

  it("leaves to the action what only a function of its own can tell", () => {
    expect(rules.lookup).toBeUndefined();
    expect(rules.spaced).toBeUndefined();
  });

  it("is plain data a page can send", () => {
    expect(JSON.parse(JSON.stringify(rules))).toEqual(rules);
  });

  // Each case breaks rules of one or more fields; the browser's first message for each field
  // is the one the action's zod parse gives.
  it.each<[string, Record<string, string | string[]>]>([
    ["a valid form", {}],
    ["empty required fields", { name: "", email: "", password: "", kind: "" }],
    ["blank text, trimmed", { name: "   " }],
    ["text too long after trimming", { name: "  Annabel  " }],
    ["a NUL character", { name: "a\0b" }],
    ["a code upper-cased then measured", { code: " ab " }],
    ["a code of the wrong length", { code: "abc" }],
    ["a code not of letters", { code: "a1" }],
    ["an email too long", { email: "someone.long@example.com" }],
    ["an email without @", { email: "ann.example.com" }],
    ["a site that is not http", { site: "ftp://example.com" }],
    ["a link that is not a URL", { link: "not a url" }],
    ["a weak password", { password: "secret" }],
    ["a password too long", { password: `A1${"a".repeat(140)}` }],
    ["a number that is not one", { amount: "ten" }],
    ["a fraction", { amount: "1.5" }],
    ["a number below its minimum", { amount: "0" }],
    ["a number at its exclusive maximum", { amount: "100" }],
    ["a count not a multiple", { count: "7" }],
    ["a kind not offered", { kind: "c" }],
    ["a nested field too long", { "detail.about": "abcd" }],
    ["too many tags", { tags: ["a", "b", "c"] }],
    ["a tag too long", { tags: ["a", "long"] }],
    ["a tag too long in an indexed list", { "tags[0]": "a", "tags[1]": "long" }],
  ])("agrees with the action on %s", (_, entries) => {
    const data = form({ ...valid, ...entries });
    expect(brokenRules(data, rules)).toEqual(actionMessages(schema, data));
  });

  it("leaves an unchecked box to the action when the schema's message comes from its type only", () => {
    const data = form({ ...valid, agreed: [] });
    expect(actionMessages(schema, data)).toEqual({ agreed: "agree" });
    expect(brokenRules(data, rules)).toEqual({ agreed: "agree" });
  });
});

/** A submission's messages, none when it succeeded. */
const errorOf = (submission: ReturnType<typeof checkForm>) =>
  submission.status === "success" ? undefined : submission.error;

describe("checkForm", () => {
  const rules: FormRules = {
    name: [["required", "name required"]],
    "detail.about": [["maxLength", 3, "too long"]],
  };

  it("gives conform's submission with each field's message", () => {
    const submission = checkForm(form({ name: "", "detail.about": "abcd" }), rules);
    expect(submission.status).toBe("error");
    expect(errorOf(submission)).toEqual({ name: ["name required"], "detail.about": ["too long"] });
  });

  it("adds the form's own checks, after the field rules", () => {
    const more = (payload: Record<string, unknown>) => ({
      name: payload.name === "x" ? "taken" : undefined,
      other: "other broken",
    });
    expect(errorOf(checkForm(form({ name: "x" }), rules, more))).toEqual({
      name: ["taken"],
      other: ["other broken"],
    });
    expect(errorOf(checkForm(form({ name: "" }), rules, more))).toEqual({
      name: ["name required"],
      other: ["other broken"],
    });
  });

  it("gives the value when nothing is broken", () => {
    const submission = checkForm(form({ name: "Ann" }), rules);
    expect(submission.status).toBe("success");
    expect(submission.payload).toEqual({ name: "Ann" });
  });
});
