// @vitest-environment node
import { describe, expect, it } from "vitest";
import { keyT } from "~/lib/t.testing";
import { actionMessages, browserMessages, formOf } from "./agreement.testing";
import { textFormSchema } from "./parse.server";
import { payloadTexts } from "./payload";
import { checkPrice, checkPriceChange, PRICE_FIELDS, priceChangeForm, priceForm } from "./pricing";
import { formRules } from "./rules.server";

/** A translator that shows the key and its values, so two messages are equal only when both are. */
const t = keyT;

describe("the browser's check of the price form", () => {
  const schema = textFormSchema(priceForm(t, "en-AU"));
  const rules = formRules(schema);
  const more = (payload: Record<string, unknown>) =>
    checkPrice(t, "en-AU", payloadTexts(payload, PRICE_FIELDS)).errors ?? {};

  it.each<[string, Record<string, string>]>([
    ["a free app", { priceType: "free", amount: "-4" }],
    ["a paid app", { priceType: "paid", pricingModelType: "1", amount: "12.50" }],
    ["neither free nor paid", {}],
    ["a paid app without a model or a price", { priceType: "paid" }],
    ["a price of 0", { priceType: "paid", pricingModelType: "2", amount: "0.00" }],
    ["a negative price", { priceType: "paid", pricingModelType: "2", amount: "-1" }],
    ["three decimals", { priceType: "paid", pricingModelType: "1", amount: "1.005" }],
    ["a price that is not a number", { priceType: "paid", pricingModelType: "1", amount: "ten" }],
    ["a model not offered", { priceType: "paid", pricingModelType: "0", amount: "5" }],
  ])("agrees with the action on %s", (_, entries) => {
    const data = formOf(entries);
    expect(browserMessages(data, rules, more)).toEqual(actionMessages(schema, data));
  });
});

describe("the browser's check of the price change", () => {
  const schema = textFormSchema(priceChangeForm(t, "nl-NL", 10));
  const rules = formRules(schema);
  const more = (payload: Record<string, unknown>) =>
    checkPriceChange(t, "nl-NL", payloadTexts(payload, ["amount"]), 10).errors ?? {};

  it.each<[string, Record<string, string>]>([
    ["a new price", { amount: "12,50" }],
    ["no price", { amount: "" }],
    ["the price in force", { amount: "10.00" }],
    ["a price over the limit", { amount: "1000000" }],
  ])("agrees with the action on %s", (_, entries) => {
    const data = formOf(entries);
    expect(browserMessages(data, rules, more)).toEqual(actionMessages(schema, data));
  });
});
