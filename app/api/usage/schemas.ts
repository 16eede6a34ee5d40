/** Wire shape of GET apps/report. */
import * as z from "zod";

/** A live or beta app version of the company. */
export const reportApp = z.object({
  /** The app version's id. */
  appId: z.string(),
  appName: z.string(),
  /** The marketplace icon's address; empty when the listing has none. */
  appImageURL: z.string(),
  countryCode: z.string(),
  /** Staff 0, Firm 1, AlwaysOn 2, AlwaysOnInternal 3, ProductVariantAlwaysOn 4. */
  appLevel: z.number().int(),
  /** Live, Beta, BetaQueuedForLive or BetaToLiveAwaitingReview. */
  appStatus: z.string(),
});
export type ReportApp = z.infer<typeof reportApp>;

/** A firm using an app: `firmName` null when the provider does not know it. */
export const usageRow = z.object({
  appId: z.string(),
  firmId: z.string(),
  firmName: z.string().nullable(),
  count: z.number().int(),
});
export type UsageRow = z.infer<typeof usageRow>;

/**
 * The company's live and beta apps, and their usage: `firmApps` of firm-level apps,
 * `staffApps` of staff (user) level apps, `alwaysOnBetaApps` of always-on apps in beta.
 */
export const appsReport = z.object({
  apps: z.array(reportApp),
  firmApps: z.array(usageRow),
  staffApps: z.array(usageRow),
  alwaysOnBetaApps: z.array(usageRow),
});
export type AppsReport = z.infer<typeof appsReport>;
