/**
 * Vitest globalSetup of the "e2e" project: one production server for all test files (see
 * tests/support/server-process.ts), its address handed to them (see provided-context.d.ts).
 */
import { mkdirSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startServerProcess } from "../../support/server-process.ts";
import { ARTIFACTS_DIR } from "./paths.ts";

export default async function setup({ provide }: TestProject) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  // DEV_TOOLS: the sign-in tests read their SMS codes from the outbox at /dev/sms.json.
  const server = await startServerProcess({ DEV_TOOLS: "1" });
  provide("baseURL", server.baseURL);
  provide("port", server.port);
  return () => server.stop();
}
