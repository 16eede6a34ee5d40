/**
 * The security page's action, for the clients of one tab (`isLive`): `generate` (new clients,
 * their secrets shown once: past the provider's limit the wait is said next to the button),
 * `permissions` (grant[], offlineAccess) and `callbacks` (isAppLive, callbackUrls). Every
 * success redirects to the tab with a toast.
 */

import { type AppLoadContext, json } from "@remix-run/node";
import type { TFunction } from "i18next";
import { type ApiClient, ApiError } from "~/api/client.server";
import { generateClients, listClients, updateClient } from "~/api/security/endpoints";
import { SECRET_ISSUES_PER_HOUR, sameUrls } from "~/api/security/rules";
import { requireUser } from "~/auth.server";
import { parseForm } from "~/forms/parse.server";
import {
  CALLBACKS_INTENT,
  PERMISSIONS_INTENT,
  readPermissions,
  securityRuleMessage,
} from "~/forms/security";
import { callbackUrlsSchema } from "~/forms/security.server";
import i18next from "~/i18next.server";
import { fetchAppGroup } from "~/lib/apps/group.server";
import type { ShownError } from "~/lib/errors";
import { readForm } from "~/lib/multipart.server";
import { waitFromNow } from "~/lib/retry-after";
import { pageHref, type Tab } from "~/lib/security/clients";
import { issuedSecretsHeader } from "~/lib/security/issued-secrets.server";
import { markFailed } from "~/lib/title";
import { redirectWithError, redirectWithToast } from "~/session.server";

/** A refusal in the user's words: each rule code the console knows, else the provider's detail or the fallback. */
function refusal(t: TFunction, error: ApiError, fallback: string): ShownError {
  const codes = Object.values(error.errors ?? {});
  if (codes.length > 0)
    return {
      detail: codes.map((code) => securityRuleMessage(t, code)).join(" "),
      traceId: error.traceId,
    };
  return { detail: error.detail, traceId: error.traceId, fallback };
}

export async function actOnClients(
  request: Request,
  context: AppLoadContext,
  appGroupId: string | undefined,
) {
  const { api, language } = await requireUser(request, context);
  const group = await fetchAppGroup(api, appGroupId);
  const url = new URL(request.url);
  const formData = await readForm(request);
  const t = await i18next.getFixedT(request, ["security", "common"]);
  const intent = formData.get("intent");
  const isLiveValue = formData.get("isLive");
  if (formData.getAll("intent").length !== 1 || (isLiveValue !== "true" && isLiveValue !== "false"))
    throw new Response("Unknown intent.", { status: 400 });
  const isLive = isLiveValue === "true";
  const tab: Tab = isLive ? "live" : "staging";
  const back = pageHref(url.pathname, tab);
  const posted: Posted = {
    api,
    context,
    t,
    language,
    formData,
    appGroupId: group.appGroupId,
    isLive,
    tab,
    back,
    query: { isLive: isLiveValue },
  };
  if (intent === "generate") return generate(posted);
  if (intent === PERMISSIONS_INTENT) return savePermissions(posted);
  if (intent === CALLBACKS_INTENT) return saveCallbacks(posted);
  throw new Response("Unknown intent.", { status: 400 });
}

/** A post of the page, for the tab's clients. */
interface Posted {
  api: ApiClient;
  context: AppLoadContext;
  t: TFunction;
  language: string;
  formData: FormData;
  appGroupId: string;
  isLive: boolean;
  tab: Tab;
  /** The page's address with the tab. */
  back: string;
  query: { isLive: "true" | "false" };
}

/** New clients for the tab; their secrets and private keys go to the page once, in a cookie. */
async function generate({ api, context, t, language, appGroupId, tab, back, query }: Posted) {
  try {
    const issued = await api.call(generateClients, { params: { id: appGroupId }, query });
    const cookie = await issuedSecretsHeader({
      appGroupId,
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

/** The sandbox-app client's permissions (the live-app's are read-only). */
async function savePermissions({ api, t, formData, appGroupId, back, query }: Posted) {
  const permissions = readPermissions(formData);
  if (!permissions)
    throw new Response("grant must be '{METHOD} {route}' and offlineAccess 'on' once.", {
      status: 400,
    });
  const { routes, offlineAccess } = permissions;
  try {
    await api.call(updateClient, {
      params: { id: appGroupId },
      query,
      body: { isAppLive: false, routes, offlineAccess },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithError(back, refusal(t, error, "updatingPermissions"));
  }
  return redirectWithToast(back, { key: "savedSuccessfully" });
}

/** A client's callback URLs; an unchanged list changes nothing. */
async function saveCallbacks(posted: Posted) {
  const { api, context, t, formData, appGroupId, isLive, tab, back, query } = posted;
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
    .call(listClients, { params: { id: appGroupId } })
    .catch((error: unknown) => {
      if (error instanceof ApiError) return [];
      throw error;
    });
  const current = clients.find((c) => c.isLive === isLive && c.isAppLive === isAppLive);
  if (current && sameUrls(current.redirectUrls, submission.value.callbackUrls))
    return redirectWithToast(back, { key: "noChanges" });
  try {
    await api.call(updateClient, {
      params: { id: appGroupId },
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
