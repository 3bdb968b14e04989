import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./tests/support/long-files-first.ts";

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "adapters/**/*.test.ts",
            "tests/unit/**/*.test.ts",
          ],
          environment: "node",
          // Unit tests are CPU-bound and leave no global or module state behind (none mocks a
          // module): both cores run files, and files share loaded modules (ADR 0026).
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // The contract test: every API answer these tests receive is checked against the OpenAPI document.
          setupFiles: ["tests/support/contract-setup.ts"],
          // One migrated database per engine per run, which each file copies (ADR 0026).
          globalSetup: ["tests/support/database-templates.ts"],
          // Files share their workers' loaded modules (the server build, PGlite, the OpenAPI
          // validators) instead of loading them again per file: each file still has its own
          // databases and servers, and no test file mocks modules or changes globals.
          isolate: false,
          // Two files at a time: much of a file's time is spent waiting on PostgreSQL, the server
          // or a child process, so two workers keep two cores busy (vitest's default is cores − 1).
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One server, one browser at a time: two cores are shared with the server under test.
          fileParallelism: false,
          // Files share the worker's loaded modules (Playwright, the catalogs) instead of loading
          // them again per file; each file still launches its own Chromium (useBrowser).
          isolate: false,
        },
      },
    ],
  },
});
