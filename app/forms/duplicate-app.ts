/**
 * The duplicate dialog's form, in the browser and in the action
 * (its zod schema: duplicate-app.server.ts): a new name and a country, both required, by the
 * rules of `validateDuplicate`.
 *
 * The new name is an app's name: the rule is the details form's (`validateDetails`), and so
 * are its messages (`fieldMessage` of `name`), so a name refused here reads as it does when
 * an app is created or its details are saved.
 */
import type { TFunction } from "i18next";
import { isRuleKey, type RuleKey, validateDuplicate } from "~/api/apps/rules";
import { fieldMessage } from "./app-editor";

export const DUPLICATE_FIELDS = ["appName", "countryCode"] as const;
export type DuplicateField = (typeof DUPLICATE_FIELDS)[number];

/** The message of a rule a field of the dialog breaks (from `validateDuplicate` or the API). */
export function duplicateMessage(
  t: TFunction,
  language: string,
  field: DuplicateField,
  key: RuleKey,
): string {
  if (field === "appName") return fieldMessage(t, language, "name", key);
  // The country comes from the list: anything but none is a country the list does not have.
  return key === "required"
    ? t("appList:duplicate.errors.countryRequired")
    : t("appList:duplicate.errors.countryUnknown");
}

/**
 * A refusal of `POST apps/{id}/duplicate` (its `errors`, by field and rule code) as messages
 * next to the dialog's fields. Undefined when a refusal is not one of the dialog's field
 * rules: the error dialog then shows the provider's detail.
 */
export function duplicateFieldErrors(
  t: TFunction,
  language: string,
  errors: Record<string, string> | undefined,
): Record<string, string[]> | undefined {
  const entries = Object.entries(errors ?? {});
  if (entries.length === 0) return undefined;
  const fieldErrors: Record<string, string[]> = {};
  for (const [path, code] of entries) {
    const field = DUPLICATE_FIELDS.find((name) => name === path);
    if (!field || !isRuleKey(code)) return undefined;
    fieldErrors[field] = [duplicateMessage(t, language, field, code)];
  }
  return fieldErrors;
}

/** The messages of the rules the dialog's fields break (`validateDuplicate`), by field. */
export function duplicateMessages(
  t: TFunction,
  language: string,
  value: { appName?: string; countryCode?: string },
): Partial<Record<DuplicateField, string>> {
  const messages: Partial<Record<DuplicateField, string>> = {};
  for (const [path, key] of Object.entries(validateDuplicate(value))) {
    const field = DUPLICATE_FIELDS.find((name) => name === path) ?? "appName";
    messages[field] ??= duplicateMessage(t, language, field, key);
  }
  return messages;
}
