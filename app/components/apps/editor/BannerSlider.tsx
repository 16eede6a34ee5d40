/**
 * The banners of a listing as the marketplace shows them: an image slider with Previous
 * and Next buttons and a live 'Banner 2 of 3'; the slide moves in 300 ms,
 * at once when the person asks for reduced motion. Without JavaScript the banners sit side
 * by side in a row that scrolls (and snaps), reachable with the keyboard.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRef } from "~/api/apps/schemas";
import { useHydrated } from "~/lib/hydrated";
import { ListingImage } from "./ListingImage";

const buttonClass =
  "inline-flex min-h-11 items-center gap-1 rounded-md border border-gray-400 bg-white px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-500";

export function BannerSlider({ banners, label }: { banners: ImageRef[]; label: string }) {
  const { t } = useTranslation("appEditor");
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  if (banners.length === 0) return null;
  const name = (i: number) => t("images.banner.item", { number: i + 1, total: banners.length });
  const image = (banner: ImageRef, i: number) => (
    <ListingImage
      url={banner.url}
      alt={name(i)}
      className="aspect-[1410/480] w-full rounded-lg object-cover"
      brokenClassName="aspect-[1410/480] w-full"
    />
  );

  if (!hydrated || banners.length === 1) {
    return (
      <section
        aria-label={label}
        className="overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
        tabIndex={banners.length > 1 ? 0 : undefined}
      >
        <ul className="flex snap-x snap-mandatory gap-4">
          {banners.map((banner, i) => (
            <li key={banner.id} className="w-full shrink-0 snap-start">
              {image(banner, i)}
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <section
      aria-roledescription={t("preview.carousel")}
      aria-label={label}
      className="flex flex-col gap-3"
    >
      <div className="overflow-hidden rounded-lg">
        <ul
          className="flex transition-transform duration-300 ease-in-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {banners.map((banner, i) => (
            <li
              key={banner.id}
              aria-roledescription={t("preview.slide")}
              aria-label={name(i)}
              aria-hidden={i !== index}
              className="w-full shrink-0"
            >
              {image(banner, i)}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-4">
        <button
          type="button"
          className={buttonClass}
          disabled={index === 0}
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
          </svg>
          {t("preview.previousBanner")}
        </button>
        <p aria-live="polite" className="text-sm text-gray-800">
          {name(index)}
        </p>
        <button
          type="button"
          className={buttonClass}
          disabled={index === banners.length - 1}
          onClick={() => setIndex((i) => Math.min(banners.length - 1, i + 1))}
        >
          {t("preview.nextBanner")}
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M7.3 15.7a1 1 0 0 1 0-1.4l4.3-4.3-4.3-4.3a1 1 0 1 1 1.4-1.4l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4 0Z" />
          </svg>
        </button>
      </div>
    </section>
  );
}
