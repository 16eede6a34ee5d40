/**
 * The API reference: the OpenAPI document rendered as one HTML page, readable without any
 * script, in the language asked for; its look is a stylesheet of its own (no inline style). A schema that scrolls
 * can be scrolled by keyboard (its <pre> takes focus).
 */
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { LANGUAGES, type Language } from "../identity/i18n";
import { htmlDocument, PAGE_STYLES, type Page } from "../identity/pages";
import { contractDocument, referenceTexts } from "./document";

type Json = Record<string, unknown>;
type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The page's stylesheet (`/api/reference.css`): the sandbox pages' look, wider. */
export const REFERENCE_CSS = `${PAGE_STYLES}
main{max-width:64rem}article{border-top:1px solid #d1d5db;padding:1rem 0}
h2{margin-top:2.5rem}h3{font-size:1.125rem;margin:.25rem 0}code{font:.9em ui-monospace,monospace;background:#f3f4f6;padding:0 .2em;border-radius:.2em}
.method{font-weight:700}table{border-collapse:collapse;margin:.5rem 0;width:100%}th,td{text-align:left;border-bottom:1px solid #e5e7eb;padding:.25rem .5rem;vertical-align:top}
pre{overflow:auto;background:#f9fafb;border:1px solid #e5e7eb;padding:.75rem;font-size:.8125rem;max-height:28rem}
nav ul{columns:12rem;padding-left:1.25rem}nav a{display:inline-block;min-height:24px;padding:.125rem 0}details{margin:.5rem 0}summary{cursor:pointer;color:#1d4ed8}
summary:focus-visible,pre:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;

/** Text with `code` spans: escaped, the backticked parts as <code>. */
function withCode(text: string): Html {
  const parts = text.split("`");
  return html`${parts.map((part, i) => (i % 2 ? html`<code>${part}</code>` : part))}`;
}

const schemaText = (schema: unknown) => JSON.stringify(schema, null, 2);

function parametersTable(parameters: Json[], words: Record<string, string>): Html {
  return html`<table>
<caption class="hint">${words.parameters}</caption>
<thead><tr><th scope="col">${words.name}</th><th scope="col">${words.in}</th><th scope="col">${words.required}</th><th scope="col">${words.schema}</th></tr></thead>
<tbody>${parameters.map(
    (p) =>
      html`<tr><td><code>${String(p.name)}</code></td><td>${words[`in_${String(p.in)}`]}</td><td>${p.required ? words.yes : words.no}</td><td><code>${JSON.stringify(p.schema)}</code></td></tr>`,
  )}</tbody></table>`;
}

/** The rule codes a refusal may name, from its schema. */
function codesOf(answer: Json): string[] {
  const schema = (answer.content as Record<string, { schema: Json }> | undefined)?.[
    "application/json"
  ]?.schema;
  const errors = (schema?.allOf as Json[] | undefined)?.[1]?.properties as
    | Record<string, Json>
    | undefined;
  return ((errors?.errors?.additionalProperties as Json | undefined)?.enum as string[]) ?? [];
}

function answersTable(responses: Record<string, Json>, words: Record<string, string>): Html {
  return html`<table>
<caption class="hint">${words.answers}</caption>
<thead><tr><th scope="col">${words.status}</th><th scope="col">${words.meaning}</th><th scope="col">${words.codes}</th></tr></thead>
<tbody>${Object.entries(responses).map(([status, answer]) => {
    const codes = codesOf(answer);
    return html`<tr><td><code>${status}</code></td><td>${words[`status_${status}`] ?? status}</td><td>${codes.length ? codes.map((c, i) => html`${i ? ", " : ""}<code>${c}</code>`) : "–"}</td></tr>`;
  })}</tbody></table>`;
}

function schemaDetails(label: string, schema: unknown): Html {
  return html`<details><summary>${label}</summary><pre tabindex="0">${schemaText(schema)}</pre></details>`;
}

function call(method: string, path: string, operation: Json, words: Record<string, string>): Html {
  const parameters = (operation.parameters as Json[] | undefined) ?? [];
  const body = (operation.requestBody as Json | undefined)?.content as
    | Record<string, { schema: unknown }>
    | undefined;
  const responses = operation.responses as Record<string, Json>;
  const ok = Object.entries(responses).find(([status]) => status.startsWith("2"));
  const okSchema = (ok?.[1].content as Record<string, { schema: unknown }> | undefined)?.[
    "application/json"
  ]?.schema;
  const open = (operation.security as unknown[]).length === 0;
  return html`<article id="${String(operation.operationId)}">
<h3><span class="method">${method.toUpperCase()}</span> <code>${path}</code></h3>
<p>${withCode(String(operation.summary))}</p>
${operation.description ? html`<p>${withCode(String(operation.description))}</p>` : ""}
<p class="hint">${open ? words.public : words.signedIn} · <code>${String(operation.operationId)}</code></p>
${parameters.length ? parametersTable(parameters, words) : ""}
${body ? Object.entries(body).map(([type, { schema }]) => schemaDetails(`${words.body} (${type})`, schema)) : ""}
${answersTable(responses, words)}
${okSchema ? schemaDetails(words.answerSchema, okSchema) : ""}
</article>`;
}

/** The reference page in `lang`, for a sandbox served at `url`. */
export function referencePage(url: string, lang: Language): Page {
  const document = contractDocument(url, lang);
  const { page: words, areas } = referenceTexts(lang);
  const paths = document.paths as Record<string, Record<string, Json>>;
  const byArea = new Map<string, Html[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const area = (operation.tags as string[])[0];
      byArea.set(area, [...(byArea.get(area) ?? []), call(method, path, operation, words)]);
    }
  }
  const others = LANGUAGES.filter((other) => other !== lang);
  const content = html`<h1>${words.title}</h1>
<p>${withCode(words.intro)}</p>
<p><a href="/api/openapi.json">${words.openApi}</a>${others.map(
    (other) =>
      html` · <a href="?lang=${other}" hreflang="${other}" lang="${other}">${referenceTexts(other).page.languageName}</a>`,
  )}</p>
<h2>${words.errorShape}</h2>
<p>${withCode(words.errorShapeText)}</p>
<pre tabindex="0">${schemaText((document.components as Json & { schemas: Json }).schemas.Error)}</pre>
<nav aria-labelledby="contents"><h2 id="contents">${words.contents}</h2><ul>${[
    ...byArea.keys(),
  ].map((area) => html`<li><a href="#${area}">${areas[area] ?? area}</a></li>`)}</ul></nav>
${[...byArea.entries()].map(
  ([area, calls]) =>
    html`<section aria-labelledby="${area}"><h2 id="${area}">${areas[area] ?? area}</h2>${calls}</section>`,
)}`;
  return {
    body: htmlDocument(
      lang,
      words.title,
      html`<link rel="stylesheet" href="/api/reference.css">`,
      content,
    ),
    headers: {
      "Content-Security-Policy":
        "default-src 'none'; style-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
      "Referrer-Policy": "no-referrer",
      "X-Frame-Options": "DENY",
      "Cache-Control": "no-cache",
    },
  };
}
