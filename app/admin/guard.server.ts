import { data, type AppLoadContext } from "react-router";
import { staffAccess } from "#core/back-office/access.ts";
import type { Actor } from "#core/back-office/audit.ts";
import type { AdminAction, BackOfficeRole } from "#core/back-office/roles.ts";
import { actingTenant, mayChooseTenant } from "#core/back-office/platform.ts";
import type { StaffMember } from "#core/back-office/staff.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import { readCookie } from "#core/web/cookies.ts";
import { maskMobile, requireAccount } from "#app/account/panel.server.ts";
import { NO_STORE } from "#app/booking/answers.server.ts";
import { refuseBadCsrf } from "#app/booking/access.server.ts";
import { sectionsFor, type AdminRouteName } from "./sections.ts";

/**
 * The back-office's guard (issue 25; ADR 0036), for every loader and action under /admin: a
 * visitor who is not signed in goes to sign in and comes back; a signed-in account without a staff
 * role at this host's tenant, or whose role does not allow the screen's action, gets a 403 page in
 * the page's language. The tenant is always the host's; nothing a browser sends can name another.
 */

/** What every back-office screen shows around its content. */
export interface AdminFrame {
  /** The member's mobile with its middle hidden, in the page's digits. */
  mobile: string;
  role: BackOfficeRole;
  /** The screens this role may open, in navigation order. */
  sections: AdminRouteName[];
  csrf: string;
  /** A platform operator on the platform host: the tenant acted on and the others to pick from. */
  platform: { current: string; choices: { slug: string; name: string }[] } | null;
}

/** The staff member acting in this request, and how the audit log names them. */
export interface StaffRequest {
  member: StaffMember;
  actor: Actor;
  /** The tenant acted on: the host's, or the one a platform operator picked (ADR 0036). */
  tenant: Tenant;
  tenantId: string;
}

/** The platform operator's pick, kept for the back-office's pages of this browser only. */
export const ADMIN_TENANT_COOKIE = "hs_admin_tenant";

export function adminTenantCookie(request: Request, slug: string): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${ADMIN_TENANT_COOKIE}=${encodeURIComponent(slug)}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export type AdminPage<T> =
  | { access: "ok"; frame: AdminFrame; page: T }
  | { access: "forbidden"; reason: "NOT_STAFF" | "FORBIDDEN"; role: BackOfficeRole | null; site: string };

async function resolveStaff(
  request: Request,
  context: AppLoadContext,
  action: AdminAction,
): Promise<{ ok: true; staff: StaffRequest } | { ok: false; reason: "NOT_STAFF" | "FORBIDDEN"; role: BackOfficeRole | null }> {
  const account = await requireAccount(request, context);
  const access = await staffAccess(context.backOffice.staff, { tenantId: context.tenant.id, userId: account.id, action });
  if (!access.ok)
    return { ok: false, reason: access.reason === "FORBIDDEN" ? "FORBIDDEN" : "NOT_STAFF", role: access.member?.role ?? null };
  const actor: Actor = {
    userId: account.id,
    mobile: account.mobile,
    role: access.member.role,
    via: "web",
    clientHash: context.backOffice.clientHash(),
  };
  const acting = await actingTenant({
    member: access.member,
    onPlatformHost: context.backOffice.onPlatformHost,
    hostTenant: context.tenant,
    chosenSlug: readCookie(request.headers.get("cookie") ?? undefined, ADMIN_TENANT_COOKIE) ?? null,
    directory: context.backOffice.tenants,
  });
  // A pick whose tenant is gone (or a cookie from elsewhere) falls back to the host's tenant: the
  // frame shows which tenant is acted on, so nobody works on one they did not see named.
  const tenant = acting.ok ? acting.tenant : context.tenant;
  return { ok: true, staff: { member: access.member, actor, tenant, tenantId: tenant.id } };
}

function siteName(context: AppLoadContext): string {
  const name = context.tenant.nameCompany;
  return name[context.locale.locale] || name.fa;
}

/**
 * A back-office screen's loader: the guard, then `load` with the staff member, answered no-store
 * and noindex; a refusal is the 403 page (the component renders it from `access`).
 */
export async function adminLoader<T>(
  request: Request,
  context: AppLoadContext,
  action: AdminAction,
  load: (staff: StaffRequest) => Promise<T>,
) {
  const resolved = await resolveStaff(request, context, action);
  if (!resolved.ok) {
    const refused: AdminPage<T> = { access: "forbidden", reason: resolved.reason, role: resolved.role, site: siteName(context) };
    return data(refused, { status: 403, headers: NO_STORE });
  }
  const { member, tenant } = resolved.staff;
  const platform = mayChooseTenant(member, context.backOffice.onPlatformHost)
    ? {
        current: tenant.slug,
        choices: (await context.backOffice.tenants.list()).map((choice) => ({
          slug: choice.slug,
          name: choice.name[context.locale.locale] || choice.name.fa,
        })),
      }
    : null;
  const page: AdminPage<T> = {
    access: "ok",
    frame: {
      mobile: maskMobile(context.locale.locale, member.mobile),
      role: member.role,
      sections: sectionsFor(member.role).map((section) => section.name),
      csrf: context.csrf.token(),
      platform,
    },
    page: await load(resolved.staff),
  };
  return data(page, { headers: NO_STORE });
}

/**
 * A back-office form's action: its CSRF token first, then the guard (a refusal is thrown as 403,
 * never reaching `act`), then `act` with the form and the staff member.
 */
export async function adminAction<T>(
  request: Request,
  context: AppLoadContext,
  action: AdminAction,
  act: (input: { form: FormData; staff: StaffRequest }) => Promise<T>,
): Promise<T> {
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const resolved = await resolveStaff(request, context, action);
  if (!resolved.ok) throw data({ error: "FORBIDDEN" }, { status: 403, headers: NO_STORE });
  return act({ form, staff: resolved.staff });
}
