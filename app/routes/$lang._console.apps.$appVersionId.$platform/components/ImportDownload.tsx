/**
 * Import and Download of the platform schema editor.
 *
 * - `ImportDialog` (`?dialog=import`): a JSON schema pasted in a text area, with Arrange
 *   (pretty-printed by the page's action), Validate (`POST app-schema/validate`: valid, or each
 *   problem by its path in the words of its rule), Import (the platform of this page from the
 *   document, into the draft; validatingSchema when it is not one) and Cancel. Every button
 *   posts the form, so each works without JavaScript.
 * - `DownloadMenu`: a <details> menu of the configuration file of each environment (Dev, Test,
 *   Beta, Live), each as its 'staging' variant (users with test access only) and its 'live'
 *   variant; each entry is a link to the file, served as an attachment (downloadingSchema,
 *   back in the editor, when it fails).
 */
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ENVIRONMENTS } from "~/api/schema/values";
import { followingFileLink } from "~/components/apps/editor/UnsavedChanges";
import { Button } from "~/components/ui/Button";
import { DialogCloseLink, useCloseDialog, useModalClose } from "~/components/ui/ConfirmDialog";
import { FieldFrame } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { inputClass } from "~/lib/ui-classes";

/** What the page's action answered to Arrange, Validate or a refused Import. */
export interface ImportAnswer {
  json: string;
  validation?: { valid: boolean; problems: string[] };
  error?: string;
}

export const IMPORT_FORM_ID = "platform-import";

export function ImportDialog({ closeHref, answer }: { closeHref: string; answer?: ImportAnswer }) {
  const { t } = useTranslation("platform");
  const navigation = useNavigation();
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  const fieldId = `${IMPORT_FORM_ID}-json`;
  const busy = navigation.state === "submitting";
  return (
    <Modal
      open
      title={t("import.title")}
      onClose={onClose}
      className="w-[min(48rem,calc(100vw-2rem))]"
    >
      <div ref={ref}>
        {answer?.validation ? (
          <div
            role="status"
            className={`mb-4 rounded-md border-l-4 p-3 ${answer.validation.valid ? "border-green-700 bg-green-50" : "border-red-700 bg-red-50"}`}
          >
            <p className="font-semibold text-gray-900">
              {t(answer.validation.valid ? "import.valid" : "import.invalid")}
            </p>
            {answer.validation.problems.length ? (
              <ul className="mt-2 list-disc pl-5 text-sm text-gray-900">
                {answer.validation.problems.map((problem, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a list shown as it is, whose entries may repeat
                  <li key={index} className="wrap-anywhere">
                    {problem}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      <Form id={IMPORT_FORM_ID} method="post" replace preventScrollReset className="space-y-4">
        <FieldFrame
          id={fieldId}
          label={t("fields.json")}
          hint={t("import.hint")}
          error={answer?.error}
        >
          {(aria) => (
            <textarea
              {...aria}
              key={answer?.json ?? ""}
              name="json"
              rows={14}
              spellCheck={false}
              defaultValue={answer?.json ?? ""}
              className={`${inputClass(answer?.error)} font-mono text-sm`}
            />
          )}
        </FieldFrame>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogCloseLink href={closeHref} onClose={close}>
            {t("actions.cancel")}
          </DialogCloseLink>
          <Button
            type="submit"
            variant="secondary"
            name="intent"
            value="import-arrange"
            disabled={busy}
          >
            {t("import.arrange")}
          </Button>
          <Button
            type="submit"
            variant="secondary"
            name="intent"
            value="import-validate"
            disabled={busy}
          >
            {t("import.validate")}
          </Button>
          <Button type="submit" name="intent" value="import" disabled={busy}>
            {t("import.submit")}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

/** The address of an environment's file: `live` false is the staging variant. */
export const downloadHref = (base: string, env: string, live: boolean) =>
  `${base}/download/${env}?live=${live}`;

export function DownloadMenu({
  base,
  hasAccessToTest,
}: {
  base: string;
  hasAccessToTest: boolean;
}) {
  const { t } = useTranslation("platform");
  return (
    <details className="relative">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-gray-400 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100">
        {t("download.menu")}
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-64 rounded-md border border-gray-300 bg-white p-2 shadow-lg">
        {ENVIRONMENTS.flatMap((env) =>
          [...(hasAccessToTest ? [false] : []), true].map((live) => (
            <li key={`${env}-${live}`}>
              {/* No `download` attribute: the file comes as an attachment, and a failed download's redirect back to the editor (downloadingSchema) is shown instead of saved as a file. */}
              <a
                href={downloadHref(base, env, live)}
                onClick={followingFileLink}
                className="flex min-h-11 items-center rounded px-3 text-sm text-brand-700 underline hover:bg-gray-100"
              >
                {t("download.entry", {
                  env: t(`download.envs.${env}`),
                  variant: t(live ? "download.live" : "download.staging"),
                })}
              </a>
            </li>
          )),
        )}
      </ul>
    </details>
  );
}
