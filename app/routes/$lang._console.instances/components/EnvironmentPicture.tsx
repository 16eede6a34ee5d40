/**
 * The picture of a sandbox environment's type (the import dialog): the
 * staging sandbox's development (code) and test (flask) environments, the live sandbox (a
 * globe) and its Beta (a globe on amber), each with its name as the caption.
 */
import { useTranslation } from "react-i18next";
import type { InstanceEnvType } from "~/api/instances/rules";
import { Icon, type IconName } from "~/components/Icon";

const PICTURES: Record<InstanceEnvType, { icon: IconName; tone: string }> = {
  DEV: { icon: "code", tone: "border-sky-700 bg-sky-50 text-sky-900" },
  TEST: { icon: "flask", tone: "border-sky-700 bg-sky-50 text-sky-900" },
  LIVE: { icon: "web", tone: "border-emerald-700 bg-emerald-50 text-emerald-900" },
  LIVEB: { icon: "web", tone: "border-amber-600 bg-amber-50 text-amber-950" },
};

const isEnvType = (value: string): value is InstanceEnvType => Object.hasOwn(PICTURES, value);

/** Nothing for a type the provider does not have. */
export function EnvironmentPicture({ envType }: { envType: string }) {
  const { t } = useTranslation("instances");
  if (!isEnvType(envType)) return null;
  const { icon, tone } = PICTURES[envType];
  return (
    <figure
      data-picture={envType}
      className={`flex items-center gap-3 rounded-md border-2 p-3 ${tone}`}
    >
      <Icon name={icon} className="h-10 w-10 shrink-0" />
      <figcaption className="font-semibold">{t(`import.picture.${envType}`)}</figcaption>
    </figure>
  );
}
