/**
 * GET /{lang}/auth/register/pow-worker.js: ALTCHA's SHA proof-of-work worker, served from
 * the console's own origin. The widget's default build starts its workers from `blob:` URLs,
 * which the page's CSP (`script-src 'self' 'nonce-…'`, no `worker-src`) refuses; a worker
 * loaded from 'self' needs no CSP change. The script is the installed package's file, as is.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

let script: Promise<string> | undefined;

export async function loader() {
  script ??= readFile(fileURLToPath(import.meta.resolve("altcha/workers/sha")), "utf8").catch(
    (error: unknown) => {
      script = undefined;
      throw error;
    },
  );
  return new Response(await script, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
