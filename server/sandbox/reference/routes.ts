/**
 * The contract published by the sandbox: `GET /api/openapi.json` (the OpenAPI 3.1 document)
 * and `GET /api/reference` (the page people read; `?lang=nl-NL`, else the browser's language).
 */
import { Hono } from "hono";
import type { AppEnv, SandboxContext } from "../context";
import { pickLanguage } from "../identity/i18n";
import { contractDocument } from "./document";
import { REFERENCE_CSS, referencePage } from "./page";

export function referenceRoutes(ctx: SandboxContext) {
  const app = new Hono<AppEnv>();
  const document = contractDocument(ctx.config.url);
  app.get("/openapi.json", (c) => {
    c.header("Cache-Control", "no-cache");
    c.header("Access-Control-Allow-Origin", "*");
    return c.json(document);
  });
  app.get("/reference.css", (c) => {
    c.header("Content-Type", "text/css; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(REFERENCE_CSS);
  });
  app.get("/reference", (c) => {
    const accepted = c.req
      .header("Accept-Language")
      ?.split(",")
      .map((tag) => tag.split(";")[0]);
    const lang = pickLanguage(c.req.query("lang"), ...(accepted ?? []));
    const { body, headers } = referencePage(ctx.config.url, lang);
    c.header("Content-Language", lang);
    c.header("Vary", "Accept-Language");
    return c.html(body, 200, headers);
  });
  return app;
}
