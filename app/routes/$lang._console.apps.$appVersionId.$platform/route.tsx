/**
 * /apps/{appVersionId}/desktop, /web and /reporting: the platform schema editor. Only for a
 * public app (appType 0); any other platform segment is 'page not found'.
 *
 * The page edits the user's server-side draft of the platform (load.server.ts, and the
 * action's intents in action.server.ts): Add location, the location cards with their function
 * lists (Add item, Edit, Move up, Move down, Delete), Review changes, Discard and Save. A kept
 * draft that cannot be shown (over the JSON limits, or no document of the platform) is told,
 * with the saved schema shown and a Discard of its own. Save and every change are offered only
 * when the version passes the edit check (docs/decisions/0001-edit-check.md). Dialogs are
 * addressed by the query (`?dialog=add-location|item|delete-item|discard|changes`) and
 * rendered open by the server; with JavaScript they open and close without a page load, the
 * move buttons post through fetchers, and leaving a draft that differs from the saved schema
 * asks first.
 */

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { AppErrorBoundary } from "~/components/apps/AppErrorBoundary";
import { useLeaveGuard } from "~/components/apps/editor/UnsavedChanges";
import { Button } from "~/components/ui/Button";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { platformLimitMax } from "~/forms/platform-common";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import { errorMeta } from "~/lib/error-title";
import { withNamespaces } from "~/lib/namespaces";
import { dialogSearch } from "~/lib/platform/page-links";
import { buttonClass } from "~/lib/ui-classes";
import { editorAction } from "./action.server";
import { DownloadMenu } from "./components/ImportDownload";
import { LocationCards } from "./components/LocationCards";
import { AppVariantsForm } from "./components/lazy-dialogs";
import { ADD_LOCATION_BUTTON_ID } from "./components/opener-ids";
import { PageDialogs } from "./components/PageDialogs";
import type { DialogFailure } from "./intents.server";
import { loadPage } from "./load.server";
import type { SaveRefused } from "./save.server";

export const handle = { i18n: ["common", "appEditor", "platform"] };

export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadPage(request, context, params);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return editorAction(request, context, params);
}

/** Opening or closing a dialog changes only the query: the page stays as loaded, except for the item dialog's matter types. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const isGet = !formMethod || formMethod.toUpperCase() === "GET";
  const opened = nextUrl.searchParams.get("dialog");
  const opensItem =
    (opened === "item" || opened === "custom-view") &&
    currentUrl.searchParams.get("dialog") !== opened;
  if (
    isGet &&
    !opensItem &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search
  )
    return false;
  return defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data ? [{ title: data.title }] : errorMeta(error);

export default function PlatformEditorPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("platform");
  const { t: tc } = useTranslation("common");
  const navigation = useNavigation();
  const dirty = useRef(false);
  dirty.current = data.differs;
  const leaveDialog = useLeaveGuard(dirty);
  const busy = navigation.state === "submitting";
  const platformName = t(`appEditor:tabs.${data.platform}`);
  const answer = useActionData<typeof action>() as DialogFailure | SaveRefused | undefined;
  const actionData = answer && "result" in answer ? answer : undefined;
  const refused = answer?.intent === "save-refused" ? (answer as SaveRefused) : undefined;
  const { pathname } = useLocation();
  const desktop = data.platform === "desktop";
  return (
    <div>
      {refused ? (
        <ErrorSummary
          errors={refused.problems.map((problem, index) => ({
            id: `save-problem-${index}`,
            message: problem.message,
            to: problem.search ?? "#platform-locations",
          }))}
          intro={[
            refused.detail ?? t("errors.saveRefused"),
            refused.traceId ? tc("errors.traceId", { traceId: refused.traceId }) : "",
          ]
            .filter(Boolean)
            .join(" ")}
        />
      ) : null}
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-prose">
          <h2 className="text-2xl font-bold text-gray-900">
            {t("title", { platform: platformName })}
          </h2>
          <p className="mt-2 text-gray-800">{t("intro")}</p>
          {!data.canEdit ? (
            <p className="mt-2 font-semibold text-gray-900">{t("readOnly")}</p>
          ) : null}
          {data.differs ? (
            <p
              role="note"
              className="mt-2 rounded-md border-l-4 border-brand-600 bg-brand-50 px-3 py-2 text-gray-900"
            >
              {t("draftNotice")}
            </p>
          ) : null}
          {data.unreadableDraft ? (
            <div
              role="alert"
              className="mt-2 rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-gray-900"
            >
              <p>
                {t(`draftUnreadable.${data.unreadableDraft}`, {
                  max:
                    data.unreadableDraft === "invalid"
                      ? undefined
                      : platformLimitMax(data.unreadableDraft),
                })}
              </p>
              {data.canEdit ? (
                <Form method="post" className="mt-2">
                  <Button
                    type="submit"
                    variant="secondary"
                    name="intent"
                    value="discard"
                    disabled={busy}
                  >
                    {t("draftUnreadable.discard")}
                  </Button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {data.differs ? (
            <Link
              id="platform-changes-open"
              to={dialogSearch({ dialog: "changes" })}
              state={DIALOG_LINK_STATE}
              preventScrollReset
              className={buttonClass("secondary")}
            >
              {t("actions.changes")}
            </Link>
          ) : null}
          {data.canEdit && data.differs ? (
            <Link
              to={dialogSearch({ dialog: "discard" })}
              state={DIALOG_LINK_STATE}
              preventScrollReset
              className={buttonClass("secondary")}
            >
              {t("actions.discard")}
            </Link>
          ) : null}
          {data.canEdit ? (
            <Link
              to={dialogSearch({ dialog: "import" })}
              state={DIALOG_LINK_STATE}
              preventScrollReset
              className={buttonClass("secondary")}
            >
              {t("import.open")}
            </Link>
          ) : null}
          <DownloadMenu base={pathname} hasAccessToTest={data.hasAccessToTest} />
          {data.canEdit ? (
            <Form method="post">
              <Button type="submit" name="intent" value="save" disabled={busy || !data.differs}>
                {t("actions.save")}
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
      {desktop && data.canEdit ? (
        <>
          {data.variants.length > 0 ? (
            <AppVariantsForm
              stored={data.document.productVariants}
              variants={data.variants}
              rules={data.rules["app-variants"]}
              lastResult={actionData?.intent === "app-variants" ? actionData.result : undefined}
            />
          ) : null}
          <p className="mt-4">
            <Link
              to={dialogSearch({ dialog: "exceptions" })}
              state={DIALOG_LINK_STATE}
              preventScrollReset
              className={buttonClass("secondary")}
            >
              {t("exceptions.open", { number: data.document.exceptions?.length ?? 0 })}
            </Link>
          </p>
        </>
      ) : null}
      {data.canEdit ? (
        <Link
          id={ADD_LOCATION_BUTTON_ID}
          to={dialogSearch({ dialog: "add-location" })}
          state={DIALOG_LINK_STATE}
          preventScrollReset
          className={buttonClass("primary")}
        >
          {t("actions.addLocation")}
        </Link>
      ) : null}
      <div id="platform-locations" className="mt-4" />
      <LocationCards
        document={data.document}
        cards={data.cards}
        canEdit={data.canEdit}
        cardActions={(card) => (
          <>
            {data.updateRequired.includes(card.id) ? (
              <strong className="self-center rounded-md bg-amber-100 px-2 py-1 text-sm text-gray-900">
                {t("errors.updateRequired")}
              </strong>
            ) : null}
            {data.canEdit && card.isCustomView ? (
              <Link
                to={dialogSearch({ dialog: "custom-view", location: card.id })}
                state={DIALOG_LINK_STATE}
                preventScrollReset
                aria-label={t("customView.open", { name: card.name })}
                className={buttonClass("secondary")}
              >
                {t("customView.openShort")}
              </Link>
            ) : null}
            {desktop && data.canEdit ? (
              <Link
                to={dialogSearch({ dialog: "setting", location: card.id })}
                state={DIALOG_LINK_STATE}
                preventScrollReset
                aria-label={t("setting.open", { name: card.name })}
                className={buttonClass("secondary")}
              >
                {t("setting.openShort")}
              </Link>
            ) : null}
            {data.canEdit ? (
              <Link
                to={dialogSearch({ dialog: "remove-location", location: card.id })}
                state={DIALOG_LINK_STATE}
                preventScrollReset
                aria-label={t("a11y.removeLocation", { name: card.name })}
                className={buttonClass("danger")}
              >
                {t("actions.removeLocation")}
              </Link>
            ) : null}
          </>
        )}
      />
      <PageDialogs data={data} />
      {leaveDialog}
    </div>
  );
}

export const ErrorBoundary = AppErrorBoundary;
