/**
 * The marketplace preview: `/preview?app-id={versionId}&preview=true`
 * shows a version's listing as the marketplace would: icon, name, category, short overview,
 * banners (a slider), the overview, features, screenshots, links, legal texts and contact.
 * Opened in a new tab from the listing page and the version's Actions menu.
 *
 * Everything is text but the overview, which is HTML: the provider keeps it to the allowed
 * tags, and it is put through the same allowlist here again (sanitize-html, OVERVIEW_TAGS, no
 * attributes) before it reaches the page. Links are shown only when they are http(s) URLs,
 * the contact only when it is an email address. An unknown version, another company's, or an
 * app of level 3 (no marketplace preview) is 'page not found'.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { sanitizeOverview } from "~/api/apps/overview.server";
import { isEmail, isHttpUrl } from "~/api/apps/rules";
import { APP_LEVEL_WITHOUT_PREVIEW } from "~/api/apps/status";
import { requireUser } from "~/auth.server";
import { AppErrorBoundary } from "~/components/apps/AppErrorBoundary";
import { BannerSlider } from "~/components/apps/editor/BannerSlider";
import { ListingImage } from "~/components/apps/editor/ListingImage";
import { StatusBadge } from "~/components/apps/StatusBadge";
import i18next from "~/i18next.server";
import { categoryName, EDITOR_NAMESPACES, loadVersion, notFound } from "~/lib/apps/editor.server";
import { errorMeta } from "~/lib/error-title";
import { withNamespaces } from "~/lib/namespaces";
import { pageTitle } from "~/lib/title";

export const handle = { i18n: ["common", "apps", "appEditor"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

const link = (value: string) => (isHttpUrl(value.trim()) ? value.trim() : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const id = new URL(request.url).searchParams.get("app-id") ?? undefined;
  const version = await loadVersion(request, api, id);
  if (version.appLevel === APP_LEVEL_WITHOUT_PREVIEW) throw await notFound(request);
  const { details, marketplace } = version;
  const [category, t] = await Promise.all([
    categoryName(api, details.categoryId),
    i18next.getFixedT(request, EDITOR_NAMESPACES),
  ]);
  const { detail, legal, promo } = marketplace;
  return json({
    title: pageTitle(t, t("appEditor:preview.title", { name: details.name })),
    versionId: version.id,
    versionDisplay: version.versionNumberDisplay,
    statusCode: version.statusCode,
    name: details.name,
    category,
    shortDescription: detail.shortDescription,
    overview: sanitizeOverview(detail.description),
    features: detail.features,
    icon: promo.appIcon,
    banners: promo.banners,
    screenshots: promo.screenshots,
    links: {
      websiteUrl: link(detail.websiteUrl),
      supportUrl: link(detail.supportUrl),
      documentationUrl: link(detail.documentationUrl),
      appURL: link(detail.appURL),
      youtubeUrl: link(promo.youtubeUrl),
    },
    legal: {
      copyright: legal.copyright,
      privacyPolicy: legal.privacyPolicy,
      privacyPolicyUrl: link(legal.privacyPolicyUrl),
      termsOfService: legal.termsOfService,
      termsOfServiceUrl: link(legal.termsOfServiceUrl),
    },
    contactEmail: isEmail(detail.contactEmail.trim()) ? detail.contactEmail.trim() : null,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error ? errorMeta(error) : [{ title: data?.title }];

const LINKS = ["websiteUrl", "supportUrl", "documentationUrl", "appURL", "youtubeUrl"] as const;

export default function MarketplacePreview() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("appEditor");
  const { lang } = useParams();
  const links = LINKS.filter((key) => data.links[key]);
  const external = (href: string, text: string) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="break-words font-semibold text-brand-700 underline"
    >
      {text}
      <span className="sr-only"> {t("common:nav.opensInNewTab")}</span>
    </a>
  );
  const heading = "text-xl font-bold text-gray-900";
  return (
    <article aria-labelledby="preview-name" className="mx-auto max-w-5xl space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border-l-4 border-blue-700 bg-blue-50 p-4 text-blue-950">
        <p className="flex flex-wrap items-center gap-2">
          {t("preview.notice", { version: data.versionDisplay })}
          <StatusBadge statusCode={data.statusCode} />
        </p>
        <Link
          to={`/${lang}/apps/${data.versionId}/marketplace`}
          className="font-semibold text-brand-700 underline"
        >
          {t("preview.edit")}
        </Link>
      </div>

      <header className="flex flex-wrap items-start gap-6">
        {data.icon ? (
          <ListingImage
            url={data.icon.url}
            alt={t("preview.iconOf", { name: data.name })}
            className="h-32 w-32 rounded-2xl object-cover shadow"
            brokenClassName="h-32 w-32"
          />
        ) : null}
        <div className="min-w-0 flex-1 space-y-2">
          <h1 id="preview-name" className="break-words text-3xl font-bold text-gray-900">
            {data.name}
          </h1>
          {data.category ? (
            <p className="text-sm font-semibold text-gray-700">{data.category}</p>
          ) : null}
          {data.shortDescription ? (
            <p className="text-lg text-gray-800">{data.shortDescription}</p>
          ) : null}
        </div>
      </header>

      <BannerSlider banners={data.banners} label={t("preview.banners")} />

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="preview-overview" className="space-y-3">
            <h2 id="preview-overview" className={heading}>
              {t("preview.overview")}
            </h2>
            <div
              className="break-words text-gray-900 [&_h1]:mb-2 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_li]:ml-6 [&_ol]:mb-3 [&_ol]:list-decimal [&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: reduced to the allowed tags without attributes on this server (sanitize-html)
              dangerouslySetInnerHTML={{ __html: data.overview }}
            />
          </section>
          {data.features ? (
            <section aria-labelledby="preview-features" className="space-y-3">
              <h2 id="preview-features" className={heading}>
                {t("preview.features")}
              </h2>
              <p className="whitespace-pre-line break-words text-gray-900">{data.features}</p>
            </section>
          ) : null}
          {data.screenshots.length > 0 ? (
            <section aria-labelledby="preview-screenshots" className="space-y-3">
              <h2 id="preview-screenshots" className={heading}>
                {t("preview.screenshots")}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2">
                {data.screenshots.map((screenshot, i) => (
                  <li key={screenshot.id}>
                    <ListingImage
                      url={screenshot.url}
                      alt={t("images.screenshot.item", {
                        number: i + 1,
                        total: data.screenshots.length,
                      })}
                      className="w-full rounded-lg border border-gray-200 object-contain"
                      brokenClassName="aspect-[5/2] w-full"
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <aside aria-label={t("preview.about")} className="space-y-8">
          {links.length > 0 ? (
            <section aria-labelledby="preview-links" className="space-y-3">
              <h2 id="preview-links" className={heading}>
                {t("preview.links")}
              </h2>
              <ul className="space-y-2">
                {links.map((key) => (
                  <li key={key}>{external(data.links[key]!, t(`preview.link.${key}`))}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {data.contactEmail ? (
            <section aria-labelledby="preview-contact" className="space-y-3">
              <h2 id="preview-contact" className={heading}>
                {t("preview.contact")}
              </h2>
              <p>
                <a
                  href={`mailto:${data.contactEmail}`}
                  className="break-words font-semibold text-brand-700 underline"
                >
                  {data.contactEmail}
                </a>
              </p>
            </section>
          ) : null}
          <section aria-labelledby="preview-legal" className="space-y-3">
            <h2 id="preview-legal" className={heading}>
              {t("preview.legal")}
            </h2>
            {data.legal.copyright ? (
              <p className="break-words text-sm text-gray-800">{data.legal.copyright}</p>
            ) : null}
            <LegalText
              title={t("preview.privacyPolicy")}
              text={data.legal.privacyPolicy}
              link={
                data.legal.privacyPolicyUrl
                  ? external(data.legal.privacyPolicyUrl, t("preview.readPrivacyPolicy"))
                  : null
              }
            />
            <LegalText
              title={t("preview.termsOfService")}
              text={data.legal.termsOfService}
              link={
                data.legal.termsOfServiceUrl
                  ? external(data.legal.termsOfServiceUrl, t("preview.readTermsOfService"))
                  : null
              }
            />
          </section>
        </aside>
      </div>
    </article>
  );
}

export const ErrorBoundary = AppErrorBoundary;

/** A legal text of the listing (privacy policy, terms of service) with its link; nothing when it has neither. */
function LegalText({
  title,
  text,
  link,
}: {
  title: string;
  text: string | null | undefined;
  link: ReactNode;
}) {
  if (!text && !link) return null;
  return (
    <div className="space-y-1">
      <h3 className="font-semibold text-gray-900">{title}</h3>
      {text ? (
        <p className="whitespace-pre-line break-words text-sm text-gray-800">{text}</p>
      ) : null}
      {link ? <p>{link}</p> : null}
    </div>
  );
}
