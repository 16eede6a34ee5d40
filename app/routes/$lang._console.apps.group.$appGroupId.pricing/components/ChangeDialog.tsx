/**
 * Submit price change (`?change=1`): a dialog the server renders open, with the new price of
 * a paid app in force.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  DialogFormButtons,
  useCloseDialog,
  useModalClose,
  useReturnFocus,
} from "~/components/ui/ConfirmDialog";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { Modal } from "~/components/ui/Modal";
import { checkForm } from "~/forms/check";
import { payloadTexts } from "~/forms/payload";
import { checkPriceChange } from "~/forms/pricing";
import { useErrorTitle } from "~/lib/error-title";
import { useDialogHref } from "~/lib/page-action";
import type { PricingData } from "../load.server";
import { AmountField } from "./AmountField";
import { CHANGE_BUTTON_ID } from "./opener-ids";

export function ChangeDialog({
  data,
  lastResult,
}: {
  data: PricingData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation("pricing");
  const dialog = useDialogHref();
  const close = useCloseDialog(dialog.close);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(CHANGE_BUTTON_ID);
  const [form, fields] = useForm<{ amount?: string }>({
    id: "price-change",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(
        formData,
        data.rules.change ?? {},
        (payload) =>
          checkPriceChange(t, i18n.language, payloadTexts(payload, ["amount"]), data.active?.amount)
            .errors ?? {},
      ),
  });
  const error = fields.amount.errors?.[0];
  useErrorTitle(Boolean(error));
  const introId = `${form.id}-intro`;
  const hint = t("change.hint", { currency: data.currency });
  return (
    <Modal
      open
      title={t("change.title", { name: data.name })}
      onClose={onClose}
      describedBy={introId}
    >
      <div ref={ref} id={introId} className="mb-4 text-gray-800">
        <p>{t("change.current", { price: data.active?.text.price ?? "" })}</p>
      </div>
      <ErrorSummary errors={error ? [{ id: fields.amount.id, message: error }] : []} />
      <Form method="post" replace preventScrollReset {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value="change" />
        <AmountField
          field={fields.amount}
          label={t("change.fields.amount")}
          hint={hint}
          symbol={data.symbol}
        />
        <DialogFormButtons
          closeHref={dialog.close}
          onClose={close}
          cancel={t("change.cancel")}
          submit={t("change.submit")}
        />
      </Form>
    </Modal>
  );
}
