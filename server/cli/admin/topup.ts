/**
 * `npm run admin -- topup <show|set-chargereseller|use> …` (issue 23 §3): which provider a tenant's
 * mobile top-ups are ordered from, Charge Reseller's credentials (stored encrypted with
 * CREDENTIALS_KEY, never printed), and the tenant's top-ups by status, with those paid and not
 * delivered listed for an operator to look at.
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { DatabaseHandle } from "#adapters/db/client.ts";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { mobileCharges } from "#adapters/db/schema.ts";
import { CHARGERESELLER_PRODUCTION_URL } from "#adapters/topup/chargereseller/chargereseller-provider.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { CHARGERESELLER_CREDENTIAL_KIND } from "../../topup-providers.ts";
import {
  credentialsKeySet,
  fail,
  parseSubcommand,
  printable,
  readTenant,
  refuse,
  withTenantId,
  type AdminCommand,
  type AdminContext,
} from "./shared.ts";

const WEBSERVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const USAGE = [
  "Usage: npm run admin -- topup <show|set-chargereseller|use> [options]",
  "",
  "Mobile top-ups of a tenant (its `chargemobile` option): the provider new top-ups are ordered from",
  "(sandbox, built in; or chargereseller, with credentials stored encrypted with CREDENTIALS_KEY),",
  "and its top-ups by status. Secrets are never printed.",
  "",
  "Subcommands:",
  "  show                --tenant <slug>",
  "  set-chargereseller  --tenant <slug> --webservice-id <uuid> [--base-url <url>]",
  "  use                 --tenant <slug> --provider sandbox|chargereseller",
  "",
].join("\n");

const SHOW_USAGE = [
  "Usage: npm run admin -- topup show --tenant <slug>",
  "",
  "The provider the tenant's new top-ups are ordered from, its top-ups counted by status, and those",
  "paid but not delivered (the worker finishes them: delivered, or refunded after 30 minutes).",
  "",
].join("\n");

const SET_USAGE = [
  "Usage: npm run admin -- topup set-chargereseller --tenant <slug> --webservice-id <uuid> [--base-url <url>]",
  "",
  "Stores Charge Reseller's web service id for a tenant, encrypted with CREDENTIALS_KEY (set it in the",
  "server's environment too), and orders the tenant's new top-ups from it.",
  "",
  "Options:",
  "  --tenant <slug>          the tenant's slug (required)",
  "  --webservice-id <uuid>   the agency's web service id with the reseller (required)",
  `  --base-url <url>         the web service's address (default ${CHARGERESELLER_PRODUCTION_URL})`,
  "",
].join("\n");

const USE_USAGE = [
  "Usage: npm run admin -- topup use --tenant <slug> --provider sandbox|chargereseller",
  "",
  "Which provider the tenant's new top-ups are ordered from; top-ups already ordered finish where they",
  "were ordered. chargereseller needs its credentials (set-chargereseller) first.",
  "",
].join("\n");

interface Subcommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean"; short?: string }>;
  run(values: Record<string, string | boolean | undefined>, context: AdminContext): Promise<number>;
}

/** Opens the database and finds the tenant by slug; an unknown slug lists the known ones. */
function withTenant(
  context: AdminContext,
  slug: string,
  action: string,
  work: (tenantId: string, key: string | undefined, database: DatabaseHandle) => Promise<number>,
) {
  const key = context.credentialsKey?.();
  return withTenantId(context, slug, action, (database, tenantId) => work(tenantId, key, database));
}

const NO_KEY = "CREDENTIALS_KEY is not set: the reseller's web service id is stored encrypted with it (see `gateway --help`).";

const SUBCOMMANDS: Record<"show" | "set-chargereseller" | "use", Subcommand> = {
  show: {
    usage: SHOW_USAGE,
    options: { tenant: { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, SHOW_USAGE);
      return withTenant(context, tenant.value, "show the top-ups", async (tenantId, key, database) => {
        const credentials = createCredentialStore(database.db, { key });
        const stored = (await credentials.kinds(tenantId)).includes(CHARGERESELLER_CREDENTIAL_KIND);
        const secret = stored && credentialsKeySet(key) ? await credentials.get(tenantId, CHARGERESELLER_CREDENTIAL_KIND) : null;
        const provider =
          secret?.webserviceId && secret.active !== "false"
            ? `chargereseller (${printable(secret.baseUrl ?? CHARGERESELLER_PRODUCTION_URL)})`
            : stored && !credentialsKeySet(key)
              ? "not checked: CREDENTIALS_KEY is not set"
              : "sandbox (built in: charges no real line)";
        const counts = await database.db
          .select({ status: mobileCharges.status, total: count() })
          .from(mobileCharges)
          .where(eq(mobileCharges.tenantId, tenantId))
          .groupBy(mobileCharges.status)
          .orderBy(asc(mobileCharges.status));
        const waiting = await database.db
          .select()
          .from(mobileCharges)
          .where(and(eq(mobileCharges.tenantId, tenantId), eq(mobileCharges.status, "paid")))
          .orderBy(asc(mobileCharges.updatedAt))
          .limit(50);
        context.io.out(
          [
            `New top-ups are ordered from: ${provider}`,
            `Top-ups by status: ${counts.length ? counts.map((row) => `${printable(row.status)} ${row.total}`).join(", ") : "none yet"}`,
            ...(waiting.length
              ? [
                  "Paid, not delivered yet:",
                  ...waiting.map(
                    (row) =>
                      `  ${row.hashId}  ${printable(row.provider)}  ${row.mobile}  ${row.amount}  paid ${row.updatedAt.toISOString()}`,
                  ),
                ]
              : []),
            "",
          ].join("\n"),
        );
        return 0;
      });
    },
  },

  "set-chargereseller": {
    usage: SET_USAGE,
    options: { tenant: { type: "string" }, "webservice-id": { type: "string" }, "base-url": { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, SET_USAGE);
      const typed = latinDigits(((values["webservice-id"] as string | undefined) ?? "").trim());
      // Never echoed back, even when refused.
      if (!WEBSERVICE_ID.test(typed))
        return refuse(context, "--webservice-id must be the reseller's 36-character web service id", SET_USAGE);
      const baseUrl = ((values["base-url"] as string | undefined) ?? CHARGERESELLER_PRODUCTION_URL).trim();
      if (!/^https?:\/\/\S+$/.test(baseUrl)) return refuse(context, "--base-url must be an http(s) address", SET_USAGE);
      const key = context.credentialsKey?.();
      if (!credentialsKeySet(key)) return fail(context, NO_KEY);
      return withTenant(context, tenant.value, "store the credentials", async (tenantId, _key, database) => {
        await createCredentialStore(database.db, { key }).put(tenantId, CHARGERESELLER_CREDENTIAL_KIND, {
          webserviceId: typed,
          baseUrl,
          active: "true",
        });
        context.io.out(
          `Stored Charge Reseller's web service id for ${printable(tenant.value)} (${printable(baseUrl)}); new top-ups are ordered there.\n`,
        );
        return 0;
      });
    },
  },

  use: {
    usage: USE_USAGE,
    options: { tenant: { type: "string" }, provider: { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, USE_USAGE);
      const provider = (values.provider as string | undefined)?.trim().toLowerCase();
      if (provider !== "sandbox" && provider !== "chargereseller")
        return refuse(context, "--provider must be sandbox or chargereseller", USE_USAGE);
      const key = context.credentialsKey?.();
      if (!credentialsKeySet(key)) return fail(context, NO_KEY);
      return withTenant(context, tenant.value, "choose the provider", async (tenantId, _key, database) => {
        const credentials = createCredentialStore(database.db, { key });
        const secret = await credentials.get(tenantId, CHARGERESELLER_CREDENTIAL_KIND);
        if (!secret?.webserviceId) {
          if (provider === "sandbox") {
            context.io.out(`${printable(tenant.value)} orders top-ups from the sandbox.\n`);
            return 0;
          }
          return fail(context, "No readable Charge Reseller credentials for this tenant: store them with `topup set-chargereseller`.");
        }
        await credentials.put(tenantId, CHARGERESELLER_CREDENTIAL_KIND, {
          ...secret,
          active: provider === "chargereseller" ? "true" : "false",
        });
        context.io.out(`${printable(tenant.value)} orders new top-ups from ${provider}.\n`);
        return 0;
      });
    },
  },
};

export const topupCommand: AdminCommand = {
  name: "topup",
  summary: "a tenant's mobile top-up provider (sandbox or Charge Reseller) and its top-ups by status",
  usage: USAGE,
  async run(args, context) {
    const parsed = parseSubcommand(args, context, { name: "topup", usage: USAGE, subcommands: SUBCOMMANDS });
    if (typeof parsed === "number") return parsed;
    return parsed.subcommand.run(parsed.values, context);
  },
};
