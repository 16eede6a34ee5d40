/**
 * 'There is a problem': a summary of a failed form at its top, linking to each field
 * (GOV.UK pattern). With JavaScript, focus moves to it when it appears.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export interface SummaryError {
  /** The id of the field to link to. */
  id: string;
  message: string;
}

export function ErrorSummary({ errors }: { errors: SummaryError[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((e) => `${e.id}:${e.message}`).join("|");
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (errors.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title" className="mb-6 rounded-md border-4 border-red-700 bg-white p-4">
      <h2 id="error-summary-title" className="text-lg font-bold text-gray-900">
        {t("form.errorSummaryTitle")}
      </h2>
      <ul className="mt-2 list-none space-y-1">
        {errors.map((error) => (
          <li key={error.id}>
            <a href={`#${error.id}`} className="font-semibold text-red-700 underline">
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
