/**
 * Import: a required token, decoded by the contract's
 * decodeImportToken to show region, environment, firm type, firm id, staff id and user id
 * read only, with the picture of the environment's type (LIVE of region AUB is the Beta one);
 * a token that does not decode is 'invalid token' and Import is disabled.
 *
 * With JavaScript the token is decoded as it is typed. Without it the Decode button posts the
 * token (intent `decode`) and the server renders the decoded fields before Import.
 */

import { type SubmissionResult, useForm } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { decodeImportToken, type ImportValues, importEnvironmentType } from "~/api/instances/rules";
import { Button } from "~/components/ui/Button";
import {
  DialogCloseLink,
  useCloseDialog,
  useModalClose,
  useReturnFocus,
} from "~/components/ui/ConfirmDialog";
import { DialogForm } from "~/components/ui/DialogForm";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import { readImportForm } from "~/forms/instances";
import { useErrorTitle } from "~/lib/error-title";
import { useHydrated } from "~/lib/hydrated";
import { inputClass } from "~/lib/ui-classes";
import { EnvironmentPicture } from "./EnvironmentPicture";
import { IdList } from "./InstanceCard";
import { IMPORT_BUTTON_ID } from "./opener-ids";

const DECODED_FIELDS = [
  "region",
  "environment",
  "firmType",
  "firmId",
  "staffId",
  "userId",
] as const satisfies readonly (keyof ImportValues)[];

interface Props {
  closeHref: string;
  /** The token the server decoded (no JS), and its decoding. */
  token?: string;
  /** The browser's rules of the form (the page's loader derives them from the action's schema). */
  rules: FormRules;
  lastResult?: SubmissionResult<string[]>;
}

export function ImportDialog({ closeHref, token: postedToken = "", rules, lastResult }: Props) {
  const { t } = useTranslation("instances");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(IMPORT_BUTTON_ID);
  const [token, setToken] = useState(postedToken);
  const [form, fields] = useForm({
    id: "import-instance",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(formData, rules, (payload) => ({
        token: readImportForm(t, payload).error,
      })),
  });
  // Without JS the token is decoded only once the server has seen it.
  const decoded = token.trim() && (hydrated || postedToken) ? decodeImportToken(token) : undefined;
  const invalid =
    decoded && !decoded.ok ? t("errors.invalidToken", { field: t("fields.token") }) : undefined;
  const error = fields.token.errors?.[0] ?? invalid;
  useErrorTitle(Boolean(fields.token.errors?.length));
  const busy = navigation.state === "submitting";
  return (
    <Modal open title={t("import.title")} onClose={onClose}>
      <div ref={ref}>
        <ErrorSummary
          errors={
            fields.token.errors?.length
              ? [{ id: fields.token.id, message: fields.token.errors[0] }]
              : []
          }
        />
        <DialogForm form={form} hidden={{ dialog: "import" }}>
          <FieldFrame
            id={fields.token.id}
            label={t("fields.token")}
            hint={t("import.hint")}
            error={error}
          >
            {(aria) => (
              <textarea
                {...aria}
                name={fields.token.name}
                value={token}
                onChange={(event) => setToken(event.target.value)}
                rows={4}
                spellCheck={false}
                autoComplete="off"
                className={`${inputClass(error)} font-mono text-sm`}
              />
            )}
          </FieldFrame>
          {decoded?.ok ? (
            <section
              aria-labelledby="import-decoded-title"
              className="rounded-md border border-gray-300 bg-gray-50 p-3"
            >
              <h3 id="import-decoded-title" className="mb-2 font-semibold text-gray-900">
                {t("import.decoded")}
              </h3>
              <div className="space-y-3">
                <EnvironmentPicture
                  envType={importEnvironmentType(
                    decoded.payload.region,
                    decoded.payload.environment,
                  )}
                />
                <IdList
                  rows={DECODED_FIELDS.map(
                    (field) => [field, String(decoded.payload[field])] as const,
                  )}
                />
              </div>
            </section>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <DialogCloseLink href={closeHref} onClose={close}>
              {t("actions.cancel")}
            </DialogCloseLink>
            {hydrated ? null : (
              <Button type="submit" variant="secondary" name="intent" value="decode">
                {t("import.decode")}
              </Button>
            )}
            <Button type="submit" disabled={busy || !decoded?.ok}>
              {t("import.submit")}
            </Button>
          </div>
        </DialogForm>
      </div>
    </Modal>
  );
}
