/**
 * A live character count under a field (GOV.UK pattern): the visible count follows every
 * keystroke; screen readers hear it once typing pauses, through a polite live region.
 * Without JavaScript the count of the value as the page was sent is shown.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

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
  const values = { chars: format(count), min: format(min ?? 0), max: format(max), over: format(Math.max(0, count - max)) };
  const text =
    count > max ? t("count.over", values) : min !== undefined && count < min ? t("count.underMin", values) : t("count.within", values);
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
