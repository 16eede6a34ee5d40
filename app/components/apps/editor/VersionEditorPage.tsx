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

export function VersionEditorPage({
  tab,
  page: { version, countries, duplicateRules },
  answer,
  children,
}: {
  tab: "details" | "marketplace";
  /** The page's data: the version, and what the Duplicate dialog offers. */
  page: {
    version: EditorVersion;
    countries: { code: string; name: string }[] | null;
    duplicateRules: FormRules | null;
  };
  /** The action's answer: a save's, or the Duplicate dialog's. */
  answer: EditorFailure | { intent: "duplicate" } | undefined;
  /** The page's form, given the answer of a failed save and the version's address. */
  children: (saveAnswer: EditorFailure | undefined, base: string) => ReactNode;
}) {
  const { lang } = useParams();
  const { t } = useTranslation("appEditor");
  const saveAnswer = answer?.intent === "save" ? (answer as EditorFailure) : undefined;
  return (
    <>
      <h2 className="sr-only">{t(`tabs.${tab}`)}</h2>
      {children(saveAnswer, `/${lang}/apps/${version.id}`)}
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
