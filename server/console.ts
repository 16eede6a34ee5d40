/**
 * The console's HTTP host: Express with the Remix request handler (@remix-run/express),
 * static assets, compression and a health check. The console itself lives in app/.
 */
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

export interface ConsoleOptions {
  port: number;
  buildPath: string;
  publicDir: string;
}

export async function startConsole(options: ConsoleOptions): Promise<{ server: Server; close(): Promise<void> }> {
  const build = (await import(pathToFileURL(options.buildPath).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.use("/build", express.static(path.join(options.publicDir, "build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(options.publicDir, { maxAge: "1h", index: false }));
  app.all("*", createRequestHandler({ build, mode: build.mode }));
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(options.port, () => resolve(s));
    s.once("error", reject);
  });
  return {
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
