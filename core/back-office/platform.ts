import type { LocalizedText, Tenant } from "#core/tenants/site-config.ts";
import type { StaffMember } from "./staff.ts";

/**
 * The platform operator's tenant picker (issue 25 §1; ADR 0036). A member with the `platform` role
 * at the host named by PLATFORM_ADMIN_HOST may act on any tenant by naming it; everywhere else,
 * and for every other role, staff act on the host's own tenant and a named tenant is ignored.
 */

/** A tenant as the picker lists it. */
export interface TenantChoice {
  slug: string;
  name: LocalizedText;
}

/** Every active tenant, for the platform operator only. */
export interface TenantDirectory {
  list(): Promise<TenantChoice[]>;
  findBySlug(slug: string): Promise<Tenant | null>;
}

/** A slug as tenants are named (lower-case letters, digits, hyphens): anything else names no tenant. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export type ActingTenant =
  | { ok: true; tenant: Tenant; /** Whether this is another tenant than the host's. */ switched: boolean }
  | { ok: false; reason: "UNKNOWN_TENANT" };

/** May this member, on this host, act on another tenant than the host's? */
export function mayChooseTenant(member: Pick<StaffMember, "role">, onPlatformHost: boolean): boolean {
  return onPlatformHost && member.role === "platform";
}

/**
 * The tenant a request acts on: the host's, unless a platform operator on the platform host names
 * another (an unknown name is refused, never taken for the host's own tenant silently).
 */
export async function actingTenant(input: {
  member: Pick<StaffMember, "role">;
  onPlatformHost: boolean;
  hostTenant: Tenant;
  chosenSlug: string | null;
  directory: TenantDirectory;
}): Promise<ActingTenant> {
  const { chosenSlug, hostTenant } = input;
  if (!mayChooseTenant(input.member, input.onPlatformHost) || !chosenSlug || chosenSlug === hostTenant.slug)
    return { ok: true, tenant: hostTenant, switched: false };
  const chosen = SLUG.test(chosenSlug) ? await input.directory.findBySlug(chosenSlug) : null;
  return chosen ? { ok: true, tenant: chosen, switched: true } : { ok: false, reason: "UNKNOWN_TENANT" };
}
