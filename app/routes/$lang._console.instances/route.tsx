/**
 * /instances: the company's sandbox accounts (docs/decisions/0058-sandbox-accounts-and-usage.md).
 *
 * - Title, subtitle, Import, New credentials and the Download menu (desktop downloads by
 *   country and version, only when there are any).
 * - Tabs `?tab=staging|live` with their counts: staging (TEST, DEV) first for users with test
 *   access, who alone see it; live (LIVE, LIVEB). A card per account of the tab.
 * - Dialogs by URL, rendered open by the server: `?dialog=new`, `?dialog=import`,
 *   `?dialog=configure&id=`, `?dialog=delete&id=`.
 *
 * Posts name their dialog (`dialog`): new (intent `choose` re-renders the choices without
 * saving), import (intent `decode` shows the decoded token without importing), configure and
 * delete. Every success redirects (post/redirect/get) with a toast; a refused form keeps what
 * was typed (but the passwords) with each message next to its field.
 */

import type { SubmissionResult } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/api/client.server";
import {
  createInstance,
  deleteInstance,
  importInstance,
  updateConfiguration,
} from "~/api/instances/endpoints";
import { requireUser } from "~/auth.server";
import { ErrorDialog } from "~/components/ErrorDialog";
import { PageHeader } from "~/components/PageHeader";
import { ButtonLink } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { formFieldOf, instanceRuleMessage, SANDBOXES, type SandboxChoice } from "~/forms/instances";
import { configurationSchema, importSchema, newCredentialsSchema } from "~/forms/instances.server";
import { parseForm } from "~/forms/parse.server";
import { formRules } from "~/forms/rules.server";
import i18next from "~/i18next.server";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import type { ShownError } from "~/lib/errors";
import { readForm } from "~/lib/multipart.server";
import { withNamespaces } from "~/lib/namespaces";
import { hasFailed, markFailed, pageTitle } from "~/lib/title";
import { redirectWithError, redirectWithToast } from "~/session.server";
import { DesktopDownloads } from "./components/DesktopDownloads";
import { InstanceCard } from "./components/InstanceCard";
import { InstanceTabs } from "./components/InstanceTabs";
import { ConfigurationDialog, ImportDialog, NewCredentialsDialog } from "./components/lazy-dialogs";
import { deleteLinkId, IMPORT_BUTTON_ID, NEW_BUTTON_ID } from "./components/opener-ids";
import { DIALOGS, type Dialog, pageHref, type Tab, tabOfType } from "./links";
import {
  countryChoices,
  defaultCountryOf,
  getPingMoreFlags,
  isDevelopmentBuild,
  loadPage,
} from "./load.server";

export const handle = { i18n: ["common", "instances"] };

export const clientLoader = withNamespaces(handle.i18n);

const dialogOf = (value: string | null): Dialog | undefined => DIALOGS.find((d) => d === value);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const url = new URL(request.url);
  const t = await i18next.getFixedT(request, ["instances", "common"]);
  const page = await loadPage(api, url.searchParams.get("tab"));
  const dialog = dialogOf(url.searchParams.get("dialog"));
  const id = url.searchParams.get("id");
  const card =
    dialog === "configure" || dialog === "delete" ? page.cards.find((c) => c.id === id) : undefined;
  const [choices, defaultCountry] =
    dialog === "new"
      ? await Promise.all([countryChoices(api, language, page.flags), defaultCountryOf(api)])
      : [undefined, null];
  const { flags: _flags, ...shown } = page;
  return json({
    title: pageTitle(t, t("instances:title"), hasFailed(context)),
    ...shown,
    dialog:
      dialog === "new" || dialog === "import" || card
        ? { kind: dialog as Dialog, instanceId: card?.id ?? null }
        : null,
    choices: choices ?? null,
    // The rules of the form of the dialog shown, checked in the browser.
    rules: choices
      ? formRules(newCredentialsSchema(t, choices))
      : dialog === "import"
        ? formRules(importSchema(t))
        : null,
    // The new-credentials dialog opens on the company's default country.
    defaultCountry,
    // A development build names each staging account's environment type beside its username.
    showType: page.tab === "staging" && isDevelopmentBuild(),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** A refused or failed post of a dialog: what was typed (conform's result) and, when the provider failed, the error dialog's text. */
type NewReply = {
  dialog: "new";
  sandbox?: SandboxChoice;
  countryCode: string;
  result?: SubmissionResult<string[]>;
  shown?: ShownError;
};
type ImportReply = {
  dialog: "import";
  token: string;
  result?: SubmissionResult<string[]>;
  shown?: ShownError;
};

/** The rule codes of a refusal in the user's words, else `fallback`. */
function refusal(t: TFunction, error: ApiError, fallback: string): ShownError {
  const codes = Object.entries(error.errors ?? {});
  if (codes.length > 0)
    return {
      detail: codes
        .map(([field, code]) =>
          instanceRuleMessage(t, code, formFieldOf(field.split(".").pop() ?? field)),
        )
        .join(" "),
      traceId: error.traceId,
    };
  return { detail: fallback, traceId: error.traceId };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "staging" ? "staging" : "live";
  const back = pageHref(url.pathname, tab);
  const formData = await readForm(request);
  const t = await i18next.getFixedT(request, ["instances", "common"]);
  const dialog = formData.get("dialog");
  const intents = formData.getAll("intent");
  if (formData.getAll("dialog").length !== 1 || intents.length > 1)
    throw new Response("Unknown form.", { status: 400 });
  const intent = intents[0];

  if (dialog === "new" && (intent === undefined || intent === "choose")) {
    const choices = await countryChoices(api, language, await getPingMoreFlags(api));
    const sandboxValue = formData.get("sandbox");
    const sandbox = SANDBOXES.find((s) => s === sandboxValue);
    const countryCode = String(formData.get("countryCode") ?? "");
    if (intent === "choose") return json<NewReply>({ dialog: "new", sandbox, countryCode });
    const submission = parseForm(formData, newCredentialsSchema(t, choices));
    const fail = (fieldErrors?: Record<string, string[]>, shown?: ShownError) => {
      markFailed(context);
      const result = submission.reply({
        fieldErrors,
        hideFields: ["password", "confirmPassword"],
      }) as SubmissionResult<string[]>;
      return json<NewReply>({ dialog: "new", sandbox, countryCode, result, shown }, 400);
    };
    if (submission.status !== "success") return fail();
    try {
      await api.call(createInstance, { body: submission.value.body });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const codes = Object.entries(error.errors ?? {});
      if (error.status < 500 && codes.length > 0)
        return fail(
          Object.fromEntries(
            codes.map(([field, code]) => [
              formFieldOf(field),
              [instanceRuleMessage(t, code, formFieldOf(field))],
            ]),
          ),
        );
      // The provider failed: the dialog stays with what was typed, and the error dialog says so.
      return fail({}, { detail: t("instances:errors.savingData"), traceId: error.traceId });
    }
    return redirectWithToast(pageHref(url.pathname, submission.value.sandbox), {
      key: "savedSuccessfully",
    });
  }

  if (dialog === "import" && (intent === undefined || intent === "decode")) {
    const token = String(formData.get("token") ?? "");
    if (intent === "decode") return json<ImportReply>({ dialog: "import", token });
    const submission = parseForm(formData, importSchema(t));
    if (submission.status !== "success") {
      markFailed(context);
      return json<ImportReply>(
        { dialog: "import", token, result: submission.reply() as SubmissionResult<string[]> },
        400,
      );
    }
    try {
      await api.call(importInstance, { body: submission.value });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      markFailed(context);
      return json<ImportReply>(
        {
          dialog: "import",
          token,
          shown: refusal(t, error, t("instances:errors.updatingPermissions")),
        },
        400,
      );
    }
    return redirectWithToast(pageHref(url.pathname, tabOfType(submission.value.environment)), {
      key: "savedSuccessfully",
    });
  }

  const id = String(formData.get("id") ?? "");
  if (dialog === "configure" && intent === undefined) {
    const submission = parseForm(formData, configurationSchema);
    if (submission.status !== "success")
      throw new Response("The configuration could not be read.", { status: 400 });
    try {
      await api.call(updateConfiguration, { params: { id }, body: submission.value });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const codes = Object.keys(error.errors ?? {}).length;
      return redirectWithError(
        back,
        codes ? refusal(t, error, "") : { detail: error.detail, traceId: error.traceId },
      );
    }
    return redirectWithToast(back, { key: "savedSuccessfully" });
  }

  if (dialog === "delete" && intent === undefined) {
    try {
      await api.call(deleteInstance, { params: { id } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithError(back, {
        detail: t("instances:errors.deletingData"),
        traceId: error.traceId,
      });
    }
    return redirectWithToast(back, { key: "deletedSuccessfully" });
  }

  throw new Response("Unknown form.", { status: 400 });
}

export default function InstancesPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("instances");
  const { pathname } = useLocation();
  const close = pageHref(pathname, data.tab);
  const dialogCard = data.dialog?.instanceId
    ? data.cards.find((c) => c.id === data.dialog?.instanceId)
    : undefined;
  const newReply =
    actionData && "dialog" in actionData && actionData.dialog === "new"
      ? (actionData as NewReply)
      : undefined;
  const importReply =
    actionData && "dialog" in actionData && actionData.dialog === "import"
      ? (actionData as ImportReply)
      : undefined;
  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          <>
            <ButtonLink
              id={IMPORT_BUTTON_ID}
              variant="secondary"
              to={pageHref(pathname, data.tab, { dialog: "import" })}
              state={DIALOG_LINK_STATE}
              preventScrollReset
            >
              {t("import.open")}
            </ButtonLink>
            <ButtonLink
              id={NEW_BUTTON_ID}
              to={pageHref(pathname, data.tab, { dialog: "new" })}
              state={DIALOG_LINK_STATE}
              preventScrollReset
            >
              {t("new.open")}
            </ButtonLink>
            {data.downloads.length > 0 ? <DesktopDownloads downloads={data.downloads} /> : null}
          </>
        }
      />
      <InstanceTabs tabs={data.tabs} current={data.tab} href={(tab) => pageHref(pathname, tab)} />
      {data.failed ? (
        <p
          role="alert"
          className="mb-6 max-w-prose rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900"
        >
          {t("errors.fetchingData")}
        </p>
      ) : null}
      <section aria-labelledby="instances-tab-title">
        <h2 id="instances-tab-title" className="sr-only">
          {t(`tabs.${data.tab}`)}
        </h2>
        {data.cards.length === 0 && !data.failed ? (
          <p className="text-gray-800">{t(`empty.${data.tab}`)}</p>
        ) : null}
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.cards.map((card) => (
            <InstanceCard
              key={card.id}
              card={card}
              showType={data.showType}
              configureHref={pageHref(pathname, data.tab, { dialog: "configure", id: card.id })}
              deleteHref={pageHref(pathname, data.tab, { dialog: "delete", id: card.id })}
            />
          ))}
        </div>
      </section>
      {data.dialog?.kind === "new" && data.choices ? (
        <NewCredentialsDialog
          key={newReply ? `${newReply.sandbox ?? "none"}-${newReply.countryCode}` : "new"}
          choices={data.choices}
          hasAccessToTest={data.user.hasAccessToTest}
          sandbox={newReply?.sandbox}
          countryCode={newReply?.countryCode ?? data.defaultCountry ?? undefined}
          user={data.user}
          rules={data.rules ?? {}}
          lastResult={newReply?.result}
          closeHref={close}
        />
      ) : null}
      {data.dialog?.kind === "import" ? (
        <ImportDialog
          closeHref={close}
          token={importReply?.token}
          rules={data.rules ?? {}}
          lastResult={importReply?.result}
        />
      ) : null}
      {data.dialog?.kind === "configure" && dialogCard ? (
        <ConfigurationDialog key={dialogCard.id} instance={dialogCard} closeHref={close} />
      ) : null}
      {data.dialog?.kind === "delete" && dialogCard ? (
        <ConfirmDialog
          title={t("delete.title")}
          body={<p>{t("delete.body", { username: dialogCard.username })}</p>}
          closeHref={close}
          returnFocusTo={deleteLinkId(dialogCard.id)}
          danger
        >
          <input type="hidden" name="dialog" value="delete" />
          <input type="hidden" name="id" value={dialogCard.id} />
        </ConfirmDialog>
      ) : null}
      {/* Last, so that without JS it lies above the dialog it tells about. */}
      <ErrorDialog error={newReply?.shown ?? importReply?.shown} />
    </>
  );
}
