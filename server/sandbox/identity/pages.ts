/**
 * The identity provider's own pages (set a new password, too many attempts): plain HTML
 * forms that work without JavaScript, with a nonce-based CSP and no scripts at all.
 */
import { randomBytes } from "node:crypto";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { Language } from "./i18n";

/** The sandbox's own pages' look (the API reference serves it as its stylesheet). */
export const PAGE_STYLES = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.5rem;margin:0 0 1rem}label{display:block;font-weight:600;margin-top:1rem}
input{width:100%;padding:.5rem;border:1px solid #6b7280;border-radius:.25rem;font:inherit}
input[aria-invalid=true]{border-color:#b91c1c}.hint{color:#4b5563;font-size:.875rem;margin:.25rem 0}
.error{color:#b91c1c;font-weight:600;margin:.25rem 0}.summary{border:3px solid #b91c1c;padding:1rem;margin-bottom:1rem}
.summary a{color:#b91c1c}button{margin-top:1.5rem;padding:.625rem 1rem;border:0;border-radius:.25rem;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}a{color:#1d4ed8}`;

export interface Page {
  body: HtmlEscapedString | Promise<HtmlEscapedString>;
  headers: Record<string, string>;
}

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A sandbox page's document: its language, title, what styles it, and its content. */
export const htmlDocument = (lang: Language, title: string, style: Html, content: Html) =>
  html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${style}
</head>
<body><main>${content}</main></body>
</html>`;

/** `formTargets`: origins a form on the page may end up at (after its redirect). */
export function page(
  lang: Language,
  title: string,
  content: HtmlEscapedString | Promise<HtmlEscapedString>,
  formTargets: string[] = [],
): Page {
  const nonce = randomBytes(16).toString("base64");
  return {
    body: htmlDocument(
      lang,
      title,
      html`<style nonce="${nonce}">${raw(PAGE_STYLES)}</style>`,
      content,
    ),
    headers: {
      "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'${formTargets.map((o) => ` ${o}`).join("")}; frame-ancestors 'none'; base-uri 'none'`,
      "Referrer-Policy": "no-referrer",
      "X-Frame-Options": "DENY",
      "Cache-Control": "no-store",
    },
  };
}
