import type { AppLoadContext } from "react-router";
import { dashboardFigures, type DashboardFigures } from "#core/back-office/dashboard.ts";
import { readableDate, tehranToday } from "#core/search/dates.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { adminLoader } from "./guard.server.ts";

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
