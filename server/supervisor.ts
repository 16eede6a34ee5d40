/**
 * The processes of `npm start` (node:cluster): a group per half of the product, each process
 * running server/worker.ts in its role, the group's processes sharing its port. A process that
 * ends is started again, after a wait that doubles while it keeps ending soon after its start
 * (a crash loop does not spin); one that ends before the group was first ready stops the start.
 * Every process is told its role and settings by environment variables; it says it is ready by
 * a message.
 */
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "./sandbox/logger";

// Each process takes the connections it is ready for (the operating system hands a new one to
// a process waiting in accept), rather than the supervisor handing them round in turn: a
// process busy with a long task no longer gets every other connection meanwhile.
cluster.schedulingPolicy = cluster.SCHED_NONE;

export type Role = "sandbox" | "console";

/** The variable that tells a process its role. */
export const ROLE_VARIABLE = "PRODUCT_ROLE";

/** The token of the run with which the reviewer command reads the outbox, the same in every sandbox process; the supervisor announces it. */
export const OUTBOX_TOKEN_VARIABLE = "SANDBOX_OUTBOX_TOKEN";

/** The message of a process that serves. */
export interface ReadyMessage {
  ready: Role;
}

export const isReady = (message: unknown): message is ReadyMessage =>
  !!message && typeof message === "object" && typeof (message as ReadyMessage).ready === "string";

/** A process that ran this long before it ended was no crash loop: its restart comes at once. */
export const STABLE_MS = 10_000;
const FIRST_WAIT_MS = 250;
const MAX_WAIT_MS = 30_000;

/** The wait before a restart, after `quickEnds` ends in a row that each came within STABLE_MS of their start. */
export function restartWaitMs(quickEnds: number): number {
  return quickEnds <= 0 ? 0 : Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (quickEnds - 1));
}

/** How long a process told to stop has before it is killed. */
const STOP_GRACE_MS = 10_000;

const WORKER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), "worker.ts");

export interface GroupOptions {
  role: Role;
  count: number;
  /** Variables of its processes, besides this process's. */
  env: Record<string, string>;
  /** The first process is ready before the others start (it migrates and seeds the database). */
  firstAlone?: boolean;
  log: Logger;
  /** Every message of a process that is not its readiness. */
  onMessage?: (worker: Worker, message: unknown) => void;
  /** A process ended (before any restart). */
  onEnded?: (worker: Worker) => void;
}

interface Slot {
  worker?: Worker;
  startedAt: number;
  quickEnds: number;
  restart?: NodeJS.Timeout;
}

/** One half of the product as `count` processes, restarted when they end. */
export class WorkerGroup {
  private readonly slots: Slot[];
  private stopping = false;
  private started = false;

  constructor(private readonly options: GroupOptions) {
    this.slots = Array.from({ length: options.count }, () => ({ startedAt: 0, quickEnds: 0 }));
  }

  /** The processes running now. */
  get workers(): Worker[] {
    return this.slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
  }

  /** Starts every process; resolves once all are ready, rejects when one ends before. */
  async start(): Promise<void> {
    const [first, ...rest] = this.slots;
    if (this.options.firstAlone) {
      await this.fork(first);
      await Promise.all(rest.map((slot) => this.fork(slot)));
    } else {
      await Promise.all(this.slots.map((slot) => this.fork(slot)));
    }
    this.started = true;
  }

  /** Starts the process of a slot; resolves when it is ready, rejects when it ends first. */
  private fork(slot: Slot): Promise<void> {
    const { role, log } = this.options;
    cluster.setupPrimary({ exec: WORKER_ENTRY, args: [] });
    const worker = cluster.fork({ ...this.options.env, [ROLE_VARIABLE]: role });
    slot.worker = worker;
    slot.startedAt = Date.now();
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      worker.on("message", (message: unknown) => {
        if (!isReady(message)) return this.options.onMessage?.(worker, message);
        ready = true;
        if (this.started) log.info({ role, pid: worker.process.pid }, `${role} process restarted`);
        resolve();
      });
      worker.once("exit", (code, signal) => {
        if (slot.worker === worker) slot.worker = undefined;
        this.options.onEnded?.(worker);
        if (this.stopping) return resolve();
        if (!ready && !this.started)
          return reject(
            new Error(`The ${role} process ended while starting (${signal ?? `exit ${code}`}).`),
          );
        slot.quickEnds = Date.now() - slot.startedAt < STABLE_MS ? slot.quickEnds + 1 : 0;
        const waitMs = restartWaitMs(slot.quickEnds);
        log.warn(
          { role, pid: worker.process.pid, code, signal, restartInMs: waitMs },
          `${role} process ended: restarting it`,
        );
        slot.restart = setTimeout(() => {
          slot.restart = undefined;
          if (this.stopping) return;
          void this.fork(slot);
        }, waitMs);
        resolve();
      });
    });
  }

  /** Stops every process (SIGTERM, SIGKILL after a grace period) and waits until they have ended; none is restarted. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const slot of this.slots) clearTimeout(slot.restart);
    await Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const timer = setTimeout(() => worker.process.kill("SIGKILL"), STOP_GRACE_MS);
            worker.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            worker.process.kill("SIGTERM");
          }),
      ),
    );
  }
}
