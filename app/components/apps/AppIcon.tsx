/**
 * An app's icon; an image that cannot be displayed shows "can't display image".
 * Without an icon, the app's initial.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export function AppIcon({
  url,
  name,
  size = "h-12 w-12",
}: {
  url?: string | null;
  name: string;
  size?: string;
}) {
  const { t } = useTranslation("apps");
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the image of each new url is checked
  useEffect(() => {
    // An image that failed before hydration has no onError left to run.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, [url]);
  if (!url) {
    return (
      <span
        aria-hidden="true"
        className={`${size} flex shrink-0 items-center justify-center rounded-lg bg-brand-100 text-lg font-bold text-brand-800`}
      >
        {name.trim().charAt(0).toUpperCase() || "?"}
      </span>
    );
  }
  if (broken) {
    return (
      <span
        className={`${size} flex shrink-0 items-center justify-center rounded-lg border border-dashed border-gray-400 bg-gray-100 p-1 text-center text-[10px] leading-tight text-gray-700`}
      >
        {t("image.cannotDisplay")}
      </span>
    );
  }
  return (
    <img
      ref={ref}
      src={url}
      alt={t("image.iconOf", { name })}
      className={`${size} shrink-0 rounded-lg object-cover`}
      onError={() => setBroken(true)}
    />
  );
}
