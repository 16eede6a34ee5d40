/** After registering: check your email for the verification link. */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import i18next from "~/i18next.server";
import { withNamespaces } from "~/lib/namespaces";
import { pageTitle } from "~/lib/title";

export const handle = { i18n: ["common", "auth"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request, ["auth", "common"]);
  return json({ title: pageTitle(t, t("confirmation.title")) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function RegisterConfirmation() {
  const { t } = useTranslation("auth");
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{t("confirmation.title")}</h1>
      <p role="status">{t("confirmation.body")}</p>
      <p>{t("confirmation.hint")}</p>
      <p>
        <Link to="../signin" relative="path" className="font-semibold text-brand-700 underline">
          {t("confirmation.toSignIn")}
        </Link>
      </p>
    </div>
  );
}
