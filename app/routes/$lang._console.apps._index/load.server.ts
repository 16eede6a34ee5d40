/**
 * The app list's data: `GET apps` and `GET resources/countries`, the remembered filters
 * applied here (the API answers all of the company's apps), shaped to what the cards show.
 */
import type { AppLoadContext } from "@remix-run/node";
import { lightFormat } from "date-fns";
import { listApps } from "~/api/apps/endpoints";
import type { AppListItem } from "~/api/apps/schemas";
import { ARCHIVE_FILTERS, canArchive, canDelete, showCardMenu } from "~/api/apps/status";
import { ApiError } from "~/api/client.server";
import type { CountryItem } from "~/api/resources/schemas";
import { requireUser } from "~/auth.server";
import i18next from "~/i18next.server";
import type { AppCardData, CardAction } from "~/lib/apps/cards";
import {
  applyPreferences,
  type ListPreferences,
  listPreferences,
  preferencesToSearch,
} from "~/lib/apps/list-preferences.server";
import { getCountries } from "~/lib/countries.server";
import type { ShownError } from "~/lib/errors";
import { hasFailed, pageTitle } from "~/lib/title";

type ListItem = AppListItem;

/**
 * The card menu's actions: no menu while a version is Live; unarchive for
 * an archived app, else archive; delete only when no version is Live, Paused, Beta or BetaPaused.
 */
export function cardActions(item: {
  isArchived: boolean;
  versions: readonly { statusCode: number }[];
}): CardAction[] {
  if (!showCardMenu(item.versions)) return [];
  const actions: CardAction[] = [];
  if (item.isArchived) actions.push("unarchive");
  else if (canArchive(item.versions)) actions.push("archive");
  if (canDelete(item.versions)) actions.push("delete");
  return actions;
}

/** A list item as its card shows it; the date as dd/MM/yyyy. */
export function toCard(item: ListItem, countryNames: ReadonlyMap<string, string>): AppCardData {
  return {
    appGroupId: item.appGroupId,
    name: item.name,
    iconUrl: item.appIcon?.url ?? null,
    countryCode: item.countryCode,
    countryName: countryNames.get(item.countryCode) ?? null,
    platforms: item.platforms,
    appType: item.appType,
    appLevel: item.appLevel,
    isArchived: item.isArchived,
    lastModified: {
      iso: item.lastModifiedDate,
      display: lightFormat(new Date(item.lastModifiedDate), "dd/MM/yyyy"),
    },
    versions: item.versions.map((v) => ({
      versionId: v.versionId,
      versionDisplay: v.versionDisplay,
      statusCode: v.statusCode,
      isLiveSubmissionRejected: v.isLiveSubmissionRejected,
    })),
    actions: cardActions(item),
  };
}

export async function loadAppList(request: Request, context: AppLoadContext) {
  const { api, language } = await requireUser(request, context);
  const t = await i18next.getFixedT(request, ["appList", "common"]);
  const { preferences, setCookie } = await listPreferences(request);
  if (setCookie) context.appendSetCookie(setCookie);

  let items: ListItem[] = [];
  let countries: CountryItem[] = [];
  let loadError: ShownError | null = null;
  try {
    [items, countries] = await Promise.all([api.call(listApps), getCountries(api, language)]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    loadError = { detail: error.detail, traceId: error.traceId, fallback: "fetchApps" };
  }
  const pickList = countries.map((country) => ({ code: country.code, name: country.name }));
  const known = new Set(pickList.map((country) => country.code));
  const filters: ListPreferences = {
    ...preferences,
    countries: loadError
      ? preferences.countries
      : preferences.countries.filter((code) => known.has(code)),
  };
  const countryNames = new Map(pickList.map((country) => [country.code, country.name]));
  return {
    title: pageTitle(t, t("common:pages.apps.title"), hasFailed(context)),
    filters,
    /** The query of 'clear filters': every country, every archive state, the same sort. */
    clearSearch: preferencesToSearch({
      countries: [],
      archived: ARCHIVE_FILTERS.all,
      sort: filters.sort,
    }).toString(),
    countries: pickList,
    total: items.length,
    apps: applyPreferences(items, filters, language).map((item) => toCard(item, countryNames)),
    loadError,
  };
}
