import type { AdminAction, BackOfficeRole } from "#core/back-office/roles.ts";
import { can } from "#core/back-office/roles.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { RouteName } from "#app/route-table.ts";

/** The back-office's pages: every route named admin or admin-…. */
export type AdminRouteName = Extract<RouteName, "admin" | `admin-${string}`>;

/**
 * The back-office's screens, in the order of its navigation: each with the action its loader
 * checks, so a role sees links only to the screens it may open (the server checks again).
 * A new screen is a route (route-table.ts, route-files.ts) and a line here.
 */
export interface AdminSection {
  name: AdminRouteName;
  label: MessageKey;
  action: AdminAction;
  /** An SVG path (24×24, stroked). */
  icon: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { name: "admin", label: "admin.nav.dashboard", action: "dashboard.read", icon: "M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-4H4zM14 4v4h6V4z" },
  {
    name: "admin-staff",
    label: "admin.nav.staff",
    action: "staff.read",
    icon: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9a6 6 0 0 1 12 0M16 4.5a3.5 3.5 0 0 1 0 6.5m2 9a6 6 0 0 0-3-5.2",
  },
  { name: "admin-secrets", label: "admin.nav.secrets", action: "secrets.read", icon: "M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3M12 15v2" },
  { name: "admin-pages", label: "admin.nav.pages", action: "content.read", icon: "M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7" },
  {
    name: "admin-settings",
    label: "admin.nav.settings",
    action: "settings.read",
    icon: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.6 7.6 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.6 7.6 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z",
  },
  { name: "admin-audit", label: "admin.nav.audit", action: "audit.read", icon: "M7 4h10v16H7zM10 8h4M10 12h4M10 16h2" },
  { name: "admin-bookings", label: "adminOps.nav.bookings", action: "bookings.read", icon: "M5 4h14v16H5zM9 8h6M9 12h6M9 16h3" },
  { name: "admin-refunds", label: "adminOps.nav.refunds", action: "refunds.read", icon: "M4 7h16v10H4zM4 11h16M9 4 6 7l3 3" },
  {
    name: "admin-discounts",
    label: "adminCommerce.nav.discounts",
    action: "discounts.read",
    icon: "M4 4h7l9 9-7 7-9-9zM8 8h.01M15 9l-6 6",
  },
  { name: "admin-credit", label: "adminCommerce.nav.credit", action: "credit.read", icon: "M3 6h18v12H3zM3 10h18M7 15h4" },
  {
    name: "admin-client-errors",
    label: "adminCommerce.nav.clientErrors",
    action: "clientErrors.read",
    icon: "M12 3 2 20h20zM12 10v4M12 17h.01",
  },
  { name: "admin-sms", label: "adminOps.nav.sms", action: "smsLog.read", icon: "M4 5h16v11H8l-4 4zM8 9h8M8 12h5" },
  { name: "admin-blog", label: "adminBlog.nav", action: "blog.read", icon: "M5 4h10l4 4v12H5zM15 4v4h4M8 12h8M8 16h5" },
];

export type AdminSectionName = (typeof ADMIN_SECTIONS)[number]["name"];

export function sectionsFor(role: BackOfficeRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => can(role, section.action));
}
