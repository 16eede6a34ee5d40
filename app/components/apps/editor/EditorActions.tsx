/**
 * Beside Save on the app version pages: Preview (the marketplace preview of the listing in a
 * new tab; not when the app level is 3) and the Actions menu of the version (VersionMenu:
 * Duplicate, Preview), shown only when the version can be edited. The Duplicate dialog of
 * the menu is addressed by `?duplicate={versionId}` on the page (EditorDuplicateDialog), and
 * posts `intent=duplicate` to the page's action.
 */

import type { SubmissionResult } from "@conform-to/react";
import { useParams, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { APP_LEVEL_WITHOUT_PREVIEW } from "~/api/apps/status";
import { DuplicateDialog } from "~/components/apps/lazy-dialogs";
import { VersionMenu } from "~/components/apps/VersionMenu";
import { ErrorDialog, type ShownError } from "~/components/ErrorDialog";
import { Icon } from "~/components/Icon";

import type { FormRules } from "~/forms/check";
import { buttonClass } from "~/lib/ui-classes";

export interface EditorVersion {
  id: string;
  name: string;
  versionDisplay: string;
  statusCode: number;
  appLevel: number;
  editable: boolean;
}

/** The marketplace preview of a version: `/{lang}/preview?app-id={id}&preview=true`. */
export const previewHref = (lang: string, versionId: string) =>
  `/${lang}/preview?${new URLSearchParams({ "app-id": versionId, preview: "true" })}`;

export function EditorActions({ version, preview }: { version: EditorVersion; preview: boolean }) {
  const { t } = useTranslation("appEditor");
  const { lang = "en-AU" } = useParams();
  return (
    <>
      {preview && version.appLevel !== APP_LEVEL_WITHOUT_PREVIEW ? (
        <a
          href={previewHref(lang, version.id)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("secondary")}
        >
          {t("actions.preview")}
          <Icon name="external" className="h-4 w-4" />
          <span className="sr-only"> {t("common:nav.opensInNewTab")}</span>
        </a>
      ) : null}
      {version.editable ? (
        <VersionMenu
          version={{
            versionId: version.id,
            versionDisplay: version.versionDisplay,
            statusCode: version.statusCode,
          }}
          appName={version.name}
          appLevel={version.appLevel}
        />
      ) : null}
    </>
  );
}

interface DuplicateAnswer {
  intent?: string;
  result?: SubmissionResult<string[]> | null;
  apiError?: ShownError | null;
}

/**
 * The Duplicate dialog when `?duplicate=` names this version (the server renders it open), with
 * the browser's rules of its form (`versionDialogRules` in the page's loader).
 */
export function EditorDuplicateDialog({
  version,
  countries,
  rules,
  answer,
}: {
  version: EditorVersion;
  countries: { code: string; name: string }[] | null;
  rules: FormRules | null;
  answer?: DuplicateAnswer | null;
}) {
  const [searchParams] = useSearchParams();
  const duplicate = answer?.intent === "duplicate" ? answer : null;
  return (
    <>
      {version.editable && countries && rules && searchParams.get("duplicate") === version.id ? (
        <DuplicateDialog
          key={version.id}
          version={{ versionId: version.id, versionDisplay: version.versionDisplay }}
          appName={version.name}
          countries={countries}
          rules={rules}
          lastResult={duplicate?.result}
        />
      ) : null}
      <ErrorDialog error={duplicate?.apiError} />
    </>
  );
}

/**
 * The top of both editor forms: the page's actions (Preview, the Actions menu), why the
 * version cannot be edited, or the note on required fields. Save is at the end of the form
 * (SaveBar).
 */
export function EditorToolbar({
  editable,
  actions,
  readOnlyReason,
}: {
  editable: boolean;
  actions?: ReactNode;
  readOnlyReason?: ReactNode;
}) {
  const { t } = useTranslation("appEditor");
  return (
    <>
      {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
      {!editable && readOnlyReason ? (
        <p className="rounded-md border-l-4 border-blue-700 bg-blue-50 p-4 text-blue-950">
          {readOnlyReason}
        </p>
      ) : null}
      {editable ? <p className="text-sm text-gray-700">{t("requiredNote")}</p> : null}
    </>
  );
}
