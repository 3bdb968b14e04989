/**
 * What tests/e2e/support/global-setup.ts hands to every end-to-end test file through vitest's
 * provide/inject. The import makes this file a module, so the block below augments vitest's
 * own ProvidedContext instead of replacing the "vitest" module's declarations.
 */
import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the production server under test, e.g. http://localhost:41234. */
    baseURL: string;
    /** The port it listens on; host variants are http://theme2.localhost:<port>/ and so on. */
    port: number;
    /** The cookie header of the brand agency's owner, signed in (support/staff.ts). */
    brandOwnerCookie: string;
  }
}
