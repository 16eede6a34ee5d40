/**
 * The usage summary's call: GET apps/report, the caller's company's live
 * and beta apps with the firms using them. docs/decisions/0058-sandbox-accounts-and-usage.md.
 */
import { endpoint } from "../endpoint";
import { appsReport } from "./schemas";

export const getAppsReport = endpoint({ method: "GET", path: "apps/report", answer: appsReport });
