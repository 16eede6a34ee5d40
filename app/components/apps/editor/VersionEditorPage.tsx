/**
 * A version editor's page (its details or its listing): the tab's heading, the form with the
 * answer of its last save, the Duplicate dialog and the error dialog of a save that failed.
 */
import { useParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorDialog } from "~/components/ErrorDialog";
import type { FormRules } from "~/forms/check";
import type { EditorFailure } from "~/lib/apps/editor-save.server";
import { EditorDuplicateDialog, type EditorVersion } from "./EditorActions";
import type { DraftState } from "./SaveBar";

export function VersionEditorPage({
  tab,
  page,
  answer,
  children,
}: {
  tab: "details" | "marketplace";
  /** The page's data: the version, and what the Duplicate dialog offers. */
  page: {
    page: string;
    version: EditorVersion;
    readOnlyReason: string | null;
    countries: { code: string; name: string }[] | null;
    duplicateRules: FormRules | null;
    draft: DraftState;
    resetKey: unknown;
  };
  /** The action's answer: a save's, or the Duplicate dialog's. */
  answer: EditorFailure | { intent: "duplicate" } | undefined;
  /** The page's form, given the props both forms take, the answer of a failed save and the version's address. */
  children: (
    shared: ReturnType<typeof formProps>,
    saveAnswer: EditorFailure | undefined,
    base: string,
  ) => ReactNode;
}) {
  const { version, countries, duplicateRules } = page;
  const { lang } = useParams();
  const { t } = useTranslation("appEditor");
  const saveAnswer = answer?.intent === "save" ? (answer as EditorFailure) : undefined;
  const base = `/${lang}/apps/${page.version.id}`;
  return (
    <>
      <h2 className="sr-only">{t(`tabs.${tab}`)}</h2>
      {children(formProps(page, saveAnswer, base), saveAnswer, base)}
      <EditorDuplicateDialog
        version={version}
        countries={countries}
        rules={duplicateRules}
        answer={answer as Parameters<typeof EditorDuplicateDialog>[0]["answer"]}
      />
      <ErrorDialog error={saveAnswer?.apiError} />
    </>
  );
}

/** The props the details and listing forms take alike. */
function formProps(
  page: Parameters<typeof VersionEditorPage>[0]["page"],
  saveAnswer: EditorFailure | undefined,
  base: string,
) {
  return {
    pageTitle: page.page,
    editable: page.version.editable,
    readOnlyReason: page.readOnlyReason ?? undefined,
    lastResult: saveAnswer?.result,
    failed: Boolean(saveAnswer?.apiError),
    siblings: [`${base}/details`, `${base}/marketplace`],
    draft: page.draft,
    resetKey: page.resetKey,
  };
}
