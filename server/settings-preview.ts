import type { NextFunction, Request, RequestHandler, Response } from "express";
import { readPreview, type PreviewCrypto, type PreviewStore } from "#core/back-office/brand.ts";
import { tenantFieldsOf, type SiteSettings } from "#core/back-office/site-settings.ts";
import type { Clock } from "#core/ports.ts";
import type { Tenant } from "#core/tenants/site-config.ts";

/** The query parameter that carries a preview token. */
export const PREVIEW_PARAM = "preview";

/** The tenant as the storefront would show it with these settings saved. */
export function tenantWithSettings(tenant: Tenant, settings: SiteSettings): Tenant {
  return { ...tenant, ...tenantFieldsOf(settings) };
}

/** The back-office's settings screen (any language): the one page that frames the storefront. */
export function isSettingsScreen(pathname: string): boolean {
  return /^\/(?:(?:en|ar)\/)?admin\/settings(?:\.data)?\/?$/.test(pathname);
}

/** Headers a preview answer keeps whatever the page's own `headers` say. */
const LOCKED: Record<string, string> = {
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
};

/**
 * A storefront page asked with `?preview=<token>` (ADR 0036, ADR 0037). Whatever the token, the
 * answer is `no-store` and `noindex` and never goes through the page cache (`previewing`). A token
 * signed for this host's tenant and not expired shows its unsaved settings and may be framed by
 * the same origin (the settings screen); any other shows the saved settings, unframeable as usual.
 */
export function settingsPreview(deps: {
  previews: PreviewStore;
  crypto: PreviewCrypto;
  clock: Clock;
  siteOf(res: Response): { tenant: Tenant } | undefined;
  useTenant(res: Response, tenant: Tenant): Promise<void>;
  log?: { info(object: object, message: string): void };
}): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const token = req.query[PREVIEW_PARAM];
    if (token === undefined || (req.method !== "GET" && req.method !== "HEAD")) return next();
    (res.locals as { previewing?: boolean }).previewing = true;
    for (const [name, value] of Object.entries(LOCKED)) res.setHeader(name, value);
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) => {
      const locked = LOCKED[name.toLowerCase()];
      return setHeader(name, locked ?? value);
    };
    const site = deps.siteOf(res);
    if (!site || typeof token !== "string") return next();
    readPreview(deps, { tenantId: site.tenant.id, token })
      .then(async (preview) => {
        if (!preview.ok) {
          deps.log?.info({ reason: preview.error }, "settings preview refused; the saved settings are shown");
          return next();
        }
        await deps.useTenant(res, tenantWithSettings(site.tenant, preview.settings));
        next();
      })
      .catch(next);
  };
}
