/**
 * /apps/group/{appGroupId}/security: reachable once the app
 * is pre-approved; while the group requires a pre-approval and has no approved one, the page
 * shows the warning with a link to the approval page instead. Once pre-approved:
 *
 * - Live and Staging tabs (`?tab=live|staging`; Staging only for users with test access), each
 *   with the tab's sandbox-app and live-app clients, or a button generating them;
 * - each client's id, secret, public and private API keys (the secret and private key only on
 *   the page after they were issued: the provider answers them once), with copy buttons (JS);
 * - the permissions dialog (`?permissions={clientId}`): routes grouped by permission group
 *   with GET, POST, PUT, DELETE and the offline_access toggle; read-only for the live-app;
 * - the callback URLs of each client; Save is enabled only when changed (JS), and without JS
 *   an unchanged save says so and changes nothing;
 * - issuing new secrets (`?reissue=live|staging`, confirmed); past the provider's limit of them
 *   (429), the page says when to try again next to the control that asked;
 * - the debug password: DEBUG_PASSWORD_PREFIX followed by the day of the month.
 *
 * Intents: `generate` (isLive), `permissions` (isLive, grant[], offlineAccess), `callbacks`
 * (isLive, isAppLive, callbackUrls). Every success redirects (post/redirect/get) with a toast.
 */
import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useParams,
  useSearchParams,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listPreApprovals } from "~/api/approvals/endpoints";
import { hasApprovedPreApproval } from "~/api/approvals/rules";
import { type ApiClient, ApiError } from "~/api/client.server";
import {
  generateClients,
  listClients,
  listPermissions,
  updateClient,
} from "~/api/security/endpoints";
import {
  debugPassword,
  groupPermissions,
  OFFLINE_ACCESS_OPERATION,
  SECRET_ISSUES_PER_HOUR,
  sameUrls,
} from "~/api/security/rules";
import { getUser } from "~/api/user/endpoints";
import { requireUser } from "~/auth.server";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { CopyValue } from "~/components/ui/CopyButton";
import { env } from "~/env.server";
import type { Translate } from "~/forms/app-editor";
import type { FormRules } from "~/forms/check";
import { parseForm } from "~/forms/parse.server";
import { formRules } from "~/forms/rules.server";
import {
  CALLBACKS_INTENT,
  PERMISSIONS_INTENT,
  readPermissions,
  securityRuleMessage,
} from "~/forms/security";
import { callbackUrlsSchema } from "~/forms/security.server";
import i18next from "~/i18next.server";
import { fetchAppGroup, groupErrorResponse } from "~/lib/apps/group.server";
import type { ShownError } from "~/lib/errors";
import { readForm } from "~/lib/multipart.server";
import { withNamespaces } from "~/lib/namespaces";
import { waitFromNow } from "~/lib/retry-after";
import { issuedSecretsHeader, readIssuedSecrets } from "~/lib/security/issued-secrets.server";
import { hasFailed, markFailed, pageTitle } from "~/lib/title";
import { redirectWithError, redirectWithToast } from "~/session.server";
import { CallbackForm, type ClientView, PermissionsDialog } from "./clients";

export const handle = { i18n: ["common", "security"] };

export const clientLoader = withNamespaces(handle.i18n);

type Tab = "live" | "staging";
const tabOf = (value: string | null, hasAccessToTest: boolean): Tab =>
  value === "staging" && hasAccessToTest ? "staging" : "live";

/** The page's URL with the tab and without any dialog. */
const pageHref = (pathname: string, tab: Tab) =>
  tab === "live" ? pathname : `${pathname}?tab=staging`;

async function isApproved(
  api: ApiClient,
  group: { appGroupId: string; isPreApprovalRequired: boolean },
) {
  if (!group.isPreApprovalRequired) return true;
  const approvals = await api
    .call(listPreApprovals, { params: { groupId: group.appGroupId } })
    .catch((error: unknown) => {
      throw groupErrorResponse(error);
    });
  return hasApprovedPreApproval(approvals);
}

const failure = (error: unknown) => {
  throw groupErrorResponse(error);
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const group = await fetchAppGroup(api, params.appGroupId);
  const t = await i18next.getFixedT(request, ["security", "common"]);
  const title = pageTitle(t, t("security:pageTitle", { name: group.name }), hasFailed(context));
  const base = { title, name: group.name, appGroupId: group.appGroupId };
  if (!(await isApproved(api, group))) return json({ ...base, approved: false as const });

  const url = new URL(request.url);
  const wantsPermissions = url.searchParams.get("permissions");
  const [user, clients, catalogue] = await Promise.all([
    api.call(getUser).catch(failure),
    api.call(listClients, { params: { id: group.appGroupId } }).catch(failure),
    wantsPermissions
      ? api.call(listPermissions, { params: { id: group.appGroupId } }).catch(failure)
      : Promise.resolve(null),
  ]);
  const tab = tabOf(url.searchParams.get("tab"), user.hasAccessToTest);
  const issued = await readIssuedSecrets(request, group.appGroupId);
  const shown: ClientView[] = clients
    .filter((c) => c.isLive === (tab === "live"))
    .map((c) => {
      const once = issued.clients.find((i) => i.clientId === c.id);
      return {
        id: c.id,
        isAppLive: c.isAppLive,
        publicApiKey: c.publicApiKey,
        secret: once?.secret ?? null,
        privateApiKey: once?.privateApiKey ?? null,
        routes: c.routes,
        offlineAccess: c.offlineAccess,
        redirectUrls: c.redirectUrls,
      };
    });
  const dialogClient = shown.find((c) => c.id === wantsPermissions);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (issued.clear) headers.append("Set-Cookie", issued.clear);
  return json(
    {
      ...base,
      approved: true as const,
      tabs: (user.hasAccessToTest ? ["live", "staging"] : ["live"]) as Tab[],
      tab,
      clients: shown,
      permissions:
        dialogClient && catalogue
          ? {
              clientId: dialogClient.id,
              groups: groupPermissions(catalogue),
              offlineAccess: catalogue.some((p) => p.operationId === OFFLINE_ACCESS_OPERATION),
            }
          : null,
      reissue: url.searchParams.get("reissue") === tab && shown.length > 0,
      debugPassword: debugPassword(env().DEBUG_PASSWORD_PREFIX, new Date()),
      // The rules of each client's callback URL form.
      rules: { callbacks: formRules(callbackUrlsSchema(t as unknown as Translate)) },
    },
    { headers },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store",
});

/** A refusal in the user's words: each rule code the console knows, else the provider's detail or the fallback. */
function refusal(t: Translate, error: ApiError, fallback: string): ShownError {
  const codes = Object.values(error.errors ?? {});
  if (codes.length > 0)
    return {
      detail: codes.map((code) => securityRuleMessage(t, code)).join(" "),
      traceId: error.traceId,
    };
  return { detail: error.detail, traceId: error.traceId, fallback };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const group = await fetchAppGroup(api, params.appGroupId);
  const url = new URL(request.url);
  const formData = await readForm(request);
  const t = (await i18next.getFixedT(request, ["security", "common"])) as unknown as Translate;
  const intent = formData.get("intent");
  const isLiveValue = formData.get("isLive");
  if (formData.getAll("intent").length !== 1 || (isLiveValue !== "true" && isLiveValue !== "false"))
    throw new Response("Unknown intent.", { status: 400 });
  const isLive = isLiveValue === "true";
  const tab: Tab = isLive ? "live" : "staging";
  const back = pageHref(url.pathname, tab);
  const query = { isLive: isLiveValue } as const;

  if (intent === "generate") {
    try {
      const issued = await api.call(generateClients, { params: { id: group.appGroupId }, query });
      const cookie = await issuedSecretsHeader({
        appGroupId: group.appGroupId,
        clients: issued.flatMap((c) =>
          c.secret && c.privateApiKey
            ? [{ clientId: c.id, secret: c.secret, privateApiKey: c.privateApiKey }]
            : [],
        ),
      });
      return redirectWithToast(
        back,
        { key: "clientsGenerated" },
        { headers: { "Set-Cookie": cookie } },
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 429 && error.errors?.id === "tooManySecretIssues") {
        // Shown next to the button that asked, with the wait the provider gave.
        markFailed(context);
        const wait = error.retryAfter ?? 60 * 60;
        const message = t("security:errors.tooManySecretIssues", {
          max: SECRET_ISSUES_PER_HOUR,
          when: waitFromNow(wait, language),
        });
        return json(
          { generateRefused: { tab, message } },
          { status: 429, headers: { "Retry-After": String(wait) } },
        );
      }
      return redirectWithError(back, refusal(t, error, "requestFailed"));
    }
  }

  if (intent === PERMISSIONS_INTENT) {
    const permissions = readPermissions(formData);
    if (!permissions)
      throw new Response("grant must be '{METHOD} {route}' and offlineAccess 'on' once.", {
        status: 400,
      });
    const { routes, offlineAccess } = permissions;
    try {
      await api.call(updateClient, {
        params: { id: group.appGroupId },
        query,
        body: { isAppLive: false, routes, offlineAccess },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithError(back, refusal(t, error, "updatingPermissions"));
    }
    return redirectWithToast(back, { key: "savedSuccessfully" });
  }

  if (intent === CALLBACKS_INTENT) {
    const isAppLive = formData.get("isAppLive") === "true";
    const formId = `callbacks-${tab}-${isAppLive ? "live-app" : "sandbox-app"}`;
    const submission = parseForm(formData, callbackUrlsSchema(t));
    const fail = (fieldErrors?: Record<string, string[]>) => {
      markFailed(context);
      return json(
        {
          formId,
          result: submission.reply(fieldErrors ? { fieldErrors } : undefined),
          apiError: null,
        },
        400,
      );
    };
    if (submission.status !== "success") return fail();
    // The saved list, to say that an unchanged save changes nothing; a refusal here is the update's to report.
    const clients = await api
      .call(listClients, { params: { id: group.appGroupId } })
      .catch((error: unknown) => {
        if (error instanceof ApiError) return [];
        throw error;
      });
    const current = clients.find((c) => c.isLive === isLive && c.isAppLive === isAppLive);
    if (current && sameUrls(current.redirectUrls, submission.value.callbackUrls))
      return redirectWithToast(back, { key: "noChanges" });
    try {
      await api.call(updateClient, {
        params: { id: group.appGroupId },
        query,
        body: { isAppLive, callbackUrls: submission.value.callbackUrls },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const code = error.status === 400 ? error.errors?.callbackUrls : undefined;
      if (code) return fail({ callbackUrls: [securityRuleMessage(t, code)] });
      return redirectWithError(back, refusal(t, error, "updatingCallbackUrls"));
    }
    return redirectWithToast(back, { key: "savedSuccessfully" });
  }

  throw new Response("Unknown intent.", { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function Gate({ appGroupId }: { appGroupId: string }) {
  const { t } = useTranslation("security");
  const { lang } = useParams();
  return (
    <div
      role="alert"
      className="max-w-prose rounded-md border-2 border-amber-600 bg-amber-50 p-4 text-amber-950"
    >
      <p>{t("needsPreApproval")}</p>
      <p className="mt-2">
        <Link to={`/${lang}/apps/group/${appGroupId}/approval`} className="font-semibold underline">
          {t("goToApproval")}
        </Link>
      </p>
    </div>
  );
}

export default function SecurityPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("security");
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold text-gray-900 wrap-anywhere">
        {t("title", { name: data.name })}
      </h1>
      {data.approved ? <Clients /> : <Gate appGroupId={data.appGroupId} />}
    </>
  );
}

type ApprovedData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { approved: true }>;

function Clients() {
  const data = useLoaderData<typeof loader>() as ApprovedData;
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("security");
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const pathname = `/${useParams().lang}/apps/group/${data.appGroupId}/security`;
  const close = pageHref(pathname, data.tab);
  const isLive = data.tab === "live";
  const dialogClient = data.permissions
    ? data.clients.find((c) => c.id === data.permissions?.clientId)
    : undefined;
  const anyIssued = data.clients.some((c) => c.secret);
  const reissueId = `reissue-${data.tab}`;
  const refused =
    actionData && "generateRefused" in actionData && actionData.generateRefused.tab === data.tab
      ? actionData.generateRefused.message
      : undefined;
  const refusedNote = refused ? (
    <p id="generate-refused" role="alert" className="mt-2 max-w-prose font-semibold text-red-700">
      {refused}
    </p>
  ) : null;
  return (
    <>
      <p className="mb-6 max-w-prose text-gray-800">{t("intro")}</p>
      <nav aria-label={t("tabs.label")} className="mb-6 border-b border-gray-300">
        <ul className="flex gap-2">
          {data.tabs.map((tab) => (
            <li key={tab}>
              <Link
                to={pageHref(pathname, tab)}
                aria-current={tab === data.tab ? "page" : undefined}
                className={`inline-block border-b-4 px-4 py-2 font-semibold ${tab === data.tab ? "border-brand-600 text-gray-900" : "border-transparent text-gray-700 hover:text-gray-900"}`}
              >
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="clients-title" className="mb-10">
        <h2 id="clients-title" className="mb-3 text-xl font-bold text-gray-900">
          {t(`clients.title.${data.tab}`)}
        </h2>
        {data.clients.length === 0 ? (
          <>
            <p className="mb-4 max-w-prose text-gray-800">{t("clients.none")}</p>
            <Form method="post" replace>
              <input type="hidden" name="isLive" value={String(isLive)} />
              <Button
                type="submit"
                name="intent"
                value="generate"
                disabled={navigation.state === "submitting"}
                aria-describedby={refused ? "generate-refused" : undefined}
              >
                {t("clients.generate")}
              </Button>
            </Form>
            {refusedNote}
          </>
        ) : (
          <>
            {anyIssued ? (
              <p
                role="alert"
                className="mb-4 max-w-prose rounded-md border-2 border-amber-600 bg-amber-50 p-4 text-amber-950"
              >
                {t("clients.shownOnce")}
              </p>
            ) : null}
            <div className="grid gap-6 lg:grid-cols-2">
              {data.clients.map((client) => (
                <ClientCard
                  key={client.id}
                  client={client}
                  tab={data.tab}
                  pathname={pathname}
                  rules={data.rules.callbacks}
                  formResult={actionData && "formId" in actionData ? actionData : undefined}
                />
              ))}
            </div>
            <p className="mt-6">
              <Link
                id={reissueId}
                to={`${close}${close.includes("?") ? "&" : "?"}reissue=${data.tab}`}
                preventScrollReset
                className="font-semibold text-brand-700 underline"
                aria-describedby={refused ? "generate-refused" : undefined}
              >
                {t("clients.reissue")}
              </Link>
            </p>
            {refusedNote}
          </>
        )}
      </section>

      <section aria-labelledby="debug-title" className="max-w-prose">
        <h2 id="debug-title" className="mb-2 text-xl font-bold text-gray-900">
          {t("debug.title")}
        </h2>
        <p className="mb-2 text-gray-800">{t("debug.hint")}</p>
        <CopyValue value={data.debugPassword} label={t("debug.title")} />
      </section>

      {dialogClient && data.permissions ? (
        <PermissionsDialog
          client={dialogClient}
          permissions={data.permissions}
          tab={data.tab}
          closeHref={close}
        />
      ) : null}
      {data.reissue && searchParams.get("reissue") === data.tab && !refused ? (
        <ConfirmDialog
          title={t("confirmReissue.title")}
          body={<p>{t("confirmReissue.body")}</p>}
          closeHref={close}
          returnFocusTo={reissueId}
          danger
        >
          <input type="hidden" name="intent" value="generate" />
          <input type="hidden" name="isLive" value={String(isLive)} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function ClientCard({
  client,
  tab,
  pathname,
  rules,
  formResult,
}: {
  client: ClientView;
  tab: Tab;
  pathname: string;
  rules: FormRules;
  formResult?: { formId: string; result: unknown };
}) {
  const { t } = useTranslation("security");
  const variant = client.isAppLive ? "liveApp" : "sandboxApp";
  const titleId = `client-${client.id}`;
  const granted = client.routes.reduce((sum, r) => sum + r.methods.length, 0);
  const dialogHref = `${pageHref(pathname, tab)}${tab === "live" ? "?" : "&"}permissions=${client.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-gray-300 bg-white p-4">
      <h3 id={titleId} className="mb-3 text-lg font-bold text-gray-900">
        {t(`clients.${variant}`)}
      </h3>
      <dl className="space-y-3 text-sm">
        {(
          [
            ["id", client.id],
            ["secret", client.secret],
            ["publicApiKey", client.publicApiKey],
            ["privateApiKey", client.privateApiKey],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt className="font-semibold text-gray-900">{t(`clients.${term}`)}</dt>
            <dd>
              {value ? (
                <CopyValue
                  value={value}
                  label={`${t(`clients.${variant}`)}: ${t(`clients.${term}`)}`}
                />
              ) : (
                <span className="text-gray-700">{t("clients.hidden")}</span>
              )}
            </dd>
          </div>
        ))}
        <div>
          <dt className="font-semibold text-gray-900">{t("permissions.title")}</dt>
          <dd className="flex flex-wrap items-center gap-3">
            <span className="text-gray-800">
              {t("permissions.summary", { count: granted })} ·{" "}
              {t(client.offlineAccess ? "permissions.offlineOn" : "permissions.offlineOff")}
            </span>
            <Link
              id={`permissions-${client.id}`}
              to={dialogHref}
              preventScrollReset
              className="font-semibold text-brand-700 underline"
              aria-label={t(client.isAppLive ? "permissions.viewLabel" : "permissions.editLabel", {
                client: t(`clients.${variant}`),
              })}
            >
              {t(client.isAppLive ? "permissions.view" : "permissions.edit")}
            </Link>
          </dd>
        </div>
      </dl>
      {/* A new saved list remounts the form: the field shows what was saved. */}
      <CallbackForm
        key={client.redirectUrls.join(",")}
        client={client}
        tab={tab}
        rules={rules}
        formResult={formResult}
      />
    </article>
  );
}
