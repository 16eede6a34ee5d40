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
import { expectRefusal, expectSuccess } from "./session";
import { needs, type World } from "./world";

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
    await found.check(endpoint, "without a token", async () =>
      expectSuccess(endpoint, await anon(endpoint)),
    );
  const au = { query: { countryCode: "AU" } };
  const types = await found.check(resources.getMatterTypes, "AU's matter types", async () =>
    expectSuccess<{ data: { id: string; type: string }[] }>(
      resources.getMatterTypes,
      await anon(resources.getMatterTypes, au),
    ),
  );
  made.matterTypeId = types?.data.find((item) => item.type === "MatterType")?.id;
  await found.check(resources.getProductVariants, "AU's product variants", async () =>
    expectSuccess(resources.getProductVariants, await anon(resources.getProductVariants, au)),
  );
  const precedents = { query: { countrycode: "AU" } };
  await found.check(resources.getPrecedents, "the root folder", async () =>
    expectSuccess(
      resources.getPrecedents,
      await anon(resources.getPrecedents, { params: { folderId: "root" }, ...precedents }),
    ),
  );
  const type = needs(w, resources.getMatterTypePrecedents, "a matter type's", "matterTypeId");
  if (type)
    await found.check(resources.getMatterTypePrecedents, "a matter type's", async () =>
      expectSuccess(
        resources.getMatterTypePrecedents,
        await anon(resources.getMatterTypePrecedents, {
          params: { matterTypeId: type.matterTypeId },
          ...precedents,
        }),
      ),
    );
  found.skip(registration.register, "a registration", "it makes a company no call can remove");
  await found.check(registration.register, "an empty body: 400", async () =>
    expectRefusal(registration.register, await anon(registration.register, { body: {} }), 400),
  );
}

export async function people(w: World) {
  const { a, found, made } = w;
  const me = await found.check(user.getUser, "the signed-in user", async () =>
    expectSuccess<{ userId: string }>(user.getUser, await a(user.getUser)),
  );
  made.userId = me?.userId;
  const preference = await found.check(user.getPreference, "the language", async () =>
    expectSuccess<{ localeCode: string }>(user.getPreference, await a(user.getPreference)),
  );
  if (preference)
    await found.check(user.setPreference, "the same language again", async () =>
      expectSuccess(user.setPreference, await a(user.setPreference, { body: preference })),
    );
  await found.check(user.acceptTerms, "the terms accepted", async () =>
    expectSuccess(user.acceptTerms, await a(user.acceptTerms)),
  );
  await found.check(user.listUsers, "the company's users", async () =>
    expectSuccess(user.listUsers, await a(user.listUsers)),
  );
  const email = `conformance-${w.run}@example.com`;
  const added = await found.check(user.createUser, "a new user", async () =>
    expectSuccess<{ userId: string }>(
      user.createUser,
      await a(user.createUser, { body: newUser(email) }),
    ),
  );
  made.newUserId = added?.userId;
  const other = needs(w, user.updateUser, "the new user's names", "newUserId");
  if (!other) return;
  const { password: _p, confirmPassword: _c, ...fields } = newUser(email);
  await found.check(user.updateUser, "the new user's names", async () =>
    expectSuccess(
      user.updateUser,
      await a(user.updateUser, {
        body: {
          ...fields,
          userId: other.newUserId,
          firstName: "Grace",
          password: "",
          confirmPassword: "",
        },
      }),
    ),
  );
}

export async function sandboxAccounts(w: World) {
  const { a, found, made } = w;
  await found.check(instances.listInstances, "the company's accounts", async () =>
    expectSuccess(instances.listInstances, await a(instances.listInstances)),
  );
  made.instanceId = (
    await found.check(instances.createInstance, "new credentials", async () =>
      expectSuccess<Id>(
        instances.createInstance,
        await a(instances.createInstance, { body: NEW_INSTANCE }),
      ),
    )
  )?.id;
  made.importedId = (
    await found.check(instances.importInstance, "an imported account", async () =>
      expectSuccess<Id>(
        instances.importInstance,
        await a(instances.importInstance, { body: IMPORTED_INSTANCE }),
      ),
    )
  )?.id;
  const account = needs(
    w,
    instances.updateConfiguration,
    "its configuration",
    "instanceId",
    "groupId",
  );
  if (account)
    await found.check(instances.updateConfiguration, "its configuration", async () =>
      expectSuccess(
        instances.updateConfiguration,
        await a(instances.updateConfiguration, {
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
        }),
      ),
    );
}

type Entry = Record<string, unknown> & { id?: string };

export async function company(w: World) {
  const { a, found, made } = w;
  const details = await found.check(settings.getCompanyDetails, "the company's details", async () =>
    expectSuccess<{ entityInformation: Entry[] }>(
      settings.getCompanyDetails,
      await a(settings.getCompanyDetails),
    ),
  );
  if (details) {
    // Saved again as they are (a company without details gets one entry).
    const entries = details.entityInformation.length
      ? details.entityInformation.map(({ id: _id, ...entry }) => entry)
      : [{ ...COMPANY_ENTRY, countryId: "AU", isDefault: true }];
    await found.check(settings.saveCompanyDetails, "the details as they are", async () =>
      expectSuccess(
        settings.saveCompanyDetails,
        await a(settings.saveCompanyDetails, { body: { entityInformation: entries } }),
      ),
    );
  }
  const banks = await found.check(settings.getBankDetails, "the bank details", async () =>
    expectSuccess<Id[]>(settings.getBankDetails, await a(settings.getBankDetails)),
  );
  if (banks?.length) {
    made.bankId = banks[0].id;
    found.skip(settings.createBankDetails, "first bank details", "the company has bank details");
    found.skip(
      settings.updateBankDetails,
      "the bank details",
      "they would replace the company's own",
    );
    await found.check(settings.createBankDetails, "a second: 409", async () =>
      expectRefusal(
        settings.createBankDetails,
        await a(settings.createBankDetails, { body: BANK }),
        409,
      ),
    );
  } else if (banks) {
    made.bankId = (
      await found.check(settings.createBankDetails, "first bank details", async () =>
        expectSuccess<Id>(
          settings.createBankDetails,
          await a(settings.createBankDetails, { body: BANK }),
        ),
      )
    )?.id;
    const bank = needs(w, settings.updateBankDetails, "the bank details", "bankId");
    if (bank)
      await found.check(settings.updateBankDetails, "the bank details", async () =>
        expectSuccess(
          settings.updateBankDetails,
          await a(settings.updateBankDetails, { params: { id: bank.bankId }, body: BANK }),
        ),
      );
  }
  await found.check(usage.getAppsReport, "the usage report", async () =>
    expectSuccess(usage.getAppsReport, await a(usage.getAppsReport)),
  );
}
