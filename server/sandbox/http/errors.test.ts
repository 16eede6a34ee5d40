import { describe, expect, it } from "vitest";
import { z } from "zod";
import { badRequest, conflict, errorBody, validationError } from "./errors";

const schema = z.object({
  name: z.string().trim().min(1).max(5),
  email: z.email().optional(),
  kind: z.enum(["a", "b"]).optional(),
  count: z.number().int().optional(),
  site: z.string().regex(/^https?:/).optional(),
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
      errors: { name: "required", email: "invalidEmail", kind: "invalidValue", count: "invalidType", site: "invalidFormat" },
    });
    expect(codesOf({ name: "" }).errors).toEqual({ name: "required" });
    expect(codesOf({ name: "toolong" }).errors).toEqual({ name: "tooLong" });
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
