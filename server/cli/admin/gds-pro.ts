/**
 * `npm run admin -- gds-pro <status|enable|show|hide|disable> --tenant <slug>`: spec §4 GDS-pro
 * hosts (ADR 0030). A GDS-pro host answers no storefront page or service until its components are
 * shown; showing them brings back the services it had saved, untouched by hiding.
 */
import { createTenantGdsProSettings, type GdsProState } from "#adapters/db/tenant-gds-pro.ts";
import {
  parseSubcommand,
  printable,
  readTenant,
  refuse,
  unknownTenant,
  withDatabase,
  type AdminCommand,
  type AdminContext,
} from "./shared.ts";

const USAGE = [
  "Usage: npm run admin -- gds-pro <status|enable|show|hide|disable> --tenant <slug>",
  "",
  "Spec §4 GDS-pro hosts: a tenant flagged GDS-pro hides every storefront page, API route and",
  "service (its hosts answer 404; /test, /testLang and the configuration call stay) until its",
  "components are shown. Its saved services are never changed, so `show` restores them as they were.",
  "",
  "Subcommands:",
  "  status   --tenant <slug>   the flags and the saved services",
  "  enable   --tenant <slug>   flag the tenant GDS-pro, components hidden",
  "  show     --tenant <slug>   show the components: routes and services come back",
  "  hide     --tenant <slug>   hide them again",
  "  disable  --tenant <slug>   an ordinary storefront again",
  "",
  "A running server sees a change within TENANT_CACHE_TTL_MS (10 s by default).",
  "",
].join("\n");

type Change = Partial<Pick<GdsProState, "gdsPro" | "showComponentsForGdsPro">> | null;

const CHANGES: Record<"status" | "enable" | "show" | "hide" | "disable", Change> = {
  status: null,
  enable: { gdsPro: true, showComponentsForGdsPro: false },
  show: { showComponentsForGdsPro: true },
  hide: { showComponentsForGdsPro: false },
  disable: { gdsPro: false },
};

/** The state in words: what the tenant's hosts show now. */
export function describeGdsPro(state: GdsProState): string {
  const mode = !state.gdsPro
    ? "an ordinary storefront (not GDS-pro)"
    : state.showComponentsForGdsPro
      ? "GDS-pro, components shown: its pages and services answer"
      : "GDS-pro, components hidden: every page, API route and service answers 404";
  return [
    `Tenant ${printable(state.slug)}: ${mode}.`,
    `Saved services: ${state.servicesActive.length > 0 ? state.servicesActive.map(printable).join(", ") : "none"}.`,
    "",
  ].join("\n");
}

const subcommand = (change: Change) => ({ usage: USAGE, options: { tenant: { type: "string" as const } }, change });

export const gdsProCommand: AdminCommand = {
  name: "gds-pro",
  summary: "Hide or show a GDS-pro host's storefront (spec §4)",
  usage: USAGE,
  async run(args: string[], context: AdminContext) {
    const subcommands = Object.fromEntries(Object.entries(CHANGES).map(([name, change]) => [name, subcommand(change)]));
    const parsed = parseSubcommand(args, context, { name: "gds-pro", usage: USAGE, subcommands });
    if (typeof parsed === "number") return parsed;
    const tenant = readTenant(parsed.values.tenant as string | undefined);
    if (!tenant.ok) return refuse(context, tenant.error, USAGE);
    const change = parsed.subcommand.change;
    return withDatabase(context, "change the GDS-pro flags", async (database) => {
      const settings = createTenantGdsProSettings(database.db);
      const state = change ? await settings.set(tenant.value, change) : await settings.find(tenant.value);
      if (!state) return unknownTenant(context, tenant.value, await settings.slugs());
      context.io.out(describeGdsPro(state));
      return 0;
    });
  },
};
