/** The signed-in user and their preference (spec 01 sections 3 and 6, spec 02 section 3). */
import { z } from "zod";

export const currentUser = z.object({
  userId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  email: z.string(),
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userName: z.string(),
  userInitials: z.string(),
  admin: z.boolean(),
  isTermsAccepted: z.boolean(),
  hasAccessToTest: z.boolean(),
  localeCode: z.string(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const LOCALE_CODES = ["en-AU", "nl-NL"] as const;
export const userPreference = z.object({ localeCode: z.enum(LOCALE_CODES, { message: "must be en-AU or nl-NL" }) });
export type UserPreference = z.infer<typeof userPreference>;
