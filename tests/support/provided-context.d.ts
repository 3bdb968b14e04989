/**
 * What tests/support/database-templates.ts hands to every integration test file through vitest's
 * provide/inject. The import makes this file a module, so the block below augments vitest's own
 * ProvidedContext instead of replacing the "vitest" module's declarations.
 */
import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** An archive (PGlite's dumpDataDir) of a migrated PGlite data folder to load; absent when the globalSetup did not run. */
    pgliteTemplate?: string;
    /** A migrated PostgreSQL database to create test databases from; absent without TEST_DATABASE_URL. */
    postgresTemplate?: string;
  }
}
