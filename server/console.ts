/**
 * The console's HTTP host: Express with the Remix request handler (@remix-run/node).
 * Here sit the concerns of every request, in one place in front of every route:
 * security headers with a per-request CSP nonce, the cross-origin check of non-GET requests,
 * compression, static assets, the health check, the body limit of every request (before any
 * route reads a byte), turns for the platform editor's large posts (one at a time across the
 * console's processes), and a load
 * context through which loaders can add cookies (token renewal) to any answer.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pathToFileURL } from "node:url";
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { DEFAULT_LANGUAGE } from "~/i18n";
import { BODY_LIMITS, bodyKindOf } from "~/lib/body-limits";
import { languageOfPath } from "~/lib/language";
import { consoleTurns } from "~/lib/turns.server";
import { trustedProxies } from "./trust-proxy";

export interface ConsoleOptions {
  port: number;
  /** The interface to listen on (127.0.0.1 unless deployed behind a proxy or in a container). */
  host: string;
  buildPath: string;
  publicDir: string;
  /** The browser assets of the build (served under /build); publicDir/build unless the build went elsewhere. */
  assetsDir?: string;
  localesDir: string;
  /** Public URL of the console; its origin is the only one allowed to post. */
  appUrl: string;
  /** Origins the pages talk to: the identity provider (sign-in form) and the API (images). */
  issuerUrl: string;
  apiBaseUrl: string;
  production: boolean;
  /** Proxies whose X-Forwarded-* headers count (TRUST_PROXY; empty: none, the connection's address is the client's). */
  trustProxy: readonly string[];
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
    "object-src 'none'",
    "base-uri 'none'",
    ...(options.appUrl.startsWith("https:") ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** A non-GET request from another site is refused (CSRF defence on top of SameSite cookies). */
export function isCrossOrigin(
  req: Pick<Request, "method" | "headers">,
  appOrigin: string,
): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return false;
  const site = req.headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") return true;
  const origin = req.headers.origin;
  if (typeof origin === "string" && origin !== "null" && origin !== appOrigin) return true;
  if (origin === "null") return true;
  return false;
}

/** How long, and how much, a body left unread is still read after the answer before the connection closes. */
const LINGER = { ms: 2000, bytes: 8 * 1024 * 1024 };

/**
 * Answers a request whose body is left unread (past its limit, or refused by its route before
 * reading it): the connection closes after the answer, the rest of the body being read and
 * dropped for a moment, so that a client still sending reads the answer rather than a reset,
 * and never for longer.
 */
function closeAfterAnswer(req: Request, res: Response) {
  req.unpipe();
  // With `Connection: close` Node destroys the socket once the answer is written, under a
  // client still sending, which may then see a reset instead of the answer: here it only
  // ends its side, and the rest of the body is read and dropped for a moment below.
  const socket = req.socket;
  socket.destroySoon = () => socket.end();
  res.set("Connection", "close");
  res.once("finish", () => {
    let dropped = 0;
    const close = () => socket.destroy();
    const timer = setTimeout(close, LINGER.ms);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER.bytes) close();
    });
    req.once("end", close);
    req.resume();
  });
}

/**
 * The 413 of a body over its route's limit, sent as soon as the limit is passed (or at once,
 * when the declared length is over it).
 */
function refuseBody(
  req: Request,
  res: Response,
  page: (lang: string, limit: number) => string,
  limit: number,
) {
  if (res.headersSent) return;
  closeAfterAnswer(req, res);
  res
    .status(413)
    .type("html")
    .send(page(languageOfPath(req.path) ?? DEFAULT_LANGUAGE, limit));
}

/** The page of a refused body, in the language of the path, from the console's messages. */
function tooLargePage(localesDir: string) {
  const messages = new Map<string, Record<string, string>>();
  const errorsOf = (lang: string) => {
    let found = messages.get(lang);
    if (!found) {
      const common = JSON.parse(
        readFileSync(path.join(localesDir, lang, "common.json"), "utf8"),
      ) as { errors: Record<string, string> };
      found = common.errors;
      messages.set(lang, found);
    }
    return found;
  };
  const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return (lang: string, limit: number) => {
    const errors = errorsOf(lang);
    const size = limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`;
    return [
      `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
      `<title>${escapeHtml(errors.tooLargeTitle)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">`,
      `<main><h1>${escapeHtml(errors.tooLargeTitle)}</h1><p>${escapeHtml(errors.tooLargeBody.replace("{{limit}}", size))}</p>`,
      `<p><a href="/${lang}/apps">${escapeHtml(errors.backToApps)}</a></p></main></body></html>`,
    ].join("");
  };
}

/**
 * The request body as Remix reads it: counted as it arrives, and cut off with a 413 once past
 * the limit of its route's kind (app/lib/body-limits.ts), whatever the declared length said.
 */
function limitedBody(req: Request, refuse: (limit: number) => void): Readable | undefined {
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  const limit = BODY_LIMITS[bodyKindOf(req.path)];
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) {
    refuse(limit);
    return undefined;
  }
  let read = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      if (read <= limit) return done(null, chunk);
      refuse(limit);
      done(new Error("The request body is over its limit."));
    },
  });
  req.pipe(counted);
  req.once("aborted", () => counted.destroy(new Error("The client went away.")));
  return counted;
}

/**
 * A Fetch API Request for Remix (as Remix's Express adapter builds it), with the counted body; it
 * is aborted when the answer can no longer be written, or was given already (a refused body).
 */
function remixRequest(
  req: Request,
  res: Response,
  body: Readable | undefined,
  controller: AbortController,
): globalThis.Request {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  let finished = false;
  res.once("finish", () => (finished = true));
  res.once("close", () => {
    if (!finished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one);
  }
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (body) {
    init.body = createReadableStreamFromReadable(body);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/**
 * Writes Remix's answer to the Express response. Each header is sent once: the answer's value
 * replaces one the server set for every answer (nosniff...); only cookies add up.
 */
async function sendRemixResponse(res: Response, answer: globalThis.Response) {
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of answer.headers.entries()) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (answer.body) await writeReadableStreamToWritable(answer.body, res);
  else res.end();
}

/** The whole of a counted body, or undefined when it was refused (over its limit) or the client went away. */
function bufferedBody(body: Readable): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.once("end", () => resolve(Buffer.concat(chunks)));
    body.once("error", () => resolve(undefined));
  });
}

/** A post of the platform editor larger than this is a JSON document (an import, an Arrange) rather than an item or a move. */
export const HEAVY_POST_BYTES = 64 * 1024;

/** The key of the large posts' turns. */
const HEAVY_TURN = "heavy-post";

/**
 * Whether a request is a large post to the platform editor: reading, checking and showing up to
 * 1 MB of JSON is CPU work, so once its body has arrived (at the client's pace, within its
 * limit) the work on it takes turns, one at a time across the console's processes (the
 * supervisor keeps the turns: the other cores serve every other request), and ten at once
 * cannot hold up every other request, nor a slow client the others' turns. A post that
 * declares no length counts as large.
 */
export function isHeavyPost(req: Pick<Request, "method" | "path" | "headers">): boolean {
  if (req.method !== "POST" || bodyKindOf(req.path) !== "platform") return false;
  const declared = Number(req.headers["content-length"] ?? NaN);
  return !(declared <= HEAVY_POST_BYTES);
}

export async function startConsole(
  options: ConsoleOptions,
): Promise<{ server: Server; close(): Promise<void> }> {
  const build = (await import(pathToFileURL(options.buildPath).href)) as ServerBuild;
  const appOrigin = new URL(options.appUrl).origin;
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* count only from the proxies TRUST_PROXY names: no one else can name another
  // address (the provider's per-address limits) or scheme.
  const trusted = trustedProxies(options.trustProxy);
  app.set("trust proxy", (address: string) => trusted(address));
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
    if (req.secure)
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    if (isCrossOrigin(req, appOrigin)) {
      res.status(403).type("text/plain").send("Cross-origin requests are refused.");
      return;
    }
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.use(
    "/build",
    express.static(options.assetsDir ?? path.join(options.publicDir, "build"), {
      immutable: true,
      maxAge: "1y",
    }),
  );
  app.use("/locales", express.static(options.localesDir, { maxAge: "1h" }));
  app.use(express.static(options.publicDir, { maxAge: "1h", index: false }));
  const handle = createRequestHandler(build, build.mode);
  const refusal = tooLargePage(options.localesDir);
  const heavyTurn = consoleTurns();
  const serve = async (
    req: Request,
    res: Response,
    next: NextFunction,
    body: Readable | undefined,
    controller: AbortController,
  ) => {
    try {
      const response = await handle(remixRequest(req, res, body, controller), {
        cspNonce: res.locals.cspNonce as string,
        appendSetCookie: (cookie: string) => {
          res.append("Set-Cookie", cookie);
        },
        clientAddress: req.ip ?? req.socket.remoteAddress,
      });
      if (res.headersSent) return;
      // A route that answered without reading the whole body (an unknown id, no right).
      if (body && !req.complete) closeAfterAnswer(req, res);
      await sendRemixResponse(res, response);
    } catch (error) {
      if (!res.headersSent) next(error);
    }
  };
  app.all("*", async (req: Request, res: Response, next: NextFunction) => {
    const controller = new AbortController();
    const refuse = (limit: number) => {
      controller.abort();
      refuseBody(req, res, refusal, limit);
    };
    const body = limitedBody(req, refuse);
    if (res.headersSent) return;
    if (!body || !isHeavyPost(req)) return serve(req, res, next, body, controller);
    // A large post of the editor arrives at the client's pace first (within its limit); only the work on it takes turns.
    const whole = await bufferedBody(body);
    // (A request's own stream ends once read; the connection tells whether the client is still there.)
    const gone = () => res.headersSent || req.socket.destroyed;
    if (!whole || gone()) return;
    await heavyTurn(HEAVY_TURN, async () =>
      gone()
        ? undefined
        : serve(req, res, next, Readable.from([whole], { objectMode: false }), controller),
    );
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(options.port, options.host, () => resolve(s));
    s.once("error", reject);
  });
  return {
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
