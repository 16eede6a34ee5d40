/**
 * /apps/new/details: a new app. The same form as a version's
 * details, with the app type and country to choose. Save creates the app (`POST apps` with
 * an id made by the console when the form was shown, so sending the form twice cannot make
 * two apps) and goes to /apps/{id}/marketplace in place of this page in the history.
 */
import { randomUUID } from "node:crypto";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth.server";
import { AppErrorBoundary } from "~/components/apps/AppErrorBoundary";
import { DetailsForm } from "~/components/apps/editor/DetailsForm";
import { EditorHeader } from "~/components/apps/editor/EditorHeader";
import { ErrorDialog } from "~/components/ErrorDialog";
import i18next from "~/i18next.server";
import { EDITOR_NAMESPACES, loadLookups } from "~/lib/apps/editor.server";
import { detailsRules } from "~/lib/apps/editor-save.server";
import { errorMeta } from "~/lib/error-title";
import { withNamespaces } from "~/lib/namespaces";
import { hasFailed, pageTitle } from "~/lib/title";
import { createApp } from "./create.server";

export const handle = { i18n: ["common", "apps", "appEditor"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const [lookups, t] = await Promise.all([
    loadLookups(request, api),
    i18next.getFixedT(request, EDITOR_NAMESPACES),
  ]);
  const page = t("appEditor:title.newApp");
  return json({
    page,
    title: pageTitle(t, page, hasFailed(context)),
    id: randomUUID(),
    rules: await detailsRules(request, language, lookups),
    categories: lookups.categories,
    countries: lookups.countries,
    siblings: [`/${language}/apps/new/details`],
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return createApp(request, context);
}

/** A failed create keeps the form as typed (and its id): nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate);

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error ? errorMeta(error) : [{ title: data?.title }];

export default function NewAppDetailsPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <EditorHeader mode="new" />
      <DetailsForm
        pageTitle={data.page}
        defaultValue={{
          id: data.id,
          categoryId: null,
          name: "",
          appType: null,
          description: "",
          countryCode: "",
        }}
        rules={data.rules}
        categories={data.categories}
        countries={data.countries}
        editable
        lastResult={answer?.result}
        failed={Boolean(answer?.apiError)}
        siblings={data.siblings}
        resetKey="new"
      />
      <ErrorDialog error={answer?.apiError} />
    </>
  );
}

export const ErrorBoundary = AppErrorBoundary;
