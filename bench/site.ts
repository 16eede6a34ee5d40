/**
 * The product that the server, browser and Lighthouse benchmarks measure: a fresh build,
 * `npm start` on a fresh data folder, and a company with `apps` apps signed in through the
 * console's real sign-in (OIDC over HTTP); the session's cookie is reused by every request.
 * The first app's next version holds a desktop platform schema (bench/platform.ts) for the
 * platform editor's page.
 */
import { createAppThroughApi } from "../tests/support/provider";
import { BENCH_SCHEMA_FUNCTIONS, saveBenchSchema } from "./platform";
import { ADMIN_TOKEN, buildConsole, ProductProcess, productPorts, tempDir } from "./product";
import { signedInJar, withLiveClients } from "./support";

export interface Site {
  product: ProductProcess;
  /** The Cookie header of the signed-in session. */
  cookie: string;
  apps: number;
  /** The first app: its group and its (only) version. */
  groupId: string;
  versionId: string;
  /** A later version of the first app holding a desktop schema of a realistic size (bench/platform.ts). */
  platformVersionId: string;
}

export async function startSite(apps: number): Promise<Site> {
  console.log("building the console (npm run build)...");
  const buildDir = buildConsole();
  const product = new ProductProcess({ args: [], dataDir: tempDir("site"), buildDir, ...(await productPorts()) });
  await product.start();
  console.log(`product (npm start): console ${product.consoleUrl}, sandbox ${product.sandboxUrl}`);
  const { jar, provider, accessToken } = await signedInJar({
    consoleUrl: product.consoleUrl,
    sandboxUrl: product.sandboxUrl,
    adminToken: ADMIN_TOKEN,
    dataDir: product.options.dataDir,
  });
  const created = [];
  for (let i = 0; i < apps; i++) created.push(await createAppThroughApi(provider, accessToken, { name: `Bench app ${String(i + 1).padStart(3, "0")}` }));
  await withLiveClients(provider, accessToken, created[0].groupAppId);
  const platformVersionId = await saveBenchSchema(provider, accessToken, created[0].id);
  console.log(`a company with ${apps} apps, signed in; the first app's next version holds a desktop schema of ${BENCH_SCHEMA_FUNCTIONS} functions`);
  return { product, cookie: jar.header(), apps, groupId: created[0].groupAppId, versionId: created[0].id, platformVersionId };
}
