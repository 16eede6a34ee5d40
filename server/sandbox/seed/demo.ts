/** Demo data at first start: 'Demo Legal Apps' with a ready-to-sign-in admin user. */
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { companies, companyEntities, users } from "../db/schema/companies";
import { hashPassword } from "../identity/passwords";

export const DEMO_COMPANY = "Demo Legal Apps";

const profile =
  "Demo Legal Apps builds integrations for law firms: matter intake forms, document automation and " +
  "time-recording helpers that fit into the practice-management platform. This company exists in the sandbox " +
  "so that you can try every part of the developer console straight away.";

export async function seedDemo(db: Database, options: { email: string; password: string }) {
  const email = options.email.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return { created: false as const };
  const passwordHash = await hashPassword(options.password);
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name: DEMO_COMPANY, entityType: 0, integratorType: 1 })
      .returning();
    const base = {
      companyId: company.id,
      companyName: DEMO_COMPANY,
      profile,
      website: "https://demo-legal-apps.example.com",
      supportUrl: "https://demo-legal-apps.example.com/support",
      termsUrl: "https://demo-legal-apps.example.com/terms",
    };
    await tx.insert(companyEntities).values([
      {
        ...base,
        countryId: "AU",
        isDefault: true,
        phoneNumber: "+61 2 9000 0000",
        addressLine1: "Level 10, 1 Market Street",
        cityTown: "Sydney",
        zipPostCode: "2000",
        stateCounty: "NSW",
      },
      {
        ...base,
        countryId: "UK",
        isDefault: false,
        phoneNumber: "+44 20 7946 0000",
        addressLine1: "1 Chancery Lane",
        cityTown: "London",
        zipPostCode: "WC2A 1LF",
        stateCounty: "Greater London",
      },
    ]);
    await tx.insert(users).values({
      companyId: company.id,
      email,
      title: "ms",
      firstName: "Dana",
      lastName: "Demo",
      passwordHash,
      isAdmin: true,
      emailVerifiedAt: new Date(),
      hasAccessToTest: true,
    });
  });
  return { created: true as const };
}
