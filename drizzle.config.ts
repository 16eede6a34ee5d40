import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/sandbox/db/schema/*.ts",
  out: "./server/sandbox/db/migrations",
});
