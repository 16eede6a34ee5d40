import type { SandboxConfig } from "../config";
import type { Database } from "./db";
import type { Logger } from "./logger";
import type { Mailer } from "./mail";
import type { FileStore } from "./files/store";

/** What every part of the sandbox is given: configuration, database, log, mail, files. */
export interface SandboxContext {
  config: SandboxConfig;
  db: Database;
  log: Logger;
  mail: Mailer;
  files: FileStore;
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
