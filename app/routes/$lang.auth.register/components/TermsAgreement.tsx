/** The terms: links to read them and the checkbox agreeing to them. */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { TermsLinks } from "~/components/TermsLinks";

export function TermsAgreement({
  lang,
  field,
  error,
}: {
  lang: string;
  field: FieldMetadata<string>;
  error?: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className="space-y-3 rounded-lg bg-white p-6 shadow">
      <TermsLinks lang={lang} className="flex flex-wrap gap-x-6 gap-y-2" />
      {error ? (
        <p id={`${field.id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <label className="flex items-start gap-3">
        <input
          {...getInputProps(field, {
            type: "checkbox",
            ariaAttributes: false,
          })}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${field.id}-error` : undefined}
          className="mt-1 h-5 w-5"
        />
        <span>{t("register.terms.checkbox")}</span>
      </label>
    </div>
  );
}
