/**
 * /apps/{appVersionId}/marketplace: the marketplace listing of a
 * version, every field with the spec's rules and messages, the images with previews, the
 * overview's rich-text editor (JS) or HTML textarea (no JS). Save (when the version can be
 * edited) uploads the chosen files and sends `PUT apps/{id}` with the whole version (details
 * and listing); Preview opens the marketplace preview in a new tab (not for app level 3);
 * the Actions menu holds Duplicate and Preview.
 */
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { sanitizeOverview } from "~/api/apps/overview.server";
import { requireUser } from "~/auth.server";
import { AppErrorBoundary } from "~/components/apps/AppErrorBoundary";
import { EditorActions } from "~/components/apps/editor/EditorActions";
import { VersionEditorPage } from "~/components/apps/editor/VersionEditorPage";
import i18next from "~/i18next.server";
import { readEditorDrafts } from "~/lib/apps/drafts.server";
import {
  EDITOR_NAMESPACES,
  editorPageHead,
  loadVersion,
  svgAllowed,
  versionSummary,
} from "~/lib/apps/editor.server";
import type { EditorFailure } from "~/lib/apps/editor-save.server";
import { versionDialogRules } from "~/lib/apps/version-actions.server";
import { getCountries } from "~/lib/countries.server";
import { errorMeta } from "~/lib/error-title";
import { withNamespaces } from "~/lib/namespaces";
import { keepAfterUnreachable } from "~/lib/outage";
import { hasFailed } from "~/lib/title";
import { MarketplaceForm } from "./components/MarketplaceForm";
import { saveListing } from "./listing.server";
import { listingRules, versionImages } from "./listing-form.server";

// appList: the entries of the version's Actions menu.
export const handle = { i18n: ["common", "apps", "appEditor", "appList"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language, session } = await requireUser(request, context);
  const version = await loadVersion(request, api, params.appVersionId);
  const drafts = await readEditorDrafts(session, version);
  const summary = versionSummary(version);
  const duplicating =
    new URL(request.url).searchParams.get("duplicate") === version.id && summary.editable;
  const [allowSvg, countries, t, dialogRules] = await Promise.all([
    svgAllowed(api, version.details.countryCode),
    duplicating
      ? getCountries(api, language)
          .then((list) => list.map((c) => ({ code: c.code, name: c.name })))
          .catch(() => null)
      : Promise.resolve(null),
    i18next.getFixedT(request, EDITOR_NAMESPACES),
    duplicating ? versionDialogRules(request, language, { review: false }) : null,
  ]);
  // Unsaved changes kept when the person moved to the details page come back here.
  const marketplace = drafts.listing ?? version.marketplace;
  return json({
    ...editorPageHead(t, version, "marketplace", hasFailed(context)),
    listing: {
      ...marketplace,
      detail: {
        ...marketplace.detail,
        description: sanitizeOverview(marketplace.detail.description),
      },
    },
    images: versionImages({ ...version, marketplace }),
    appType: version.details.appType,
    rules: await listingRules(request, language, version.details.appType),
    allowSvg,
    countries,
    duplicateRules: dialogRules?.duplicate ?? null,
    draft: { here: Boolean(drafts.listing), other: Boolean(drafts.details) },
    resetKey: `${version.modifiedDateTime}|${drafts.keptAt.listing ?? ""}`,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return saveListing(request, context, params.appVersionId);
}

/** An upload on choice (JS) changes nothing stored, nor does a save the provider was out of reach for: the page keeps what it shows. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.formData?.get("intent") === "upload-files" ? false : keepAfterUnreachable(args);

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error ? errorMeta(error) : [{ title: data?.title }];

export default function VersionMarketplacePage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <VersionEditorPage
      tab="marketplace"
      page={data}
      answer={answer as EditorFailure | { intent: "duplicate" } | undefined}
    >
      {(shared, saveAnswer, base) => (
        <MarketplaceForm
          key={data.resetKey}
          {...shared}
          listing={data.listing}
          rules={data.rules}
          images={saveAnswer?.images ?? data.images}
          answeredImages={saveAnswer?.images}
          appType={data.appType}
          allowSvg={data.allowSvg}
          formError={saveAnswer?.formError}
          actions={<EditorActions version={data.version} preview />}
          detailsHref={`${base}/details`}
        />
      )}
    </VersionEditorPage>
  );
}

export const ErrorBoundary = AppErrorBoundary;
