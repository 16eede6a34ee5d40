/**
 * The provider sandbox: one Node HTTP server with the provider API (/api/), the reviewer
 * endpoints (/admin/), the identity provider's account pages and oidc-provider itself.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { UNATTACHED_UPLOAD_QUOTA } from "~/api/files/rules";
import { SECRET_ISSUES_PER_HOUR } from "~/api/security/rules";
import type { SandboxConfig } from "../config";
import { trustedProxies } from "../trust-proxy";
import { announceRunning, localUrl, newOutboxToken } from "./admin/local";
import { adminRoutes } from "./admin/routes";
import { createReviewer } from "./admin/service";
import type { SandboxContext, SandboxQuotas } from "./context";
import { openDatabase } from "./db";
import {
  DEFAULT_FILE_GRACE_DAYS,
  type FileCleanupOptions,
  startFileCleanup,
} from "./files/cleanup";
import { createDiskFileStore } from "./files/store";
import { createHttpApp } from "./http/app";
import { resolveClientAddress } from "./http/auth";
import { createAccounts } from "./identity/accounts";
import {
  createSignInLimiter,
  defaultSignInLimits,
  openLimitStore,
  type SignInLimitOptions,
} from "./identity/limits";
import type { RegistrationLimitOptions } from "./identity/registration-guard";
import { identityRoutes } from "./identity/routes";
import type { TokenKind } from "./identity/tokens";
import { createLogger, type Logger } from "./logger";
import { createMailer, type QueuedMail } from "./mail";
import { pruneExpired } from "./oidc/adapter";
import { interactionRoutes } from "./oidc/interactions";
import { createProvider } from "./oidc/provider";
import { seedDemo } from "./seed/demo";
import { seedLookups } from "./seed/lookups";
import { sealPlainAccountNumbers } from "./settings/service";

export interface SandboxOptions {
  signInLimits?: SignInLimitOptions;
  /** Registrations per address and per email (tests lower them). */
  registrationLimits?: RegistrationLimitOptions;
  /** Lifetimes of mailed links in ms (tests shorten them). */
  tokenLifetimes?: Partial<Record<TokenKind, number>>;
  /** Lifetime of access tokens in seconds (default 1 hour). */
  accessTokenTtl?: number;
  /** The log to write to (tests read it); a new one of LOG_LEVEL on the standard output by default. */
  log?: Logger;
  /** Told of each mail once it is in the outbox (the launcher prints it). */
  onMailQueued?: (mail: QueuedMail) => void;
  /** The removal of unreferenced uploads (tests shorten the grace period or run it by hand). */
  fileCleanup?: FileCleanupOptions;
  /** Secrets per app group per hour and the unattached-upload quota (tests lower them). */
  quotas?: Partial<SandboxQuotas>;
  /**
   * The token of the run that reads the outbox, given by `npm start`'s supervisor, which then
   * announces the run itself (admin/local.ts) for all its sandbox processes; unset, a new one,
   * announced here.
   */
  outboxToken?: string;
}

export interface RunningSandbox {
  url: string;
  ctx: SandboxContext;
  server: Server;
  /** The removal of unreferenced uploads: `run()` runs it now. */
  fileCleanup: ReturnType<typeof startFileCleanup>;
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

/** The database, its lookups and demo company seeded, bank account numbers sealed. */
async function openSeeded(config: SandboxConfig, log: Logger) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  await seedLookups(db);
  const demo = await seedDemo(db, { email: config.demoEmail, password: config.demoPassword });
  const sealed = await sealPlainAccountNumbers(db, config.dataEncryptionKey).catch(
    async (error: unknown) => {
      await database.close();
      throw error;
    },
  );
  if (sealed > 0) log.info({ rows: sealed }, "bank account numbers encrypted");
  return { database, demo };
}

/** What every operation of the sandbox is handed: configuration, database, log, mail, files, limits. */
function sandboxContext(
  config: SandboxConfig,
  db: SandboxContext["db"],
  log: Logger,
  limits: SandboxContext["limits"],
  options: SandboxOptions,
): SandboxContext {
  return {
    config,
    db,
    log,
    mail: createMailer({
      db,
      log,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      limits,
      onQueued: options.onMailQueued,
    }),
    files: createDiskFileStore(path.join(config.dataDir, "files")),
    limits,
    quotas: {
      secretIssuesPerHour: SECRET_ISSUES_PER_HOUR,
      unattachedUploads: UNATTACHED_UPLOAD_QUOTA,
      ...options.quotas,
    },
    fileGraceMs:
      options.fileCleanup?.graceMs ??
      (config.fileGraceDays ?? DEFAULT_FILE_GRACE_DAYS) * 24 * 60 * 60_000,
  };
}

/** Listens on the configured port: our own paths to the API app, the rest to oidc-provider. */
async function listen(
  config: SandboxConfig,
  app: { fetch: Parameters<typeof getRequestListener>[0] },
  provider: { callback(): (req: IncomingMessage, res: ServerResponse) => void },
) {
  const honoListener = getRequestListener(app.fetch);
  const oidcListener = provider.callback();
  const consoleOrigin = new URL(config.consoleUrl).origin;
  const trusted = trustedProxies(config.trustProxy);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    resolveClientAddress(req, trusted);
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
  return { server, port: typeof address === "object" && address ? address.port : config.port };
}

export async function startSandbox(
  config: SandboxConfig,
  options: SandboxOptions = {},
): Promise<RunningSandbox> {
  const log = options.log ?? createLogger(config.logLevel, "sandbox");
  const started = Date.now();
  const { database, demo } = await openSeeded(config, log);
  const { db } = database;
  // Limits in Redis when REDIS_URL is set (shared by instances, kept across restarts), else in memory.
  const limits = await openLimitStore({
    redisUrl: config.redisUrl,
    namespace: `sandbox:${config.url}`,
  });
  const ctx = sandboxContext(config, db, log, limits, options);
  const accounts = createAccounts(ctx, {
    limits,
    lifetimes: options.tokenLifetimes,
    registrationLimits: options.registrationLimits,
  });
  const provider = await createProvider(ctx, { accessTokenTtl: options.accessTokenTtl });
  const limiter = createSignInLimiter(limits, options.signInLimits ?? defaultSignInLimits);
  const reviewer = createReviewer(db);
  const outboxToken = options.outboxToken ?? newOutboxToken();

  const app = createHttpApp(ctx, accounts, (root) => {
    root.get("/healthz", (c) => c.json({ status: "ok" }));
    root.route("/admin", adminRoutes(ctx, reviewer, { outboxToken }));
    root.route("/", identityRoutes(ctx, accounts, limiter));
    root.route("/", interactionRoutes(ctx, provider, limiter) as never);
  });
  const { server, port } = await listen(config, app, provider);
  // For the reviewer command on this machine (admin/local.ts); written once the port is this run's.
  const running = options.outboxToken
    ? { release() {} }
    : announceRunning(config.dataDir, { url: localUrl(config.host, port), outboxToken });
  const fileCleanup = startFileCleanup(ctx, { ...options.fileCleanup, graceMs: ctx.fileGraceMs });
  const prune = setInterval(
    () => void pruneExpired(db).catch((err) => log.warn({ err }, "prune failed")),
    60 * 60_000,
  );
  prune.unref();
  log.info(
    {
      port,
      database: database.kind,
      limits: limits.kind,
      ms: Date.now() - started,
      demoCreated: demo.created,
    },
    "sandbox ready",
  );

  return {
    url: config.url,
    ctx,
    server,
    fileCleanup,
    async close() {
      running.release();
      clearInterval(prune);
      await fileCleanup.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await database.close();
      await limits.close();
    },
  };
}
