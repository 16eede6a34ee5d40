/**
 * The marketplace overview's allowlist, one function for both sides: the
 * provider stores only what it leaves, and the console applies it again to whatever it shows
 * or sends (a textarea without JS may hold anything).
 */
import sanitizeHtml from "sanitize-html";
import { OVERVIEW_TAGS } from "~/api/apps/rules";

/** The overview reduced to OVERVIEW_TAGS without attributes or styles, trimmed. */
export function sanitizeOverview(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...OVERVIEW_TAGS],
    allowedAttributes: {},
    allowedStyles: {},
    disallowedTagsMode: "discard",
  }).trim();
}
