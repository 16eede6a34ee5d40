/** The signed-in user and their preference. */
import * as z from "zod";
import { storableText } from "../common";
import { registrationRequest } from "../registration/schemas";

export const currentUser = z.object({
  userId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  /** The company's integrator type: location lists are filtered by it (0 sees locations of 0, 1 sees all). */
  integratorType: z.number().int(),
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
export const userPreference = z.object({
  localeCode: z.enum(LOCALE_CODES, { message: "must be en-AU or nl-NL" }),
});
export type UserPreference = z.infer<typeof userPreference>;

/** A user of the company as the users tab shows it. */
export const companyUser = z.object({
  userId: z.string(),
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  admin: z.boolean(),
  isTermsAccepted: z.boolean(),
});
export type CompanyUser = z.infer<typeof companyUser>;

/** The fields of the user dialog shared with registration (title from its list, names, email), and the admin flag. */
const userFields = registrationRequest
  .pick({ title: true, firstName: true, lastName: true, email: true })
  .extend({
    admin: z.boolean({ message: "must be true or false" }).default(false),
  });

/** POST user: a new user of the caller's company, with registration's password rules and its confirmation. */
export const newUserRequest = userFields.extend({
  password: registrationRequest.shape.password,
  confirmPassword: storableText({ message: "is required" }),
});
export type NewUserRequest = z.input<typeof newUserRequest>;

/** PUT user: the user named by `userId`; a password given (with its confirmation) replaces theirs, none keeps it. */
export const userUpdateRequest = userFields.extend({
  userId: storableText({ message: "is required" }),
  password: z.union([z.literal(""), registrationRequest.shape.password]).default(""),
  confirmPassword: storableText().default(""),
});
export type UserUpdateRequest = z.input<typeof userUpdateRequest>;
