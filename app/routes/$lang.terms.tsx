/**
 * /terms: the terms of use, a PDF document in the page's language, shown
 * in the page and downloadable. Open to everyone: the terms dialog of the signed-in layout
 * links here.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/Icon";
import { LegalLayout } from "~/components/LegalLayout";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";
import i18next from "~/i18next.server";
import { termsDocument } from "~/lib/legal.server";
import { withNamespaces } from "~/lib/namespaces";
import { pageTitle } from "~/lib/title";

export const handle = { i18n: ["common", "legal"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const t = await i18next.getFixedT(request, ["legal", "common"]);
  return json({ title: pageTitle(t, t("terms.title")), lang, pdf: await termsDocument(lang) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Terms() {
  const { lang, pdf } = useLoaderData<typeof loader>();
  const { t } = useTranslation("legal");
  return (
    <LegalLayout>
      <div className="max-w-prose">
        <h1 className="text-2xl font-bold break-words text-gray-900 sm:text-3xl">
          {t("terms.title")}
        </h1>
        <p className="mt-2 text-gray-700">{t("terms.version")}</p>
        <p className="mt-4">{t("terms.intro")}</p>
        <p className="mt-6">
          <a
            href={pdf.href}
            download={pdf.fileName}
            type="application/pdf"
            hrefLang={lang}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            <Icon name="download" className="h-5 w-5 shrink-0" />
            {t("terms.download", { size: pdf.size })}
          </a>
        </p>
      </div>
      {/* A frame of the console's own origin (frame-src 'self'): no plugin content (object-src 'none'). */}
      <iframe
        src={pdf.href}
        title={t("terms.viewerTitle")}
        className="mt-8 block h-[80vh] min-h-96 w-full rounded-md border border-gray-300 bg-white"
      />
      <p className="mt-4 max-w-prose">
        <a
          href={pdf.href}
          type="application/pdf"
          hrefLang={lang}
          className="font-semibold text-brand-700 underline"
        >
          {t("terms.openLink", { size: pdf.size })}
        </a>
      </p>
    </LegalLayout>
  );
}
