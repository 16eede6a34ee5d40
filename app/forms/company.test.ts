import { describe, expect, it } from "vitest";
import type { CompanyDetails } from "~/api/settings/schemas";
import { keyT } from "~/lib/t.testing";
import { registerSchema } from "~/routes/$lang.auth.register/schema.server";
import {
  authTranslator,
  type CompanyFormValues,
  DEFAULT_FIELD,
  entryField,
  firstInvalidEntry,
  formFieldOfApiPath,
  fromCompanyDetails,
  isUnchanged,
  LIST_FIELD,
  OPTIONAL_FIELDS,
  readCompanyForm,
  toCompanyRequest,
  validateCompanyForm,
} from "./company";
import { companyFieldRules } from "./company.server";

/** Keys with their values, so each message says which text it is. */
const t = keyT;

const ABOUT = "a".repeat(250);

const rules = companyFieldRules(t);

const entry = (countryId: string, isDefault: boolean) => ({
  id: `id-${countryId}`,
  countryId,
  isDefault,
  icon: null,
  companyName: `Acme ${countryId}`,
  phoneNumber: "+61 2 9999 0000",
  addressLine1: "1 Main St",
  addressLine2: "",
  addressLine3: "",
  cityTown: "Sydney",
  zipPostCode: "2000",
  stateCounty: "NSW",
  profile: ABOUT,
  website: "https://acme.example",
  socialPresence: "",
  supportUrl: "",
  termsUrl: "",
});

const details: CompanyDetails = {
  hasAwaitingSubmission: false,
  entityInformation: [entry("AU", true), entry("NZ", false)],
};

function formOf(values: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values))
    for (const one of [value].flat()) form.append(name, one);
  return form;
}

describe("the company form", () => {
  it("reads the saved details as shared fields and cards, and sends them back as they were", () => {
    const values = fromCompanyDetails(details);
    expect(values.profile).toBe(ABOUT);
    expect(values.defaultIndex).toBe(0);
    expect(values.entries.map((e) => e.countryId)).toEqual(["AU", "NZ"]);
    expect(
      toCompanyRequest(values).entityInformation.map((e) => [e.countryId, e.isDefault, e.profile]),
    ).toEqual([
      ["AU", true, ABOUT],
      ["NZ", false, ABOUT],
    ]);
    expect(isUnchanged(values, fromCompanyDetails(details))).toBe(true);
    expect(isUnchanged({ ...values, defaultIndex: 1 }, values)).toBe(false);
    expect(isUnchanged({ ...values, entries: values.entries.slice(0, 1) }, values)).toBe(false);
  });

  it("reads posted cards in the order of their indices and names a field sent twice or as a file", () => {
    const { values, malformed } = readCompanyForm(
      formOf({
        profile: ABOUT,
        "entities[5].countryId": "nz",
        "entities[5].cityTown": "Auckland",
        "entities[2].countryId": "AU",
        "entities[2].cityTown": ["a", "b"],
        [DEFAULT_FIELD]: "5",
      }),
    );
    expect(values.entries.map((e) => e.countryId)).toEqual(["AU", "nz"]);
    expect(values.defaultIndex).toBe(1);
    expect(malformed).toEqual(["entities[0].cityTown"]);
    const file = formOf({ profile: ABOUT });
    file.append("website", new File(["x"], "x.txt"));
    expect(readCompanyForm(file).malformed).toEqual(["website"]);
  });

  it("checks registration's field rules, the state, the country of each card and exactly one default", () => {
    const values = fromCompanyDetails(details);
    expect(validateCompanyForm(t, values, ["AU", "NZ", "UK"], rules)).toEqual({});
    const errors = validateCompanyForm(
      t,
      {
        ...values,
        profile: "short",
        socialPresence: "x".repeat(1001),
        entries: [
          values.entries[0],
          { ...values.entries[1], countryId: "", stateCounty: "" },
          { ...values.entries[1], countryId: "au" },
        ],
        defaultIndex: -1,
      },
      ["AU", "NZ", "UK"],
      rules,
    );
    expect(errors).toMatchObject({
      profile: expect.stringContaining("auth:register.errors.profileTooShort"),
      socialPresence: expect.stringContaining("auth:register.errors.socialPresenceTooLong"),
      "entities[1].countryId": "settings:errors.oneCountryMustBeSelected",
      "entities[1].stateCounty": expect.stringContaining("settings:errors.required"),
      "entities[2].countryId": "settings:errors.noDuplicateCountry",
      [DEFAULT_FIELD]: "settings:errors.oneCountryMustBeDefault",
    });
    expect(firstInvalidEntry(errors)).toBe(1);
    expect(
      validateCompanyForm(t, { ...values, entries: [], defaultIndex: -1 }, ["AU"], rules)[
        LIST_FIELD
      ],
    ).toBe("settings:errors.oneCountryMustBeSelected");
    expect(
      validateCompanyForm(
        t,
        { ...values, entries: [{ ...values.entries[0], countryId: "ZZ" }] },
        ["AU"],
        rules,
      )["entities[0].countryId"],
    ).toBe("settings:errors.unknownCountry");
  });

  it("places the provider's refusals next to the fields of the page", () => {
    expect(formFieldOfApiPath("entityInformation.1.cityTown")).toBe("entities[1].cityTown");
    expect(formFieldOfApiPath("entityInformation.0.profile")).toBe("profile");
    expect(formFieldOfApiPath("entityInformation.0.icon.id")).toBe("companyIcon");
    expect(formFieldOfApiPath("entityInformation")).toBe(LIST_FIELD);
  });

  // The browser and the action check the fields by the rules derived from registration's
  // schema; on each field a person can type, the first message is the schema's.
  it.each<[string, Partial<Record<string, string>>]>([
    ["valid details", {}],
    [
      "empty fields",
      {
        profile: "",
        companyName: "",
        phoneNumber: "",
        addressLine1: "",
        cityTown: "",
        zipPostCode: "",
        website: "",
      },
    ],
    ["blank text, trimmed", { companyName: "   ", addressLine2: "  ", supportUrl: " " }],
    [
      "text too long",
      {
        companyName: "x".repeat(201),
        phoneNumber: "1".repeat(41),
        addressLine3: "a".repeat(201),
        socialPresence: "s".repeat(1001),
      },
    ],
    ["a NUL", { cityTown: "Syd\u0000ney", socialPresence: "x\u0000" }],
    ["an about text too short, then too long", { profile: "<p>short</p>" }],
    ["URLs that are not http", { website: "example.com", termsUrl: "ftp://example.com/terms" }],
  ])("agrees with registration's schema on %s", (_, changes) => {
    const values = fromCompanyDetails(details);
    const entry = {
      ...values.entries[0],
      ...Object.fromEntries(
        Object.entries(changes).filter(([field]) => field in values.entries[0]),
      ),
    };
    const changed = {
      ...values,
      ...Object.fromEntries(
        Object.entries(changes).filter(([field]) => !(field in values.entries[0])),
      ),
      entries: [entry],
    } as CompanyFormValues;
    const shape = registerSchema(authTranslator(t), { countries: [] }).shape as Record<
      string,
      { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }
    >;
    const expected: Record<string, string> = {};
    for (const [field, value] of Object.entries(changes)) {
      const result = shape[field]?.safeParse(
        OPTIONAL_FIELDS.includes(field) && value?.trim() === "" ? undefined : value,
      );
      if (result && !result.success)
        expected[field in values.entries[0] ? entryField(0, field as "companyName") : field] =
          result.error?.issues[0]?.message ?? "";
    }
    const found = validateCompanyForm(t, changed, ["AU", "NZ", "UK"], rules);
    const shown = Object.fromEntries(
      Object.keys(changes)
        .map((field) =>
          field in values.entries[0] ? entryField(0, field as "companyName") : field,
        )
        .flatMap((name) => (found[name] ? [[name, found[name]]] : [])),
    );
    expect(shown).toEqual(expected);
  });
});
