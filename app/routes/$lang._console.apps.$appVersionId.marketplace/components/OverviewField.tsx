/**
 * The overview field: 200 to 10,000 characters of text, counted on the
 * trimmed plain text, in HTML of the allowed tags. With JavaScript a small rich-text editor
 * (loaded on demand, in its own chunk) writes its HTML into a hidden field of the form;
 * without it, a textarea of allowed HTML, which the server reduces to the allowed tags.
 * Either way one submit sends `detail.description`.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { APP_LIMITS, overviewPlainText } from "~/api/apps/rules";
import { CharacterCount } from "~/components/apps/editor/CharacterCount";
import { useHydrated } from "~/lib/hydrated";
import { inputClass } from "~/lib/ui-classes";

const RichTextEditor = lazy(() => import("./RichTextEditor"));

interface OverviewFieldProps {
  id: string;
  name: string;
  label: string;
  /** The HTML the field starts with (allowed tags only: the server's). */
  initialValue: string;
  error?: string;
  editable: boolean;
}

export function OverviewField({
  id,
  name,
  label,
  initialValue,
  error,
  editable,
}: OverviewFieldProps) {
  const { t } = useTranslation("appEditor");
  const hydrated = useHydrated();
  const [html, setHtml] = useState(initialValue);
  const hidden = useRef<HTMLInputElement>(null);
  const first = useRef(true);
  const labelId = `${id}-label`;
  const describedBy = [error ? `${id}-error` : null, `${id}-hint`, `${id}-count`]
    .filter(Boolean)
    .join(" ");

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the text
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The form's checks and the unsaved-changes guard listen for input on its fields.
    hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [html]);

  const textarea = (props: { readOnly?: boolean; named?: boolean }) => (
    <textarea
      id={id}
      name={props.named ? name : undefined}
      defaultValue={initialValue}
      rows={12}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={Boolean(error)}
      readOnly={props.readOnly}
      onChange={(event) => setHtml(event.currentTarget.value)}
      className={`${inputClass(error)} font-mono text-sm`}
    />
  );

  return (
    <div className="flex flex-col gap-1">
      <label id={labelId} htmlFor={id} className="text-sm font-semibold text-gray-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        {hydrated && editable
          ? t("fields.detail.description.hintEditor")
          : t("fields.detail.description.hintHtml")}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {hydrated && editable ? (
        <>
          <Suspense fallback={textarea({ readOnly: true })}>
            <RichTextEditor
              id={id}
              labelId={labelId}
              describedBy={describedBy}
              invalid={Boolean(error)}
              initialHtml={initialValue}
              onChange={setHtml}
            />
          </Suspense>
          <input ref={hidden} type="hidden" name={name} value={html} />
        </>
      ) : (
        textarea({ named: true })
      )}
      <CharacterCount
        id={`${id}-count`}
        count={overviewPlainText(html).length}
        min={APP_LIMITS.overviewMin}
        max={APP_LIMITS.overviewMax}
      />
    </div>
  );
}
