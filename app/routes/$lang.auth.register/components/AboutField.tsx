/** About your company, with a live character count (JS) announced politely after a pause. */
import type { getTextareaProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ABOUT_LIMITS, plainTextLength } from "~/api/registration/rules";
import { TextareaField } from "~/components/ui/Field";

export function AboutField({
  props,
  id,
  initial,
  error,
  showCount,
  format,
}: {
  props: ReturnType<typeof getTextareaProps>;
  id: string;
  initial: string;
  error?: string;
  showCount: boolean;
  format: (value: number) => string;
}) {
  const { t } = useTranslation("auth");
  const [count, setCount] = useState(() => plainTextLength(initial));
  const [announced, setAnnounced] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const message = (value: number) => {
    const values = {
      count: value,
      n: format(value),
      min: format(ABOUT_LIMITS.min),
      max: format(ABOUT_LIMITS.max),
    };
    if (value < ABOUT_LIMITS.min)
      return t("register.fields.profile.countUnder", {
        ...values,
        remaining: format(ABOUT_LIMITS.min - value),
      });
    if (value > ABOUT_LIMITS.max)
      return t("register.fields.profile.countOver", {
        ...values,
        over: format(value - ABOUT_LIMITS.max),
      });
    return t("register.fields.profile.countOk", values);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="space-y-1">
      <TextareaField
        {...props}
        id={id}
        label={t("register.fields.profile.label")}
        hint={t("register.fields.profile.hint", {
          min: format(ABOUT_LIMITS.min),
          max: format(ABOUT_LIMITS.max),
        })}
        error={error}
        rows={8}
        onInput={(event) => {
          const value = plainTextLength(event.currentTarget.value);
          setCount(value);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setAnnounced(message(value)), 1000);
        }}
      />
      {showCount ? (
        <>
          <p
            aria-hidden="true"
            className={`text-sm ${count < ABOUT_LIMITS.min || count > ABOUT_LIMITS.max ? "text-gray-700" : "text-green-800"}`}
          >
            {message(count)}
          </p>
          <p aria-live="polite" className="sr-only">
            {announced}
          </p>
        </>
      ) : null}
    </div>
  );
}
