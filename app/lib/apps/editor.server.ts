/**
 * Loading an app version for the pages of one (its editors, its preview, its platforms):
 * the version, or a 404 that shows nothing of someone else's app; the editors' lookups; the
 * status the console answers for a provider's error.
 */
import { json } from "@remix-run/node";
import type { TFunction } from "i18next";
import { getApp } from "~/api/apps/endpoints";
import type { AppVersion } from "~/api/apps/schemas";
import { isEditable } from "~/api/apps/status";
import { type ApiClient, ApiError, ProviderUnreachable } from "~/api/client.server";
import { getAppCategories } from "~/api/resources/endpoints";
import type { AppCategory, CountryItem } from "~/api/resources/schemas";
import i18next from "~/i18next.server";
import { getCountries } from "~/lib/countries.server";
import { countryFlags } from "~/lib/feature-flags.server";
import { logger } from "~/lib/log.server";
import { pageTitle } from "~/lib/title";

export const EDITOR_NAMESPACES = ["appEditor", "apps", "appList", "common"] as const;

const VERSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isVersionId = (value: unknown): value is string =>
  typeof value === "string" && VERSION_ID.test(value);

/** The body of an error Response a loader throws: the page title, and the API's error when it was not a 404. */
export interface LoadError {
  title: string;
  detail?: string;
  traceId?: string;
  fallback?: string;
}

/** A 404 Response ('page not found'), with the page title for the route's meta. */
export async function notFound(request: Request): Promise<Response> {
  const t = await i18next.getFixedT(request, "common");
  return json<LoadError>(
    { title: pageTitle(t, t("errors.notFoundTitle")) },
    { status: 404, statusText: "Not Found" },
  );
}

/** The Response a failed load becomes: 404 for anything not found, else the API's error for the boundary. */
export async function loadFailure(
  request: Request,
  error: unknown,
  fallback = "fetchApp",
): Promise<Response> {
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 404 || error.status === 400 || error.status === 403)
    return notFound(request);
  const t = await i18next.getFixedT(request, "common");
  logger.warn(
    { status: error.status, url: error.url, traceId: error.traceId },
    "app editor: loading failed",
  );
  return json<LoadError>(
    {
      title: pageTitle(t, t("errors.somethingWentWrong")),
      detail: error.detail,
      traceId: error.traceId,
      fallback,
    },
    { status: answerStatus(error) },
  );
}

/**
 * The status the console answers for an error of the provider: 503 when the provider could
 * not be reached (a page then keeps what it shows: app/lib/outage.ts), 502 for its other
 * server errors, else the provider's own.
 */
export const answerStatus = (error: ApiError) =>
  error instanceof ProviderUnreachable ? 503 : error.status >= 500 ? 502 : error.status;

/** `GET apps/{id}`; an unknown, foreign or malformed id throws a 404 Response (nothing of the app is sent). */
export async function loadVersion(
  request: Request,
  api: ApiClient,
  id: string | undefined,
): Promise<AppVersion> {
  if (!isVersionId(id)) throw await notFound(request);
  try {
    return await api.call(getApp, { params: { id } });
  } catch (error) {
    throw await loadFailure(request, error);
  }
}

export interface Lookups {
  categories: AppCategory[];
  countries: Pick<CountryItem, "code" | "name">[];
}

/** Categories and pick-list countries (IE is never one). */
export async function loadLookups(request: Request, api: ApiClient): Promise<Lookups> {
  const language = await i18next.getLocale(request);
  try {
    const [categories, countries] = await Promise.all([
      api.call(getAppCategories),
      getCountries(api, language),
    ]);
    return {
      categories,
      countries: countries.map((country) => ({ code: country.code, name: country.name })),
    };
  } catch (error) {
    throw await loadFailure(request, error, "fetchingData");
  }
}

/** The name of an app's category; null when it is not one of the categories, or they cannot be read. */
export async function categoryName(
  api: ApiClient,
  categoryId: number | null,
): Promise<string | null> {
  const categories = await api.call(getAppCategories).catch(() => []);
  return categories.find((c) => c.id === categoryId)?.name ?? null;
}

/** Whether the country's allow-svg-button flag is on (off when the flags cannot be read: the provider decides anyway). */
export async function svgAllowed(api: ApiClient, countryCode: string): Promise<boolean> {
  return (await countryFlags(api, countryCode))["allow-svg-button"];
}

/** The version's editable state and title parts. */
export function versionSummary(version: AppVersion) {
  return {
    id: version.id,
    name: version.details.name,
    versionDisplay: version.versionNumberDisplay,
    statusCode: version.statusCode,
    isLiveSubmissionRejected: version.isLiveSubmissionRejected,
    appLevel: version.appLevel,
    editable: isEditable(version.statusCode, version.isArchived),
    isArchived: version.isArchived,
  };
}
export type VersionSummary = ReturnType<typeof versionSummary>;

/** The top of a version editor's page: its title (marked when a save failed), the version, and why it cannot be edited. */
export function editorPageHead(
  t: TFunction,
  version: AppVersion,
  tab: "details" | "marketplace",
  failed: boolean,
) {
  const summary = versionSummary(version);
  const page = t("appEditor:title.page", {
    page: t(`appEditor:tabs.${tab}`),
    name: summary.name,
    version: summary.versionDisplay,
    status: t(`apps:status.${version.status}`, { defaultValue: version.status }),
  });
  return {
    page,
    title: pageTitle(t, page, failed),
    version: summary,
    readOnlyReason: summary.editable
      ? null
      : t(summary.isArchived ? "appEditor:notEditable.archived" : "appEditor:notEditable.status", {
          status: t(`apps:status.${version.status}`),
        }),
  };
}
