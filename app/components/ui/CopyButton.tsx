/**
 * A value the user may copy: shown in <code>, always selectable; with JavaScript a Copy button
 * beside it puts it on the clipboard and says so (aria-live). Without JavaScript there is no
 * button: the value is selected and copied by hand.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/hydrated";
import { Button } from "./Button";

export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const id = useId();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <code
        id={id}
        className="rounded bg-gray-100 px-2 py-1 font-mono text-sm text-gray-900 select-all wrap-anywhere"
      >
        {value}
      </code>
      {hydrated && typeof navigator !== "undefined" && navigator.clipboard ? (
        <>
          <Button
            variant="secondary"
            className="min-h-9 px-3 py-1"
            aria-label={t("copy.label", { name: label })}
            onClick={() =>
              navigator.clipboard.writeText(value).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {t("copy.button")}
          </Button>
          <span aria-live="polite" className="text-sm text-green-800">
            {copied ? t("copy.done") : ""}
          </span>
        </>
      ) : null}
    </span>
  );
}
