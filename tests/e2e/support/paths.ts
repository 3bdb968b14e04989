import { resolve } from "node:path";

/** The repository root (the server's working directory). */
export const ROOT = resolve(import.meta.dirname, "../../..");
/** Screenshots and other artifacts of the end-to-end run; test-results/ is gitignored. */
export const ARTIFACTS_DIR = resolve(ROOT, "test-results/e2e");
