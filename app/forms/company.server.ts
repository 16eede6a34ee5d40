/** The company tab's field rules: registration's, derived from its schema with its messages, for `validateCompanyForm` in the browser and the action. */
import type { TFunction } from "i18next";
import { registerSchema } from "~/routes/$lang.auth.register/schema.server";
import { REGIONAL_FIELDS, SHARED_FIELDS } from "../api/settings/rules";
import type { FormRules } from "./check";
import { authTranslator } from "./company";
import { formRules } from "./rules.server";

/** The rules of the shared and regional fields (the state's are the company form's own). `t` must reach the `auth` namespace. */
export function companyFieldRules(t: TFunction): FormRules {
  const all = formRules(registerSchema(authTranslator(t), { countries: [] }));
  return Object.fromEntries(
    [...SHARED_FIELDS, ...REGIONAL_FIELDS].flatMap((field) =>
      all[field] ? [[field, all[field]]] : [],
    ),
  );
}
