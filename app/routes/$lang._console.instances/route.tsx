/** /instances: instances of the signed-in company. */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth.server";
import { PageHeader } from "~/components/PageHeader";
import i18next from "~/i18next.server";
import { pageTitle } from "~/lib/title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const t = await i18next.getFixedT(request, "common");
  return json({ title: pageTitle(t, t("pages.instances.title")) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function InstancesPage() {
  const { t } = useTranslation();
  return <PageHeader title={t("pages.instances.title")} subtitle={t("pages.instances.subtitle")} />;
}
