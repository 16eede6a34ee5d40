import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The suites that start the built product as processes of its own (tests/support/product.ts):
      // one file at a time, each bounds its own run.
      ...["load", "scale-out"].map((name) => ({
        extends: true as const,
        test: {
          name,
          include: [`tests/${name}/**/*.test.ts`],
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      })),
    ],
  },
});
