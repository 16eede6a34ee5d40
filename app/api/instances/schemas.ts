/**
 * Wire shapes of the sandbox-account calls (`leapinstances*`).
 * The product's name prefixes the environment fields (`leapEnvType`, `leapEnvironmentsId`).
 * The shapes refuse wrong types; the rules (./rules.ts) name missing and invalid values with
 * their codes, so that the console and the sandbox word them alike.
 */
import * as z from "zod";
import { storableText, wholeNumber } from "../common";
import { INSTANCE_ENV_TYPES } from "./rules";

/** An app of the account's region as configured for it (configuration item). */
export const configurationItem = z.object({
  appGroupId: z.string(),
  appName: z.string(),
  /** The version shown in the configuration table: the newest of the app group, as `1.000`. */
  appVersion: z.string(),
  isEnabled: z.boolean(),
  /** 0 or 200; 200 while the app is disabled. */
  appStatusCode: z.number().int(),
  /** DEV, TEST, BETA or LIVE; LIVE while the app is disabled. */
  appEndpoint: z.string(),
});
export type ConfigurationItem = z.infer<typeof configurationItem>;

/** A sandbox account (instance). */
export const instance = z.object({
  id: z.string(),
  username: z.string(),
  /** The environment's country: AU for an AUB (beta) live account. */
  leapEnvCountryCode: z.string(),
  leapEnvType: z.enum(INSTANCE_ENV_TYPES),
  leapFirmId: z.string(),
  leapUserId: z.string(),
  leapStaffId: z.string(),
  /** The product variant; 1 by default. */
  firmType: z.number().int(),
  /** One row per app group of the company in the account's country, by app name. */
  configuration: z.array(configurationItem),
  includeOtherProviders: z.boolean(),
  applyToAllUsers: z.boolean(),
  createdAt: z.string(),
});
export type Instance = z.infer<typeof instance>;

/** GET leapinstances: the company's accounts, newest first; staging ones only for users with test access. */
export const instanceList = z.array(instance);

/** Text, or nothing: a missing value is named by the rules (`required`), a wrong type by the shape. */
const text = storableText({ message: "must be text" }).optional();
/** A number, or nothing. */
const optionalId = wholeNumber({ min: 0 }).nullable().optional();

/** POST leapinstances: new credentials (the confirmation is checked by the console only). */
export const newInstanceRequest = z.object({
  firstName: text,
  lastName: text,
  email: text,
  password: text,
  /** An id of GET resources/leap-environments. */
  leapEnvironmentsId: optionalId,
  /** A product variant of the environment's country; 1 when left out. */
  firmType: optionalId,
});
export type NewInstanceRequest = z.input<typeof newInstanceRequest>;

/** POST leapinstances/import: the import token's payload, decoded by the console. */
export const importInstanceRequest = z.object({
  region: text,
  environment: text,
  firmId: text,
  staffId: text,
  userId: text,
  firmType: optionalId,
});
export type ImportInstanceRequest = z.input<typeof importInstanceRequest>;

/** PUT leapinstances/{id}/configuration: the whole configuration of the account. */
export const configurationRequest = z.object({
  includeOtherProviders: z.boolean({ message: "must be true or false" }),
  applyToAllUsers: z.boolean({ message: "must be true or false" }),
  configurations: z
    .array(
      z.object({
        appGroupId: storableText({ message: "is required" }).max(100, {
          message: "must be an app group id",
        }),
        isEnabled: z.boolean({ message: "must be true or false" }),
        appStatusCode: wholeNumber({ min: 0 }),
        appEndpoint: storableText({ message: "is required" }).max(20, {
          message: "must be DEV, TEST, BETA or LIVE",
        }),
      }),
      { message: "must be a list" },
    )
    .max(1000, { message: "must hold at most 1000 apps" }),
});
export type ConfigurationRequest = z.input<typeof configurationRequest>;
