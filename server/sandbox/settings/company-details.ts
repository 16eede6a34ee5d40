/**
 * A company's details: the regional entries registration made (`company_entities`, one per
 * country), read and saved as one list and submitted for the provider's review; and that review.
 */
import { and, asc, desc, eq, inArray, max, notInArray } from "drizzle-orm";
import { imageFormatOf, judgeImage } from "~/api/files/rules";
import { validateEntityList } from "~/api/settings/rules";
import type { CompanyDetails } from "~/api/settings/schemas";
import type { DbOrTx } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import type { Database } from "../db";
import { companies, companyDetailSubmissions, companyEntities } from "../db/schema/companies";
import { files } from "../db/schema/files";
import { countries } from "../db/schema/lookups";
import { imageUrl } from "../files/service";
import { recordChange } from "../history";
import { notFound, refuseAny } from "../http/errors";
import { isUuid } from "../http/validate";
import { WORDING } from "../wording";
import type { CompanyDetailsInput } from "./service";

export async function companyDetailsOf(
  ctx: SandboxContext,
  q: DbOrTx,
  companyId: string,
): Promise<CompanyDetails> {
  const [company] = await q
    .select({ hasAwaitingSubmission: companies.hasAwaitingSubmission })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound("company");
  const rows = await q
    .select({ entity: companyEntities, iconId: files.id })
    .from(companyEntities)
    .innerJoin(countries, eq(countries.code, companyEntities.countryId))
    .leftJoin(files, and(eq(files.id, companyEntities.iconFileId), eq(files.companyId, companyId)))
    .where(eq(companyEntities.companyId, companyId))
    .orderBy(desc(companyEntities.isDefault), asc(countries.sortOrder), asc(countries.code));
  return {
    hasAwaitingSubmission: company.hasAwaitingSubmission,
    entityInformation: rows.map(({ entity, iconId }) => {
      const { companyId: _company, iconFileId: _icon, ...fields } = entity;
      return { ...fields, icon: iconId ? { id: iconId, url: imageUrl(ctx, iconId) } : null };
    }),
  };
}

export const getCompanyDetails = (ctx: SandboxContext, caller: Caller) =>
  companyDetailsOf(ctx, ctx.db, caller.companyId);

/** The rules needing the database: each country one of the list (unknownCountry), each icon a company icon the company uploaded. */
async function storedRuleErrors(
  q: DbOrTx,
  companyId: string,
  input: CompanyDetailsInput,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const codes = [
    ...new Set(input.entityInformation.map((entry) => entry.countryId).filter(Boolean)),
  ];
  const known = codes.length
    ? new Set(
        (
          await q
            .select({ code: countries.code })
            .from(countries)
            .where(and(inArray(countries.code, codes), eq(countries.selectable, true)))
        ).map((c) => c.code),
      )
    : new Set<string>();
  const iconIds = [
    ...new Set(
      input.entityInformation.flatMap((entry) =>
        entry.icon && isUuid(entry.icon.id) ? [entry.icon.id] : [],
      ),
    ),
  ];
  const images = iconIds.length
    ? await q
        .select()
        .from(files)
        .where(
          and(inArray(files.id, iconIds), eq(files.companyId, companyId), eq(files.kind, "image")),
        )
    : [];
  input.entityInformation.forEach((entry, index) => {
    if (entry.countryId && !known.has(entry.countryId))
      errors[`entityInformation.${index}.countryId`] = "unknownCountry";
    if (!entry.icon) return;
    const file = images.find((image) => image.id === entry.icon?.id);
    const code = file
      ? judgeImage("company-icon", {
          format: imageFormatOf(file.contentType),
          fileSize: file.fileSize,
          width: file.width,
          height: file.height,
        })
      : "imageNotFound";
    if (code) errors[`entityInformation.${index}.icon`] = code;
  });
  return errors;
}

export async function saveCompanyDetails(
  ctx: SandboxContext,
  caller: Caller,
  input: CompanyDetailsInput,
): Promise<CompanyDetails> {
  const listErrors = validateEntityList(input.entityInformation);
  refuseAny(WORDING.settings, listErrors);
  return ctx.db.transaction(async (tx) => {
    // One save of a company's details at a time.
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, caller.companyId))
      .for("update");
    const errors = await storedRuleErrors(tx, caller.companyId, input);
    refuseAny(WORDING.settings, errors);
    const kept = input.entityInformation.map((entry) => entry.countryId);
    await tx
      .delete(companyEntities)
      .where(
        and(
          eq(companyEntities.companyId, caller.companyId),
          notInArray(companyEntities.countryId, kept),
        ),
      );
    for (const { icon, ...entry } of input.entityInformation) {
      const values = { ...entry, iconFileId: icon?.id ?? null };
      await tx
        .insert(companyEntities)
        .values({ companyId: caller.companyId, ...values })
        .onConflictDoUpdate({
          target: [companyEntities.companyId, companyEntities.countryId],
          set: values,
        });
    }
    await tx
      .update(companies)
      .set({ hasAwaitingSubmission: true, modifiedAt: new Date() })
      .where(eq(companies.id, caller.companyId));
    const saved = await companyDetailsOf(ctx, tx, caller.companyId);
    const [submission] = await tx
      .insert(companyDetailSubmissions)
      .values({
        companyId: caller.companyId,
        submittedById: caller.userId,
        entityInformation: saved.entityInformation,
      })
      .returning({ id: companyDetailSubmissions.id });
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "company",
      entityId: caller.companyId,
      action: "details-submitted",
      toState: "awaiting",
      actor: caller.userId,
      detail: { submissionId: submission.id, countries: kept },
    });
    return saved;
  });
}

/** The companies whose details wait for the reviewer, the longest waiting first. */
export async function pendingCompanyDetails(db: DbOrTx) {
  return db
    .select({
      companyId: companies.id,
      name: companies.name,
      submittedAt: max(companyDetailSubmissions.createdAt),
    })
    .from(companies)
    .innerJoin(
      companyDetailSubmissions,
      and(
        eq(companyDetailSubmissions.companyId, companies.id),
        eq(companyDetailSubmissions.status, 0),
      ),
    )
    .where(eq(companies.hasAwaitingSubmission, true))
    .groupBy(companies.id)
    .orderBy(asc(max(companyDetailSubmissions.createdAt)));
}

/**
 * The reviewer's approval of a company's submitted details: the awaiting submission approved,
 * `hasAwaitingSubmission` cleared. Undefined when there is no such company.
 */
export async function approveCompanyDetails(db: Database, companyId: string) {
  if (!isUuid(companyId)) return undefined;
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!company) return undefined;
    const approved = await tx
      .update(companyDetailSubmissions)
      .set({ status: 2, reviewedAt: new Date() })
      .where(
        and(
          eq(companyDetailSubmissions.companyId, companyId),
          eq(companyDetailSubmissions.status, 0),
        ),
      )
      .returning({ id: companyDetailSubmissions.id });
    await tx
      .update(companies)
      .set({ hasAwaitingSubmission: false })
      .where(eq(companies.id, companyId));
    if (company.hasAwaitingSubmission) {
      await recordChange(tx, {
        companyId,
        entityType: "company",
        entityId: companyId,
        action: "provider-details-approved",
        fromState: "awaiting",
        toState: "approved",
        actor: "provider",
      });
    }
    return {
      companyId,
      name: company.name,
      approvedSubmissions: approved.length,
      hasAwaitingSubmission: false,
    };
  });
}
