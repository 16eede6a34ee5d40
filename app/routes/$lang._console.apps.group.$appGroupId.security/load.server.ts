/** What the security page reads: the group, whether it is pre-approved, its clients and permissions. */
import { type AppLoadContext, json } from "@remix-run/node";
import { listPreApprovals } from "~/api/approvals/endpoints";
import { hasApprovedPreApproval } from "~/api/approvals/rules";
import type { ApiClient } from "~/api/client.server";
import { listClients, listPermissions } from "~/api/security/endpoints";
import { debugPassword, groupPermissions, OFFLINE_ACCESS_OPERATION } from "~/api/security/rules";
import { getUser } from "~/api/user/endpoints";
import { requireUser } from "~/auth.server";
import { env } from "~/env.server";
import { formRules } from "~/forms/rules.server";
import { callbackUrlsSchema } from "~/forms/security.server";
import i18next from "~/i18next.server";
import { fetchAppGroup, groupErrorResponse } from "~/lib/apps/group.server";
import { type ClientView, type Tab, tabOf } from "~/lib/security/clients";
import { readIssuedSecrets } from "~/lib/security/issued-secrets.server";
import { hasFailed, pageTitle } from "~/lib/title";

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

/**
 * The page's data: the gate while the group needs a pre-approval it has not got; else the
 * tab's clients (a secret and private key only on the page after they were issued), the
 * permissions dialog's catalogue when it is open, and the callback forms' rules.
 */
export async function loadSecurityPage(
  request: Request,
  context: AppLoadContext,
  appGroupId: string | undefined,
) {
  const { api } = await requireUser(request, context);
  const group = await fetchAppGroup(api, appGroupId);
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
      rules: { callbacks: formRules(callbackUrlsSchema(t)) },
    },
    { headers },
  );
}
