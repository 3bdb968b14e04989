import type { TenantRepository } from "./ports.ts";
import { FALLBACK_TENANT, type Tenant } from "./site-config.ts";

export type UnknownHostPolicy = "default" | "reject";

export type SiteResolution =
  | { ok: true; tenant: Tenant; configLoaded: true; matchedBy: "host" | "default" }
  | { ok: true; tenant: Tenant; configLoaded: false; matchedBy: "fallback"; cause: unknown }
  | { ok: false; error: "UNKNOWN_HOST" };

/**
 * Normalises a Host header value to the name we store: lower case, no port, no trailing dot.
 * Returns null for anything that is not a plausible host name, so it can never match a row.
 */
export function normalizeHost(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let host = raw.trim().toLowerCase();
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    if (end < 0) return null;
    host = host.slice(0, end + 1);
  } else {
    host = host.replace(/:\d*$/, "");
  }
  host = host.replace(/\.$/, "");
  if (host.length === 0 || host.length > 253) return null;
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(host)) return null;
  return host;
}

/**
 * Chooses the tenant for a request by its host. When the database cannot answer, the request is
 * still served with the fallback configuration and flagged as such (spec §8: not cacheable).
 */
export async function resolveSite(
  rawHost: string | undefined,
  deps: { tenants: TenantRepository; unknownHost: UnknownHostPolicy },
): Promise<SiteResolution> {
  const host = normalizeHost(rawHost);
  try {
    const byHost = host ? await deps.tenants.findByHost(host) : null;
    if (byHost) return { ok: true, tenant: byHost, configLoaded: true, matchedBy: "host" };
    if (deps.unknownHost === "reject") return { ok: false, error: "UNKNOWN_HOST" };
    const fallbackTenant = await deps.tenants.findDefault();
    if (fallbackTenant) return { ok: true, tenant: fallbackTenant, configLoaded: true, matchedBy: "default" };
    return { ok: true, tenant: FALLBACK_TENANT, configLoaded: false, matchedBy: "fallback", cause: new Error("no default tenant") };
  } catch (cause) {
    return { ok: true, tenant: FALLBACK_TENANT, configLoaded: false, matchedBy: "fallback", cause };
  }
}
