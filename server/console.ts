/**
 * The console's HTTP host: Express with the Remix request handler (@remix-run/express).
 * Here sit the concerns of every request, in one place in front of every route:
 * security headers with a per-request CSP nonce, the cross-origin check of non-GET requests,
 * compression, static assets, the health check, and a load context through which loaders can
 * add cookies (token renewal) to any answer.
 */
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";

export interface ConsoleOptions {
  port: number;
  buildPath: string;
  publicDir: string;
  localesDir: string;
  /** Public URL of the console; its origin is the only one allowed to post. */
  appUrl: string;
  /** Origins the pages talk to: the identity provider (sign-in form) and the API (images). */
  issuerUrl: string;
  apiBaseUrl: string;
  production: boolean;
}

/** Documents the console itself shows in a frame (the terms of use PDFs in /terms). */
export const isFramable = (pathname: string) => /^\/legal\/[\w-]+\.pdf$/.test(pathname);

export function contentSecurityPolicy(
  nonce: string,
  options: Pick<ConsoleOptions, "issuerUrl" | "apiBaseUrl" | "appUrl">,
  framable = false,
) {
  const issuer = new URL(options.issuerUrl).origin;
  const api = new URL(options.apiBaseUrl).origin;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api}`,
    "font-src 'self'",
    "connect-src 'self'",
    `form-action 'self' ${issuer}`,
    `frame-ancestors ${framable ? "'self'" : "'none'"}`,
    "frame-src 'self'",
    "object-src 'self'",
    "base-uri 'none'",
    ...(options.appUrl.startsWith("https:") ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** A non-GET request from another site is refused (CSRF defence on top of SameSite cookies). */
export function isCrossOrigin(req: Pick<Request, "method" | "headers">, appOrigin: string): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return false;
  const site = req.headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") return true;
  const origin = req.headers.origin;
  if (typeof origin === "string" && origin !== "null" && origin !== appOrigin) return true;
  if (origin === "null") return true;
  return false;
}

export async function startConsole(options: ConsoleOptions): Promise<{ server: Server; close(): Promise<void> }> {
  const build = (await import(pathToFileURL(options.buildPath).href)) as ServerBuild;
  const appOrigin = new URL(options.appUrl).origin;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", true);
  app.use(compression());

  app.use((req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const framable = isFramable(req.path);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options, framable));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", framable ? "SAMEORIGIN" : "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    if (isCrossOrigin(req, appOrigin)) {
      res.status(403).type("text/plain").send("Cross-origin requests are refused.");
      return;
    }
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.use("/build", express.static(path.join(options.publicDir, "build"), { immutable: true, maxAge: "1y" }));
  app.use("/locales", express.static(options.localesDir, { maxAge: "1h" }));
  app.use(express.static(options.publicDir, { maxAge: "1h", index: false }));
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: build.mode,
      getLoadContext: (_req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        appendSetCookie: (cookie: string) => {
          res.append("Set-Cookie", cookie);
        },
      }),
    }),
  );
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(options.port, () => resolve(s));
    s.once("error", reject);
  });
  return {
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
