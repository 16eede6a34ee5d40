import { describe, expect, it } from "vitest";
import { registrationRequest } from "~/api/registration/schemas";
import { checkForm } from "~/forms/check";
import { parseForm } from "~/forms/parse.server";
import { formRules } from "~/forms/rules.server";
import { keyT } from "~/lib/t.testing";
import { type RegisterContext, registerFormErrors, stateKind } from "./form";
import { registerSchema, toRegistrationRequest } from "./schema.server";

/** Keys come back as they are, with their values, so tests can see which message was chosen. */
const t = keyT;

const context: RegisterContext = {
  countries: [
    { code: "AU", name: "Australia", phoneCode: "+61", entityTypes: false },
    { code: "UK", name: "United Kingdom", phoneCode: "+44", entityTypes: true },
    { code: "CA", name: "Canada", phoneCode: "+1", entityTypes: false },
  ],
};

const about = "We build practice-management integrations for law firms. ".repeat(5);

const valid: Record<string, string> = {
  title: "dr",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "Ada@Example.com",
  password: "Secret123",
  confirmPassword: "Secret123",
  companyName: "Analytical Engines",
  countryId: "AU",
  phoneNumber: "+61 2 1234 5678",
  addressLine1: "1 George Street",
  addressLine2: "",
  addressLine3: "",
  cityTown: "Sydney",
  zipPostCode: "2000",
  stateCounty: "NSW",
  profile: about,
  website: "https://example.com",
  socialPresence: "",
  supportUrl: "",
  termsUrl: "",
  captchaToken: "v1.1.2.3.nonce.mac",
  captchaAnswer: "3",
  termsAndConditionsAgreed: "on",
};

function formOf(values: Record<string, string | File>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.append(name, value);
  return formData;
}

const parse = (values: Record<string, string | File>) =>
  parseForm(formOf(values), registerSchema(t, context));

function errorsOf(values: Record<string, string | File>) {
  const submission = parse(values);
  return submission.status === "error" ? (submission.error ?? {}) : {};
}

describe("registerSchema", () => {
  it("accepts a complete form", () => {
    const submission = parse(valid);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      email: "Ada@Example.com",
      termsAndConditionsAgreed: true,
      addressLine2: undefined,
    });
  });

  it("gives every required field its own message, all at once", () => {
    const errors = errorsOf({});
    expect(errors).toMatchObject({
      title: ["register.errors.titleRequired"],
      firstName: ["register.errors.firstNameRequired"],
      lastName: ["register.errors.lastNameRequired"],
      email: ["register.errors.emailRequired"],
      password: ["register.errors.passwordRequired"],
      confirmPassword: ["register.errors.confirmPasswordRequired"],
      companyName: ["register.errors.companyNameRequired"],
      countryId: ["register.errors.countryRequired"],
      phoneNumber: ["register.errors.phoneNumberRequired"],
      addressLine1: ["register.errors.addressLine1Required"],
      cityTown: ["register.errors.cityTownRequired"],
      zipPostCode: ["register.errors.zipPostCodeRequired"],
      stateCounty: ["register.errors.stateCountyRequired.any"],
      profile: ["register.errors.profileRequired"],
      altcha: ["register.errors.captchaWidgetRequired"],
      termsAndConditionsAgreed: ["register.errors.termsRequired"],
    });
    for (const optional of [
      "addressLine2",
      "addressLine3",
      "website",
      "socialPresence",
      "supportUrl",
      "termsUrl",
      "companyIcon",
      "entityType",
    ]) {
      expect(errors[optional]).toBeUndefined();
    }
  });

  it("treats blank text as missing", () => {
    expect(errorsOf({ ...valid, firstName: "   " }).firstName).toEqual([
      "register.errors.firstNameRequired",
    ]);
  });

  it("names the state field as the country does", () => {
    expect(errorsOf({ ...valid, stateCounty: "", countryId: "UK" }).stateCounty).toEqual([
      "register.errors.stateCountyRequired.country",
    ]);
    expect(errorsOf({ ...valid, stateCounty: "", countryId: "CA" }).stateCounty).toEqual([
      "register.errors.stateCountyRequired.province",
    ]);
    expect(errorsOf({ ...valid, stateCounty: "" }).stateCounty).toEqual([
      "register.errors.stateCountyRequired.state",
    ]);
    expect(stateKind("uk")).toBe("country");
    expect(stateKind("CA")).toBe("province");
    expect(stateKind("AUB")).toBe("state");
    expect(stateKind("")).toBe("any");
  });

  it("refuses a country that is not in the list", () => {
    expect(errorsOf({ ...valid, countryId: "IE" }).countryId).toEqual([
      "register.errors.countryRequired",
    ]);
  });

  it("checks the email", () => {
    expect(errorsOf({ ...valid, email: "not-an-email" }).email).toEqual([
      "register.errors.emailInvalid",
    ]);
  });

  it("applies the password policy and the confirmation", () => {
    for (const weak of ["short1A", "alllowercase1", "ALLUPPERCASE1", "NoDigitsHere"]) {
      expect(errorsOf({ ...valid, password: weak, confirmPassword: weak }).password).toEqual([
        "register.errors.passwordPolicy",
      ]);
    }
    expect(errorsOf({ ...valid, confirmPassword: "Secret124" }).confirmPassword).toEqual([
      "register.errors.passwordMismatch",
    ]);
    // The mismatch shows even when other fields are missing.
    expect(
      errorsOf({ password: "Secret123", confirmPassword: "Other123" }).confirmPassword,
    ).toEqual(["register.errors.passwordMismatch"]);
  });

  it("counts about as plain text from 200 to 10,000 characters", () => {
    expect(errorsOf({ ...valid, profile: "x".repeat(199) }).profile).toEqual([
      'register.errors.profileTooShort {"min":200,"count":199}',
    ]);
    // Tags do not count.
    expect(errorsOf({ ...valid, profile: `<p>${"x".repeat(199)}</p>` }).profile?.[0]).toContain(
      "profileTooShort",
    );
    expect(errorsOf({ ...valid, profile: "x".repeat(200) }).profile).toBeUndefined();
    expect(errorsOf({ ...valid, profile: "x".repeat(10_000) }).profile).toBeUndefined();
    expect(errorsOf({ ...valid, profile: "x".repeat(10_001) }).profile).toEqual([
      'register.errors.profileTooLong {"max":10000,"count":10001}',
    ]);
  });

  it("refuses a NUL character in every text field, naming the field", () => {
    const texts = [
      "firstName",
      "lastName",
      "companyName",
      "phoneNumber",
      "addressLine1",
      "addressLine2",
      "addressLine3",
      "cityTown",
      "zipPostCode",
      "socialPresence",
    ];
    for (const field of texts) {
      const errors = errorsOf({ ...valid, [field]: "a\u0000b" });
      expect(Object.keys(errors), field).toEqual([field]);
      expect(errors[field]?.[0], field).toMatch(
        /^register\.errors\.invalidCharacters \{"field":"register\.fields\.\w+(\.label)?"\}$/,
      );
    }
    expect(errorsOf({ ...valid, email: "ada\u0000@example.com" }).email?.[0]).toContain(
      "register.errors.invalidCharacters",
    );
    expect(
      errorsOf({ ...valid, password: "Secret123\u0000", confirmPassword: "Secret123\u0000" })
        .password?.[0],
    ).toContain("invalidCharacters");
    expect(errorsOf({ ...valid, profile: `${about}\u0000` }).profile?.[0]).toContain(
      '"field":"register.fields.profile.label"',
    );
    expect(errorsOf({ ...valid, website: "https://example.com/\u0000" }).website?.[0]).toContain(
      "invalidCharacters",
    );
    expect(errorsOf({ ...valid, stateCounty: "Kent\u0000", countryId: "UK" }).stateCounty).toEqual([
      'register.errors.invalidCharacters {"field":"register.fields.stateCounty.country"}',
    ]);
  });

  it("limits social presence and checks the URLs", () => {
    expect(errorsOf({ ...valid, socialPresence: "x".repeat(1001) }).socialPresence?.[0]).toContain(
      "socialPresenceTooLong",
    );
    expect(errorsOf({ ...valid, website: "example.com" }).website).toEqual([
      "register.errors.websiteInvalid",
    ]);
    expect(errorsOf({ ...valid, supportUrl: "ftp://example.com" }).supportUrl).toEqual([
      "register.errors.supportUrlInvalid",
    ]);
    expect(errorsOf({ ...valid, termsUrl: "javascript:alert(1)" }).termsUrl).toEqual([
      "register.errors.termsUrlInvalid",
    ]);
    expect(
      errorsOf({
        ...valid,
        supportUrl: "http://help.example.com/x",
        termsUrl: "https://example.com/terms",
      }),
    ).toEqual({});
  });

  it("refuses another image type and a file over 400 KB", () => {
    const jpeg = new File([new Uint8Array(10)], "icon.jpg", { type: "image/jpeg" });
    expect(errorsOf({ ...valid, companyIcon: jpeg }).companyIcon).toEqual([
      "register.errors.iconInvalidType",
    ]);
    const big = new File([new Uint8Array(400 * 1024 + 1)], "icon.png", { type: "image/png" });
    expect(errorsOf({ ...valid, companyIcon: big }).companyIcon).toEqual([
      "register.errors.iconTooBig",
    ]);
    const png = new File([new Uint8Array(100)], "icon.png", { type: "image/png" });
    expect(errorsOf({ ...valid, companyIcon: png }).companyIcon).toBeUndefined();
    // An empty file input is no icon.
    expect(
      errorsOf({ ...valid, companyIcon: new File([], "", { type: "application/octet-stream" }) })
        .companyIcon,
    ).toBeUndefined();
  });

  it("offers Advanced and Entry only where the lower-level entity flag is on", () => {
    expect(errorsOf({ ...valid, countryId: "UK", entityType: "1" }).entityType).toBeUndefined();
    expect(errorsOf({ ...valid, countryId: "AU", entityType: "0" }).entityType).toBeUndefined();
    expect(errorsOf({ ...valid, countryId: "AU", entityType: "2" }).entityType).toEqual([
      'register.errors.entityTypeNotOffered {"countries":"United Kingdom"}',
    ]);
    expect(errorsOf({ ...valid, entityType: "7" }).entityType).toEqual([
      "register.errors.entityTypeInvalid",
    ]);
  });

  it("needs the widget's payload or the answer to the question", () => {
    const { captchaToken: _token, captchaAnswer: _answer, ...withoutCaptcha } = valid;
    expect(errorsOf(withoutCaptcha).altcha).toEqual(["register.errors.captchaWidgetRequired"]);
    expect(errorsOf({ ...withoutCaptcha, altcha: "payload" })).toEqual({});
    expect(errorsOf({ ...valid, captchaAnswer: "" }).captchaAnswer).toEqual([
      "register.errors.captchaAnswerRequired",
    ]);
  });

  it("needs the terms accepted", () => {
    const { termsAndConditionsAgreed: _terms, ...rest } = valid;
    expect(errorsOf(rest).termsAndConditionsAgreed).toEqual(["register.errors.termsRequired"]);
  });
});

/** The first message of each field of a submission. */
const firstMessages = (submission: {
  status?: string;
  error?: Record<string, string[] | null> | null;
}) =>
  submission.status === "error"
    ? Object.fromEntries(
        Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]),
      )
    : {};

// The browser checks the rules derived from the schema and those of ./form.ts; its first
// message for each field is the action's.
describe("the browser's check", () => {
  const rules = formRules(registerSchema(t, context));
  const { captchaToken: _token, captchaAnswer: _answer, ...widget } = valid;
  it.each<[string, Record<string, string | File>]>([
    ["a complete form", valid],
    ["an empty form", {}],
    ["blank text", { ...valid, firstName: "  ", companyName: " ", cityTown: "   " }],
    [
      "text too long",
      {
        ...valid,
        lastName: "x".repeat(101),
        zipPostCode: "1".repeat(21),
        addressLine2: "a".repeat(201),
      },
    ],
    [
      "a NUL",
      { ...valid, firstName: "A\u0000da", stateCounty: "N\u0000SW", socialPresence: "x\u0000" },
    ],
    ["an email that is not one", { ...valid, email: "ada@" }],
    [
      "a weak password and another confirmation",
      { ...valid, password: "secret", confirmPassword: "other" },
    ],
    ["a password too long", { ...valid, password: `Aa1${"x".repeat(130)}` }],
    ["a country not in the list", { ...valid, countryId: "ZZ" }],
    ["no state for the UK", { ...valid, countryId: "UK", stateCounty: "" }],
    ["an about text too short", { ...valid, profile: "<p>Short</p>" }],
    [
      "URLs that are not http",
      { ...valid, website: "example.com", supportUrl: "ftp://example.com" },
    ],
    [
      "a JPEG icon",
      { ...valid, companyIcon: new File([new Uint8Array(10)], "icon.jpg", { type: "image/jpeg" }) },
    ],
    [
      "an icon too big",
      {
        ...valid,
        companyIcon: new File([new Uint8Array(400 * 1024 + 1)], "icon.png", { type: "image/png" }),
      },
    ],
    ["an entity type the country does not offer", { ...valid, entityType: "2" }],
    ["an entity type not offered at all", { ...valid, entityType: "7" }],
    ["no captcha", (({ altcha: _altcha, ...rest }) => rest)(widget)],
    ["the widget's payload", { ...widget, altcha: "payload" }],
    ["no answer to the question", { ...valid, captchaAnswer: " " }],
    ["the terms not accepted", (({ termsAndConditionsAgreed: _terms, ...rest }) => rest)(valid)],
  ])("agrees with the action on %s", (_, values) => {
    const data = formOf(values);
    const browser = checkForm(data, rules, (payload) => registerFormErrors(t, payload, context));
    expect(firstMessages(browser)).toEqual(
      firstMessages(parseForm(data, registerSchema(t, context))),
    );
  });
});

describe("toRegistrationRequest", () => {
  const captcha = {
    token: "v1.3.4.1893456000000.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    answer: "7",
  };
  function value(values: Record<string, string>) {
    const submission = parse(values);
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    return submission.value;
  }

  it("builds a body the provider contract accepts", () => {
    const body = toRegistrationRequest(value(valid), {
      context,
      language: "nl-NL",
      icon: { fileName: "icon.png", contentBase64: "iVBORw0KGgo=" },
      captcha,
    });
    expect(registrationRequest.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      localeCode: "nl-NL",
      termsAndConditionsAgreed: true,
      addressLine2: "",
      companyIcon: { fileName: "icon.png" },
      captcha,
    });
    expect(body).not.toHaveProperty("entityType");
    expect(body).not.toHaveProperty("confirmPassword");
  });

  it("sends the entity type only for a country that offers it", () => {
    expect(
      toRegistrationRequest(value({ ...valid, countryId: "UK", entityType: "2" }), {
        context,
        language: "en-AU",
        captcha,
      }).entityType,
    ).toBe(2);
    expect(
      toRegistrationRequest(value({ ...valid, countryId: "AU", entityType: "0" }), {
        context,
        language: "en-AU",
        captcha,
      }),
    ).not.toHaveProperty("entityType");
  });
});
