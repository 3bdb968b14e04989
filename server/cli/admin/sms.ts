/**
 * `npm run admin -- sms <show|use|set-kavenegar|budget> …` and `recaptcha <show|set|clear> …`:
 * what sign-in by SMS code needs of a tenant (issue 9). Who carries its text messages (the
 * built-in outbox or its own Kavenegar account), how many sign-in codes it may send a day, and
 * its Google reCAPTCHA v3 keys. Secrets are stored encrypted with CREDENTIALS_KEY and never
 * printed.
 */
import type { CredentialStore } from "#adapters/db/credential-store.ts";
import { KAVENEGAR_BASE_URL } from "#adapters/sms/kavenegar/kavenegar-sender.ts";
import { DEFAULT_DAILY_SMS_BUDGET } from "#core/accounts/otp.ts";
import {
  checkApiKey,
  checkDailyBudget,
  checkLine,
  checkRecaptchaKey,
  checkTemplateName,
  MAX_API_KEY_LENGTH,
  MAX_DAILY_SMS_BUDGET,
  MAX_TEMPLATE_NAME_LENGTH,
} from "#core/back-office/secrets.ts";
import { RECAPTCHA_CREDENTIAL_KIND } from "../../human-check.ts";
import {
  KAVENEGAR_CREDENTIAL_KIND,
  readKavenegarCredentials,
  SMS_SENDER_NAMES,
  SMS_TEMPLATE_NAMES,
  type KavenegarCredentials,
  type SmsSenderName,
} from "../../sms-senders.ts";
import { formatNumber } from "./discount.ts";
import { refusedChange, withTenantSecrets, type TenantSecrets } from "./secrets.ts";
import {
  credentialsKeySet,
  fail,
  parseSubcommand,
  printable,
  readTenant,
  refuse,
  type AdminCommand,
  type AdminContext,
  type Parsed,
} from "./shared.ts";

export { MAX_DAILY_SMS_BUDGET } from "#core/back-office/secrets.ts";

const templateOption = (name: string) => `template-${name}`;

const SMS_USAGE = [
  "Usage: npm run admin -- sms <show|use|set-kavenegar|budget> [options]",
  "",
  "A tenant's text messages: who sends them, Kavenegar's credentials (stored encrypted with",
  "CREDENTIALS_KEY; the API key is never printed), and how many sign-in codes it may send a day.",
  "",
  "Senders: outbox (built in: messages are stored in sms_messages, nothing is sent; the default),",
  "         kavenegar (the tenant's own Kavenegar account).",
  "",
  "Subcommands:",
  "  show           --tenant <slug>",
  "  use            --tenant <slug> --sender outbox|kavenegar",
  `  set-kavenegar  --tenant <slug> --api-key <key> [--line <number>] [${SMS_TEMPLATE_NAMES.map((name) => `--${templateOption(name)} <name>`).join("] [")}] [--use]`,
  `  budget         --tenant <slug> --per-day <1-${formatNumber(MAX_DAILY_SMS_BUDGET)}>|default`,
  "",
  "Run `npm run admin -- sms <subcommand> --help` for the options of each.",
  "A running server sees a change of sender or budget within TENANT_CACHE_TTL_MS (10 s by default),",
  "and new credentials at once.",
  "",
].join("\n");

const SHOW_USAGE = [
  "Usage: npm run admin -- sms show --tenant <slug>",
  "",
  "Shows who sends a tenant's text messages, its Kavenegar credentials (line and templates, never the",
  "API key; with CREDENTIALS_KEY set they are also checked to be readable) and its daily budget of",
  "sign-in codes.",
  "",
  "Options:",
  "  --tenant <slug>  the tenant's slug, e.g. parvaz-sabz (required)",
  "  -h, --help       this help",
  "",
].join("\n");

const USE_USAGE = [
  "Usage: npm run admin -- sms use --tenant <slug> --sender outbox|kavenegar",
  "",
  "Chooses who sends a tenant's text messages (sign-in codes, tickets). kavenegar is refused until",
  "its credentials are stored (sms set-kavenegar); with CREDENTIALS_KEY set, they must also be",
  "readable with it. Should they become unreadable later, messages go to the outbox, and the server",
  "logs a warning for each.",
  "",
  "Options:",
  "  --tenant <slug>      the tenant's slug, e.g. parvaz-sabz (required)",
  "  --sender <name>      outbox or kavenegar (required)",
  "  -h, --help           this help",
  "",
].join("\n");

const SET_KAVENEGAR_USAGE = [
  `Usage: npm run admin -- sms set-kavenegar --tenant <slug> --api-key <key> [--line <number>]`,
  `         [${SMS_TEMPLATE_NAMES.map((name) => `--${templateOption(name)} <name>`).join("] [")}] [--use]`,
  "",
  "Stores a tenant's Kavenegar credentials, encrypted with CREDENTIALS_KEY (which must be set, in the",
  "server's environment too), replacing any stored before: options left out are not kept.",
  "",
  "A message the product sends by a template name goes through Kavenegar's verify/lookup with the",
  "template you approved for it in Kavenegar's panel (%token is its first value: the code of",
  "login-code, the booking reference of ticket-issued). A message whose template has no name here",
  "goes as plain text through sms/send, from --line. Give login-code a template: Kavenegar delivers",
  "verify/lookup messages on its own service lines, which reach numbers that refuse advertising.",
  "",
  "Options:",
  "  --tenant <slug>                  the tenant's slug, e.g. parvaz-sabz (required)",
  "  --api-key <key>                  the API-Key from Kavenegar's panel (required; never printed)",
  "  --line <number>                  the line plain messages go out from (default: the account's",
  "                                   default line)",
  ...SMS_TEMPLATE_NAMES.map((name) => `  ${`--${templateOption(name)} <name>`.padEnd(33)}the Kavenegar template for ${name} messages`),
  "  --use                            also make kavenegar the tenant's sender (sms use)",
  "  -h, --help                       this help",
  "",
  "The API key stays in your shell's history: clear it there if others can read it.",
  "",
  "Example:",
  "  CREDENTIALS_KEY=… npm run admin -- sms set-kavenegar --tenant parvaz-sabz --api-key 4A6E… \\",
  "      --line 2000500666 --template-login-code parvaz-login --template-ticket-issued parvaz-ticket --use",
  "",
].join("\n");

const BUDGET_USAGE = [
  `Usage: npm run admin -- sms budget --tenant <slug> --per-day <1-${formatNumber(MAX_DAILY_SMS_BUDGET)}>|default`,
  "",
  "How many sign-in codes a tenant may send in one Tehran day, all numbers together: once spent,",
  "sign-in waits for the next day. It caps what a script that pumps SMS to paid numbers can cost.",
  `\`default\` goes back to the product's default, ${formatNumber(DEFAULT_DAILY_SMS_BUDGET)} a day.`,
  "",
  "Options:",
  "  --tenant <slug>        the tenant's slug, e.g. parvaz-sabz (required)",
  "  --per-day <n>|default  a whole number; Persian digits and thousands separators are accepted",
  "  -h, --help             this help",
  "",
].join("\n");

const RECAPTCHA_USAGE = [
  "Usage: npm run admin -- recaptcha <show|set|clear> [options]",
  "",
  "A tenant's Google reCAPTCHA v3 keys, which sign-in asks before sending a code. Without them (the",
  "default) the built-in proof of work guards sign-in alone, and whenever Google cannot be reached",
  "it stands in. The secret is stored encrypted with CREDENTIALS_KEY and never printed.",
  "",
  "Subcommands:",
  "  show   --tenant <slug>",
  "  set    --tenant <slug> --site-key <key> --secret <secret>",
  "  clear  --tenant <slug>",
  "",
  "Run `npm run admin -- recaptcha <subcommand> --help` for the options of each.",
  "",
].join("\n");

const RECAPTCHA_SHOW_USAGE = [
  "Usage: npm run admin -- recaptcha show --tenant <slug>",
  "",
  "Shows a tenant's reCAPTCHA v3 site key (public: pages carry it) and whether its secret is stored",
  "and, with CREDENTIALS_KEY set, readable. The secret itself is never printed.",
  "",
  "Options:",
  "  --tenant <slug>  the tenant's slug, e.g. parvaz-sabz (required)",
  "  -h, --help       this help",
  "",
].join("\n");

const RECAPTCHA_SET_USAGE = [
  "Usage: npm run admin -- recaptcha set --tenant <slug> --site-key <key> --secret <secret>",
  "",
  "Stores a tenant's reCAPTCHA v3 keys: the site key in its settings, the secret encrypted with",
  "CREDENTIALS_KEY (which must be set, in the server's environment too), replacing any before.",
  "Create them at https://www.google.com/recaptcha/admin as a score-based (v3) key whose domains",
  "are the tenant's host names.",
  "",
  "Options:",
  "  --tenant <slug>      the tenant's slug, e.g. parvaz-sabz (required)",
  "  --site-key <key>     the site key (public), 40 characters (required)",
  "  --secret <secret>    the secret key, 40 characters (required; never printed)",
  "  -h, --help           this help",
  "",
  "The secret stays in your shell's history: clear it there if others can read it.",
  "",
].join("\n");

const RECAPTCHA_CLEAR_USAGE = [
  "Usage: npm run admin -- recaptcha clear --tenant <slug>",
  "",
  "Removes a tenant's reCAPTCHA keys (the site key and the stored secret): sign-in is then guarded",
  "by the built-in proof of work alone. Needs no CREDENTIALS_KEY.",
  "",
  "Options:",
  "  --tenant <slug>  the tenant's slug, e.g. parvaz-sabz (required)",
  "  -h, --help       this help",
  "",
].join("\n");

// ---------------------------------------------------------------------------------------------
// Reading options

function readSender(text: string | undefined): Parsed<SmsSenderName> {
  const name = text?.trim().toLowerCase() ?? "";
  if (name === "") return { ok: false, error: `--sender is required: ${SMS_SENDER_NAMES.join(" or ")}` };
  const known = SMS_SENDER_NAMES.find((candidate) => candidate === name);
  return known
    ? { ok: true, value: known }
    : { ok: false, error: `Unknown sender "${printable(name)}"; the senders are ${SMS_SENDER_NAMES.join(", ")}` };
}

/** The API key, trimmed; never echoed back, even when refused. */
export function readApiKey(text: string | undefined): Parsed<string> {
  const checked = checkApiKey(text);
  if (checked.ok) return checked;
  if (checked.error === "REQUIRED") return { ok: false, error: "--api-key is required: the API-Key from Kavenegar's panel" };
  return {
    ok: false,
    error: `--api-key must be Kavenegar's API-Key: up to ${MAX_API_KEY_LENGTH} Latin letters, digits and signs, without spaces (got ${[...(text ?? "").trim()].length} characters that are not one)`,
  };
}

/** A sender line, with Latin digits; undefined when not given. */
export function readLine(text: string | undefined): Parsed<string | undefined> {
  if (text === undefined) return { ok: true, value: undefined };
  const checked = checkLine(text);
  return checked.ok && checked.value !== null
    ? { ok: true, value: checked.value }
    : { ok: false, error: `--line must be a Kavenegar line number, 4 to 20 digits (got "${printable(text)}")` };
}

/** A Kavenegar template name as verify/lookup takes it: no spaces, no control characters. */
export function readTemplateName(option: string, text: string): Parsed<string> {
  const checked = checkTemplateName(text);
  if (checked.ok && checked.value !== null) return { ok: true, value: checked.value };
  return {
    ok: false,
    error: `--${option} must be the name of a template approved in Kavenegar's panel: 1 to ${MAX_TEMPLATE_NAME_LENGTH} characters without spaces (got "${printable(text)}")`,
  };
}

/** The daily budget: a whole number within 1–1,000,000, or null for `default`. */
export function readBudget(text: string | undefined): Parsed<number | null> {
  const typed = text?.trim() ?? "";
  const range = `1 to ${formatNumber(MAX_DAILY_SMS_BUDGET)}`;
  // Blank is the screen's "default"; here the option must be spelled out.
  if (typed === "") return { ok: false, error: `--per-day is required: a whole number from ${range}, or default` };
  const checked = checkDailyBudget(typed);
  return checked.ok
    ? checked
    : { ok: false, error: `--per-day must be a whole number from ${range}, or default (got "${printable(typed)}")` };
}

/** A reCAPTCHA key; the secret's value is never echoed back. */
export function readRecaptchaKey(option: "site-key" | "secret", text: string | undefined): Parsed<string> {
  const what = option === "site-key" ? "the site key" : "the secret key";
  const checked = checkRecaptchaKey(text);
  if (checked.ok) return checked;
  if (checked.error === "REQUIRED") return { ok: false, error: `--${option} is required: ${what} from Google's reCAPTCHA admin console` };
  const key = (text ?? "").trim();
  const got = option === "secret" ? `${[...key].length} characters that are not one` : `"${printable(key)}"`;
  return {
    ok: false,
    error: `--${option} must be ${what} of a reCAPTCHA key: 20 to 100 Latin letters, digits, "-" and "_" (got ${got})`,
  };
}

// ---------------------------------------------------------------------------------------------
// Showing settings

/** A tenant's sign-in settings: its sender, its daily budget of codes and its reCAPTCHA site key. */
export interface TenantSmsSettingsRow {
  id: string;
  slug: string;
  smsSender: string;
  smsDailyBudget: number | null;
  recaptchaV3SiteKey: string | null;
}

/** What is known of the Kavenegar credentials, in words; never the API key. */
async function kavenegarState(
  tenantId: string,
  credentials: CredentialStore,
  keySet: boolean,
): Promise<{ usable: boolean | null; lines: string[] }> {
  if (!(await credentials.kinds(tenantId)).includes(KAVENEGAR_CREDENTIAL_KIND)) return { usable: false, lines: ["none stored"] };
  if (!keySet) return { usable: null, lines: ["stored (not checked: CREDENTIALS_KEY is not set)"] };
  const stored = readKavenegarCredentials(await credentials.get(tenantId, KAVENEGAR_CREDENTIAL_KIND));
  if (!stored)
    return { usable: false, lines: ["stored, but unreadable with this CREDENTIALS_KEY; store them again with `sms set-kavenegar`"] };
  return { usable: true, lines: describeKavenegar(stored) };
}

/** The line, the templates and (when not Kavenegar's own) the address: nothing secret. */
function describeKavenegar(credentials: KavenegarCredentials): string[] {
  const lines = [`stored: line ${credentials.sender ? printable(credentials.sender) : "the account's default"}`];
  if (credentials.baseUrl && credentials.baseUrl.replace(/\/+$/, "") !== KAVENEGAR_BASE_URL)
    lines.push(`address: ${printable(credentials.baseUrl)}`);
  for (const name of SMS_TEMPLATE_NAMES) {
    const template = credentials.templates[name];
    lines.push(`${name}: ${template ? `template ${printable(template)} (verify/lookup)` : "no template: plain text (sms/send)"}`);
  }
  return lines;
}

const budgetText = (budget: number | null) =>
  budget === null ? `${formatNumber(DEFAULT_DAILY_SMS_BUDGET)} (the default)` : formatNumber(budget);

export async function formatSmsSettings(tenant: TenantSmsSettingsRow, credentials: CredentialStore, keySet: boolean): Promise<string> {
  const kavenegar = await kavenegarState(tenant.id, credentials, keySet);
  let sender = printable(tenant.smsSender);
  if (tenant.smsSender === "outbox") sender += " (stored in sms_messages, not sent)";
  else if (tenant.smsSender === "kavenegar" && kavenegar.usable === false)
    sender += " (no usable credentials: messages go to the outbox, not to travellers)";
  else if (!(SMS_SENDER_NAMES as readonly string[]).includes(tenant.smsSender))
    sender += " (unknown to this version: messages go to the outbox)";
  return [
    `Text messages of tenant ${printable(tenant.slug)}:`,
    `  sender:                 ${sender}`,
    `  kavenegar credentials:  ${kavenegar.lines[0]}`,
    ...kavenegar.lines.slice(1).map((line) => `                          ${line}`),
    `  sign-in codes a day:    ${budgetText(tenant.smsDailyBudget)}`,
    "",
  ].join("\n");
}

async function recaptchaState(tenant: TenantSmsSettingsRow, credentials: CredentialStore, keySet: boolean): Promise<string> {
  const stored = (await credentials.kinds(tenant.id)).includes(RECAPTCHA_CREDENTIAL_KIND);
  if (!stored) return tenant.recaptchaV3SiteKey ? "none stored: sign-in uses the proof of work until `recaptcha set`" : "none stored";
  if (!keySet) return "stored (not checked: CREDENTIALS_KEY is not set)";
  const secret = (await credentials.get(tenant.id, RECAPTCHA_CREDENTIAL_KIND))?.secret;
  return secret
    ? "stored"
    : "stored, but unreadable with this CREDENTIALS_KEY: sign-in uses the proof of work; store it again with `recaptcha set`";
}

export async function formatRecaptchaSettings(
  tenant: TenantSmsSettingsRow,
  credentials: CredentialStore,
  keySet: boolean,
): Promise<string> {
  return [
    `reCAPTCHA v3 of tenant ${printable(tenant.slug)}:`,
    `  site key:  ${tenant.recaptchaV3SiteKey ? printable(tenant.recaptchaV3SiteKey) : "none (sign-in uses the built-in proof of work)"}`,
    `  secret:    ${await recaptchaState(tenant, credentials, keySet)}`,
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Running subcommands

interface Subcommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean"; short?: string }>;
  /** Returns the exit code; `values` are the parsed options, help excluded. */
  run(values: Record<string, string | boolean | undefined>, context: AdminContext): Promise<number>;
}

const NO_KEY = [
  "CREDENTIALS_KEY is not set: credentials are stored encrypted with it. Generate one with",
  "`openssl rand -hex 32`, keep it safe (credentials stored with it cannot be read without it), set it",
  "in the environment of the server and of this command, and run this again.",
].join("\n");

interface TenantWork extends TenantSecrets {
  tenant: TenantSmsSettingsRow;
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
  return withTenantSecrets(context, slug, action, (secrets) => {
    const { smsSender, smsDailyBudget, recaptchaV3SiteKey } = secrets.stored;
    return work({ ...secrets, tenant: { id: secrets.id, slug: secrets.slug, smsSender, smsDailyBudget, recaptchaV3SiteKey } });
  });
}

const keyIsSet = (context: AdminContext) => credentialsKeySet(context.credentialsKey?.());

const TENANT = { tenant: { type: "string" } } as const;
const TEMPLATE_OPTIONS = Object.fromEntries(SMS_TEMPLATE_NAMES.map((name) => [templateOption(name), { type: "string" as const }]));

const SMS_SUBCOMMANDS: Record<"show" | "use" | "set-kavenegar" | "budget", Subcommand> = {
  show: {
    usage: SHOW_USAGE,
    options: { ...TENANT },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, SHOW_USAGE);
      return withTenant(context, tenant.value, "show the SMS settings", async ({ tenant, credentials, keySet }) => {
        context.io.out(await formatSmsSettings(tenant, credentials, keySet));
        return 0;
      });
    },
  },

  use: {
    usage: USE_USAGE,
    options: { ...TENANT, sender: { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, USE_USAGE);
      const sender = readSender(values.sender as string | undefined);
      if (!sender.ok) return refuse(context, sender.error, USE_USAGE);
      const name = sender.value;
      return withTenant(context, tenant.value, "change the sender", async ({ tenant, stored, keySet, update }) => {
        const slug = printable(tenant.slug);
        let unchecked = "";
        if (name === "kavenegar") {
          const set = `npm run admin -- sms set-kavenegar --tenant ${slug} --api-key <key> --${templateOption("login-code")} <name>`;
          const credential = stored.credentials[KAVENEGAR_CREDENTIAL_KIND];
          if (!credential)
            return fail(
              context,
              `Tenant ${slug} has no Kavenegar credentials, so its messages would go to the outbox: store them first with\n  ${set}`,
            );
          if (keySet && !readKavenegarCredentials(credential.fields))
            return fail(
              context,
              `The Kavenegar credentials of tenant ${slug} cannot be read with this CREDENTIALS_KEY (was it changed?): store them again with\n  ${set}`,
            );
          if (!keySet) unchecked = " (its credentials were not checked: CREDENTIALS_KEY is not set here)";
        }
        if (tenant.smsSender === name) {
          context.io.out(`Tenant ${slug} already sends its messages through ${name}.\n`);
          return 0;
        }
        const outcome = await update({ sms: { sender: name } });
        if (!outcome.ok) return refusedChange(context, tenant.slug, outcome.errors);
        const what = name === "outbox" ? "the outbox (stored in sms_messages, not sent)" : "kavenegar";
        context.io.out(`Tenant ${slug} now sends its messages through ${what}${unchecked}; it was ${printable(tenant.smsSender)}.\n`);
        return 0;
      });
    },
  },

  "set-kavenegar": {
    usage: SET_KAVENEGAR_USAGE,
    options: { ...TENANT, "api-key": { type: "string" }, line: { type: "string" }, ...TEMPLATE_OPTIONS, use: { type: "boolean" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, SET_KAVENEGAR_USAGE);
      const apiKey = readApiKey(values["api-key"] as string | undefined);
      if (!apiKey.ok) return refuse(context, apiKey.error, SET_KAVENEGAR_USAGE);
      const line = readLine(values.line as string | undefined);
      if (!line.ok) return refuse(context, line.error, SET_KAVENEGAR_USAGE);
      const templates: Record<string, string> = {};
      for (const name of SMS_TEMPLATE_NAMES) {
        const typed = values[templateOption(name)];
        if (typeof typed !== "string") continue;
        const template = readTemplateName(templateOption(name), typed);
        if (!template.ok) return refuse(context, template.error, SET_KAVENEGAR_USAGE);
        templates[name] = template.value;
      }
      if (!keyIsSet(context)) return fail(context, NO_KEY);

      const use = values.use === true;
      return withTenant(context, tenant.value, "store the credentials", async ({ tenant, stored, update }) => {
        // The command replaces the whole credential: a line or template left out is none. Only the
        // address (tests and proxies) is kept, as the screen keeps it.
        const outcome = await update({
          sms: {
            apiKey: apiKey.value,
            line: line.value ?? "",
            templates: Object.fromEntries(SMS_TEMPLATE_NAMES.map((name) => [name, templates[name] ?? ""])),
            ...(use ? { sender: "kavenegar" } : {}),
          },
        });
        if (!outcome.ok) return refusedChange(context, tenant.slug, outcome.errors);
        const before = stored.credentials[KAVENEGAR_CREDENTIAL_KIND];
        const written: KavenegarCredentials = {
          apiKey: apiKey.value,
          sender: line.value ?? null,
          baseUrl: readKavenegarCredentials(before?.fields ?? null)?.baseUrl ?? null,
          templates,
        };
        const sender = outcome.status.sms.sender;
        const switched = sender !== tenant.smsSender && sender === "kavenegar";
        const slug = printable(tenant.slug);
        const missing = SMS_TEMPLATE_NAMES.filter((name) => !templates[name]);
        context.io.out(
          [
            `${before ? "Replaced" : "Stored"} the Kavenegar credentials of tenant ${slug}, encrypted with CREDENTIALS_KEY:`,
            ...describeKavenegar(written).map((text) => `  ${text}`),
            missing.includes("login-code")
              ? "Sign-in codes have no template: they go as plain text from the line. A verify/lookup template reaches more phones."
              : null,
            switched
              ? `Tenant ${slug} now sends its messages through kavenegar.`
              : sender === "kavenegar"
                ? `Tenant ${slug} sends its messages through kavenegar.`
                : `Tenant ${slug} still sends its messages through ${printable(sender)}: switch with\n  npm run admin -- sms use --tenant ${slug} --sender kavenegar`,
            "",
          ]
            .filter((text) => text !== null)
            .join("\n"),
        );
        return 0;
      });
    },
  },

  budget: {
    usage: BUDGET_USAGE,
    options: { ...TENANT, "per-day": { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, BUDGET_USAGE);
      const budget = readBudget(values["per-day"] as string | undefined);
      if (!budget.ok) return refuse(context, budget.error, BUDGET_USAGE);
      return withTenant(context, tenant.value, "change the budget", async ({ tenant, update }) => {
        const slug = printable(tenant.slug);
        if (tenant.smsDailyBudget === budget.value) {
          context.io.out(`Tenant ${slug} may already send ${budgetText(budget.value)} sign-in codes a day.\n`);
          return 0;
        }
        const outcome = await update({ sms: { dailyBudget: budget.value } });
        if (!outcome.ok) return refusedChange(context, tenant.slug, outcome.errors);
        context.io.out(
          `Tenant ${slug} may now send ${budgetText(budget.value)} sign-in codes a day; it was ${budgetText(tenant.smsDailyBudget)}.\n`,
        );
        return 0;
      });
    },
  },
};

const RECAPTCHA_SUBCOMMANDS: Record<"show" | "set" | "clear", Subcommand> = {
  show: {
    usage: RECAPTCHA_SHOW_USAGE,
    options: { ...TENANT },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, RECAPTCHA_SHOW_USAGE);
      return withTenant(context, tenant.value, "show the reCAPTCHA keys", async ({ tenant, credentials, keySet }) => {
        context.io.out(await formatRecaptchaSettings(tenant, credentials, keySet));
        return 0;
      });
    },
  },

  set: {
    usage: RECAPTCHA_SET_USAGE,
    options: { ...TENANT, "site-key": { type: "string" }, secret: { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, RECAPTCHA_SET_USAGE);
      const siteKey = readRecaptchaKey("site-key", values["site-key"] as string | undefined);
      if (!siteKey.ok) return refuse(context, siteKey.error, RECAPTCHA_SET_USAGE);
      const secret = readRecaptchaKey("secret", values.secret as string | undefined);
      if (!secret.ok) return refuse(context, secret.error, RECAPTCHA_SET_USAGE);
      // The pair is Google's: the secret of one key never verifies the tokens of another.
      if (secret.value === siteKey.value)
        return refuse(context, "--secret is the site key again: give the secret key, the other of the pair", RECAPTCHA_SET_USAGE);
      if (!keyIsSet(context)) return fail(context, NO_KEY);
      return withTenant(context, tenant.value, "store the reCAPTCHA keys", async ({ tenant, stored, update }) => {
        const outcome = await update({ recaptcha: { siteKey: siteKey.value, secret: secret.value } });
        if (!outcome.ok) return refusedChange(context, tenant.slug, outcome.errors);
        const replaced = stored.credentials[RECAPTCHA_CREDENTIAL_KIND] !== undefined;
        context.io.out(
          `${replaced ? "Replaced" : "Stored"} the reCAPTCHA v3 keys of tenant ${printable(tenant.slug)}: site key ${siteKey.value}, the secret encrypted with CREDENTIALS_KEY.\n`,
        );
        return 0;
      });
    },
  },

  clear: {
    usage: RECAPTCHA_CLEAR_USAGE,
    options: { ...TENANT },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, RECAPTCHA_CLEAR_USAGE);
      return withTenant(context, tenant.value, "clear the reCAPTCHA keys", async ({ tenant, update }) => {
        const outcome = await update({ recaptcha: { remove: true } });
        if (!outcome.ok) return refusedChange(context, tenant.slug, outcome.errors);
        const slug = printable(tenant.slug);
        context.io.out(
          outcome.changed
            ? `Cleared the reCAPTCHA keys of tenant ${slug}: sign-in is guarded by the built-in proof of work.\n`
            : `Tenant ${slug} has no reCAPTCHA keys.\n`,
        );
        return 0;
      });
    },
  },
};

export const smsCommand: AdminCommand = {
  name: "sms",
  summary:
    "show a tenant's SMS settings, choose its sender, store Kavenegar credentials (encrypted), set its daily budget of sign-in codes",
  usage: SMS_USAGE,
  async run(args, context) {
    const chosen = parseSubcommand(args, context, { name: "sms", usage: SMS_USAGE, subcommands: SMS_SUBCOMMANDS });
    return typeof chosen === "number" ? chosen : chosen.subcommand.run(chosen.values, context);
  },
};

export const recaptchaCommand: AdminCommand = {
  name: "recaptcha",
  summary: "show, store (the secret encrypted) or clear a tenant's Google reCAPTCHA v3 keys for sign-in",
  usage: RECAPTCHA_USAGE,
  async run(args, context) {
    const chosen = parseSubcommand(args, context, { name: "recaptcha", usage: RECAPTCHA_USAGE, subcommands: RECAPTCHA_SUBCOMMANDS });
    return typeof chosen === "number" ? chosen : chosen.subcommand.run(chosen.values, context);
  },
};
