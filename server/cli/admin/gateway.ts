/**
 * `npm run admin -- gateway <list|set|enable|disable> …`: which payment gateways a tenant's
 * travellers pay through, in order (the first is the default), and the gateways' credentials,
 * stored encrypted with CREDENTIALS_KEY (issue 7). No secret is ever printed.
 */
import type { CredentialStore } from "#adapters/db/credential-store.ts";
import { ZARINPAL_PRODUCTION_URL, ZARINPAL_SANDBOX_URL } from "#adapters/payments/zarinpal/zarinpal-gateway.ts";
import { checkMerchantId, GATEWAY_NAMES, isKnownGateway, KNOWN_GATEWAYS, type GatewayName } from "#core/back-office/secrets.ts";
import { refusedChange, withTenantSecrets, type TenantSecrets } from "./secrets.ts";
import { fail, parseSubcommand, printable, readTenant, refuse, type AdminCommand, type AdminContext, type Parsed } from "./shared.ts";

// The gateways, their credential kinds and the check of a merchant id are the core's, shared with the secrets screen.
export { KNOWN_GATEWAYS, type GatewayName } from "#core/back-office/secrets.ts";

const GATEWAY_USAGE = [
  "Usage: npm run admin -- gateway <list|set|enable|disable> [options]",
  "",
  "A tenant's payment gateways: which ones travellers can pay through, in order (the first is the",
  "default), and their credentials, stored encrypted with CREDENTIALS_KEY. Secrets are never printed.",
  "",
  "Gateways: sandbox (built in, the demo bank: needs no credentials), zarinpal (needs a merchant id).",
  "",
  "Subcommands:",
  "  list     --tenant <slug>",
  "  set      --tenant <slug> --gateway zarinpal --merchant-id <uuid> [--sandbox] [--default]",
  "  enable   --tenant <slug> --gateway sandbox|zarinpal [--default]",
  "  disable  --tenant <slug> --gateway sandbox|zarinpal",
  "",
  "Run `npm run admin -- gateway <subcommand> --help` for the options of each.",
  "A running server sees a change of the list within TENANT_CACHE_TTL_MS (10 s by default).",
  "",
].join("\n");

const LIST_USAGE = [
  "Usage: npm run admin -- gateway list --tenant <slug>",
  "",
  "Lists a tenant's payment gateways in the order travellers see them (the first is the default),",
  "then the known gateways it has not enabled, each with whether its credentials are stored. With",
  "CREDENTIALS_KEY set, stored credentials are also checked to be readable, and Zarinpal's shows",
  "whether it is the production or the sandbox terminal. Secrets are never printed.",
  "",
  "Options:",
  "  --tenant <slug>  the tenant's slug, e.g. parvaz-sabz (required)",
  "  -h, --help       this help",
  "",
].join("\n");

const SET_USAGE = [
  "Usage: npm run admin -- gateway set --tenant <slug> --gateway zarinpal --merchant-id <uuid> [--sandbox] [--default]",
  "",
  "Stores a gateway's credentials for a tenant, encrypted with CREDENTIALS_KEY (which must be set, in",
  "the server's environment too), replacing any stored before, and enables the gateway if it is not.",
  "",
  "Options:",
  "  --tenant <slug>        the tenant's slug, e.g. parvaz-sabz (required)",
  "  --gateway zarinpal     the gateway (required; the sandbox needs no credentials)",
  "  --merchant-id <uuid>   the terminal's merchant id from Zarinpal's panel, 36 characters (required)",
  `  --sandbox              Zarinpal's sandbox (${ZARINPAL_SANDBOX_URL}) instead of production`,
  `                         (${ZARINPAL_PRODUCTION_URL}); the sandbox takes any well-formed merchant id`,
  "  --default              make it the default gateway (the first of the list)",
  "  -h, --help             this help",
  "",
  "The merchant id stays in your shell's history: clear it there if others can read it.",
  "",
  "Example:",
  "  CREDENTIALS_KEY=… npm run admin -- gateway set --tenant parvaz-sabz --gateway zarinpal \\",
  "      --merchant-id xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx --sandbox --default",
  "",
].join("\n");

const ENABLE_USAGE = [
  "Usage: npm run admin -- gateway enable --tenant <slug> --gateway sandbox|zarinpal [--default]",
  "",
  "Offers a gateway to a tenant's travellers: last in the list, or first with --default. A gateway",
  "that needs credentials is refused until they are stored (gateway set); with CREDENTIALS_KEY set,",
  "they must also be readable with it. An enabled gateway with --default becomes the default.",
  "",
  "Options:",
  "  --tenant <slug>     the tenant's slug, e.g. parvaz-sabz (required)",
  "  --gateway <name>    sandbox or zarinpal (required)",
  "  --default           make it the default gateway (the first of the list)",
  "  -h, --help          this help",
  "",
].join("\n");

const DISABLE_USAGE = [
  "Usage: npm run admin -- gateway disable --tenant <slug> --gateway sandbox|zarinpal",
  "",
  "Stops offering a gateway to a tenant's travellers. Its credentials stay stored, so `gateway enable`",
  "brings it back. A tenant's last gateway cannot be disabled: travellers need one to pay. Payments",
  "already started through it are still verified by it.",
  "",
  "Options:",
  "  --tenant <slug>     the tenant's slug, e.g. parvaz-sabz (required)",
  "  --gateway <name>    the gateway (required)",
  "  -h, --help          this help",
  "",
].join("\n");

// ---------------------------------------------------------------------------------------------
// Reading options

/** A gateway's name as typed (any case); `alsoAllowed` lets through names outside the known ones. */
function readGateway(text: string | undefined, alsoAllowed: readonly string[] = []): Parsed<string> {
  const name = text?.trim().toLowerCase() ?? "";
  if (name === "") return { ok: false, error: `--gateway is required: ${GATEWAY_NAMES.join(" or ")}` };
  if (!isKnownGateway(name) && !alsoAllowed.includes(name))
    return { ok: false, error: `Unknown gateway "${printable(name)}"; the gateways are ${GATEWAY_NAMES.join(", ")}` };
  return { ok: true, value: name };
}

function readKnownGateway(text: string | undefined): Parsed<GatewayName> {
  const gateway = readGateway(text);
  if (!gateway.ok) return gateway;
  return isKnownGateway(gateway.value)
    ? { ok: true, value: gateway.value }
    : { ok: false, error: `Unknown gateway "${printable(gateway.value)}"` };
}

/** The merchant id, trimmed and with Latin digits; never echoed back, even when refused. */
export function readMerchantId(text: string | undefined): Parsed<string> {
  const checked = checkMerchantId(text);
  if (checked.ok) return checked;
  if (checked.error === "REQUIRED")
    return { ok: false, error: "--merchant-id is required: the terminal's merchant id from Zarinpal's panel" };
  return {
    ok: false,
    error: `--merchant-id must be Zarinpal's 36-character merchant id, xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx in hex digits (got ${[...(text ?? "").trim()].length} characters that are not one)`,
  };
}

// ---------------------------------------------------------------------------------------------
// Showing gateways

/** A tenant and its gateways, in the order travellers see them (the first is the default). */
export interface TenantGateways {
  id: string;
  slug: string;
  paymentGateways: string[];
}

/** `zarinpal (default), sandbox`. */
export function formatGatewayOrder(gateways: readonly string[]): string {
  return gateways.map((name, index) => (index === 0 ? `${printable(name)} (default)` : printable(name))).join(", ");
}

function zarinpalTerminal(baseUrl: string | undefined): string {
  const url = (baseUrl ?? ZARINPAL_PRODUCTION_URL).replace(/\/+$/, "");
  if (url === ZARINPAL_PRODUCTION_URL) return `production (${url})`;
  if (url === ZARINPAL_SANDBOX_URL) return `sandbox (${url})`;
  return printable(url);
}

/** What is known of a gateway's credentials, in words; never the secret itself. */
async function credentialState(
  name: string,
  enabled: boolean,
  tenantId: string,
  stored: ReadonlySet<string>,
  credentials: CredentialStore,
  keySet: boolean,
): Promise<string> {
  if (!isKnownGateway(name)) return "unknown gateway: not offered";
  const kind = KNOWN_GATEWAYS[name].credentialKind;
  if (kind === null) return "none needed (built in)";
  if (!stored.has(kind)) return enabled ? "none stored: not offered until `gateway set`" : "none stored";
  if (!keySet) return "stored (not checked: CREDENTIALS_KEY is not set)";
  const secret = await credentials.get(tenantId, kind);
  if (!secret)
    return `stored, but unreadable with this CREDENTIALS_KEY${enabled ? ": not offered" : ""}; store them again with \`gateway set\``;
  return name === "zarinpal" ? `stored: ${zarinpalTerminal(secret.baseUrl)}` : "stored";
}

function cell(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - [...text].length));
}

/** The tenant's gateways as a plain-text table: the enabled ones in order, then the known others. */
export async function formatGatewayTable(tenant: TenantGateways, credentials: CredentialStore, keySet: boolean): Promise<string> {
  const stored = new Set(await credentials.kinds(tenant.id));
  const rows: string[][] = [];
  for (const [index, name] of tenant.paymentGateways.entries()) {
    rows.push([
      index === 0 ? "1 (default)" : String(index + 1),
      printable(name),
      await credentialState(name, true, tenant.id, stored, credentials, keySet),
    ]);
  }
  for (const name of GATEWAY_NAMES.filter((known) => !tenant.paymentGateways.includes(known))) {
    rows.push(["disabled", name, await credentialState(name, false, tenant.id, stored, credentials, keySet)]);
  }
  const titles = ["order", "gateway", "credentials"];
  const widths = titles.map((title, index) => Math.max([...title].length, ...rows.map((row) => [...row[index]!].length)));
  const line = (values: string[]) =>
    values
      .map((value, index) => cell(value, widths[index]!))
      .join("  ")
      .trimEnd();
  return [
    `Payment gateways of tenant ${printable(tenant.slug)}, in the order travellers see them (the first is the default):`,
    line(titles),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map(line),
    "",
  ].join("\n");
}

/** `name` moved to the front (`first`) or added at the end when missing (`keep`). */
function placed(gateways: readonly string[], name: string, where: "first" | "keep"): string[] {
  if (where === "first") return [name, ...gateways.filter((other) => other !== name)];
  return gateways.includes(name) ? [...gateways] : [...gateways, name];
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, index) => name === b[index]);

// ---------------------------------------------------------------------------------------------
// Subcommands

interface Subcommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean"; short?: string }>;
  /** Returns the exit code; `values` are the parsed options, help excluded. */
  run(values: Record<string, string | boolean | undefined>, context: AdminContext): Promise<number>;
}

const TENANT_AND_GATEWAY = { tenant: { type: "string" }, gateway: { type: "string" } } as const;

interface TenantWork extends TenantSecrets {
  tenant: TenantGateways;
}

/**
 * Opens the database, finds the tenant and runs `work`; an unknown tenant or a database error
 * exits 1. Every write goes through `update`, the core's audited one.
 */
async function withTenant(
  context: AdminContext,
  slug: string,
  action: string,
  work: (input: TenantWork) => Promise<number>,
): Promise<number> {
  return withTenantSecrets(context, slug, action, (secrets) =>
    work({ ...secrets, tenant: { id: secrets.id, slug: secrets.slug, paymentGateways: secrets.stored.paymentGateways } }),
  );
}

const NO_KEY = [
  "CREDENTIALS_KEY is not set: gateway credentials are stored encrypted with it. Generate one with",
  "`openssl rand -hex 32`, keep it safe (credentials stored with it cannot be read without it), set it",
  "in the environment of the server and of this command, and run this again.",
].join("\n");

const SUBCOMMANDS: Record<"list" | "set" | "enable" | "disable", Subcommand> = {
  list: {
    usage: LIST_USAGE,
    options: { tenant: { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, LIST_USAGE);
      return withTenant(context, tenant.value, "list the gateways", async ({ tenant, credentials, keySet }) => {
        context.io.out(await formatGatewayTable(tenant, credentials, keySet));
        return 0;
      });
    },
  },

  set: {
    usage: SET_USAGE,
    options: { ...TENANT_AND_GATEWAY, "merchant-id": { type: "string" }, sandbox: { type: "boolean" }, default: { type: "boolean" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, SET_USAGE);
      const gateway = readGateway(values.gateway as string | undefined);
      if (!gateway.ok) return refuse(context, gateway.error, SET_USAGE);
      if (gateway.value === "sandbox")
        return refuse(
          context,
          "The sandbox gateway is built in and needs no credentials: offer it with `gateway enable --gateway sandbox`",
          SET_USAGE,
        );
      const merchantId = readMerchantId(values["merchant-id"] as string | undefined);
      if (!merchantId.ok) return refuse(context, merchantId.error, SET_USAGE);
      const key = context.credentialsKey?.();
      if (key === undefined || key.trim() === "") return fail(context, NO_KEY);

      const name = gateway.value;
      const kind = KNOWN_GATEWAYS.zarinpal.credentialKind;
      const terminal = values.sandbox === true ? "sandbox" : "production";
      const baseUrl = values.sandbox === true ? ZARINPAL_SANDBOX_URL : ZARINPAL_PRODUCTION_URL;
      return withTenant(context, tenant.value, "store the credentials", async ({ tenant, stored, update }) => {
        const current = tenant.paymentGateways;
        const next = placed(current, name, values.default === true ? "first" : "keep");
        const outcome = await update({ zarinpal: { merchantId: merchantId.value, terminal }, gateways: next });
        if (!outcome.ok) return refusedChange(context, tenant.slug, outcome.errors);
        const slug = printable(tenant.slug);
        context.io.out(
          [
            `${stored.credentials[kind] ? "Replaced" : "Stored"} the ${name} credentials of tenant ${slug}: ${zarinpalTerminal(baseUrl)}, encrypted with CREDENTIALS_KEY.`,
            current.includes(name) ? null : `Enabled ${name}.`,
            `Payment gateways of ${slug}: ${formatGatewayOrder(next)}.`,
            "",
          ]
            .filter((line) => line !== null)
            .join("\n"),
        );
        return 0;
      });
    },
  },

  enable: {
    usage: ENABLE_USAGE,
    options: { ...TENANT_AND_GATEWAY, default: { type: "boolean" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, ENABLE_USAGE);
      const gateway = readKnownGateway(values.gateway as string | undefined);
      if (!gateway.ok) return refuse(context, gateway.error, ENABLE_USAGE);
      const name = gateway.value;
      const makeDefault = values.default === true;
      return withTenant(context, tenant.value, "enable the gateway", async ({ tenant, stored, keySet, update }) => {
        const slug = printable(tenant.slug);
        const current = tenant.paymentGateways;
        const kind = KNOWN_GATEWAYS[name].credentialKind;
        if (kind !== null) {
          const set = `npm run admin -- gateway set --tenant ${slug} --gateway ${name} --merchant-id <uuid>`;
          const credential = stored.credentials[kind];
          if (!credential)
            return fail(
              context,
              `Tenant ${slug} has no ${name} credentials, so travellers could not pay through it: store them first with\n  ${set}`,
            );
          if (keySet && !credential.fields)
            return fail(
              context,
              `The ${name} credentials of tenant ${slug} cannot be read with this CREDENTIALS_KEY (was it changed?): store them again with\n  ${set}`,
            );
        }
        const next = placed(current, name, makeDefault ? "first" : "keep");
        if (same(next, current)) {
          const already =
            current[0] === name
              ? `${name} is already the default gateway of tenant ${slug}`
              : `${name} is already enabled for tenant ${slug}`;
          context.io.out(`${already}: ${formatGatewayOrder(current)}.\n`);
          return 0;
        }
        const outcome = await update({ gateways: next });
        if (!outcome.ok) return refusedChange(context, tenant.slug, outcome.errors);
        const what = current.includes(name) ? `Made ${name} the default gateway of tenant ${slug}` : `Enabled ${name} for tenant ${slug}`;
        const unchecked = kind !== null && !keySet ? ` (its credentials were not checked: CREDENTIALS_KEY is not set here)` : "";
        context.io.out(`${what}${unchecked}: ${formatGatewayOrder(next)}.\n`);
        return 0;
      });
    },
  },

  disable: {
    usage: DISABLE_USAGE,
    options: { ...TENANT_AND_GATEWAY },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, DISABLE_USAGE);
      // A name the tenant's list holds can always be taken out, even one this version does not know.
      const typed = (values.gateway as string | undefined)?.trim().toLowerCase() ?? "";
      if (typed === "") return refuse(context, `--gateway is required: ${GATEWAY_NAMES.join(" or ")}`, DISABLE_USAGE);
      return withTenant(context, tenant.value, "disable the gateway", async ({ tenant, update }) => {
        const current = tenant.paymentGateways;
        const gateway = readGateway(typed, current);
        if (!gateway.ok) return refuse(context, gateway.error, DISABLE_USAGE);
        const name = gateway.value;
        const slug = printable(tenant.slug);
        if (!current.includes(name)) {
          context.io.out(`${printable(name)} is not enabled for tenant ${slug}: ${formatGatewayOrder(current)}.\n`);
          return 0;
        }
        if (current.length === 1)
          return fail(
            context,
            `${printable(name)} is the only payment gateway of tenant ${slug}, and travellers need one to pay: enable another first.`,
          );
        const next = current.filter((other) => other !== name);
        const outcome = await update({ gateways: next });
        if (!outcome.ok) return refusedChange(context, tenant.slug, outcome.errors);
        const newDefault = current[0] === name ? ` ${printable(next[0]!)} is now the default.` : "";
        const kept =
          isKnownGateway(name) && KNOWN_GATEWAYS[name].credentialKind !== null
            ? " Its credentials stay stored: `gateway enable` brings it back."
            : "";
        context.io.out(`Disabled ${printable(name)} for tenant ${slug}: ${formatGatewayOrder(next)}.${newDefault}${kept}\n`);
        return 0;
      });
    },
  },
};

export const gatewayCommand: AdminCommand = {
  name: "gateway",
  summary: "list a tenant's payment gateways, store their credentials (encrypted), enable and disable them",
  usage: GATEWAY_USAGE,
  async run(args, context) {
    const chosen = parseSubcommand(args, context, { name: "gateway", usage: GATEWAY_USAGE, subcommands: SUBCOMMANDS });
    return typeof chosen === "number" ? chosen : chosen.subcommand.run(chosen.values, context);
  },
};
