import { describe, expect, it } from "vitest";
import { asT } from "~/lib/t.testing";
import { textFormSchema } from "./parse.server";
import { priceChangeForm, priceForm } from "./pricing";

/** A translator that shows the key and its values. */
const t = asT((key, values) =>
  values && "field" in values ? `${key} (${String(values.field)})` : key,
);
const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );

describe("the price form", () => {
  const schema = textFormSchema(priceForm(t, "en-AU"));

  it("takes a free app without a model or a price", () => {
    expect(schema.parse({ priceType: "free", amount: "-4" })).toEqual({
      pricingModelType: 0,
      amount: 0,
    });
  });

  it("takes a paid app, user or firm based, with a price of two decimals, a comma read as a point", () => {
    expect(schema.parse({ priceType: "paid", pricingModelType: "1", amount: "12.50" })).toEqual({
      pricingModelType: 1,
      amount: 12.5,
    });
    expect(schema.parse({ priceType: "paid", pricingModelType: "2", amount: " 7,5 " })).toEqual({
      pricingModelType: 2,
      amount: 7.5,
    });
  });

  it("asks for free or paid", () => {
    expect(errorsOf(schema.safeParse({}))).toEqual({
      priceType: "pricing:errors.required (pricing:form.fields.priceType)",
    });
  });

  it.each([
    ["", "required"],
    ["0", "amountMustBeGreater0"],
    ["0.00", "amountMustBeGreater0"],
    ["-1", "noNegatives"],
    ["1.234", "twoDecimals"],
    ["ten", "invalidAmount"],
    ["1000000", "tooLarge"],
  ])("refuses a paid price of %j (%s)", (amount, code) => {
    expect(
      errorsOf(schema.safeParse({ priceType: "paid", pricingModelType: "1", amount })),
    ).toEqual({ amount: `pricing:errors.${code} (pricing:form.fields.amount)` });
  });

  it("asks a paid app for user or firm based", () => {
    expect(
      errorsOf(schema.safeParse({ priceType: "paid", pricingModelType: "0", amount: "5" })),
    ).toEqual({
      pricingModelType: "pricing:errors.required (pricing:form.fields.pricingModelType)",
    });
  });

  it("refuses a repeated field", () => {
    expect(errorsOf(schema.safeParse({ priceType: ["free", "paid"] }))).toHaveProperty("priceType");
  });
});

describe("the price change form", () => {
  it("takes a new price and refuses the price in force", () => {
    const schema = textFormSchema(priceChangeForm(t, "en-AU", 10));
    expect(schema.parse({ amount: "12.99" })).toEqual({ amount: 12.99 });
    expect(errorsOf(schema.safeParse({ amount: "10.00" }))).toEqual({
      amount: "pricing:errors.samePrice (pricing:change.fields.amount)",
    });
    expect(errorsOf(schema.safeParse({ amount: "" }))).toEqual({
      amount: "pricing:errors.required (pricing:change.fields.amount)",
    });
    expect(errorsOf(schema.safeParse({ amount: "0" }))).toEqual({
      amount: "pricing:errors.amountMustBeGreater0 (pricing:change.fields.amount)",
    });
  });
});
