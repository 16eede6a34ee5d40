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
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
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
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { CopyValue } from "~/components/ui/CopyButton";
import { withNamespaces } from "~/lib/namespaces";
import { pageHref } from "~/lib/security/clients";
import { actOnClients } from "./clients.server";
import { ClientCard } from "./components/ClientCard";
import { PermissionsDialog } from "./components/ClientSettings";
import { loadSecurityPage } from "./load.server";

export const handle = { i18n: ["common", "security"] };

export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadSecurityPage(request, context, params.appGroupId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return actOnClients(request, context, params.appGroupId);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store",
});

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
