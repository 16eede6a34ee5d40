/**
 * The company tab's data and form
 * (docs/decisions/0064-company-tab.md).
 *
 * - Data: the company's details (`GET settings/company-details`) as the form's values, the
 *   pick-list countries, and whether details wait for the provider's review (the tab's dot).
 * - The form posts to `?tab=company` (multipart, for the icon) with an `intent`: `save`
 *   (checked, then `PUT settings/company-details`, a redirect with a toast; unchanged details
 *   are not sent), `add` (an empty card), `ask-delete:{i}` (the confirmation), `delete:{i}` (a
 *   card that is not the default), `keep` (the confirmation closed). Every post carries the
 *   whole form, so the page answers with what was typed: a browser without JavaScript adds and
 *   deletes cards by posting. A chosen icon is checked by its content (registration's check)
 *   and uploaded at once (`POST images/entities/{companyId}?purpose=company-icon`); the form
 *   keeps its id.
 */
import { json } from "@remix-run/node";
import type { TFunction } from "i18next";
import { type ApiClient, ApiError } from "~/api/client.server";
import { uploadEntityImage } from "~/api/files/endpoints";
import { getCompanyDetails, saveCompanyDetails } from "~/api/settings/endpoints";
import { canDeleteEntry, unusedCountries } from "~/api/settings/rules";
import type { CurrentUser } from "~/api/user/schemas";
import type { FormRules } from "~/forms/check";
import {
  type CompanyFormErrors,
  type CompanyFormReply,
  type CompanyFormValues,
  companyFieldLabel,
  companyRuleMessage,
  emptyEntry,
  firstInvalidEntry,
  formFieldOfApiPath,
  fromCompanyDetails,
  ICON_FIELD,
  isUnchanged,
  readCompanyForm,
  toCompanyRequest,
  validateCompanyForm,
} from "~/forms/company";
import { companyFieldRules } from "~/forms/company.server";
import { BODY_LIMITS } from "~/lib/body-limits";
import { getCountries } from "~/lib/countries.server";
import { FormTooLargeError, readBoundedForm } from "~/lib/multipart.server";
import { uploadQuotaMessage } from "~/lib/retry-after";
import { markFailed } from "~/lib/title";
import { redirectWithToast } from "~/session.server";
import {
  COMPANY_ICON_MAX_BYTES,
  checkCompanyIcon,
  ICON_MESSAGE_KEYS,
} from "../$lang.auth.register/company-icon";

export interface CompanyCountry {
  code: string;
  name: string;
}

export interface CompanyTabData {
  /** What is saved, as the form's values. */
  saved: CompanyFormValues;
  countries: CompanyCountry[];
  hasAwaitingSubmission: boolean;
  /** The browser's rules of the shared and regional fields. */
  rules: FormRules;
}

/** The company's details, read once for a page: the tab's dot and the company tab both use the same answer. */
export const readCompanyDetails = (api: ApiClient) => {
  const details = api.call(getCompanyDetails);
  // Read by awaitingReview and loadCompany; a failure is theirs to answer.
  details.catch(() => {});
  return details;
};
type CompanyDetailsRead = ReturnType<typeof readCompanyDetails>;

/** The company tab's data from the page's read of the details; "failed" when the provider does not answer it. `t` must reach the `auth` namespace. */
export async function loadCompany(
  api: ApiClient,
  language: string,
  read: CompanyDetailsRead,
  t: TFunction,
): Promise<CompanyTabData | "failed"> {
  try {
    const [details, countries] = await Promise.all([read, getCountries(api, language)]);
    return {
      saved: fromCompanyDetails(details),
      countries: countries.map(({ code, name }) => ({ code, name })),
      hasAwaitingSubmission: details.hasAwaitingSubmission,
      rules: companyFieldRules(t),
    };
  } catch (error) {
    if (error instanceof ApiError) return "failed";
    throw error;
  }
}

/** Whether the company's details wait for the provider's review (the dot on the tab); false when unknown. */
export const awaitingReview = (read: CompanyDetailsRead) =>
  read.then(
    (details) => details.hasAwaitingSubmission,
    () => false,
  );

export interface CompanyReply {
  company: CompanyFormReply;
}

const TEXT_BYTES = 64 * 1024;

/**
 * The posted form: the icon's bytes up to one more than allowed; a file where text goes keeps
 * a byte, so that it is refused next to its field rather than read as nothing.
 */
function readCompanyBody(request: Request) {
  return readBoundedForm(
    request,
    {
      textBytes: TEXT_BYTES,
      bodyBytes: BODY_LIMITS.settings,
      parts: 400,
      fileBytes: (name) => (name === ICON_FIELD ? COMPANY_ICON_MAX_BYTES + 1 : 1),
    },
    (file) => new File([file.bytes], file.fileName, { type: file.contentType }),
  );
}

const INTENT = /^(save|add|keep|ask-delete:\d{1,3}|delete:\d{1,3})$/;

interface CompanyActionArgs {
  request: Request;
  api: ApiClient;
  me: CurrentUser;
  language: string;
  t: TFunction;
  context: object;
}

export async function companyAction({ request, api, me, language, t, context }: CompanyActionArgs) {
  let formData: FormData;
  try {
    formData = await readCompanyBody(request);
  } catch (error) {
    if (error instanceof FormTooLargeError)
      throw new Response("The form is too large.", { status: 413 });
    throw error;
  }
  const intents = formData.getAll("intent");
  const intent =
    intents.length === 1 && typeof intents[0] === "string" && INTENT.test(intents[0])
      ? intents[0]
      : null;
  if (!intent) throw new Response("Unknown intent.", { status: 400 });

  const { values, malformed } = readCompanyForm(formData);
  const errors: CompanyFormErrors = {};
  for (const name of malformed)
    errors[name] = t("settings:errors.invalid", { field: companyFieldLabel(t, name, values) });

  const reply = (status: number, extra: Partial<CompanyFormReply> = {}) => {
    if (status >= 400) markFailed(context);
    const shown = { ...errors, ...extra.errors };
    const body: CompanyReply = {
      company: {
        values,
        open: firstInvalidEntry(shown),
        confirmDelete: -1,
        notice: null,
        failure: null,
        ...extra,
        errors: shown,
      },
    };
    return json(body, status);
  };

  // A chosen icon: checked by its content, then kept by the provider until the details are saved.
  const icon = formData.getAll(ICON_FIELD);
  if (icon.length > 1 || (icon.length === 1 && typeof icon[0] === "string" && icon[0] !== "")) {
    errors[ICON_FIELD] = t("settings:errors.invalid", { field: companyFieldLabel(t, ICON_FIELD) });
  } else if (icon[0] instanceof File && icon[0].size > 0) {
    const problem = checkCompanyIcon(new Uint8Array(await icon[0].arrayBuffer()));
    if (problem) errors[ICON_FIELD] = t(`auth:${ICON_MESSAGE_KEYS[problem]}`);
    else {
      const body = new FormData();
      body.append("file", icon[0], icon[0].name || "icon.png");
      try {
        const uploaded = await api.call(uploadEntityImage, {
          params: { id: me.companyId },
          query: { purpose: "company-icon" },
          body,
        });
        values.icon = { id: uploaded.id, url: uploaded.url };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const code = Object.values(error.errors ?? {})[0] ?? "invalid";
        errors[ICON_FIELD] =
          uploadQuotaMessage(t, language, error) ??
          companyRuleMessage(t, code, companyFieldLabel(t, ICON_FIELD));
      }
    }
  }
  if (Object.keys(errors).length) return reply(400);

  const index = Number(intent.split(":")[1] ?? -1);
  if (intent === "add") {
    const countries = await getCountries(api, language);
    if (
      unusedCountries(countries, values.entries).length > 0 &&
      values.entries.length < countries.length
    )
      values.entries.push(emptyEntry());
    return reply(200, { open: values.entries.length - 1 });
  }
  if (intent === "keep") return reply(200);
  if (intent.startsWith("ask-delete:")) {
    const deletable =
      index < values.entries.length && canDeleteEntry({ isDefault: index === values.defaultIndex });
    return reply(200, { confirmDelete: deletable ? index : -1 });
  }
  if (intent.startsWith("delete:")) {
    if (index < values.entries.length && index !== values.defaultIndex) {
      values.entries.splice(index, 1);
      if (values.defaultIndex > index) values.defaultIndex -= 1;
    }
    return reply(200);
  }

  // Save.
  const countries = await getCountries(api, language);
  Object.assign(
    errors,
    validateCompanyForm(
      t,
      values,
      countries.map((country) => country.code),
      companyFieldRules(t),
    ),
  );
  if (Object.keys(errors).length) return reply(400);
  const current = await api.call(getCompanyDetails);
  if (isUnchanged(values, fromCompanyDetails(current))) return reply(200, { notice: "unchanged" });
  try {
    await api.call(saveCompanyDetails, { body: toCompanyRequest(values) });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) throw error;
    const refused = Object.entries(error.errors ?? {});
    for (const [path, code] of refused) {
      const name = formFieldOfApiPath(path);
      errors[name] ??= companyRuleMessage(t, code, companyFieldLabel(t, name, values));
    }
    const failure = refused.length
      ? null
      : [t("settings:company.saveFailed"), error.detail].filter(Boolean).join(": ");
    return reply(400, { failure });
  }
  return redirectWithToast(`${new URL(request.url).pathname}?tab=company`, {
    key: "companyDetailsSubmitted",
  });
}
