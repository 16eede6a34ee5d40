/**
 * The form of a review dialog (a submit, a pause or unpause request): the browser's rules and
 * the contract's checks before posting, the error summary (the page's title says the form
 * failed), closing the modal with focus back on the version's menu, and its text inputs.
 */
import { getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useCloseDialog, useModalClose, useReturnFocus } from "~/components/ui/ConfirmDialog";
import { InputField } from "~/components/ui/Field";
import { checkForm, type FormRules } from "~/forms/check";
import { useErrorTitle } from "~/lib/error-title";
import { useDialogHref, usePageAction } from "~/lib/page-action";
import { versionMenuId } from "./VersionMenu";

/** What a review dialog's form is given by the page. */
export interface ReviewFormProps {
  rules: FormRules;
  lastResult?: SubmissionResult<string[]>;
}

export function useReviewForm({
  id,
  versionId,
  rules,
  lastResult,
  defaultValue,
  names,
  check,
}: ReviewFormProps & {
  id: string;
  versionId: string;
  defaultValue?: Record<string, string | null | undefined>;
  /** The form's fields, in the order of the error summary. */
  names: readonly string[];
  /** The contract's checks of the form's texts, worded. */
  check: (payload: Record<string, unknown>) => Record<string, string | undefined>;
}) {
  const pageAction = usePageAction();
  const dialog = useDialogHref();
  const close = useCloseDialog(dialog.close);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(versionMenuId(versionId));
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, rules, check),
  });
  const summary = names.flatMap((name) => {
    const message = fields[name].errors?.[0];
    return message ? [{ id: fields[name].id, message }] : [];
  });
  useErrorTitle(summary.length > 0);
  /** A text input of the form, labelled and with its message. */
  const input = (
    name: string,
    type: "text" | "email" | "tel",
    autoComplete: string,
    label: string,
  ) => (
    <InputField
      {...getInputProps(fields[name], { type, ariaAttributes: false })}
      key={fields[name].key}
      label={label}
      error={fields[name].errors?.[0]}
      autoComplete={autoComplete}
    />
  );
  return {
    pageAction,
    dialog,
    close,
    ref,
    onClose,
    form,
    fields,
    summary,
    introId: `${form.id}-intro`,
    input,
  };
}
