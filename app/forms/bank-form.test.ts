import { describe, expect, it } from "vitest";
import { asT } from "~/lib/t.testing";
import { actionMessages, browserMessages, formOf } from "./agreement.testing";
import { bankFormErrors } from "./bank-form";
import { bankSchema } from "./bank-form.server";
import { parseForm } from "./parse.server";
import { formRules } from "./rules.server";

/** Messages as their key and values, so a test names the rule it expects. */
const t = asT((key: string, values?: Record<string, unknown>) =>
  values && "max" in values ? `${key}:${values.max}` : key,
);

const form = formOf;
const valid = { accountName: " Acme Pty Ltd ", bsb: "062000", accountNumber: "12345678" };

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
    expect(actionMessages(bankSchema(t), form({ ...valid, bsb: ["062000", "062001"] }))).toEqual({
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
    const browser = browserMessages(data, formRules(bankSchema(t)), (payload) =>
      bankFormErrors(t, payload),
    );
    expect(browser).toEqual(actionMessages(bankSchema(t), data));
  });
});
