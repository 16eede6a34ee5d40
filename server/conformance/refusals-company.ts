/**
 * The declared refusals of the company's users, settings, sandbox accounts, the reference data
 * and registration: each provoked by a request a client could send, or noted as not tried
 * with the reason. A refusal for non-admins is sent as the user the kit made (not an admin).
 */
import { randomUUID } from "node:crypto";
import * as instances from "~/api/instances/endpoints";
import * as registration from "~/api/registration/endpoints";
import * as resources from "~/api/resources/endpoints";
import * as settings from "~/api/settings/endpoints";
import * as user from "~/api/user/endpoints";
import { BANK, COMPANY_ENTRY, IMPORTED_INSTANCE, NEW_INSTANCE, newUser } from "./inputs";
import { refusals, skipCodes } from "./refusals";
import { type Call, needs, succeeds, type World } from "./world";

/** The kit's new user, signed in: a caller who is not an admin. */
async function notAdmin(w: World): Promise<Call | undefined> {
  if (!w.made.newUserId) return undefined;
  const { email, password } = newUser(`conformance-${w.run}@example.com`);
  try {
    return await w.signInAs(email, password);
  } catch (error) {
    for (const endpoint of ADMIN_ONLY)
      w.found.skip(endpoint, "adminOnly", `the new user could not sign in: ${String(error)}`);
    return undefined;
  }
}

const ADMIN_ONLY = [
  user.createUser,
  user.updateUser,
  user.deleteUser,
  settings.getBankDetails,
  settings.createBankDetails,
  settings.updateBankDetails,
];

interface Member {
  userId: string;
  email: string;
  admin: boolean;
}

export async function userRefusals(w: World) {
  const email = `conformance-${w.run}@example.com`;
  const fresh = newUser(`conformance-other-${w.run}@example.com`);
  await refusals(w, user.createUser, [
    {
      codes: "passwordMismatch",
      what: "a confirmation unlike the password",
      input: { body: { ...fresh, confirmPassword: "Other-pass-2" } },
    },
    ...(w.made.newUserId
      ? [{ codes: "taken", what: "the new user's email again", input: { body: newUser(email) } }]
      : []),
  ]);
  const members = await succeeds<Member[]>(w, user.listUsers, "the users, for their refusals");
  const me = members?.find((m) => m.userId === w.made.userId);
  const other = members?.find((m) => m.userId === w.made.newUserId);
  const { password: _p, confirmPassword: _c, ...fields } = newUser(email);
  const edit = (who: Member, overrides: Record<string, unknown>) => ({
    body: {
      ...fields,
      firstName: "Grace",
      email: who.email,
      admin: who.admin,
      userId: who.userId,
      password: "",
      confirmPassword: "",
      ...overrides,
    },
  });
  if (other && me)
    await refusals(w, user.updateUser, [
      {
        codes: "passwordMismatch",
        what: "a confirmation unlike the password",
        input: edit(other, { password: "Conformance-pass-2", confirmPassword: "Other-pass-2" }),
      },
      {
        codes: "taken",
        what: "the new user given the admin's email",
        input: edit(other, { email: me.email }),
      },
    ]);
  if (me && members?.filter((m) => m.admin).length === 1)
    await refusals(w, user.updateUser, [
      { codes: "lastAdmin", what: "the only admin made a user", input: edit(me, { admin: false }) },
    ]);
  else skipCodes(w, user.updateUser, ["lastAdmin"], "the company has more than one admin");
  if (me)
    await refusals(w, user.deleteUser, [
      {
        codes: "cannotDeleteSelf",
        what: "the signed-in user",
        input: { params: { id: me.userId } },
      },
    ]);
  skipCodes(w, user.getUser, ["404"], "needs a signed-in user the provider no longer has");
  const caller = await notAdmin(w);
  if (!caller) return;
  const as = { codes: "adminOnly", what: "by a user who is not an admin", call: caller };
  await refusals(w, user.createUser, [{ ...as, input: { body: fresh } }]);
  if (me) await refusals(w, user.updateUser, [{ ...as, input: edit(me, {}) }]);
  await refusals(w, user.deleteUser, [{ ...as, input: { params: { id: randomUUID() } } }]);
  await refusals(w, settings.getBankDetails, [{ ...as, input: {} }]);
  await refusals(w, settings.createBankDetails, [{ ...as, input: { body: BANK } }]);
  await refusals(w, settings.updateBankDetails, [
    { ...as, input: { params: { id: randomUUID() }, body: BANK } },
  ]);
}

/** Bank details no bank takes, by the code each breaks. */
const BANKS: [code: string, what: string, body: typeof BANK][] = [
  ["bsbMustBe6Digits", "a BSB of 5 digits", { ...BANK, bsb: "06200" }],
  ["mustBeDigits", "an account number with a letter", { ...BANK, accountNumber: "1234567A" }],
  ["atMost30Digits", "an account number of 31 digits", { ...BANK, accountNumber: "1".repeat(31) }],
];

export async function settingsRefusals(w: World) {
  const banks = BANKS.map(([codes, what, body]) => ({ codes, what, input: { body } }));
  await refusals(w, settings.createBankDetails, [
    ...banks,
    ...(w.made.bankId
      ? [{ codes: "bankDetailsExist", what: "a second", input: { body: BANK } }]
      : []),
  ]);
  const bank = needs(w, settings.updateBankDetails, "its refusals", "bankId");
  if (bank)
    await refusals(
      w,
      settings.updateBankDetails,
      banks.map((t) => ({ ...t, input: { ...t.input, params: { id: bank.bankId } } })),
    );
  const entry = (overrides: Record<string, unknown> = {}) => ({
    ...COMPANY_ENTRY,
    countryId: "AU",
    isDefault: true,
    ...overrides,
  });
  const details = (...entries: unknown[]) => ({ body: { entityInformation: entries } });
  const icon = (codes: string, what: string, id: string | undefined) =>
    id
      ? [{ codes, what: `a company icon that is ${what}`, input: details(entry({ icon: { id } })) }]
      : [];
  await refusals(w, settings.saveCompanyDetails, [
    { codes: "unknownCountry", what: "country ZZ", input: details(entry({ countryId: "ZZ" })) },
    {
      codes: "noDuplicateCountry",
      what: "AU twice",
      input: details(entry(), entry({ isDefault: false })),
    },
    {
      codes: "oneCountryMustBeDefault",
      what: "no default entry",
      input: details(entry({ isDefault: false })),
    },
    {
      codes: "oneCountryMustBeSelected",
      what: "an entry without a country",
      input: details(entry({ countryId: "" })),
    },
    ...icon("imageNotFound", "an id no image has", randomUUID()),
    ...icon("imageSizeInvalid", "a 100x100 PNG", w.made.smallImageId),
    ...icon("imageTypeInvalid", "a JPEG", w.made.jpegImageId),
    ...icon("sizeGreater400KB", "a 500 KB PNG", w.made.bigImageId),
  ]);
  skipCodes(
    w,
    settings.saveCompanyDetails,
    ["noContent"],
    "no upload is empty: POST images refuses an empty file",
  );
}

export async function instanceRefusals(w: World) {
  await refusals(w, instances.createInstance, [
    {
      codes: "unknownEnvironment",
      what: "an environment id no one has",
      input: { body: { ...NEW_INSTANCE, leapEnvironmentsId: 987654 } },
    },
    {
      codes: "invalidFirmType",
      what: "firm type 987",
      input: { body: { ...NEW_INSTANCE, email: `firm-${w.run}@example.com`, firmType: 987 } },
    },
    ...(w.made.instanceId
      ? [
          {
            codes: "usernameTaken",
            what: "the same credentials again",
            input: { body: NEW_INSTANCE },
          },
        ]
      : []),
  ]);
  await refusals(w, instances.importInstance, [
    {
      codes: "unknownRegion",
      what: "region ZZ",
      input: { body: { ...IMPORTED_INSTANCE, region: "ZZ" } },
    },
    {
      codes: "unknownEnvironment",
      what: "environment MOON",
      input: { body: { ...IMPORTED_INSTANCE, environment: "MOON" } },
    },
    {
      codes: "invalidFirmType",
      what: "firm type 987",
      input: { body: { ...IMPORTED_INSTANCE, userId: `U-${w.run}`, firmType: 987 } },
    },
    ...(w.made.importedId
      ? [
          {
            codes: "usernameTaken",
            what: "the same account again",
            input: { body: IMPORTED_INSTANCE },
          },
        ]
      : []),
  ]);
  await stagingRefusals(w);
}

export async function configurationRefusals(w: World) {
  const account = needs(w, instances.updateConfiguration, "its refusals", "instanceId", "groupId");
  if (account) {
    const item = {
      appGroupId: account.groupId,
      isEnabled: true,
      appStatusCode: 200,
      appEndpoint: "LIVE",
    };
    const configure = (...configurations: unknown[]) => ({
      params: { id: account.instanceId },
      body: { includeOtherProviders: false, applyToAllUsers: false, configurations },
    });
    await refusals(w, instances.updateConfiguration, [
      { codes: "duplicateApp", what: "one app twice", input: configure(item, item) },
      {
        codes: "unknownApp",
        what: "an app group id no group has",
        input: configure({ ...item, appGroupId: randomUUID() }),
      },
      {
        codes: "invalidStatus",
        what: "status 500",
        input: configure({ ...item, appStatusCode: 500 }),
      },
      {
        codes: "invalidEndpoint",
        what: "endpoint MOON",
        input: configure({ ...item, appEndpoint: "MOON" }),
      },
    ]);
  }
  const staging =
    "needs a user without test access and a staging account, which only a user with it makes";
  skipCodes(w, instances.deleteInstance, ["noTestAccess"], staging);
  skipCodes(w, instances.updateConfiguration, ["noTestAccess"], staging);
}

/** New credentials in a staging environment: refused to a user without test access, else removed again. */
async function stagingRefusals(w: World) {
  const environments = await succeeds<{ id: number; envType: string }[]>(
    w,
    resources.getLeapEnvironments,
    "for a staging one",
    undefined,
    w.anon,
  );
  const staging = environments?.find((e) => e.envType === "TEST" || e.envType === "DEV");
  const body = {
    ...NEW_INSTANCE,
    email: `staging-${w.run}@example.com`,
    leapEnvironmentsId: staging?.id,
  };
  const reply = staging && (await w.a(instances.createInstance, { body }));
  if (reply && reply.status === 201) {
    const id = (reply.json as { id: string }).id;
    await succeeds(w, instances.deleteInstance, "the staging credentials", { params: { id } });
    for (const endpoint of [instances.createInstance, instances.importInstance])
      w.found.skip(endpoint, "noTestAccess", "the kit's user has test access");
    return;
  }
  const what = "a staging environment, by a user without test access";
  if (staging)
    await refusals(w, instances.createInstance, [{ codes: "noTestAccess", what, input: { body } }]);
  const imported = { ...IMPORTED_INSTANCE, userId: `S-${w.run}`, environment: "TEST" };
  await refusals(w, instances.importInstance, [
    { codes: "noTestAccess", what, input: { body: imported } },
  ]);
}

export async function resourceRefusals(w: World) {
  const zz = { query: { countryCode: "ZZ" } };
  const what = "country ZZ";
  const anon = w.anon;
  await refusals(w, resources.getMatterTypes, [
    { codes: "unknownCountry", what, input: zz, call: anon },
  ]);
  await refusals(w, resources.getProductVariants, [
    { codes: "unknownCountry", what, input: zz, call: anon },
  ]);
  const au = { query: { countrycode: "AU" } };
  await refusals(w, resources.getPrecedents, [
    {
      codes: "unknownCountry",
      what,
      input: { params: { folderId: "root" }, query: { countrycode: "ZZ" } },
      call: anon,
    },
    {
      codes: "404",
      what: "a folder id no folder has",
      input: { params: { folderId: randomUUID() }, ...au },
      call: anon,
    },
  ]);
  const type = needs(w, resources.getMatterTypePrecedents, "unknownCountry", "matterTypeId");
  await refusals(w, resources.getMatterTypePrecedents, [
    ...(type
      ? [
          {
            codes: "unknownCountry",
            what,
            input: { params: { matterTypeId: type.matterTypeId }, query: { countrycode: "ZZ" } },
            call: anon,
          },
        ]
      : []),
    {
      codes: "404",
      what: "a matter type id no type has",
      input: { params: { matterTypeId: randomUUID() }, ...au },
      call: anon,
    },
  ]);
}

export async function registrationRefusals(w: World) {
  const body = {
    ...newUser(`registration-${w.run}@example.com`),
    ...COMPANY_ENTRY,
    countryId: "AU",
    termsAndConditionsAgreed: true,
    captcha: { token: "a-question-token", answer: "4" },
  };
  const { confirmPassword: _c, admin: _a, ...registered } = body;
  await refusals(w, registration.register, [
    {
      codes: "questionNotAllowed",
      what: "a question's answer, not through the console",
      input: { body: registered },
      call: w.anon,
    },
  ]);
  skipCodes(
    w,
    registration.register,
    [
      "imageSizeInvalid",
      "imageTypeInvalid",
      "notOffered",
      "replayed",
      "sizeGreater400KB",
      "unknownCountry",
      "taken",
    ],
    "each needs a solved captcha and spends one of the few registrations an address may try an hour",
  );
}
