/**
 * The calls around the apps: the provider's reference data, registration's captcha, the
 * signed-in user and the company's users, sandbox accounts, company and bank details, and the
 * usage report. What the kit makes it removes; what it cannot remove (bank details) it makes
 * only where the company has none.
 */
import * as instances from "~/api/instances/endpoints";
import * as registration from "~/api/registration/endpoints";
import * as resources from "~/api/resources/endpoints";
import * as settings from "~/api/settings/endpoints";
import * as usage from "~/api/usage/endpoints";
import * as user from "~/api/user/endpoints";
import { BANK, COMPANY_ENTRY, IMPORTED_INSTANCE, NEW_INSTANCE, newUser } from "./inputs";
import { expectRefusal } from "./session";
import { needs, succeeds, type World } from "./world";

type Id = { id: string };

export async function referenceData(w: World) {
  const { anon, found, made } = w;
  for (const endpoint of [
    resources.getCountries,
    resources.getConfigInitAll,
    resources.getAppCategories,
    resources.getDesktopVersions,
    resources.getDesktopDownload,
    resources.getLeapEnvironments,
    resources.getPingMore,
    registration.getCaptchaChallenge,
    registration.getCaptchaQuestion,
  ])
    await succeeds(w, endpoint, "without a token", undefined, anon);
  const au = { query: { countryCode: "AU" } };
  const types = await succeeds<{ data: { id: string; type: string }[] }>(
    w,
    resources.getMatterTypes,
    "AU's matter types",
    au,
    anon,
  );
  made.matterTypeId = types?.data.find((item) => item.type === "MatterType")?.id;
  await succeeds(w, resources.getProductVariants, "AU's product variants", au, anon);
  const precedents = { query: { countrycode: "AU" } };
  await succeeds(
    w,
    resources.getPrecedents,
    "the root folder",
    { params: { folderId: "root" }, ...precedents },
    anon,
  );
  const type = needs(w, resources.getMatterTypePrecedents, "a matter type's", "matterTypeId");
  if (type)
    await succeeds(
      w,
      resources.getMatterTypePrecedents,
      "a matter type's",
      {
        params: { matterTypeId: type.matterTypeId },
        ...precedents,
      },
      anon,
    );
  found.skip(registration.register, "a registration", "it makes a company no call can remove");
  await found.check(registration.register, "an empty body: 400", async () =>
    expectRefusal(registration.register, await anon(registration.register, { body: {} }), 400),
  );
}

export async function people(w: World) {
  const { made } = w;
  const me = await succeeds<{ userId: string }>(w, user.getUser, "the signed-in user");
  made.userId = me?.userId;
  const preference = await succeeds<{ localeCode: string }>(w, user.getPreference, "the language");
  if (preference)
    await succeeds(w, user.setPreference, "the same language again", { body: preference });
  await succeeds(w, user.acceptTerms, "the terms accepted");
  await succeeds(w, user.listUsers, "the company's users");
  const email = `conformance-${w.run}@example.com`;
  const added = await succeeds<{ userId: string }>(w, user.createUser, "a new user", {
    body: newUser(email),
  });
  made.newUserId = added?.userId;
  const other = needs(w, user.updateUser, "the new user's names", "newUserId");
  if (!other) return;
  const { password: _p, confirmPassword: _c, ...fields } = newUser(email);
  await succeeds(w, user.updateUser, "the new user's names", {
    body: {
      ...fields,
      userId: other.newUserId,
      firstName: "Grace",
      password: "",
      confirmPassword: "",
    },
  });
}

export async function sandboxAccounts(w: World) {
  const { made } = w;
  await succeeds(w, instances.listInstances, "the company's accounts");
  made.instanceId = (
    await succeeds<Id>(w, instances.createInstance, "new credentials", { body: NEW_INSTANCE })
  )?.id;
  made.importedId = (
    await succeeds<Id>(w, instances.importInstance, "an imported account", {
      body: IMPORTED_INSTANCE,
    })
  )?.id;
  const account = needs(
    w,
    instances.updateConfiguration,
    "its configuration",
    "instanceId",
    "groupId",
  );
  if (account)
    await succeeds(w, instances.updateConfiguration, "its configuration", {
      params: { id: account.instanceId },
      body: {
        includeOtherProviders: false,
        applyToAllUsers: false,
        configurations: [
          {
            appGroupId: account.groupId,
            isEnabled: false,
            appStatusCode: 200,
            appEndpoint: "LIVE",
          },
        ],
      },
    });
}

type Entry = Record<string, unknown> & { id?: string };

export async function company(w: World) {
  const { found, made } = w;
  const details = await succeeds<{ entityInformation: Entry[] }>(
    w,
    settings.getCompanyDetails,
    "the company's details",
  );
  if (details) {
    // Saved again as they are (a company without details gets one entry).
    const entries = details.entityInformation.length
      ? details.entityInformation.map(({ id: _id, ...entry }) => entry)
      : [{ ...COMPANY_ENTRY, countryId: "AU", isDefault: true }];
    await succeeds(w, settings.saveCompanyDetails, "the details as they are", {
      body: { entityInformation: entries },
    });
  }
  const banks = await succeeds<Id[]>(w, settings.getBankDetails, "the bank details");
  if (banks?.length) {
    made.bankId = banks[0].id;
    found.skip(settings.createBankDetails, "first bank details", "the company has bank details");
    found.skip(
      settings.updateBankDetails,
      "the bank details",
      "they would replace the company's own",
    );
  } else if (banks) {
    made.bankId = (
      await succeeds<Id>(w, settings.createBankDetails, "first bank details", { body: BANK })
    )?.id;
    const bank = needs(w, settings.updateBankDetails, "the bank details", "bankId");
    if (bank)
      await succeeds(w, settings.updateBankDetails, "the bank details", {
        params: { id: bank.bankId },
        body: BANK,
      });
  }
  await succeeds(w, usage.getAppsReport, "the usage report");
}
