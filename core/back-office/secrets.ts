import { DEFAULT_DAILY_SMS_BUDGET } from "#core/accounts/otp.ts";
import { latinDigits, readWholeNumber } from "#core/i18n/digits.ts";
import type { Clock } from "#core/ports.ts";
import { audited, SECRET_SET, type Actor, type AuditLog } from "./audit.ts";

/**
 * A tenant's secrets for outside services (issue 25 §1 "secrets"; issues 7 and 9): its payment
 * gateways, the SMS sender and reCAPTCHA. One set of checks and one write for the CLI
 * (`npm run admin -- gateway|sms|recaptcha`), the `/admin/secrets` screen and the admin API.
 * Secrets are write-only: what leaves this module says whether each is set and since when,
 * never its value; an absent secret keeps the stored one, `remove` clears it.
 */

// ---------------------------------------------------------------------------------------------
// What is stored, and under which credential kind

/** The gateways this version can offer, and the kind their credentials are stored under (null: none needed). */
export const KNOWN_GATEWAYS = {
  sandbox: { credentialKind: null },
  zarinpal: { credentialKind: "payment:zarinpal" },
} as const satisfies Record<string, { credentialKind: string | null }>;
export type GatewayName = keyof typeof KNOWN_GATEWAYS;
export const GATEWAY_NAMES = Object.keys(KNOWN_GATEWAYS) as GatewayName[];
export const isKnownGateway = (name: string): name is GatewayName => Object.hasOwn(KNOWN_GATEWAYS, name);
export const ZARINPAL_CREDENTIAL_KIND = KNOWN_GATEWAYS.zarinpal.credentialKind;
/** Zarinpal's two terminals; the adapter knows their addresses. */
export const ZARINPAL_TERMINALS = ["production", "sandbox"] as const;
export type ZarinpalTerminal = (typeof ZARINPAL_TERMINALS)[number];

/** Values of `tenants.sms_sender` this server can honour. */
export const SMS_SENDER_NAMES = ["outbox", "kavenegar"] as const;
export type SmsSenderName = (typeof SMS_SENDER_NAMES)[number];
export const KAVENEGAR_CREDENTIAL_KIND = "sms:kavenegar";
/** The templates the product sends by name; each can be mapped to one approved in Kavenegar's panel. */
export const SMS_TEMPLATE_NAMES = ["login-code", "ticket-issued", "refund-paid"] as const;
/** The credential field that maps one of our templates to the tenant's Kavenegar template. */
export const templateField = (name: string) => `template:${name}`;

/**
 * The `sms:kavenegar` credentials: `apiKey` (required), `sender` (the line of plain sends; the
 * account's default line without it), `baseUrl` (tests and proxies only) and the templates.
 */
export interface KavenegarCredentials {
  apiKey: string;
  sender: string | null;
  baseUrl: string | null;
  /** Our template name → the Kavenegar template name. */
  templates: Record<string, string>;
}

/** The stored fields as credentials, or null when there is no usable API key. */
export function readKavenegarCredentials(stored: Record<string, string> | null): KavenegarCredentials | null {
  const apiKey = stored?.apiKey?.trim() ?? "";
  if (!stored || apiKey === "") return null;
  const templates: Record<string, string> = {};
  for (const [field, value] of Object.entries(stored)) {
    if (field.startsWith("template:") && value.trim() !== "") templates[field.slice("template:".length)] = value.trim();
  }
  return { apiKey, sender: stored.sender?.trim() || null, baseUrl: stored.baseUrl?.trim() || null, templates };
}

/** The credentials as the fields the store keeps (the inverse of readKavenegarCredentials). */
export function kavenegarCredentialFields(credentials: KavenegarCredentials): Record<string, string> {
  const fields: Record<string, string> = { apiKey: credentials.apiKey };
  if (credentials.sender) fields.sender = credentials.sender;
  if (credentials.baseUrl) fields.baseUrl = credentials.baseUrl;
  for (const [name, template] of Object.entries(credentials.templates)) fields[templateField(name)] = template;
  return fields;
}

/** The reCAPTCHA v3 secret, stored as {secret}; the site key is public and lives on the tenant's row. */
export const RECAPTCHA_CREDENTIAL_KIND = "captcha:recaptcha";

export const SECRET_KINDS = [ZARINPAL_CREDENTIAL_KIND, KAVENEGAR_CREDENTIAL_KIND, RECAPTCHA_CREDENTIAL_KIND] as const;

// ---------------------------------------------------------------------------------------------
// Checking one field (the CLI words these codes its own way)

export type SecretFieldError =
  | "REQUIRED"
  | "MERCHANT_ID_INVALID"
  | "API_KEY_INVALID"
  | "LINE_INVALID"
  | "TEMPLATE_INVALID"
  | "BUDGET_INVALID"
  | "RECAPTCHA_KEY_INVALID"
  | "SAME_AS_SITE_KEY"
  | "SENDER_INVALID"
  | "TERMINAL_INVALID"
  | "GATEWAY_INVALID"
  | "ORDER_INVALID"
  | "NO_GATEWAY"
  | "CREDENTIALS_MISSING"
  | "UNREADABLE"
  | "KEY_NOT_SET";

export type Checked<T> = { ok: true; value: T } | { ok: false; error: SecretFieldError };

/** The most sign-in codes a tenant may be allowed a day: far above any real need, well below a pumping bill nobody notices. */
export const MAX_DAILY_SMS_BUDGET = 1_000_000;
export const MAX_API_KEY_LENGTH = 200;
export const MAX_TEMPLATE_NAME_LENGTH = 100;
/** A Zarinpal merchant id: a UUID, 36 characters. */
const MERCHANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Google's keys are 40 characters of letters, digits, "-" and "_"; a little room either way. */
const RECAPTCHA_KEY = /^[A-Za-z0-9_-]{20,100}$/;
/** A Kavenegar line: digits only (1000…, 2000…, 3000…, 9000…). */
const LINE = /^\d{4,20}$/;

const blank = (text: string | undefined | null): text is undefined | null | "" => text === undefined || text === null || text.trim() === "";

/** The merchant id, trimmed and with Latin digits. */
export function checkMerchantId(text: string | undefined): Checked<string> {
  if (blank(text)) return { ok: false, error: "REQUIRED" };
  const merchantId = latinDigits(text.trim());
  return MERCHANT_ID.test(merchantId) ? { ok: true, value: merchantId } : { ok: false, error: "MERCHANT_ID_INVALID" };
}

/** Kavenegar's API key: it becomes a URL path segment, so printable ASCII without spaces. */
export function checkApiKey(text: string | undefined): Checked<string> {
  if (blank(text)) return { ok: false, error: "REQUIRED" };
  const apiKey = text.trim();
  return apiKey.length <= MAX_API_KEY_LENGTH && /^[\x21-\x7e]+$/.test(apiKey)
    ? { ok: true, value: apiKey }
    : { ok: false, error: "API_KEY_INVALID" };
}

/** A sender line with Latin digits, spaces and dashes dropped; blank is none (the account's default line). */
export function checkLine(text: string | undefined): Checked<string | null> {
  if (blank(text)) return { ok: true, value: null };
  const line = latinDigits(text.trim()).replace(/[\s-]/g, "");
  return LINE.test(line) ? { ok: true, value: line } : { ok: false, error: "LINE_INVALID" };
}

const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** A Kavenegar template name as verify/lookup takes it; blank is none (plain text). */
export function checkTemplateName(text: string | undefined): Checked<string | null> {
  if (blank(text)) return { ok: true, value: null };
  const name = text.trim();
  return name.length > MAX_TEMPLATE_NAME_LENGTH || /\s/.test(name) || hasControl(name)
    ? { ok: false, error: "TEMPLATE_INVALID" }
    : { ok: true, value: name };
}

/** The daily budget of sign-in codes: 1–1,000,000, or null (blank or `default`) for the product's default. */
export function checkDailyBudget(text: string | number | null | undefined): Checked<number | null> {
  if (text === null || text === undefined) return { ok: true, value: null };
  const typed = String(text).trim();
  if (typed === "" || typed.toLowerCase() === "default") return { ok: true, value: null };
  const value = readWholeNumber(typed);
  return value === null || value < 1 || value > MAX_DAILY_SMS_BUDGET ? { ok: false, error: "BUDGET_INVALID" } : { ok: true, value };
}

/** A reCAPTCHA site key or secret. */
export function checkRecaptchaKey(text: string | undefined): Checked<string> {
  if (blank(text)) return { ok: false, error: "REQUIRED" };
  const key = text.trim();
  return RECAPTCHA_KEY.test(key) ? { ok: true, value: key } : { ok: false, error: "RECAPTCHA_KEY_INVALID" };
}

// ---------------------------------------------------------------------------------------------
// The port

/** One stored credential: when it was last written, and its fields (null when this key cannot read them). */
export interface StoredCredential {
  updatedAt: Date;
  fields: Record<string, string> | null;
}

export interface StoredSecrets {
  paymentGateways: string[];
  smsSender: string;
  smsDailyBudget: number | null;
  recaptchaV3SiteKey: string | null;
  /** By kind, only the kinds of SECRET_KINDS that are stored. */
  credentials: Partial<Record<string, StoredCredential>>;
}

export interface SecretsWrite {
  tenant: Partial<Pick<StoredSecrets, "paymentGateways" | "smsSender" | "smsDailyBudget" | "recaptchaV3SiteKey">>;
  put: Record<string, Record<string, string>>;
  remove: string[];
}

export interface TenantSecretsStore {
  /** Whether CREDENTIALS_KEY is set: without it nothing secret can be stored, nor read. */
  keySet: boolean;
  /** Zarinpal's address of each terminal. */
  zarinpalUrls: Record<ZarinpalTerminal, string>;
  read(tenantId: string): Promise<StoredSecrets>;
  /** One transaction with the tenant's row locked: `work` sees the current state and returns the write (or null). */
  edit<T>(tenantId: string, work: (current: StoredSecrets) => { write: SecretsWrite | null; result: T }): Promise<T>;
}

// ---------------------------------------------------------------------------------------------
// What the screen and the API show

export interface SecretState {
  set: boolean;
  /** False when stored but unreadable with this CREDENTIALS_KEY; null when it could not be checked (no key). */
  readable: boolean | null;
  updatedAt: Date | null;
}

export interface SecretsStatus {
  keySet: boolean;
  /** Every known gateway and any other enabled one; `position` 1 is the default, null when disabled. */
  gateways: { name: string; known: boolean; position: number | null; needsCredentials: boolean }[];
  zarinpal: { merchantId: SecretState; terminal: ZarinpalTerminal | null };
  sms: {
    sender: string;
    apiKey: SecretState;
    line: string | null;
    templates: Record<string, string | null>;
    dailyBudget: number | null;
    defaultDailyBudget: number;
  };
  recaptcha: { siteKey: string | null; secret: SecretState };
}

function stateOf(stored: StoredSecrets, kind: string, keySet: boolean): SecretState {
  const credential = stored.credentials[kind];
  if (!credential) return { set: false, readable: null, updatedAt: null };
  return { set: true, readable: keySet ? credential.fields !== null : null, updatedAt: credential.updatedAt };
}

function terminalOf(fields: Record<string, string> | null | undefined, urls: Record<ZarinpalTerminal, string>): ZarinpalTerminal | null {
  if (!fields) return null;
  const url = (fields.baseUrl ?? urls.production).replace(/\/+$/, "");
  return url === urls.sandbox.replace(/\/+$/, "") ? "sandbox" : "production";
}

export function secretsStatus(stored: StoredSecrets, store: Pick<TenantSecretsStore, "keySet" | "zarinpalUrls">): SecretsStatus {
  const enabled = stored.paymentGateways;
  const names = [...enabled, ...GATEWAY_NAMES.filter((name) => !enabled.includes(name))];
  const kavenegar = readKavenegarCredentials(stored.credentials[KAVENEGAR_CREDENTIAL_KIND]?.fields ?? null);
  return {
    keySet: store.keySet,
    gateways: names.map((name) => ({
      name,
      known: isKnownGateway(name),
      position: enabled.includes(name) ? enabled.indexOf(name) + 1 : null,
      needsCredentials: isKnownGateway(name) && KNOWN_GATEWAYS[name].credentialKind !== null,
    })),
    zarinpal: {
      merchantId: stateOf(stored, ZARINPAL_CREDENTIAL_KIND, store.keySet),
      terminal: terminalOf(stored.credentials[ZARINPAL_CREDENTIAL_KIND]?.fields, store.zarinpalUrls),
    },
    sms: {
      sender: stored.smsSender,
      apiKey: stateOf(stored, KAVENEGAR_CREDENTIAL_KIND, store.keySet),
      line: kavenegar?.sender ?? null,
      templates: Object.fromEntries(SMS_TEMPLATE_NAMES.map((name) => [name, kavenegar?.templates[name] ?? null])),
      dailyBudget: stored.smsDailyBudget,
      defaultDailyBudget: DEFAULT_DAILY_SMS_BUDGET,
    },
    recaptcha: { siteKey: stored.recaptchaV3SiteKey, secret: stateOf(stored, RECAPTCHA_CREDENTIAL_KIND, store.keySet) },
  };
}

/** The audit record of the state: secrets as "set" or null, never their value. */
function recordOf(status: SecretsStatus) {
  const set = (state: SecretState) => (state.set ? SECRET_SET : null);
  return {
    gateways: status.gateways.filter((gateway) => gateway.position !== null).map((gateway) => gateway.name),
    zarinpal: { merchantId: set(status.zarinpal.merchantId), terminal: status.zarinpal.terminal },
    sms: {
      sender: status.sms.sender,
      apiKey: set(status.sms.apiKey),
      line: status.sms.line,
      templates: status.sms.templates,
      dailyBudget: status.sms.dailyBudget,
    },
    recaptcha: { siteKey: status.recaptcha.siteKey, secret: set(status.recaptcha.secret) },
  };
}

// ---------------------------------------------------------------------------------------------
// The change

/**
 * What to change; a section or field left out keeps what is stored. A secret given replaces the
 * stored one; `remove` (or `removeApiKey`) clears it.
 */
export interface SecretsChange {
  /** The enabled gateways in order: the first is the default. */
  gateways?: string[];
  zarinpal?: { merchantId?: string; terminal?: string; remove?: boolean };
  sms?: {
    sender?: string;
    apiKey?: string;
    removeApiKey?: boolean;
    line?: string;
    templates?: Partial<Record<string, string>>;
    dailyBudget?: string | number | null;
  };
  recaptcha?: { siteKey?: string; secret?: string; remove?: boolean };
}

/** Field names of the errors; the screen's inputs and the API's `fields` use the same. */
export type SecretsErrors = Record<string, SecretFieldError>;

export type SecretsUpdate = { ok: true; changed: boolean; status: SecretsStatus } | { ok: false; errors: SecretsErrors };

/**
 * Turns the screen's rows (enabled? and a position for each gateway) into the ordered list:
 * positions are whole numbers; ties keep the listed order.
 */
export function gatewayOrder(rows: readonly { name: string; enabled: boolean; position: string }[]): Checked<string[]> {
  const chosen: { name: string; position: number; index: number }[] = [];
  for (const [index, row] of rows.entries()) {
    if (!row.enabled) continue;
    const position = row.position.trim() === "" ? rows.length + index : readWholeNumber(row.position);
    if (position === null) return { ok: false, error: "ORDER_INVALID" };
    chosen.push({ name: row.name, position, index });
  }
  return { ok: true, value: chosen.sort((a, b) => a.position - b.position || a.index - b.index).map((row) => row.name) };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, index) => name === b[index]);
const sameFields = (a: Record<string, string> | null | undefined, b: Record<string, string>) =>
  !!a && JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Checks the change against the stored state: the write, or the errors by field. */
export function planSecretsChange(
  change: SecretsChange,
  current: StoredSecrets,
  store: Pick<TenantSecretsStore, "keySet" | "zarinpalUrls">,
): { ok: true; write: SecretsWrite | null } | { ok: false; errors: SecretsErrors } {
  const errors: SecretsErrors = {};
  const write: SecretsWrite = { tenant: {}, put: {}, remove: [] };
  const credential = (kind: string) => current.credentials[kind];

  // Zarinpal: the merchant id (secret) and the terminal travel together in one credential.
  let zarinpalStored = credential(ZARINPAL_CREDENTIAL_KIND) !== undefined;
  if (change.zarinpal) {
    const { merchantId: typed, terminal: terminalText, remove } = change.zarinpal;
    let terminal: ZarinpalTerminal | null = null;
    if (terminalText !== undefined && terminalText !== "") {
      terminal = (ZARINPAL_TERMINALS as readonly string[]).includes(terminalText) ? (terminalText as ZarinpalTerminal) : null;
      if (!terminal) errors["zarinpal.terminal"] = "TERMINAL_INVALID";
    }
    if (!blank(typed)) {
      const merchantId = checkMerchantId(typed);
      if (!merchantId.ok) errors["zarinpal.merchantId"] = merchantId.error;
      else if (!store.keySet) errors["zarinpal.merchantId"] = "KEY_NOT_SET";
      else {
        const fields = { merchantId: merchantId.value, baseUrl: store.zarinpalUrls[terminal ?? "production"] };
        write.put[ZARINPAL_CREDENTIAL_KIND] = fields;
        zarinpalStored = true;
      }
    } else if (remove) {
      if (zarinpalStored) write.remove.push(ZARINPAL_CREDENTIAL_KIND);
      zarinpalStored = false;
    } else if (terminal && zarinpalStored) {
      const stored = credential(ZARINPAL_CREDENTIAL_KIND)?.fields;
      if (terminal !== terminalOf(stored, store.zarinpalUrls)) {
        // A new terminal keeps the stored merchant id, which must then be readable.
        if (!stored?.merchantId) errors["zarinpal.merchantId"] = store.keySet ? "UNREADABLE" : "KEY_NOT_SET";
        else write.put[ZARINPAL_CREDENTIAL_KIND] = { ...stored, baseUrl: store.zarinpalUrls[terminal] };
      }
    }
  }

  if (change.gateways !== undefined) {
    const names = change.gateways.map((name) => name.trim().toLowerCase());
    const unknown = names.find((name) => !isKnownGateway(name) && !current.paymentGateways.includes(name));
    if (unknown !== undefined || new Set(names).size !== names.length) errors.gateways = "GATEWAY_INVALID";
    else if (names.length === 0) errors.gateways = "NO_GATEWAY";
    else if (names.some((name) => isKnownGateway(name) && KNOWN_GATEWAYS[name].credentialKind !== null && !zarinpalStored))
      errors.gateways = "CREDENTIALS_MISSING";
    else if (!sameList(names, current.paymentGateways)) write.tenant.paymentGateways = names;
  } else if (current.paymentGateways.includes("zarinpal") && !zarinpalStored) {
    // Removing the merchant id of an enabled gateway would leave it offered without credentials.
    errors["zarinpal.merchantId"] = "CREDENTIALS_MISSING";
  }

  // SMS: the sender, the budget, and Kavenegar's credentials (the API key is the secret).
  let kavenegarStored = credential(KAVENEGAR_CREDENTIAL_KIND) !== undefined;
  if (change.sms) {
    const sms = change.sms;
    const storedFields = credential(KAVENEGAR_CREDENTIAL_KIND)?.fields ?? null;
    const stored = readKavenegarCredentials(storedFields);
    const line = sms.line === undefined ? { ok: true as const, value: stored?.sender ?? null } : checkLine(sms.line);
    if (!line.ok) errors["sms.line"] = line.error;
    const templates: Record<string, string> = {};
    for (const name of SMS_TEMPLATE_NAMES) {
      const typed = sms.templates?.[name];
      const template = typed === undefined ? { ok: true as const, value: stored?.templates[name] ?? null } : checkTemplateName(typed);
      if (!template.ok) errors[`sms.templates.${name}`] = template.error;
      else if (template.value) templates[name] = template.value;
    }
    let apiKey: string | null = stored?.apiKey ?? null;
    if (!blank(sms.apiKey)) {
      const checked = checkApiKey(sms.apiKey);
      if (!checked.ok) errors["sms.apiKey"] = checked.error;
      else if (!store.keySet) errors["sms.apiKey"] = "KEY_NOT_SET";
      else apiKey = checked.value;
    } else if (sms.removeApiKey) {
      apiKey = null;
      if (kavenegarStored) write.remove.push(KAVENEGAR_CREDENTIAL_KIND);
      kavenegarStored = false;
    }
    const lineValue = line.ok ? line.value : null;
    const wantsCredentials =
      !blank(sms.apiKey) ||
      lineValue !== (stored?.sender ?? null) ||
      SMS_TEMPLATE_NAMES.some((name) => (templates[name] ?? null) !== (stored?.templates[name] ?? null));
    if (!errors["sms.apiKey"] && !sms.removeApiKey && wantsCredentials) {
      if (apiKey === null) errors["sms.apiKey"] = kavenegarStored ? (store.keySet ? "UNREADABLE" : "KEY_NOT_SET") : "REQUIRED";
      else {
        const fields = kavenegarCredentialFields({ apiKey, sender: lineValue, baseUrl: stored?.baseUrl ?? null, templates });
        if (!sameFields(storedFields, fields)) write.put[KAVENEGAR_CREDENTIAL_KIND] = fields;
        kavenegarStored = true;
      }
    }
    if (sms.sender !== undefined) {
      const sender = SMS_SENDER_NAMES.find((name) => name === sms.sender?.trim().toLowerCase());
      if (!sender) errors["sms.sender"] = "SENDER_INVALID";
      else if (sender !== current.smsSender) write.tenant.smsSender = sender;
    }
    if (sms.dailyBudget !== undefined) {
      const budget = checkDailyBudget(sms.dailyBudget);
      if (!budget.ok) errors["sms.dailyBudget"] = budget.error;
      else if (budget.value !== current.smsDailyBudget) write.tenant.smsDailyBudget = budget.value;
    }
  }
  const sender = write.tenant.smsSender ?? current.smsSender;
  if (sender === "kavenegar" && !kavenegarStored) errors["sms.sender"] ??= "CREDENTIALS_MISSING";

  // reCAPTCHA: a site key (public) and its secret, both or neither.
  if (change.recaptcha) {
    const { siteKey: siteKeyText, secret: secretText, remove } = change.recaptcha;
    if (remove) {
      if (credential(RECAPTCHA_CREDENTIAL_KIND)) write.remove.push(RECAPTCHA_CREDENTIAL_KIND);
      if (current.recaptchaV3SiteKey !== null) write.tenant.recaptchaV3SiteKey = null;
    } else {
      let siteKey = current.recaptchaV3SiteKey;
      if (siteKeyText !== undefined) {
        const checked = blank(siteKeyText) ? { ok: true as const, value: null } : checkRecaptchaKey(siteKeyText);
        if (!checked.ok) errors["recaptcha.siteKey"] = checked.error;
        else siteKey = checked.value;
      }
      let secretSet = credential(RECAPTCHA_CREDENTIAL_KIND) !== undefined;
      if (!blank(secretText)) {
        const checked = checkRecaptchaKey(secretText);
        if (!checked.ok) errors["recaptcha.secret"] = checked.error;
        // The pair is Google's: the secret of one key never verifies the tokens of another.
        else if (checked.value === siteKey) errors["recaptcha.secret"] = "SAME_AS_SITE_KEY";
        else if (!store.keySet) errors["recaptcha.secret"] = "KEY_NOT_SET";
        else {
          write.put[RECAPTCHA_CREDENTIAL_KIND] = { secret: checked.value };
          secretSet = true;
        }
      }
      if (!errors["recaptcha.siteKey"] && !errors["recaptcha.secret"]) {
        if (siteKey !== null && !secretSet) errors["recaptcha.secret"] = "REQUIRED";
        else if (siteKey === null && secretSet) errors["recaptcha.siteKey"] = "REQUIRED";
        else if (siteKey !== current.recaptchaV3SiteKey) write.tenant.recaptchaV3SiteKey = siteKey;
      }
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const changed = Object.keys(write.tenant).length > 0 || Object.keys(write.put).length > 0 || write.remove.length > 0;
  return { ok: true, write: changed ? write : null };
}

/** The secrets' status, for the screen, the API and the CLI. */
export async function readSecretsStatus(store: TenantSecretsStore, tenantId: string): Promise<SecretsStatus> {
  return secretsStatus(await store.read(tenantId), store);
}

/**
 * Checks and applies a change in one transaction, audited as `secrets.update` with the state
 * before and after (secrets as "set"), plus which secrets were written or removed.
 */
export async function updateSecrets(
  deps: { secrets: TenantSecretsStore; audit: AuditLog; clock: Clock },
  actor: Actor,
  input: { tenantId: string; change: SecretsChange },
): Promise<SecretsUpdate> {
  const refused: { errors: SecretsErrors | null } = { errors: null };
  const outcome = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "secrets.update", subject: { type: "tenant", id: input.tenantId } },
    async () => {
      const applied = await deps.secrets.edit(
        input.tenantId,
        (
          current,
        ): { write: SecretsWrite | null; result: { errors: SecretsErrors | null; before: StoredSecrets; write: SecretsWrite | null } } => {
          const plan = planSecretsChange(input.change, current, deps.secrets);
          if (!plan.ok) return { write: null, result: { errors: plan.errors, before: current, write: null } };
          return { write: plan.write, result: { errors: null, before: current, write: plan.write } };
        },
      );
      if (applied.errors) {
        refused.errors = applied.errors;
        return null;
      }
      if (!applied.write) return null;
      const before = secretsStatus(applied.before, deps.secrets);
      const after = await readSecretsStatus(deps.secrets, input.tenantId);
      const written = [...Object.keys(applied.write.put), ...applied.write.remove.map((kind) => `${kind} removed`)];
      return { result: after, before: recordOf(before), after: { ...recordOf(after), written } };
    },
  );
  if (refused.errors) return { ok: false, errors: refused.errors };
  if (outcome === null) return { ok: true, changed: false, status: await readSecretsStatus(deps.secrets, input.tenantId) };
  return { ok: true, changed: true, status: outcome };
}
