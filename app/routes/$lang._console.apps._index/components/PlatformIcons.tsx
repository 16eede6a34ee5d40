/**
 * The platforms of an app as icons: desktop, web and reporting when
 * configured, and the connector icon for appType 1. Each icon has an accessible name and a
 * tooltip; the group is a list named 'Platforms'.
 */
import { useTranslation } from "react-i18next";
import { APP_TYPES } from "~/api/apps/rules";
import { Icon, type IconName } from "~/components/Icon";

/** The platforms the card shows, in this order (mobile has no editor: docs/decisions/0008-mobile-platform.md). */
export const SHOWN_PLATFORMS = [
  "desktop",
  "web",
  "reporting",
] as const satisfies readonly IconName[];
type Shown = (typeof SHOWN_PLATFORMS)[number] | "connector";

/** The icons to show for an app's platform names and type. */
export function platformIcons(platforms: readonly string[], appType: number): Shown[] {
  const shown: Shown[] = SHOWN_PLATFORMS.filter((name) => platforms.includes(name));
  if (appType === APP_TYPES.connector) shown.push("connector");
  return shown;
}

export function PlatformIcons({
  platforms,
  appType,
}: {
  platforms: readonly string[];
  appType: number;
}) {
  const { t } = useTranslation("apps");
  const icons = platformIcons(platforms, appType);
  if (icons.length === 0) return null;
  return (
    <ul aria-label={t("appList:card.platforms")} className="flex items-center gap-2 text-gray-700">
      {icons.map((name) => (
        <li key={name} title={t(`platform.${name}`)}>
          <Icon name={name} label={t(`platform.${name}`)} className="h-5 w-5" />
        </li>
      ))}
    </ul>
  );
}
