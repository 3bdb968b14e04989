/**
 * Development and tests (issue 23 §1): `POST /dev/tax-filing` runs the official invoices' filing
 * now (the worker's very run: the sweep, each due step, the overdue warnings) and answers its
 * counts as JSON, so a test need not wait for the next minute's job. Only when `enabled`
 * (DEV_TOOLS=1); otherwise the router has no routes and the path is an ordinary 404.
 */
import { Router } from "express";

export const DEV_TAX_FILING_PATH = "/dev/tax-filing";

export function devTaxRoutes(options: { enabled: boolean; run: (() => Promise<unknown>) | null }): Router {
  const router = Router();
  const run = options.run;
  if (!options.enabled || !run) return router;
  router.post(DEV_TAX_FILING_PATH, (_req, res, next) => {
    run()
      .then((result) => {
        res.setHeader("Cache-Control", "no-store");
        res.setHeader("X-Robots-Tag", "noindex");
        res.json(result);
      })
      .catch(next);
  });
  return router;
}
