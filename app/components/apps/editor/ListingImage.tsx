/**
 * An image of the listing (icon, banner, screenshot): an image that cannot be displayed
 * shows "can't display image", as AppIcon does.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface ListingImageProps {
  url: string;
  alt: string;
  className?: string;
  /** Classes of the box shown in place of a broken image (its size). */
  brokenClassName?: string;
}

export function ListingImage({
  url,
  alt,
  className = "",
  brokenClassName = "",
}: ListingImageProps) {
  const { t } = useTranslation("apps");
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the image of each new url is checked
  useEffect(() => {
    setBroken(false);
    // An image that failed before hydration has no onError left to run.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, [url]);
  if (broken || !url) {
    return (
      <span
        role="img"
        aria-label={`${alt}: ${t("image.cannotDisplay")}`}
        className={`flex items-center justify-center rounded-md border border-dashed border-gray-500 bg-gray-100 p-2 text-center text-xs text-gray-800 ${brokenClassName}`}
      >
        <span aria-hidden="true">{t("image.cannotDisplay")}</span>
      </span>
    );
  }
  return (
    <img ref={ref} src={url} alt={alt} className={className} onError={() => setBroken(true)} />
  );
}
