/**
 * `npm run admin -- staff <add|list|remove> …`: a tenant's back-office staff (issue 25; ADR 0036).
 * The first owner of a tenant is added here; the commands run the same use cases as the staff
 * screen and are recorded in the same audit log (as "cli").
 */
import { asc, eq, or } from "drizzle-orm";
import type { DatabaseHandle } from "#adapters/db/client.ts";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { createAuditLog } from "#adapters/db/audit-log.ts";
import { createStaffRepository } from "#adapters/db/staff-repository.ts";
import { tenantDomains, tenants } from "#adapters/db/schema.ts";
import { CLI_ACTOR } from "#core/back-office/audit.ts";
import { BACK_OFFICE_ROLES } from "#core/back-office/roles.ts";
import { addStaff, removeStaff, type StaffChangeError, type StaffDeps } from "#core/back-office/staff.ts";
import { readMobile } from "./credit.ts";
import { tehranTime } from "./discount.ts";
import {
  fail,
  parseSubcommand,
  printable,
  refuse,
  unknownTenant,
  withDatabase,
  type AdminCommand,
  type AdminContext,
  type Parsed,
} from "./shared.ts";

const ROLES = BACK_OFFICE_ROLES.join("|");

const STAFF_USAGE = [
  "Usage: npm run admin -- staff <add|list|remove> [options]",
  "",
  "The back-office staff of a tenant (/admin on its host): who may sign in there, and as what.",
  "Roles: owner (everything), operator (bookings, refunds, discounts, credit, SMS log, client errors),",
  "editor (content pages, blog), support (read-only, no secrets), platform (every tenant, from",
  "PLATFORM_ADMIN_HOST; give it at that host's tenant). Every change is written to the audit log.",
  "",
  "Subcommands:",
  `  add     --tenant <slug|host|id> --mobile <number> --role <${ROLES}>`,
  "  list    --tenant <slug|host|id>",
  "  remove  --tenant <slug|host|id> --mobile <number>",
  "",
].join("\n");

const ADD_USAGE = [
  `Usage: npm run admin -- staff add --tenant <slug|host|id> --mobile <number> --role <${ROLES}>`,
  "",
  "Makes the account of this mobile at the tenant a staff member with the role (the account opens",
  "now if the person never signed in), or changes the role of one who already is.",
  "",
  "Example:",
  "  npm run admin -- staff add --tenant theme2.localhost --mobile 09121234567 --role owner",
  "",
].join("\n");

const LIST_USAGE = ["Usage: npm run admin -- staff list --tenant <slug|host|id>", "", "Lists the tenant's staff, owners first.", ""].join(
  "\n",
);

const REMOVE_USAGE = [
  "Usage: npm run admin -- staff remove --tenant <slug|host|id> --mobile <number>",
  "",
  "Ends the staff membership of this mobile (the traveller account stays). The last owner cannot be",
  "removed: add another owner first.",
  "",
].join("\n");

const CHANGE_ERRORS: Record<StaffChangeError, string> = {
  MOBILE_INVALID: "--mobile must be an Iranian mobile number, e.g. 09121234567",
  ROLE_INVALID: `--role must be one of ${BACK_OFFICE_ROLES.join(", ")}`,
  ROLE_NOT_GRANTABLE: "that role cannot be given here",
  NOT_STAFF: "that mobile is not on this tenant's staff",
  LAST_OWNER: "that is the tenant's last owner: add another owner first",
};

export function readTenantKey(text: string | undefined): Parsed<string> {
  const key = text?.trim().toLowerCase() ?? "";
  return key === ""
    ? { ok: false, error: "--tenant is required: the tenant's slug, one of its hosts, or its id" }
    : { ok: true, value: key };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The tenant by slug, host or id; an unknown one exits 1 naming the slugs there are. */
async function withTenant(
  context: AdminContext,
  key: string,
  action: string,
  work: (database: DatabaseHandle, tenant: { id: string; slug: string }) => Promise<number>,
): Promise<number> {
  return withDatabase(context, action, async (database) => {
    const db = database.db;
    const [tenant] = await db
      .selectDistinct({ id: tenants.id, slug: tenants.slug })
      .from(tenants)
      .leftJoin(tenantDomains, eq(tenantDomains.tenantId, tenants.id))
      .where(or(eq(tenants.slug, key), eq(tenantDomains.host, key), ...(UUID.test(key) ? [eq(tenants.id, key)] : [])));
    if (!tenant) {
      const known = await db.select({ slug: tenants.slug }).from(tenants).orderBy(asc(tenants.slug));
      return unknownTenant(
        context,
        key,
        known.map((row) => row.slug),
      );
    }
    return work(database, tenant);
  });
}

function staffDeps(database: DatabaseHandle, now: () => Date): StaffDeps {
  return {
    staff: createStaffRepository(database.db),
    accounts: createAccountRepository(database.db),
    audit: createAuditLog(database.db),
    clock: { now },
  };
}

export interface StaffCommandOptions {
  /** The clock (tests fix it). */
  now?: () => Date;
}

interface Subcommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  run(values: Record<string, string | boolean | undefined>, context: AdminContext, now: () => Date): Promise<number>;
}

const SUBCOMMANDS: Record<"add" | "list" | "remove", Subcommand> = {
  add: {
    usage: ADD_USAGE,
    options: { tenant: { type: "string" }, mobile: { type: "string" }, role: { type: "string" } },
    async run(values, context, now) {
      const tenant = readTenantKey(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, ADD_USAGE);
      const mobile = readMobile(values.mobile as string | undefined);
      if (!mobile.ok) return refuse(context, mobile.error, ADD_USAGE);
      const role = ((values.role as string | undefined) ?? "").trim();
      if (role === "") return refuse(context, `--role is required: one of ${BACK_OFFICE_ROLES.join(", ")}`, ADD_USAGE);
      return withTenant(context, tenant.value, "add the staff member", async (database, found) => {
        const result = await addStaff(staffDeps(database, now), CLI_ACTOR, { tenantId: found.id, mobile: mobile.value, role });
        if (!result.ok) return fail(context, CHANGE_ERRORS[result.error]);
        context.io.out(`${result.member.mobile} is ${result.member.role} of ${printable(found.slug)}.\n`);
        return 0;
      });
    },
  },
  list: {
    usage: LIST_USAGE,
    options: { tenant: { type: "string" } },
    async run(values, context) {
      const tenant = readTenantKey(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, LIST_USAGE);
      return withTenant(context, tenant.value, "list the staff", async (database, found) => {
        const members = await createStaffRepository(database.db).list(found.id);
        if (members.length === 0) {
          context.io.out(
            `${printable(found.slug)} has no staff. Add an owner: npm run admin -- staff add --tenant ${printable(found.slug)} --mobile 09… --role owner\n`,
          );
          return 0;
        }
        const lines = [`Staff of ${printable(found.slug)} (added, Tehran time):`];
        for (const member of members) lines.push(`  ${member.mobile}  ${member.role.padEnd(8)}  ${tehranTime(member.addedAt)}`);
        context.io.out(`${lines.join("\n")}\n`);
        return 0;
      });
    },
  },
  remove: {
    usage: REMOVE_USAGE,
    options: { tenant: { type: "string" }, mobile: { type: "string" } },
    async run(values, context, now) {
      const tenant = readTenantKey(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, REMOVE_USAGE);
      const mobile = readMobile(values.mobile as string | undefined);
      if (!mobile.ok) return refuse(context, mobile.error, REMOVE_USAGE);
      return withTenant(context, tenant.value, "remove the staff member", async (database, found) => {
        const result = await removeStaff(staffDeps(database, now), CLI_ACTOR, { tenantId: found.id, mobile: mobile.value });
        if (!result.ok) return fail(context, CHANGE_ERRORS[result.error]);
        context.io.out(`${result.member.mobile} is no longer on the staff of ${printable(found.slug)}.\n`);
        return 0;
      });
    },
  },
};

export function createStaffCommand(options: StaffCommandOptions = {}): AdminCommand {
  const now = options.now ?? (() => new Date());
  return {
    name: "staff",
    summary: "add, list or remove a tenant's back-office staff (/admin)",
    usage: STAFF_USAGE,
    async run(args, context) {
      const parsed = parseSubcommand(args, context, { name: "staff", usage: STAFF_USAGE, subcommands: SUBCOMMANDS });
      if (typeof parsed === "number") return parsed;
      return parsed.subcommand.run(parsed.values, context, now);
    },
  };
}

export const staffCommand = createStaffCommand();
