import type { Tenant } from "./site-config.ts";

export interface TenantRepository {
  /** The tenant that owns a normalised host name, or null. */
  findByHost(host: string): Promise<Tenant | null>;
  /** The tenant marked as default, used for unknown hosts in development. */
  findDefault(): Promise<Tenant | null>;
}
