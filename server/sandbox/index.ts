/**
 * The provider sandbox: one Node HTTP server with the provider API (/api/), the reviewer
 * endpoints (/admin/), the identity provider's account pages and oidc-provider itself.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { SandboxConfig } from "../config";
import type { SandboxContext } from "./context";
import { openDatabase } from "./db";
import { createDiskFileStore } from "./files/store";
import { createHttpApp } from "./http/app";
import { createLogger } from "./logger";
import { createMailer } from "./mail";
import { createAccounts } from "./identity/accounts";
import type { TokenKind } from "./identity/tokens";
import { identityRoutes } from "./identity/routes";
import { createSignInLimiter, defaultSignInLimits, openLimitStore, type SignInLimitOptions } from "./identity/limits";
import type { RegistrationLimitOptions } from "./identity/registration-guard";
import { createProvider } from "./oidc/provider";
import { interactionRoutes } from "./oidc/interactions";
import { pruneExpired } from "./oidc/adapter";
import { adminRoutes } from "./admin/routes";
import { createReviewer } from "./admin/service";
import { seedLookups } from "./seed/lookups";
import { seedDemo } from "./seed/demo";

export interface SandboxOptions {
  signInLimits?: SignInLimitOptions;
  /** Registrations per address and per email (tests lower them). */
  registrationLimits?: RegistrationLimitOptions;
  /** Lifetimes of mailed links in ms (tests shorten them). */
  tokenLifetimes?: Partial<Record<TokenKind, number>>;
  /** Lifetime of access tokens in seconds (default 1 hour). */
  accessTokenTtl?: number;
}

export interface RunningSandbox {
  url: string;
  ctx: SandboxContext;
  server: Server;
  close(): Promise<void>;
}

/**
 * Headers of every answer, oidc-provider's pages included; a page that needs more (the
 * identity pages' nonce for their styles, images' sandbox) sets its own, which win.
 */
export function setSecurityHeaders(res: ServerResponse, consoleOrigin: string) {
  res.setHeader(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${consoleOrigin}; frame-ancestors 'none'; base-uri 'none'; object-src 'none'`,
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "no-referrer");
}

/** Paths served by our own routes; everything else is oidc-provider's. */
const OWN_PATHS = /^\/(api|admin|interaction|verify-email|password|healthz)(\/|$)/;

export async function startSandbox(config: SandboxConfig, options: SandboxOptions = {}): Promise<RunningSandbox> {
  const log = createLogger(config.logLevel, "sandbox");
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  await seedLookups(db);
  const demo = await seedDemo(db, { email: config.demoEmail, password: config.demoPassword });

  // Limits in Redis when REDIS_URL is set (shared by instances, kept across restarts), else in memory.
  const limits = await openLimitStore({ redisUrl: config.redisUrl, namespace: `sandbox:${config.url}` });
  const ctx: SandboxContext = {
    config,
    db,
    log,
    mail: createMailer({ db, log, smtpUrl: config.smtpUrl, from: config.mailFrom, limits }),
    files: createDiskFileStore(path.join(config.dataDir, "files")),
  };
  const accounts = createAccounts(ctx, { limits, lifetimes: options.tokenLifetimes, registrationLimits: options.registrationLimits });
  const provider = await createProvider(ctx, { accessTokenTtl: options.accessTokenTtl });
  const limiter = createSignInLimiter(limits, options.signInLimits ?? defaultSignInLimits);
  const reviewer = createReviewer(db);

  const app = createHttpApp(ctx, accounts, (root) => {
    root.get("/healthz", (c) => c.json({ status: "ok" }));
    root.route("/admin", adminRoutes(ctx, reviewer));
    root.route("/", identityRoutes(ctx, accounts, limiter));
    root.route("/", interactionRoutes(ctx, provider, limiter) as never);
  });
  const honoListener = getRequestListener(app.fetch);
  const oidcListener = provider.callback();

  const consoleOrigin = new URL(config.consoleUrl).origin;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    setSecurityHeaders(res, consoleOrigin);
    const pathname = (req.url ?? "/").split("?")[0];
    if (OWN_PATHS.test(pathname)) void honoListener(req, res);
    else oidcListener(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const prune = setInterval(() => void pruneExpired(db).catch((err) => log.warn({ err }, "prune failed")), 60 * 60_000);
  prune.unref();
  log.info({ port, database: database.kind, limits: limits.kind, ms: Date.now() - started, demoCreated: demo.created }, "sandbox ready");

  return {
    url: config.url,
    ctx,
    server,
    async close() {
      clearInterval(prune);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await database.close();
      await limits.close();
    },
  };
}
