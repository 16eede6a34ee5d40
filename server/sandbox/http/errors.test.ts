import { describe, expect, it } from "vitest";
import { z } from "zod";
import { requiredText, wholeNumber } from "~/api/common";
import { badRequest, conflict, ERRORS_MAX, errorBody, validationError } from "./errors";

const schema = z.object({
  name: z.string().trim().min(1).max(5),
  email: z.email().optional(),
  kind: z.enum(["a", "b"]).optional(),
  count: z.number().int().optional(),
  site: z
    .string()
    .regex(/^https?:/)
    .optional(),
});

const codesOf = (input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a refusal");
  return validationError(result.error, input).extra;
};

describe("validationError", () => {
  it("names the first failing field and gives every field the code of its rule", () => {
    expect(codesOf({ email: "nope", kind: "c", count: "1", site: "ftp:x" })).toEqual({
      field: "name",
      errors: {
        name: "required",
        email: "invalidEmail",
        kind: "invalidValue",
        count: "invalidType",
        site: "invalidFormat",
      },
    });
    expect(codesOf({ name: "" }).errors).toEqual({ name: "required" });
    expect(codesOf({ name: "toolong" }).errors).toEqual({ name: "tooLong" });
  });

  it("names at most ERRORS_MAX fields: 100,000 wrong entries get a short answer", () => {
    const list = z.object({ ids: z.array(z.string()) });
    const input = { ids: Array.from({ length: 100_000 }, () => 0) };
    const result = list.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) {
      const { field, errors } = validationError(result.error, input).extra;
      expect(field).toBe("ids.0");
      expect(Object.keys(errors!)).toHaveLength(ERRORS_MAX);
      expect(errors![`ids.${ERRORS_MAX - 1}`]).toBe("invalidType");
    }
  });

  it("gives a number out of its range outOfRange, and a contract rule's refinement its own code", () => {
    const rules = z.object({ id: wholeNumber({ min: 0 }), name: requiredText(10) });
    const result = rules.safeParse({ id: 2147483648, name: "a\u0000" });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(validationError(result.error, {}).extra.errors).toEqual({
        id: "outOfRange",
        name: "invalidCharacters",
      });
    const negative = rules.safeParse({ id: -1, name: "ok" });
    if (!negative.success)
      expect(validationError(negative.error, {}).extra.errors).toEqual({ id: "outOfRange" });
    const other = z
      .string()
      .refine(() => false)
      .safeParse("x");
    if (!other.success)
      expect(validationError(other.error, {}).extra.errors).toEqual({ body: "invalid" });
  });

  it("words the first refusal in its detail", () => {
    const result = schema.safeParse({ name: "toolong" });
    expect(result.success).toBe(false);
    if (!result.success) expect(validationError(result.error, {}).detail).toMatch(/^name: /);
  });
});

describe("refusals with a field", () => {
  it("carry the rule code in errors, and the body shows it", () => {
    const error = conflict("email: taken", "email", "taken");
    expect(errorBody(error.status, error.detail, "t-1", error.extra)).toEqual({
      status: 409,
      title: "Conflict",
      detail: "email: taken",
      traceId: "t-1",
      field: "email",
      errors: { email: "taken" },
    });
    expect(badRequest("no field").extra).toEqual({});
  });
});
