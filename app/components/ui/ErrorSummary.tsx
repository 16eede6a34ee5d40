/**
 * 'There is a problem': a summary of a failed form at its top, linking to each field
 * (GOV.UK pattern). With JavaScript, focus moves to it when it is shown with the page and
 * when a submit fails, never while someone types: a form that checks again as its fields
 * change updates the summary in place and leaves focus in the field (WCAG 3.2.2). An entry
 * may lead elsewhere than its field (`to`: a dialog of the page that edits it).
 */
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";

export interface SummaryError {
  /** The id of the field to link to. */
  id: string;
  message: string;
  /** Where the entry leads instead of the field (a page's search that opens a dialog, or `#id`), with a client-side link. */
  to?: string;
}

export function ErrorSummary({
  errors,
  intro,
}: {
  errors: SummaryError[] /** A sentence below the title. */;
  intro?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((e) => `${e.id}:${e.message}`).join("|");
  /** The page was shown, or a form submitted, and nothing typed since: errors shown now take focus. */
  const submitted = useRef(true);
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      // conform checks a form as it is typed in by submitting it with a hidden `__intent__`
      // button; only a person's submit counts.
      if ((event.submitter as HTMLButtonElement | null)?.name === "__intent__") return;
      submitted.current = true;
    };
    const onInput = () => {
      submitted.current = false;
    };
    document.addEventListener("submit", onSubmit, true);
    document.addEventListener("input", onInput, true);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      document.removeEventListener("input", onInput, true);
    };
  }, []);
  useEffect(() => {
    if (signature && submitted.current) ref.current?.focus();
    submitted.current = false;
  }, [signature]);
  if (errors.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="mb-6 rounded-md border-4 border-red-700 bg-white p-4"
    >
      <h2 id="error-summary-title" className="text-lg font-bold text-gray-900">
        {t("form.errorSummaryTitle")}
      </h2>
      {intro ? <p className="mt-2 text-gray-900 wrap-anywhere">{intro}</p> : null}
      <ul className="mt-2 list-none space-y-1">
        {errors.map((error) => (
          <li key={error.id}>
            {error.to ? (
              <Link
                to={error.to}
                state={error.to.startsWith("?") ? DIALOG_LINK_STATE : undefined}
                preventScrollReset
                className="font-semibold text-red-700 underline wrap-anywhere"
              >
                {error.message}
              </Link>
            ) : (
              <a href={`#${error.id}`} className="font-semibold text-red-700 underline">
                {error.message}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
