/**
 * The product that the server, browser and Lighthouse benchmarks measure: a fresh build,
 * `npm start` on a fresh data folder, and a company with `apps` apps signed in through the
 * console's real sign-in (OIDC over HTTP); the session's cookies are reused by every request,
 * and the cookies the console sets on its answers are kept in them (as a browser keeps them).
 * The first app's next version holds a desktop platform schema (bench/platform.ts) for the
 * platform editor's page; the company has BENCH_INSTANCES live sandbox accounts, the first
 * configured with its apps, for the sandbox accounts page.
 */
import type { CookieJar } from "../server/conformance/oidc";
import { createAppThroughApi } from "../tests/support/provider";
import { BENCH_SCHEMA_FUNCTIONS, saveBenchSchema } from "./platform";
import { ADMIN_TOKEN, buildConsole, ProductProcess, productPorts, tempDir } from "./product";
import { signedInJar, withLiveClients } from "./support";

export interface Site {
  product: ProductProcess;
  /** The cookies of the signed-in session; keep the ones the console sets in it (`jar.store`, `keepCookies`). */
  jar: CookieJar;
  /** The Cookie header of the signed-in session, as the jar holds it now. */
  readonly cookie: string;
  apps: number;
  /** The first app: its group and its (only) version. */
  groupId: string;
  versionId: string;
  /** A later version of the first app holding a desktop schema of a realistic size (bench/platform.ts). */
  platformVersionId: string;
  /** The live sandbox accounts of the company (the sandbox accounts page). */
  instances: number;
}

/** Live sandbox accounts of the bench company (AU), the first with every app of the company enabled. */
async function createInstances(
  provider: Awaited<ReturnType<typeof signedInJar>>["provider"],
  accessToken: string,
  count: number,
) {
  const call = async (path: string, method: string, body: unknown) => {
    const res = await provider.apiFetch(path, { method, body: JSON.stringify(body) }, accessToken);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string; configuration: { appGroupId: string }[] };
  };
  const created = [];
  for (let i = 0; i < count; i++) {
    created.push(
      await call("leapinstances", "POST", {
        firstName: "Bench",
        lastName: `Account ${i + 1}`,
        email: `bench-${i + 1}@example.com`,
        password: "Bench-secret-1",
        leapEnvironmentsId: 3,
      }),
    );
  }
  if (created[0]) {
    const configurations = created[0].configuration.map((item) => ({
      appGroupId: item.appGroupId,
      isEnabled: true,
      appStatusCode: 0,
      appEndpoint: "LIVE",
    }));
    await call(`leapinstances/${created[0].id}/configuration`, "PUT", {
      includeOtherProviders: false,
      applyToAllUsers: true,
      configurations,
    });
  }
}

export async function startSite(apps: number): Promise<Site> {
  console.log("building the console (npm run build)...");
  // BENCH_SOURCEMAP builds with source maps, to read a browser profile by source.
  const buildDir = buildConsole(process.env.BENCH_SOURCEMAP ? ["--sourcemap"] : []);
  // With BENCH_CPU_PROFILE the server benchmark profiles each page through the inspectors.
  const inspect = Boolean(process.env.BENCH_CPU_PROFILE);
  const product = new ProductProcess({
    args: [],
    dataDir: tempDir("site"),
    buildDir,
    inspect,
    ...(await productPorts()),
  });
  await product.start();
  console.log(`product (npm start): console ${product.consoleUrl}, sandbox ${product.sandboxUrl}`);
  const { jar, provider, accessToken } = await signedInJar({
    consoleUrl: product.consoleUrl,
    sandboxUrl: product.sandboxUrl,
    adminToken: ADMIN_TOKEN,
    dataDir: product.options.dataDir,
  });
  const created = [];
  for (let i = 0; i < apps; i++)
    created.push(
      await createAppThroughApi(provider, accessToken, {
        name: `Bench app ${String(i + 1).padStart(3, "0")}`,
      }),
    );
  await withLiveClients(provider, accessToken, created[0].groupAppId);
  const platformVersionId = await saveBenchSchema(provider, accessToken, created[0].id);
  const instances = Number(process.env.BENCH_INSTANCES ?? 12);
  await createInstances(provider, accessToken, instances);
  console.log(
    `a company with ${apps} apps and ${instances} live sandbox accounts, signed in; the first app's next version holds a desktop schema of ${BENCH_SCHEMA_FUNCTIONS} functions`,
  );
  return {
    product,
    jar,
    get cookie() {
      return jar.header();
    },
    apps,
    groupId: created[0].groupAppId,
    versionId: created[0].id,
    platformVersionId,
    instances,
  };
}
