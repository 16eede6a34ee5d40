/**
 * The blocking terms dialog: accepting needs the checkbox and calls
 * PUT user/accept-terms; cancelling signs out. Works as plain forms without JavaScript.
 */
import { Form, useNavigation, useParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TermsLinks } from "./TermsLinks";
import { Button } from "./ui/Button";
import { Modal } from "./ui/Modal";

export function TermsDialog({ error, redirectTo }: { error: boolean; redirectTo: string }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const navigation = useNavigation();
  const [unchecked, setUnchecked] = useState(false);
  const showError = error || unchecked;
  return (
    <Modal open blocking alert title={t("terms.title")} describedBy="terms-intro">
      <p id="terms-intro" className="mb-4">
        {t("terms.intro")}
      </p>
      <TermsLinks lang={lang} className="mb-4 flex flex-wrap gap-4" />
      <Form
        method="post"
        action={`/${lang}/accept-terms`}
        noValidate
        onSubmit={(event) => {
          const box = event.currentTarget.elements.namedItem("accept") as HTMLInputElement | null;
          if (!box?.checked) {
            event.preventDefault();
            setUnchecked(true);
            box?.focus();
          }
        }}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {showError ? (
          <p id="accept-error" className="mb-2 font-semibold text-red-700">
            {t("terms.required")}
          </p>
        ) : null}
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="accept"
            value="yes"
            className="mt-1 h-5 w-5"
            aria-invalid={showError}
            aria-describedby={showError ? "accept-error" : undefined}
            onChange={(event) => event.currentTarget.checked && setUnchecked(false)}
          />
          <span>{t("terms.checkbox")}</span>
        </label>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button type="submit" variant="secondary" form="terms-cancel-form">
            {t("terms.cancel")}
          </Button>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {t("terms.accept")}
          </Button>
        </div>
      </Form>
      <Form method="post" action={`/${lang}/auth/signout`} id="terms-cancel-form" />
    </Modal>
  );
}
