/**
 * The platform tabs of an app version: Desktop, Web
 * and Reporting, only for a public app (appType 0), each marked configured when the version
 * holds a schema of that platform. The mobile platform has no editor page.
 */
export const EDITOR_PLATFORMS = ["desktop", "web", "reporting"] as const;
export type EditorPlatform = (typeof EDITOR_PLATFORMS)[number];

export const isEditorPlatform = (value: unknown): value is EditorPlatform =>
  (EDITOR_PLATFORMS as readonly unknown[]).includes(value);

/** A platform tab: whether the version holds a schema of it. */
export interface PlatformTab {
  platform: EditorPlatform;
  configured: boolean;
}

/** The platform tabs of a version, in the editor's order; none for a connector app. */
export function platformTabs(
  appType: number | null | undefined,
  configured: readonly string[],
): PlatformTab[] {
  if (appType !== 0) return [];
  return EDITOR_PLATFORMS.map((platform) => ({
    platform,
    configured: configured.includes(platform),
  }));
}
