/**
 * TCP ports for the servers that test and benchmark runs start: whether a port is free, who
 * holds a busy one, and a free one (any, or the first from a given port upward).
 */
import { execFileSync } from "node:child_process";
import { createServer } from "node:net";

/** Listens on `port` (0: any) on every interface, as the servers do; the port, or null when busy. */
export function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" ? resolve(null) : reject(error),
    );
    server.listen(port, () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

/** Who listens on a TCP port, as `ss` tells it ('node, pid 1234'), or undefined. */
export function portHolder(port: number): string | undefined {
  try {
    const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const users = [...out.matchAll(/\("([^"]+)",pid=(\d+)/g)].map(
      ([, name, pid]) => `${name}, pid ${pid}`,
    );
    if (users.length > 0) return [...new Set(users)].join("; ");
  } catch {
    // ss is missing or refused: the message goes without the process.
  }
  return undefined;
}

/** A TCP port free now: the first from `from` upward, or any the system hands out when not given. */
export async function freePort(from?: number): Promise<number> {
  if (from === undefined) {
    const port = await tryListen(0);
    if (port === null) throw new Error("no free TCP port");
    return port;
  }
  for (let port = from; port < 65536; port++) {
    if ((await tryListen(port)) !== null) return port;
  }
  throw new Error(`no free TCP port from ${from} upward`);
}

/** Whether `url` answers 200 within `timeoutMs`, asked again every half second. */
export async function answersWithin(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return true;
    } catch {
      // not serving yet
    }
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
