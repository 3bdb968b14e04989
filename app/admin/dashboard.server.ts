import { data, redirect, type AppLoadContext } from "react-router";
import { actingTenant, mayChooseTenant } from "#core/back-office/platform.ts";
import { NO_STORE } from "#app/booking/answers.server.ts";
import { href } from "#app/links.ts";
import { dashboardFigures, type DashboardFigures } from "#core/back-office/dashboard.ts";
import { readableDate, tehranToday } from "#core/search/dates.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { adminAction, adminLoader, adminTenantCookie } from "./guard.server.ts";

export interface DashboardPage {
  /** Today in Tehran, written in the page's calendar. */
  today: string;
  figures: DashboardFigures;
}

/** `/admin`: today's figures of this host's tenant (every role may see them). */
export function dashboardLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "dashboard.read", async (staff): Promise<DashboardPage> => {
    const now = context.now();
    const locale = context.locale.locale;
    return {
      today: readableDate(tehranToday(now), locale, calendarOf(request, locale)),
      figures: await dashboardFigures(context.backOffice.dashboard, staff.tenantId, now),
    };
  });
}

/**
 * A platform operator picks the tenant to act on (ADR 0036): kept in a cookie for this browser's
 * back-office pages, then back to the screen they were on. Nobody else may pick; an unknown tenant
 * is refused rather than taken for the host's.
 */
export function pickTenantAction(request: Request, context: AppLoadContext) {
  return adminAction(request, context, "dashboard.read", async ({ form, staff }) => {
    if (!mayChooseTenant(staff.member, context.backOffice.onPlatformHost))
      throw data({ error: "FORBIDDEN" }, { status: 403, headers: NO_STORE });
    const slug = form.get("tenant");
    const acting = await actingTenant({
      member: staff.member,
      onPlatformHost: true,
      hostTenant: context.tenant,
      chosenSlug: typeof slug === "string" ? slug : null,
      directory: context.backOffice.tenants,
    });
    if (!acting.ok) throw data({ error: acting.reason }, { status: 400, headers: NO_STORE });
    const home = href(context.locale.locale, "admin");
    const next = form.get("next");
    // Only back to a back-office screen of this site: never an address a form could point elsewhere.
    const back = typeof next === "string" && (next === home || next.startsWith(`${home}/`) || next.startsWith(`${home}?`)) ? next : home;
    throw redirect(back, { status: 303, headers: { ...NO_STORE, "Set-Cookie": adminTenantCookie(request, acting.tenant.slug) } });
  });
}
