/** Spec §4 GDS-pro switches of a tenant, for the operator's command (ADR 0030). */
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { tenants } from "./schema.ts";

export interface GdsProState {
  slug: string;
  gdsPro: boolean;
  showComponentsForGdsPro: boolean;
  servicesActive: string[];
}

export interface TenantGdsProSettings {
  find(slug: string): Promise<GdsProState | null>;
  slugs(): Promise<string[]>;
  /** Sets either flag; the saved services are never touched, so showing restores them as they were. */
  set(slug: string, change: Partial<Pick<GdsProState, "gdsPro" | "showComponentsForGdsPro">>): Promise<GdsProState | null>;
}

const columns = {
  slug: tenants.slug,
  gdsPro: tenants.gdsPro,
  showComponentsForGdsPro: tenants.showComponentsForGdsPro,
  servicesActive: tenants.servicesActive,
};

export function createTenantGdsProSettings(db: Database): TenantGdsProSettings {
  return {
    async find(slug) {
      const [row] = await db.select(columns).from(tenants).where(eq(tenants.slug, slug));
      return row ?? null;
    },
    async slugs() {
      const rows = await db.select({ slug: tenants.slug }).from(tenants).orderBy(asc(tenants.slug));
      return rows.map((row) => row.slug);
    },
    async set(slug, change) {
      const [row] = await db
        .update(tenants)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(tenants.slug, slug))
        .returning(columns);
      return row ?? null;
    },
  };
}
