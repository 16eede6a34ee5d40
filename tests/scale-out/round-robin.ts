/**
 * A small round-robin HTTP proxy for the scale-out suite: each request (not each connection)
 * goes to the next of its upstreams on 127.0.0.1, with X-Forwarded-For naming the client, and
 * the answer comes back as it is. `served` records who answered what, in order.
 */
import { Agent, createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface Served {
  method: string;
  path: string;
  /** The index of the upstream that answered. */
  upstream: number;
  status: number;
}

export interface RoundRobin {
  url: string;
  served: Served[];
  close(): Promise<void>;
}

export async function roundRobin(upstreamPorts: number[], port = 0): Promise<RoundRobin> {
  const agent = new Agent({ keepAlive: true });
  const served: Served[] = [];
  let turn = 0;
  const server = createServer((req, res) => {
    const upstream = turn++ % upstreamPorts.length;
    const headers: IncomingHttpHeaders = {
      ...req.headers,
      "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1",
    };
    const record = (status: number) =>
      served.push({ method: req.method ?? "GET", path: req.url ?? "/", upstream, status });
    const forward = request(
      {
        host: "127.0.0.1",
        port: upstreamPorts[upstream],
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        record(answer.statusCode ?? 502);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      record(502);
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("The upstream did not answer.");
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
