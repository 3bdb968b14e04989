/**
 * Client behaviour in the browser (issue 3): the offline banner follows the browser's online and
 * offline events, in the page's language, inside a polite live region.
 * Needs <ClientShell> mounted in app/root.tsx.
 */
import { describe, expect, test } from "vitest";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();

describe("offline banner", () => {
  test("appears while the browser is offline and goes when it is back online", async () => {
    const { page, context, expectNoConsoleErrors } = await browser.openPage("/");
    await settle(page);
    const banner = page.getByText(msg("fa", "client.offline"), { exact: true });
    expect(await banner.count()).toBe(0);

    await context.setOffline(true);
    await banner.waitFor({ state: "visible" });
    const politeRegion = page.locator('[role="status"][aria-live="polite"]').filter({ has: banner });
    expect(await politeRegion.count()).toBe(1);
    await saveScreenshot(page, "offline-banner-fa");

    await context.setOffline(false);
    await banner.waitFor({ state: "detached" });
    expectNoConsoleErrors();
  });
});
