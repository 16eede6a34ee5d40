/**
 * /apps/{appVersionId}/details: the app details of a version:
 * category (Other shows a warning), name, description; app type and country shown but
 * locked. Save and the Actions menu (Duplicate, Preview) only when the version can be
 * edited. Save sends `PUT apps/{id}` with the details (the listing is kept) and comes back
 * here with 'saved successfully'. The Duplicate dialog is `?duplicate={id}` on this page.
 */
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth.server";
import { AppErrorBoundary } from "~/components/apps/AppErrorBoundary";
import { DetailsForm } from "~/components/apps/editor/DetailsForm";
import { EditorActions } from "~/components/apps/editor/EditorActions";
import { VersionEditorPage } from "~/components/apps/editor/VersionEditorPage";
import i18next from "~/i18next.server";
import { readEditorDrafts } from "~/lib/apps/drafts.server";
import {
  EDITOR_NAMESPACES,
  editorPageHead,
  loadLookups,
  loadVersion,
} from "~/lib/apps/editor.server";
import { detailsRules, type EditorFailure } from "~/lib/apps/editor-save.server";
import { versionDialogRules } from "~/lib/apps/version-actions.server";
import { errorMeta } from "~/lib/error-title";
import { withNamespaces } from "~/lib/namespaces";
import { keepAfterUnreachable } from "~/lib/outage";
import { hasFailed } from "~/lib/title";
import { saveDetails } from "./details.server";

// appList: the entries of the version's Actions menu.
export const handle = { i18n: ["common", "apps", "appEditor", "appList"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language, session } = await requireUser(request, context);
  const [version, lookups] = await Promise.all([
    loadVersion(request, api, params.appVersionId),
    loadLookups(request, api),
  ]);
  const duplicating = new URL(request.url).searchParams.get("duplicate") === version.id;
  const drafts = await readEditorDrafts(session, version);
  const t = await i18next.getFixedT(request, EDITOR_NAMESPACES);
  // Unsaved changes kept when the person moved to the marketplace page come back here.
  const details = { ...version.details, ...drafts.details };
  const locked = { appType: version.details.appType, countryCode: version.details.countryCode };
  return json({
    ...editorPageHead(t, version, "details", hasFailed(context)),
    defaultValue: {
      categoryId: details.categoryId,
      name: details.name,
      appType: details.appType,
      description: details.description,
      countryCode: details.countryCode,
    },
    rules: await detailsRules(request, language, lookups, locked),
    locked: {
      appType: details.appType,
      countryCode: details.countryCode,
      countryName:
        lookups.countries.find((c) => c.code === details.countryCode)?.name ?? details.countryCode,
    },
    categories: lookups.categories,
    countries: lookups.countries,
    duplicateRules: duplicating
      ? (await versionDialogRules(request, language, { review: false })).duplicate
      : null,
    draft: { here: Boolean(drafts.details), other: Boolean(drafts.listing) },
    resetKey: `${version.modifiedDateTime}|${drafts.keptAt.details ?? ""}`,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return saveDetails(request, context, params.appVersionId);
}

/** After a save the provider was out of reach for, the form stays as typed. */
export const shouldRevalidate = keepAfterUnreachable;

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error ? errorMeta(error) : [{ title: data?.title }];

export default function VersionDetailsPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <VersionEditorPage
      tab="details"
      page={data}
      answer={answer as EditorFailure | { intent: "duplicate" } | undefined}
    >
      {(shared) => (
        <DetailsForm
          key={data.resetKey}
          {...shared}
          defaultValue={data.defaultValue}
          rules={data.rules}
          categories={data.categories}
          countries={data.countries}
          locked={data.locked}
          actions={<EditorActions version={data.version} preview={false} />}
        />
      )}
    </VersionEditorPage>
  );
}

export const ErrorBoundary = AppErrorBoundary;
