/** The contents at the top of the listing form: a link to each of its sections, in order. */
import { useTranslation } from "react-i18next";

const SECTIONS = ["detail", "legal", "promo", "visibility"] as const;

export function ListingContents() {
  const { t } = useTranslation("appEditor");
  return (
    <nav aria-labelledby="listing-contents" className="rounded-lg bg-white p-4 shadow">
      <h2 id="listing-contents" className="text-sm font-semibold text-gray-900">
        {t("listing.contents")}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
        {SECTIONS.map((name) => (
          <li key={name}>
            <a
              href={`#listing-${name}`}
              className="inline-flex min-h-6 items-center font-semibold text-brand-700 underline"
            >
              {t(`listing.sections.${name}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
