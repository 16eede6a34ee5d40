/**
 * The Download menu of the sandbox accounts page: one entry per desktop
 * download, labelled by its country and version. A disclosure without JavaScript, a menu
 * with it (the shared Menu).
 */
import { useTranslation } from "react-i18next";

import { Menu } from "~/components/ui/Menu";
import { buttonClass } from "~/lib/ui-classes";

export function DesktopDownloads({
  downloads,
}: {
  downloads: { url: string; country: string; versionNumber: string }[];
}) {
  const { t } = useTranslation("instances");
  return (
    <Menu
      label={t("download.menu")}
      buttonClassName={buttonClass("secondary")}
      items={downloads.map((download) => ({
        key: download.url,
        href: download.url,
        label: t("download.entry", { country: download.country, version: download.versionNumber }),
      }))}
    />
  );
}
