/**
 * `npm start`: runs the whole product. Starts the embedded provider sandbox (unless
 * API_BASE_URL and OIDC_* point at a real provider), builds the console when there is no
 * build yet (or with `--build`), and serves it in production mode: the product as deployed.
 * `--dev` (`npm run dev`) runs it in development mode instead and rebuilds first.
 * `--sandbox-only` / `--console-only` run one half.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, launchMode, loadLocalSecrets, parseEnv, sandboxConfig } from "./config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2));

async function main() {
  // The mode is settled before anything reads it: React and Remix read NODE_ENV too.
  process.env.NODE_ENV = launchMode(args, process.env.NODE_ENV);
  const env = parseEnv();
  const secrets = loadLocalSecrets(path.resolve(env.DATA_DIR));
  const external = Boolean(env.API_BASE_URL);
  const runSandbox = !args.has("--console-only") && !external;
  const runConsole = !args.has("--sandbox-only");
  const sandbox = sandboxConfig(env, secrets);
  const closers: (() => Promise<void>)[] = [];
  let mailNote: string | undefined;

  if (runSandbox) {
    const { startSandbox } = await import("./sandbox/index");
    const { formatMail, printsMail } = await import("./sandbox/mail");
    // Each mail's link where the person who started the product sees it (PRINT_MAIL).
    const printMail = printsMail(env.PRINT_MAIL, Boolean(process.stdout.isTTY));
    const running = await startSandbox(sandbox, printMail ? { onMailQueued: (mail) => console.log(`\n${formatMail(mail)}\n`) } : {});
    closers.push(running.close);
    console.log(`Provider sandbox: ${running.url} (API ${running.url}/api)`);
    mailNote = `Mailed links (email verification, password reset): ${printMail ? "printed here as they are sent, and " : ""}npm run provider -- mail`;
  }

  if (runConsole) {
    // The console is a pure client: it learns where its provider is from these variables.
    process.env.API_BASE_URL = env.API_BASE_URL ?? `${sandbox.url}/api`;
    process.env.OIDC_ISSUER = env.OIDC_ISSUER ?? sandbox.url;
    process.env.OIDC_CLIENT_ID = env.OIDC_CLIENT_ID ?? sandbox.consoleClientId;
    process.env.OIDC_CLIENT_SECRET = env.OIDC_CLIENT_SECRET ?? sandbox.consoleClientSecret;
    process.env.SESSION_SECRET = env.SESSION_SECRET ?? secrets.sessionSecret;
    process.env.APP_URL = sandbox.consoleUrl;

    // The build's folder: ./build and public/build, or one folder (CONSOLE_BUILD_DIR, remix.config.js).
    const buildDir = env.CONSOLE_BUILD_DIR ? path.resolve(env.CONSOLE_BUILD_DIR) : undefined;
    const buildPath = buildDir ? path.join(buildDir, "index.js") : path.join(root, "build", "index.js");
    if (!existsSync(buildPath) || args.has("--build") || args.has("--dev")) {
      console.log("Building the console...");
      const result = spawnSync(process.execPath, [path.join(root, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "build"], {
        cwd: root,
        stdio: "inherit",
      });
      if (result.status !== 0) throw new Error("The console build failed.");
    }
    const { startConsole } = await import("./console");
    const running = await startConsole({
      port: env.PORT,
      host: env.HOST,
      buildPath,
      assetsDir: buildDir ? path.join(buildDir, "assets") : undefined,
      publicDir: path.join(root, "public"),
      localesDir: path.join(root, "locales"),
      appUrl: process.env.APP_URL,
      issuerUrl: process.env.OIDC_ISSUER,
      apiBaseUrl: process.env.API_BASE_URL,
      production: env.NODE_ENV === "production",
      trustProxy: env.TRUST_PROXY,
    });
    closers.push(running.close);
    console.log(`\nDeveloper console: ${sandbox.consoleUrl}`);
    if (runSandbox) console.log(`Demo sign-in: ${sandbox.demoEmail} / ${sandbox.demoPassword}`);
  }
  if (mailNote) console.log(mailNote);

  const stop = async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
