import { describe, expect, it } from "vitest";
import { bankFormErrors } from "./bank-form";
import { bankSchema } from "./bank-form.server";
import { checkForm } from "./check";
import { parseForm } from "./parse.server";
import { formRules } from "./rules.server";

/** Messages as their key and values, so a test names the rule it expects. */
const t = (key: string, values?: Record<string, unknown>) =>
  values && "max" in values ? `${key}:${values.max}` : key;

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) data.append(name, one);
  return data;
};
const valid = { accountName: " Acme Pty Ltd ", bsb: "062000", accountNumber: "12345678" };

const firstMessages = (error: Record<string, string[] | null> | null | undefined) =>
  Object.fromEntries(Object.entries(error ?? {}).map(([name, messages]) => [name, messages?.[0]]));

describe("the bank form", () => {
  it("gives the trimmed values as the API takes them", () => {
    const submission = parseForm(form(valid), bankSchema(t));
    expect(submission.status === "success" ? submission.value : undefined).toEqual({
      accountName: "Acme Pty Ltd",
      bsb: "062000",
      accountNumber: "12345678",
    });
  });

  it("refuses a field sent twice", () => {
    const submission = parseForm(form({ ...valid, bsb: ["062000", "062001"] }), bankSchema(t));
    expect(submission.status === "success" ? undefined : firstMessages(submission.error)).toEqual({
      bsb: "settings:errors.invalid",
    });
  });

  // The browser checks the contract's rules with `bankFormErrors`; its first message for each field is the action's.
  it.each<[string, Record<string, string>]>([
    ["a valid form", {}],
    ["an empty form", { accountName: "", bsb: "", accountNumber: "" }],
    ["blank values, trimmed", { accountName: "  ", bsb: " ", accountNumber: "  " }],
    ["an account name too long", { accountName: "x".repeat(201) }],
    ["a BSB of 5 digits", { bsb: "06200" }],
    ["an account number of letters", { accountNumber: "12ab" }],
    ["an account number of 31 digits", { accountNumber: "1".repeat(31) }],
    ["a NUL", { accountName: "Acme\u0000" }],
  ])("the browser agrees with the action on %s", (_, fields) => {
    const data = form({ ...valid, ...fields });
    const browser = checkForm(data, formRules(bankSchema(t)), (payload) =>
      bankFormErrors(t, payload),
    );
    const action = parseForm(data, bankSchema(t));
    expect(browser.status === "success" ? undefined : firstMessages(browser.error)).toEqual(
      action.status === "success" ? undefined : firstMessages(action.error),
    );
  });
});
