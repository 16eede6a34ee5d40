/**
 * Registration of a company with its first user, an admin. Nothing is stored until every check
 * has passed, and the company, its entry, the user and the icon are stored together or not at
 * all; the verification mail goes out only after they are.
 */
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { RegistrationRequest, registrationRequest } from "~/api/registration/schemas";
import type { SandboxContext } from "../context";
import type { Database, Tx } from "../db";
import { companies, companyEntities, users } from "../db/schema/companies";
import { countries, featureFlags } from "../db/schema/lookups";
import { checkImage } from "../files/rules";
import { storeFile } from "../files/service";
import { recordChange } from "../history";
import { badRequest, conflict } from "../http/errors";
import type { AccountDeps } from "./accounts";
import { sendVerification } from "./mailed-links";
import { hashPassword } from "./passwords";
import type { RegistrationCaller } from "./registration-guard";

type Registration = z.output<typeof registrationRequest>;
export type RegistrationInput = RegistrationRequest | Registration;
type CountryRow = typeof countries.$inferSelect;
type CompanyIcon = Awaited<ReturnType<typeof checkCompanyIcon>>;

const emailTaken = () =>
  conflict("email: an account with this email address already exists", "email", "taken");

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

/** The company icon of a registration: base64 PNG, checked by the icon rules. */
async function checkCompanyIcon(contentBase64: string) {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(contentBase64))
    throw badRequest("companyIcon: must be base64", "companyIcon", "invalidFormat");
  const bytes = new Uint8Array(Buffer.from(contentBase64, "base64"));
  const checked = await checkImage(bytes, { purpose: "company-icon" });
  if (!checked.ok) throw badRequest(`companyIcon: ${checked.message}`, "companyIcon", checked.code);
  return { bytes, checked };
}

/** An entity type other than 0 only where the country offers lower-level entities. */
async function entityTypeIn(db: Database, country: CountryRow, entityType: number | undefined) {
  if (entityType === undefined) return 0;
  const [flag] = await db
    .select()
    .from(featureFlags)
    .where(
      and(
        eq(featureFlags.countryCode, country.resourceCountryCode ?? country.code),
        eq(featureFlags.flag, "lower-level-entity-enabled"),
      ),
    );
  if (!flag?.enabled && entityType !== 0) {
    throw badRequest(
      "entityType: entity types are not offered in this country",
      "entityType",
      "notOffered",
    );
  }
  return entityType;
}

/**
 * What a registration stores, once it passes. Order of refusals: the country, the entity type,
 * an address that has an account (409), the icon.
 */
async function checkRegistration(db: Database, data: Registration) {
  const [country] = await db
    .select()
    .from(countries)
    .where(eq(countries.code, data.countryId.toUpperCase()));
  if (!country?.selectable)
    throw badRequest("countryId: must be a country from the list", "countryId", "unknownCountry");
  const entityType = await entityTypeIn(db, country, data.entityType);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, data.email));
  if (existing) throw emailTaken();
  const icon = data.companyIcon
    ? await checkCompanyIcon(data.companyIcon.contentBase64)
    : undefined;
  return { country, entityType, icon };
}

/** The company with its default entry for the registration's country. */
async function insertCompany(tx: Tx, data: Registration, countryId: string, entityType: number) {
  const [company] = await tx
    .insert(companies)
    .values({ name: data.companyName, entityType })
    .returning({ id: companies.id });
  const [entity] = await tx
    .insert(companyEntities)
    .values({
      companyId: company.id,
      countryId,
      isDefault: true,
      companyName: data.companyName,
      phoneNumber: data.phoneNumber,
      addressLine1: data.addressLine1,
      addressLine2: data.addressLine2,
      addressLine3: data.addressLine3,
      cityTown: data.cityTown,
      zipPostCode: data.zipPostCode,
      stateCounty: data.stateCounty,
      profile: data.profile,
      website: data.website,
      socialPresence: data.socialPresence,
      supportUrl: data.supportUrl,
      termsUrl: data.termsUrl,
    })
    .returning({ id: companyEntities.id });
  return { companyId: company.id, entityId: entity.id };
}

async function storeIcon(
  ctx: SandboxContext,
  tx: Tx,
  stored: { companyId: string; entityId: string; userId: string },
  icon: CompanyIcon,
  fileName: string,
) {
  const file = await storeFile(ctx, {
    companyId: stored.companyId,
    uploadedById: stored.userId,
    bytes: icon.bytes,
    fileName,
    checked: icon.checked,
    kind: "image",
    entityId: stored.entityId,
    tx,
  });
  await tx
    .update(companyEntities)
    .set({ iconFileId: file.id })
    .where(eq(companyEntities.id, stored.entityId));
}

/** Stores the company, its entry, its admin and icon in one transaction. */
async function storeCompany(
  ctx: SandboxContext,
  data: Registration,
  checked: Awaited<ReturnType<typeof checkRegistration>>,
  passwordHash: string,
): Promise<{ userId: string; companyId: string }> {
  const { country, entityType, icon } = checked;
  return ctx.db.transaction(async (tx) => {
    const { companyId, entityId } = await insertCompany(tx, data, country.code, entityType);
    const [user] = await tx
      .insert(users)
      .values({
        companyId,
        email: data.email,
        title: data.title,
        firstName: data.firstName,
        lastName: data.lastName,
        passwordHash,
        isAdmin: true,
        localeCode: data.localeCode,
      })
      .returning({ id: users.id });
    if (icon && data.companyIcon)
      await storeIcon(
        ctx,
        tx,
        { companyId, entityId, userId: user.id },
        icon,
        data.companyIcon.fileName,
      );
    await recordChange(tx, {
      companyId,
      entityType: "company",
      entityId: companyId,
      action: "registered",
      toState: "registered",
      actor: user.id,
    });
    return { userId: user.id, companyId };
  });
}

/** Registers a company with its first user and mails the user a verification link. */
export async function register(
  ctx: SandboxContext,
  deps: AccountDeps,
  input: RegistrationInput,
  caller: RegistrationCaller,
) {
  const data = input as Registration;
  await deps.guard.admit(data, caller);
  const checked = await checkRegistration(ctx.db, data);
  const passwordHash = await hashPassword(data.password);
  let created: { userId: string; companyId: string };
  try {
    created = await storeCompany(ctx, data, checked, passwordHash);
  } catch (error) {
    // Another registration of the same address got in between the check and the insert.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const user = {
    id: created.userId,
    email: data.email,
    firstName: data.firstName,
    companyId: created.companyId,
  };
  await sendVerification(ctx, deps, user, data.companyName, data.localeCode);
  return { ...created, email: data.email };
}
