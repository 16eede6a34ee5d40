/**
 * The captcha: the proof-of-work widget once JavaScript runs and it is ready, the signed
 * question otherwise (and whenever the widget fails).
 */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { InputField } from "~/components/ui/Field";
import { CaptchaWidget } from "./CaptchaWidget";

export function CaptchaChoice({
  lang,
  hydrated,
  widget,
  onWidget,
  question,
  answerField,
  error,
  answerError,
  resetSignal,
  onVerified,
}: {
  lang: string;
  hydrated: boolean;
  widget: "loading" | "ready" | "failed";
  onWidget: (state: "ready" | "failed") => void;
  question: { token: string; a: number; b: number } | null | undefined;
  answerField: FieldMetadata<string>;
  /** The widget's error (`altcha`). */
  error?: string;
  answerError?: string;
  resetSignal: unknown;
  onVerified: () => void;
}) {
  const { t } = useTranslation("auth");
  const widgetShown = hydrated && widget === "ready";
  const strings = useMemo(
    () => t("register.captcha.widget", { returnObjects: true }) as Record<string, string>,
    [t],
  );
  return (
    <fieldset className="space-y-3 rounded-lg bg-white p-6 shadow">
      <legend className="float-left mb-2 w-full text-xl font-bold">
        {t("register.captcha.legend")}
      </legend>
      {hydrated && widget !== "failed" ? (
        <div
          id="captcha-widget"
          tabIndex={-1}
          className={`clear-both space-y-2 ${widgetShown ? "" : "hidden"}`}
        >
          <p className="text-sm text-gray-600">{t("register.captcha.widgetHint")}</p>
          {error ? (
            <p id="captcha-widget-error" className="text-sm font-semibold text-red-700">
              {error}
            </p>
          ) : null}
          <CaptchaWidget
            challengeUrl={`/${lang}/auth/register/challenge`}
            workerUrl={`/${lang}/auth/register/pow-worker.js`}
            language={lang.toLowerCase()}
            strings={strings}
            errorId={error ? "captcha-widget-error" : undefined}
            resetSignal={resetSignal}
            onReady={() => onWidget("ready")}
            onFailed={() => onWidget("failed")}
            onVerified={onVerified}
          />
        </div>
      ) : null}
      {widgetShown || !question ? null : (
        <div className="clear-both">
          <input type="hidden" name="captchaToken" value={question.token} />
          <InputField
            {...getInputProps(answerField, { type: "text", ariaAttributes: false })}
            key={question.token}
            label={t("register.captcha.question", { a: question.a, b: question.b })}
            hint={t("register.captcha.questionHint")}
            error={answerError}
            autoComplete="off"
            inputMode="text"
            className="sm:w-1/2"
          />
        </div>
      )}
    </fieldset>
  );
}
