import type { UploadQuota } from "~/api/files/rules";
import type { SandboxConfig } from "../config";
import type { Database } from "./db";
import type { FileStore } from "./files/store";
import type { LimitStore } from "./identity/limits";
import type { Logger } from "./logger";
import type { Mailer } from "./mail";

/** The sandbox's limits on what a company may pile up (tests lower them). */
export interface SandboxQuotas {
  /** New client secrets per app group per hour. */
  secretIssuesPerHour: number;
  /** Uploads not yet attached to anything, per company. */
  unattachedUploads: UploadQuota;
}

/** What every part of the sandbox is given: configuration, database, log, mail, files, limits. */
export interface SandboxContext {
  config: SandboxConfig;
  db: Database;
  log: Logger;
  mail: Mailer;
  files: FileStore;
  /** Where rate limits count: Redis when configured, else memory. */
  limits: LimitStore;
  quotas: SandboxQuotas;
  /** How long an upload nothing references is kept (the unreferenced-file cleanup's grace). */
  fileGraceMs: number;
}

/** The signed-in caller of an API request, from a verified access token. */
export interface Caller {
  userId: string;
  companyId: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

export interface AppEnv {
  Variables: {
    traceId: string;
    log: Logger;
    caller: Caller;
  };
}
