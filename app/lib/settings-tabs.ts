/** The settings screen's tabs, named by the URL (`?tab=`). */
export const SETTINGS_TABS = ["user", "bank", "users", "company"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const isSettingsTab = (value: unknown): value is SettingsTab =>
  (SETTINGS_TABS as readonly unknown[]).includes(value);
