/**
 * A live character count under a field (GOV.UK pattern): the visible count follows every
 * keystroke; screen readers hear it once typing pauses, through a polite live region.
 * Without JavaScript the count of the value as the page was sent is shown.
 * `CountedTextarea` is a field's textarea with its count.
 */
import { type ReactNode, type TextareaHTMLAttributes, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldFrame } from "~/components/ui/Field";
import { inputClass } from "~/lib/ui-classes";

interface CharacterCountProps {
  id: string;
  count: number;
  min?: number;
  max: number;
}

const PAUSE_MS = 1000;

export function CharacterCount({ id, count, min, max }: CharacterCountProps) {
  const { t, i18n } = useTranslation("appEditor");
  const format = new Intl.NumberFormat(i18n.language).format;
  const values = {
    chars: format(count),
    min: format(min ?? 0),
    max: format(max),
    over: format(Math.max(0, count - max)),
  };
  const text =
    count > max
      ? t("count.over", values)
      : min !== undefined && count < min
        ? t("count.underMin", values)
        : t("count.within", values);
  const bad = count > max || (min !== undefined && count > 0 && count < min);
  const [announced, setAnnounced] = useState("");
  const shown = useRef(text);
  useEffect(() => {
    // Only what changed while typing is announced, not the count the page opened with.
    if (text === shown.current) return;
    const timer = setTimeout(() => {
      shown.current = text;
      setAnnounced(text);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <>
      <p id={id} className={`text-sm ${bad ? "font-semibold text-red-700" : "text-gray-700"}`}>
        {text}
      </p>
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
    </>
  );
}

type CountedTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The count's limits: at most `max` (and at least `min`) characters. */
  max: number;
  min?: number;
  /** The characters the rule counts of a value: the trimmed text unless told. */
  countOf?: (value: string) => number;
};

/**
 * A textarea (of a conform field: `getTextareaProps` with `ariaAttributes: false`) with its
 * label, hint and error, and its live count under it, which it is also described by. Give it
 * the field's `key`, so that a reset form counts its new value.
 */
export function CountedTextarea({
  id,
  label,
  hint,
  error,
  max,
  min,
  countOf = (value) => value.trim().length,
  onChange,
  ...textarea
}: CountedTextareaProps) {
  const [value, setValue] = useState(
    typeof textarea.defaultValue === "string" ? textarea.defaultValue : "",
  );
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <>
          <textarea
            {...textarea}
            {...aria}
            aria-describedby={`${aria["aria-describedby"] ?? ""} ${id}-count`.trim()}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              onChange?.(event);
            }}
            className={inputClass(error)}
          />
          <CharacterCount id={`${id}-count`} count={countOf(value)} min={min} max={max} />
        </>
      )}
    </FieldFrame>
  );
}
