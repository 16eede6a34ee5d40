/**
 * The app-level product variants (desktop, where the country has product variants): 'All'
 * (-1) or specific ones; once locations exist, a change opens `VariantUpdatesDialog` (the
 * variants added and removed, and whether added ones go to every location as well).
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRODUCT_VARIANT_ALL } from "~/api/schema/values";
import { Button } from "~/components/ui/Button";
import { DialogFormButtons, useCloseDialog, useModalClose } from "~/components/ui/ConfirmDialog";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import { APP_VARIANTS_FORM_ID } from "~/forms/platform-settings";
import { variantChoice } from "~/lib/platform/settings";
import { VariantBoxes, type VariantOption } from "./RootVisibilityFields";

/** The app's product variants, a form of the page itself. */
export function AppVariantsForm({
  stored,
  variants,
  rules = {},
  lastResult,
}: {
  stored: readonly number[] | null | undefined;
  variants: readonly VariantOption[];
  /** What the browser checks (the page's loader derives it from the action's schema). */
  rules?: FormRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("platform");
  const [form, fields] = useForm({
    id: APP_VARIANTS_FORM_ID,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, rules),
  });
  const error = fields.productVariants.errors?.[0];
  return (
    <section
      aria-labelledby={`${form.id}-title`}
      className="mt-4 rounded-lg border border-gray-300 bg-white p-4"
    >
      <h3 id={`${form.id}-title`} className="text-lg font-bold text-gray-900">
        {t("variants.title")}
      </h3>
      <p className="mt-1 text-sm text-gray-700">{t("variants.hint")}</p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="app-variants" />
        <VariantBoxes
          key={`${form.key}:${variantChoice(stored).join()}`}
          name="productVariants"
          legend={t("fields.productVariants")}
          chosen={variantChoice(stored)}
          variants={variants}
          error={error}
          idPrefix={`${form.id}-variant`}
        />
        <Button type="submit" variant="secondary">
          {t("variants.submit")}
        </Button>
      </Form>
    </section>
  );
}

/**
 * The product-variant updates dialog: the app's product variants change, so the variants
 * added and removed are listed (removed ones leave every location); added ones can be added
 * to every location as well. 'All' chosen is added as 'All' (every variant, now and later),
 * and listed so.
 */
export function VariantUpdatesDialog({
  choice,
  added,
  removed,
  closeHref,
}: {
  choice: readonly number[];
  added: readonly string[];
  removed: readonly string[];
  closeHref: string;
}) {
  const { t } = useTranslation("platform");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  const list = (title: string, names: readonly string[]) =>
    names.length ? (
      <div className="mt-3">
        <h3 className="font-semibold text-gray-900">{title}</h3>
        <ul className="list-disc pl-5 text-gray-900">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <Modal open title={t("variants.updatesTitle")} onClose={onClose}>
      <div ref={ref}>
        <p className="text-gray-800">{t("variants.updatesIntro")}</p>
        {list(
          t("variants.added"),
          choice.includes(PRODUCT_VARIANT_ALL) && added.length ? [t("variants.all")] : added,
        )}
        {list(t("variants.removed"), removed)}
      </div>
      <Form method="post" replace preventScrollReset className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="app-variants" />
        <input type="hidden" name="confirmed" value="on" />
        {choice.map((firmType) => (
          <input key={firmType} type="hidden" name="productVariants" value={firmType} />
        ))}
        {added.length ? (
          <label
            htmlFor="platform-variants-all-locations"
            className="flex min-h-11 items-center gap-2 text-gray-900"
          >
            <input
              id="platform-variants-all-locations"
              type="checkbox"
              name="addToAllLocations"
              className="h-5 w-5"
            />
            {t("fields.addToAllLocations")}
          </label>
        ) : null}
        <DialogFormButtons
          closeHref={closeHref}
          onClose={close}
          cancel={t("actions.cancel")}
          submit={t("setting.submit")}
        />
      </Form>
    </Modal>
  );
}
