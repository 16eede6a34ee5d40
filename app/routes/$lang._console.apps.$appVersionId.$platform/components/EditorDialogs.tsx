/**
 * The URL-addressed dialogs of the platform schema editor: the server
 * renders each open from the page's query (`?dialog=add-location`, `?dialog=changes`), so
 * they work without JavaScript; with it they are modal (focus trapped, Escape closes) and
 * open and close without a page load. Their forms post to the page's action, which keeps the
 * change in the draft and comes back without the dialog.
 *
 * - Add location: the company's views and menus of this platform not present yet, by name
 *   (mustSelectLocation when none is chosen).
 * - Changes: what the draft adds, removes and changes against the saved schema.
 * - Clone to locations: an item copied to other locations (at least one; the accounting menu
 *   takes no cloned button when it already has buttons).
 */
import { getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { LocationSetting } from "~/api/resources/schemas";
import {
  DialogCloseLink,
  DialogFormButtons,
  useCloseDialog,
  useModalClose,
  useReturnFocus,
} from "~/components/ui/ConfirmDialog";
import { DialogForm } from "~/components/ui/DialogForm";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import { ADD_LOCATION_FORM_ID, CLONE_FORM_ID } from "~/forms/platform-location";
import { useErrorTitle } from "~/lib/error-title";
import { breadcrumb } from "~/lib/platform/cards";
import type { SchemaChange } from "~/lib/platform/changes";
import { inputClass } from "~/lib/ui-classes";
import { ADD_LOCATION_BUTTON_ID } from "./opener-ids";

export function AddLocationDialog({
  offered,
  closeHref,
  rules = {},
  lastResult,
}: {
  offered: readonly Pick<LocationSetting, "id" | "name">[];
  closeHref: string;
  /** What the browser checks (the page's loader derives it from the action's schema). */
  rules?: FormRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("platform");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(ADD_LOCATION_BUTTON_ID);
  const [form, fields] = useForm({
    id: ADD_LOCATION_FORM_ID,
    lastResult,
    // Checked again on the next post only: typing would clear the messages of the action, which judges what the rules cannot tell.
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, rules),
  });
  const error = fields.location.errors?.[0];
  useErrorTitle(Boolean(error));
  const hintId = `${form.id}-hint`;
  return (
    <Modal
      open
      title={t("addLocation.title")}
      onClose={onClose}
      describedBy={offered.length === 0 ? hintId : undefined}
    >
      <div ref={ref}>
        <ErrorSummary errors={error ? [{ id: fields.location.id, message: error }] : []} />
      </div>
      {offered.length === 0 ? (
        <>
          <p id={hintId} className="text-gray-800">
            {t("empty.noneOffered")}
          </p>
          <div className="mt-6 flex justify-end">
            <DialogCloseLink href={closeHref} onClose={close}>
              {t("actions.close")}
            </DialogCloseLink>
          </div>
        </>
      ) : (
        <DialogForm form={form} hidden={{ intent: "add-location" }}>
          <FieldFrame
            id={fields.location.id}
            label={t("fields.location")}
            hint={t("addLocation.hint")}
            error={error}
          >
            {(aria) => (
              <select
                {...getSelectProps(fields.location, { ariaAttributes: false })}
                {...aria}
                key={fields.location.key}
                className={inputClass(error)}
              >
                <option value="">{t("addLocation.choose")}</option>
                {offered.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <DialogFormButtons
            closeHref={closeHref}
            onClose={close}
            cancel={t("actions.cancel")}
            submit={t("addLocation.submit")}
          />
        </DialogForm>
      )}
    </Modal>
  );
}

/** The words of one change: its kind, its place (breadcrumb) and the fields that differ. */
function changeText(t: (key: string) => string, change: SchemaChange): string {
  const place = change.crumbs.length ? breadcrumb(change.crumbs) : t("changes.platform");
  const list = change.list ? ` (${t(`lists.${change.list}`)})` : "";
  const fields = change.fields?.length ? `: ${change.fields.join(", ")}` : "";
  return `${place}${list}${fields}`;
}

export function ChangesDialog({
  changes,
  closeHref,
}: {
  changes: readonly SchemaChange[];
  closeHref: string;
}) {
  const { t } = useTranslation("platform");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus("platform-changes-open");
  return (
    <Modal open title={t("changes.title")} onClose={onClose} describedBy="platform-changes-intro">
      <div ref={ref}>
        <p id="platform-changes-intro" className="text-gray-800">
          {changes.length ? t("changes.intro") : t("changes.none")}
        </p>
        {changes.length ? (
          <ul className="mt-4 space-y-2">
            {changes.map((change, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a list shown as it is, whose entries may repeat
                key={index}
                className="rounded-md border border-gray-300 p-2 text-sm text-gray-900 wrap-anywhere"
              >
                <strong className="mr-2">{t(`changes.kinds.${change.kind}`)}</strong>
                {changeText(t, change)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="mt-6 flex justify-end">
        <DialogCloseLink href={closeHref} onClose={close}>
          {t("actions.close")}
        </DialogCloseLink>
      </div>
    </Modal>
  );
}

/** Clone to locations: the locations the item can go to, at least one ticked. */
export function CloneDialog({
  location,
  path,
  itemName,
  targets,
  closeHref,
  rules = {},
  lastResult,
}: {
  location: string;
  path: string;
  itemName: string;
  targets: readonly { id: string; name: string }[];
  closeHref: string;
  /** What the browser checks (the page's loader derives it from the action's schema). */
  rules?: FormRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("platform");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  const [form, fields] = useForm({
    id: CLONE_FORM_ID,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, rules),
  });
  const error = fields.locations.errors?.[0];
  useErrorTitle(Boolean(error));
  const boxId = (id: string) => `${form.id}-${id}`;
  return (
    <Modal open title={t("clone.title", { name: itemName })} onClose={onClose}>
      <div ref={ref}>
        <ErrorSummary
          errors={error && targets[0] ? [{ id: boxId(targets[0].id), message: error }] : []}
        />
      </div>
      {targets.length === 0 ? (
        <>
          <p className="text-gray-800">{t("clone.none")}</p>
          <div className="mt-6 flex justify-end">
            <DialogCloseLink href={closeHref} onClose={close}>
              {t("actions.close")}
            </DialogCloseLink>
          </div>
        </>
      ) : (
        <DialogForm form={form} hidden={{ intent: "clone", location, path }}>
          <fieldset
            key={form.key}
            aria-describedby={error ? `${form.id}-error` : undefined}
            aria-invalid={Boolean(error)}
          >
            <legend className="text-sm font-semibold text-gray-900">{t("fields.locations")}</legend>
            {error ? (
              <p id={`${form.id}-error`} className="text-sm font-semibold text-red-700">
                {error}
              </p>
            ) : null}
            {targets.map((target) => (
              <label
                key={target.id}
                htmlFor={boxId(target.id)}
                className="flex min-h-11 items-center gap-2 text-gray-900"
              >
                <input
                  id={boxId(target.id)}
                  type="checkbox"
                  name="locations"
                  value={target.id}
                  className="h-5 w-5"
                />
                {target.name}
              </label>
            ))}
          </fieldset>
          <DialogFormButtons
            closeHref={closeHref}
            onClose={close}
            cancel={t("actions.cancel")}
            submit={t("clone.submit")}
          />
        </DialogForm>
      )}
    </Modal>
  );
}
