/**
 * /settings: the settings of the signed-in user and their
 * company, in tabs that are links (`?tab=`), so each works without JavaScript.
 *
 * - User settings: the user's language (`user/preference`), saved through the header's
 *   language switch: the console changes to it at once and opens in it at the next sign-in.
 * - Bank account (admins only; the tab is not offered to others and the API refuses them):
 *   account name, BSB and account number (`settings/bank-details`), Save until details
 *   exist, Update after; the number on file is answered masked, so every save asks for it.
 *   docs/decisions/0059-settings-and-users.md.
 * - Users: a card per user of the company (name, email address, admin or not), shown to
 *   every user of it; admins add, edit and delete users in dialogs addressed by the URL
 *   (`?tab=users&user=new`, `&edit=<id>`, `&delete=<id>`; ./users.server.ts).
 *
 * Every successful save redirects (post/redirect/get) with a toast; a refused one keeps what
 * was typed, each message next to its field.
 */
import type { SubmissionResult } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/api/client.server";
import { createBankDetails, getBankDetails, updateBankDetails } from "~/api/settings/endpoints";
import { getPreference, getUser } from "~/api/user/endpoints";
import { requireUser } from "~/auth.server";
import { PageHeader } from "~/components/PageHeader";
import { BANK_FIELDS, bankLabel, settingsRuleMessage } from "~/forms/bank-form";
import { bankSchema } from "~/forms/bank-form.server";
import { parseForm } from "~/forms/parse.server";
import { formRules } from "~/forms/rules.server";
import { isUserIntent } from "~/forms/settings-user";
import { DEFAULT_LANGUAGE } from "~/i18n";
import i18next from "~/i18next.server";
import { languageOfPath } from "~/lib/language";
import { readForm } from "~/lib/multipart.server";
import { withNamespaces } from "~/lib/namespaces";
import { isSettingsTab, type SettingsTab } from "~/lib/settings-tabs";
import { hasFailed, markFailed, pageTitle } from "~/lib/title";
import { redirectWithToast } from "~/session.server";
import {
  awaitingReview,
  type CompanyReply,
  companyAction,
  loadCompany,
  readCompanyDetails,
} from "./company.server";
import { BankForm, CompanyTab } from "./components/lazy-parts";
import { SettingsTabs } from "./components/SettingsTabs";
import { UserSettingsForm } from "./components/UserSettingsForm";
import { UsersTab } from "./components/UsersTab";
import { loadUsers, type UserReply, usersAction } from "./users.server";

export const handle = { i18n: ["common", "settings"] };

export const clientLoader = withNamespaces(handle.i18n);

/** The tabs a user is offered: bank details are for admins only. */
const tabsOf = (admin: boolean): SettingsTab[] =>
  admin ? ["user", "company", "bank", "users"] : ["user", "company", "users"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const details = readCompanyDetails(api);
  const [user, t, awaiting] = await Promise.all([
    api.call(getUser),
    i18next.getFixedT(request, ["settings", "common"]),
    awaitingReview(details),
  ]);
  const tabs = tabsOf(user.admin);
  const asked = new URL(request.url).searchParams.get("tab");
  const tab: SettingsTab = isSettingsTab(asked) && tabs.includes(asked) ? asked : "user";
  const title = pageTitle(
    t,
    `${t(`settings:tabs.${tab}`)} – ${t("common:pages.settings.title")}`,
    hasFailed(context),
  );
  if (tab === "bank") {
    const bank = await api.call(getBankDetails).then(
      (list) => ({ details: list[0] }),
      (error: unknown) => {
        if (error instanceof ApiError) return { failed: true as const };
        throw error;
      },
    );
    return json({
      title,
      tabs,
      awaiting,
      tab,
      bank,
      bankRules: formRules(bankSchema(t)),
      users: null,
      userId: user.userId,
      localeCode: user.localeCode,
    });
  }
  if (tab === "company") {
    // The company's fields are registration's, with its messages.
    const tCompany = await i18next.getFixedT(request, ["settings", "auth", "common"]);
    const company = await loadCompany(
      api,
      languageOfPath(new URL(request.url).pathname) ?? DEFAULT_LANGUAGE,
      details,
      tCompany,
    );
    return json({
      title,
      tabs,
      awaiting,
      tab,
      bank: null,
      users: null,
      company,
      userId: user.userId,
      localeCode: user.localeCode,
    });
  }
  if (tab === "users") {
    const { users, dialog } = await loadUsers(api, user, new URL(request.url).searchParams, t);
    return json({
      title,
      tabs,
      awaiting,
      tab,
      bank: null,
      users,
      usersDialog: dialog,
      admin: user.admin,
      userId: user.userId,
      localeCode: user.localeCode,
    });
  }
  const preference = await api.call(getPreference).catch(() => ({ localeCode: user.localeCode }));
  return json({
    title,
    tabs,
    awaiting,
    tab,
    bank: null,
    users: null,
    userId: user.userId,
    localeCode: preference.localeCode,
  });
}

type Message = { kind: "failed"; text: string };

export async function action({ request, context }: ActionFunctionArgs) {
  if (new URL(request.url).searchParams.get("tab") === "company") {
    const { api } = await requireUser(request, context);
    const [me, t] = await Promise.all([
      api.call(getUser),
      i18next.getFixedT(request, ["settings", "auth", "common"]),
    ]);
    const language = languageOfPath(new URL(request.url).pathname) ?? DEFAULT_LANGUAGE;
    return companyAction({ request, api, me, language, t, context });
  }
  const formData = await readForm(request);
  const intent = formData.getAll("intent").length === 1 ? formData.get("intent") : null;
  if (isUserIntent(intent)) {
    const { api } = await requireUser(request, context);
    const [me, t] = await Promise.all([
      api.call(getUser),
      i18next.getFixedT(request, ["settings", "common"]),
    ]);
    return usersAction({
      intent,
      formData,
      api,
      me,
      t: t,
      context,
      pathname: new URL(request.url).pathname,
    });
  }
  if (intent !== "bank") throw new Response("Unknown intent.", { status: 400 });
  const { api } = await requireUser(request, context);
  const t = await i18next.getFixedT(request, ["settings", "common"]);
  const submission = parseForm(formData, bankSchema(t));
  // A refused form keeps what was typed.
  const reply = (fieldErrors: Record<string, string[]> = {}, message?: Message) => {
    markFailed(context);
    return json(
      { result: submission.reply({ fieldErrors }) as SubmissionResult<string[]>, message },
      400,
    );
  };
  if (submission.status !== "success") return reply();
  let existing: string | undefined;
  try {
    existing = (await api.call(getBankDetails))[0]?.id;
    if (existing)
      await api.call(updateBankDetails, { params: { id: existing }, body: submission.value });
    else {
      await api
        .call(createBankDetails, { body: submission.value })
        .catch(async (error: unknown) => {
          // Saved at the same moment from another tab: these details update the ones just made.
          if (
            !(
              error instanceof ApiError &&
              error.status === 409 &&
              error.errors?.id === "bankDetailsExist"
            )
          )
            throw error;
          existing = (await api.call(getBankDetails))[0]?.id;
          if (!existing) throw error;
          await api.call(updateBankDetails, { params: { id: existing }, body: submission.value });
        });
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const codes = Object.entries(error.errors ?? {});
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, code] of codes) {
      const known = BANK_FIELDS.find((name) => name === field);
      if (known) fieldErrors[known] = [settingsRuleMessage(t, code, bankLabel(t, known))];
    }
    const others = codes
      .filter(([field]) => !(field in fieldErrors))
      .map(([, code]) => settingsRuleMessage(t, code));
    const fallback = t(existing ? "settings:bank.updateFailed" : "settings:bank.saveFailed");
    return reply(fieldErrors, {
      kind: "failed",
      text: others.length ? `${fallback}: ${others.join(" ")}` : fallback,
    });
  }
  return redirectWithToast(`${new URL(request.url).pathname}?tab=bank`, {
    key: existing ? "bankDetailsUpdated" : "bankDetailsSaved",
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function SettingsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as
    | { result: SubmissionResult<string[]>; message?: Message }
    | UserReply
    | CompanyReply
    | undefined;
  const companyReply = actionData && "company" in actionData ? actionData.company : undefined;
  const bankReply =
    actionData && !("userDialog" in actionData) && !("company" in actionData)
      ? actionData
      : undefined;
  const { t } = useTranslation(["settings", "common"]);
  const details = data.bank && "details" in data.bank ? data.bank.details : undefined;
  return (
    <>
      <PageHeader
        title={t("common:pages.settings.title")}
        subtitle={t("common:pages.settings.subtitle")}
      />
      <SettingsTabs tabs={data.tabs} current={data.tab} awaiting={data.awaiting} />
      {data.tab === "company" && "company" in data ? (
        data.company === "failed" ? (
          <p
            role="alert"
            className="max-w-prose rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900"
          >
            {t("settings:company.loadFailed")}
          </p>
        ) : (
          <CompanyTab {...data.company} reply={companyReply} />
        )
      ) : data.tab === "bank" ? (
        data.bank && "failed" in data.bank ? (
          <p
            role="alert"
            className="max-w-prose rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900"
          >
            {t("settings:bank.loadFailed")}
          </p>
        ) : (
          <BankForm
            key={
              details
                ? `${details.id}:${details.accountName}:${details.bsb}:${details.accountNumber}`
                : "new"
            }
            details={details}
            rules={"bankRules" in data ? data.bankRules : {}}
            lastResult={bankReply?.result}
            message={bankReply?.message}
          />
        )
      ) : data.tab === "users" && data.users ? (
        data.users === "failed" ? (
          <p
            role="alert"
            className="max-w-prose rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900"
          >
            {t("settings:users.loadFailed")}
          </p>
        ) : (
          <UsersTab
            users={data.users}
            currentUserId={data.userId}
            admin={"admin" in data && data.admin === true}
            dialog={"usersDialog" in data ? data.usersDialog : null}
            reply={actionData && "userDialog" in actionData ? actionData : undefined}
          />
        )
      ) : (
        <UserSettingsForm localeCode={data.localeCode} />
      )}
    </>
  );
}
