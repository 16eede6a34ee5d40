/**
 * The product's processes through their inspectors (the Chrome DevTools Protocol over a
 * WebSocket), for CPU profiles of one page's load at a time. A product process started with
 * `--inspect=127.0.0.1:0` in NODE_OPTIONS opens its inspector on a free port, and so does
 * each process it starts (a sandbox process, node:cluster workers): each prints
 * `Debugger listening on ws://127.0.0.1:PORT/UUID` on stderr, which the product's log holds.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** The part of the `ws` package (7.x) used here; it has no types of its own. */
interface WebSocketLike {
  on(event: "open" | "close", listener: () => void): this;
  on(event: "message", listener: (data: Buffer | string) => void): this;
  on(event: "error", listener: (error: Error) => void): this;
  send(data: string): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)("ws") as new (
  url: string,
  options: { maxPayload: number },
) => WebSocketLike;

/** The inspector URLs a log holds, in the order the processes printed them. */
export function inspectorUrls(logFile: string): string[] {
  const text = readFileSync(logFile, "utf8");
  return [...text.matchAll(/Debugger listening on (ws:\/\/\S+)/g)].map((match) => match[1]);
}

/** One process's inspector: commands and their answers (events are ignored). */
export class InspectorSession {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; method: string }
  >();

  private constructor(
    readonly url: string,
    private readonly socket: WebSocketLike,
  ) {
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString()) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.resolve(message.result);
    });
    socket.on("close", () => {
      for (const waiting of this.pending.values())
        waiting.reject(new Error(`${waiting.method}: the inspector of ${url} closed`));
      this.pending.clear();
    });
  }

  static connect(url: string, timeoutMs = 5_000): Promise<InspectorSession> {
    return new Promise((resolve, reject) => {
      // A profile of a busy process is tens of MB of JSON.
      const socket = new WebSocket(url, { maxPayload: 2 ** 30 });
      const timer = setTimeout(() => {
        socket.close();
        reject(new Error(`${url}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.on("open", () => {
        clearTimeout(timer);
        resolve(new InspectorSession(url, socket));
      });
    });
  }

  send<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, method });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  close() {
    this.socket.close();
  }
}

/** A product process under the inspector, with a label of its part of the product. */
export interface InspectedProcess {
  /** `product` (a single process: console and sandbox), `primary`, `sandbox`, `console-1`... */
  label: string;
  pid: number;
  session: InspectorSession;
}

interface Identity {
  pid: number;
  /** The role the product's supervisor gives a process (PRODUCT_ROLE), if it does. */
  role: string | null;
  clusterWorker: boolean;
  argv: string[];
}

/** Asks a process who it is. `require` is the inspector's command-line API's (it works in ES modules too). */
const IDENTIFY = `JSON.stringify({
  pid: process.pid,
  role: process.env.PRODUCT_ROLE ?? null,
  clusterWorker: typeof require === "function" ? require("node:cluster").isWorker : process.execArgv.some((arg) => arg.startsWith("--inspect-port=")),
  argv: process.argv.slice(1),
})`;

/**
 * Connects to every process of the product whose inspector URL is in its log and still
 * answers (a process that ended, e.g. one restarted by a supervisor, does not), and labels
 * each: the process the bench started is `product` when it is the only one and `primary`
 * otherwise; the others by the role their supervisor gave them (PRODUCT_ROLE), else
 * `sandbox` when their command line names it, `console` for a node:cluster worker; numbered
 * when a role has several processes.
 */
export async function inspectProduct(
  logFile: string,
  mainPid: number,
): Promise<{ processes: InspectedProcess[]; unreachable: string[] }> {
  const found: { session: InspectorSession; identity: Identity }[] = [];
  const unreachable: string[] = [];
  for (const url of inspectorUrls(logFile)) {
    try {
      const session = await InspectorSession.connect(url);
      const answer = await session.send<{ result: { value: string } }>("Runtime.evaluate", {
        expression: IDENTIFY,
        includeCommandLineAPI: true,
        returnByValue: true,
      });
      found.push({ session, identity: JSON.parse(answer.result.value) as Identity });
    } catch {
      unreachable.push(url);
    }
  }
  const roleOf = ({ identity }: (typeof found)[number]) => {
    if (identity.pid === mainPid) return found.length === 1 ? "product" : "primary";
    if (identity.role) return identity.role;
    if (identity.argv.some((arg) => arg.includes("sandbox"))) return "sandbox";
    return identity.clusterWorker ? "console" : `process-${identity.pid}`;
  };
  const roles = found.map(roleOf);
  const counts = new Map<string, number>();
  const processes = found.map((entry, index) => {
    const role = roles[index];
    const nth = (counts.get(role) ?? 0) + 1;
    counts.set(role, nth);
    const several = roles.filter((other) => other === role).length > 1;
    return {
      label: several ? `${role}-${nth}` : role,
      pid: entry.identity.pid,
      session: entry.session,
    };
  });
  return { processes, unreachable };
}
