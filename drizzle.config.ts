import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./adapters/db/schema.ts",
  out: "./adapters/db/migrations",
});
