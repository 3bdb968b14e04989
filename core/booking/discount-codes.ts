/**
 * Managing a tenant's discount codes: reading a new code as an operator types it (the command
 * line, the back-office form and the admin API share this one reader), and the audited use cases
 * that create, list and disable codes. The rule a code applies by is in ./discount.ts.
 */
import { audited, type Actor, type AuditLog } from "../back-office/audit.ts";
import { TEHRAN_OFFSET_MINUTES, instantMillis } from "../flights/clock.ts";
import { latinDigits, readWholeNumber } from "../i18n/digits.ts";

export { readWholeNumber };
import type { Clock } from "../ports.ts";
import { addDays, isIsoDate } from "../search/dates.ts";
import { SERVICE_IDS, type ServiceId } from "../services/service-ids.ts";
import { printable } from "../text/printable.ts";
import { isWellFormedDiscountCode, normalizeDiscountCode, type DiscountCode, type DiscountKind } from "./discount.ts";

/** A code as operators manage it: with who made it and why. */
export interface StoredDiscountCode extends DiscountCode {
  tenantId: string;
  note: string | null;
  createdBy: string;
  createdAt: Date;
}

export type NewDiscountCode = Omit<StoredDiscountCode, "id" | "uses" | "active" | "createdAt">;

export interface DiscountCodeStore {
  tenantIdBySlug(slug: string): Promise<string | null>;
  /** Every tenant's slug, for the message about an unknown one. */
  tenantSlugs(): Promise<string[]>;
  /** Refused, not overwritten, when the tenant already has the code (active or not). */
  create(code: NewDiscountCode): Promise<{ ok: true; code: StoredDiscountCode } | { ok: false; error: "CODE_TAKEN" }>;
  find(tenantId: string, code: string): Promise<StoredDiscountCode | null>;
  /** Newest first; without `includeEnded`, only active codes whose window has not ended at `now`. */
  list(input: { tenantId: string; now: Date; includeEnded: boolean }): Promise<StoredDiscountCode[]>;
  /** Codes are never deleted (bookings refer to them); disabling one stops new uses. */
  disable(tenantId: string, code: string): Promise<"disabled" | "already-disabled" | "not-found">;
}

/** Services a code can be limited to: every bookable one (the blog sells nothing). */
export const DISCOUNTABLE_SERVICES: readonly ServiceId[] = SERVICE_IDS.filter((service) => service !== "blog");

/** PostgreSQL's `integer`, the type of every amount and limit of a code. */
export const MAX_INTEGER = 2_147_483_647;
export const MAX_NOTE_LENGTH = 500;
export const MAX_OPERATOR_LENGTH = 100;

/** The fields of a new code, as typed (strings; absent when not given). */
export interface DiscountCodeText {
  code?: string;
  percent?: string;
  max?: string;
  amount?: string;
  minTotal?: string;
  from?: string;
  until?: string;
  maxUses?: string;
  maxUsesPerMobile?: string;
  services?: string;
  note?: string;
  by?: string;
}

export type DiscountCodeField = keyof DiscountCodeText;

/** Why a field is refused; screens and the API name it per field, the CLI prints `error`. */
export type DiscountFieldError =
  | "REQUIRED"
  | "INVALID"
  | "OUT_OF_RANGE"
  | "BOTH_KINDS"
  | "NO_KIND"
  | "MAX_WITH_AMOUNT"
  | "NOT_GREGORIAN"
  | "BEFORE_FROM"
  | "PASSED"
  | "UNKNOWN_SERVICE"
  | "TOO_LONG";

export interface FieldRefusal<F extends string = string> {
  field: F;
  code: DiscountFieldError;
  /** The command line's sentence, naming its option. */
  error: string;
}

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

// ---------------------------------------------------------------------------------------------
// Reading numbers, dates and services

const grouped = new Intl.NumberFormat("en-US", { useGrouping: true, maximumFractionDigits: 0 });
/** `200,000`: the command line's and the audit record's digits. */
export const formatNumber = (value: number): string => grouped.format(value);

const TEHRAN_OFFSET = "+03:30";
const ZONE = /(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * One end of a code's window: an ISO date means 00:00 Tehran of that day for the start and the end
 * of that day (00:00 Tehran of the next) for the end; a datetime without an offset is Tehran time.
 */
export function readWindowEdge(text: string, edge: "start" | "end"): Date | null {
  const value = latinDigits(text.trim()).replace(/z$/, "Z");
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    if (!isIsoDate(value)) return null;
    return new Date(instantMillis(`${edge === "end" ? addDays(value, 1) : value}T00:00:00${TEHRAN_OFFSET}`)!);
  }
  const datetime = value.replace(/^(\d{4}-\d{2}-\d{2}) (?=\d)/, "$1T");
  const millis = instantMillis(ZONE.test(datetime) ? datetime : `${datetime}${TEHRAN_OFFSET}`);
  return millis === null ? null : new Date(millis);
}

/** An instant as Tehran wall-clock time, to the minute: `2025-03-21 00:00`. */
export function tehranTime(date: Date): string {
  return new Date(date.getTime() + TEHRAN_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16).replace("T", " ");
}

/** The services of a comma-separated list, each once, in the order given. */
export function readServices(text: string): Read<ServiceId[]> & { code?: DiscountFieldError } {
  const names = text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0)
    return { ok: false, code: "REQUIRED", error: "--services needs at least one service (leave it out for all services)" };
  const services: ServiceId[] = [];
  for (const name of names) {
    const service = DISCOUNTABLE_SERVICES.find((candidate) => candidate === name);
    if (!service)
      return {
        ok: false,
        code: "UNKNOWN_SERVICE",
        error: `Unknown service "${printable(name)}" in --services; the services are ${DISCOUNTABLE_SERVICES.join(", ")}`,
      };
    if (!services.includes(service)) services.push(service);
  }
  return { ok: true, value: services };
}

/** A code as typed (case, spaces, dashes and Persian digits do not matter), upper case. */
export function readDiscountCode(text: string | undefined): Read<string> & { code?: DiscountFieldError } {
  if (text === undefined || text.trim() === "") return { ok: false, code: "REQUIRED", error: "--code is required" };
  const code = normalizeDiscountCode(text);
  if (!isWellFormedDiscountCode(code))
    return { ok: false, code: "INVALID", error: `--code must be 3 to 32 Latin letters and digits (got "${printable(text)}")` };
  return { ok: true, value: code };
}

// The command line names its options with dashes; its sentences keep naming them so.
const OPTION: Record<DiscountCodeField, string> = {
  code: "code",
  percent: "percent",
  max: "max",
  amount: "amount",
  minTotal: "min-total",
  from: "from",
  until: "until",
  maxUses: "max-uses",
  maxUsesPerMobile: "max-uses-per-mobile",
  services: "services",
  note: "note",
  by: "by",
};

/**
 * Everything of a new code but its tenant, read from what an operator typed; otherwise every
 * refused field, in the order the command line has always checked them (it prints the first).
 */
export function readNewDiscountCode(
  values: DiscountCodeText,
  now: Date,
  operator: () => string,
): { ok: true; value: Omit<NewDiscountCode, "tenantId"> } | { ok: false; errors: FieldRefusal<DiscountCodeField>[] } {
  const errors: FieldRefusal<DiscountCodeField>[] = [];
  const refuse = (field: DiscountCodeField, code: DiscountFieldError, error: string) => errors.push({ field, code, error });
  const whole = (field: DiscountCodeField, text: string, min: number, max: number, what: string): number | null => {
    const value = readWholeNumber(text);
    if (value === null || value < min || value > max) {
      refuse(field, value === null ? "INVALID" : "OUT_OF_RANGE", `--${OPTION[field]} must be ${what} (got "${printable(text)}")`);
      return null;
    }
    return value;
  };
  const tomansUpTo = (min: number) => `a whole number of tomans from ${min} to ${formatNumber(MAX_INTEGER)}`;

  const code = readDiscountCode(values.code);
  if (!code.ok) refuse("code", code.code!, code.error);

  let kind: DiscountKind = "percent";
  let amount: number | null = null;
  let maxDiscount: number | null = null;
  if (values.percent !== undefined && values.amount !== undefined) {
    refuse("amount", "BOTH_KINDS", "Give either --percent or --amount, not both");
  } else if (values.percent === undefined && values.amount === undefined) {
    refuse("percent", "NO_KIND", "Give --percent <1-100> or --amount <tomans>");
  } else if (values.percent !== undefined) {
    amount = whole("percent", values.percent, 1, 100, "a whole number from 1 to 100");
    if (values.max !== undefined) maxDiscount = whole("max", values.max, 1, MAX_INTEGER, tomansUpTo(1));
  } else if (values.max !== undefined) {
    refuse("max", "MAX_WITH_AMOUNT", "--max caps a percentage; a fixed --amount needs no cap");
  } else {
    kind = "fixed";
    amount = whole("amount", values.amount!, 1, MAX_INTEGER, tomansUpTo(1));
  }

  const minTotal = values.minTotal === undefined ? 0 : whole("minTotal", values.minTotal, 0, MAX_INTEGER, tomansUpTo(0));
  const limit = (field: "maxUses" | "maxUsesPerMobile") => {
    const text = values[field];
    return text === undefined ? null : whole(field, text, 1, MAX_INTEGER, `a whole number from 1 to ${formatNumber(MAX_INTEGER)}`);
  };
  const maxUses = limit("maxUses");
  const maxUsesPerMobile = limit("maxUsesPerMobile");

  const edge = (field: "from" | "until", text: string): Date | null => {
    const date = readWindowEdge(text, field === "from" ? "start" : "end");
    const shown = printable(text);
    if (!date) {
      refuse(
        field,
        "INVALID",
        `--${field} must be a date (2025-03-21) or a datetime (2025-03-21T18:30, Tehran time unless it has an offset) (got "${shown}")`,
      );
      return null;
    }
    const year = Number(tehranTime(date).slice(0, 4));
    if (year < 1900 || year > 2999) {
      refuse(
        field,
        "NOT_GREGORIAN",
        `--${field} "${shown}" is not a Gregorian date of this era${year >= 1300 && year < 1500 ? " (it looks like a Persian date: give the Gregorian one)" : ""}`,
      );
      return null;
    }
    return date;
  };
  const validFrom = values.from === undefined ? now : edge("from", values.from);
  let validUntil: Date | null = null;
  if (values.until === undefined) {
    refuse("until", "REQUIRED", "--until is required: the date (Tehran time) the code ends, e.g. 2025-04-02");
  } else {
    validUntil = edge("until", values.until);
    if (validUntil && validFrom && validUntil <= validFrom) {
      refuse(
        "until",
        "BEFORE_FROM",
        `--until (${tehranTime(validUntil)}) must be after --from (${tehranTime(validFrom)}${values.from === undefined ? ", now" : ""}), Tehran time`,
      );
    } else if (validUntil && validUntil <= now) {
      refuse("until", "PASSED", `--until (${tehranTime(validUntil)} Tehran time) has already passed`);
    }
  }

  let services: ServiceId[] = [];
  if (values.services !== undefined) {
    const parsed = readServices(values.services);
    if (parsed.ok) services = parsed.value;
    else refuse("services", parsed.code!, parsed.error);
  }

  const note = values.note === undefined ? null : printable(values.note) || null;
  if (note !== null && [...note].length > MAX_NOTE_LENGTH)
    refuse("note", "TOO_LONG", `--note may have at most ${MAX_NOTE_LENGTH} characters`);
  const createdBy = printable(values.by ?? operator());
  if (createdBy === "") refuse("by", "REQUIRED", "--by needs the name of the operator creating the code");
  else if ([...createdBy].length > MAX_OPERATOR_LENGTH) refuse("by", "TOO_LONG", `--by may have at most ${MAX_OPERATOR_LENGTH} characters`);

  if (errors.length > 0 || !code.ok || amount === null || validFrom === null || validUntil === null || minTotal === null)
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      code: code.value,
      kind,
      amount,
      maxDiscount,
      minTotal,
      services,
      validFrom,
      validUntil,
      maxUses,
      maxUsesPerMobile,
      note,
      createdBy,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A code's state

export type DiscountStatus = "disabled" | "ended" | "not started" | "used up" | "active";

export function discountStatus(code: StoredDiscountCode, now: Date): DiscountStatus {
  if (!code.active) return "disabled";
  if (code.validUntil <= now) return "ended";
  if (code.validFrom > now) return "not started";
  if (code.maxUses !== null && code.uses >= code.maxUses) return "used up";
  return "active";
}

/** What the audit log keeps of a code: its terms and state (no traveller's data is in a code). */
export function discountCodeRecord(code: StoredDiscountCode) {
  return {
    code: code.code,
    kind: code.kind,
    amount: code.amount,
    maxDiscount: code.maxDiscount,
    minTotal: code.minTotal,
    services: code.services,
    validFrom: code.validFrom.toISOString(),
    validUntil: code.validUntil.toISOString(),
    maxUses: code.maxUses,
    maxUsesPerMobile: code.maxUsesPerMobile,
    active: code.active,
    note: code.note,
    createdBy: code.createdBy,
  };
}

// ---------------------------------------------------------------------------------------------
// Use cases

export interface DiscountCodeDeps {
  discountCodes: DiscountCodeStore;
  audit: AuditLog;
  clock: Clock;
}

export type CreateDiscountCodeResult =
  | { ok: true; code: StoredDiscountCode }
  | { ok: false; error: "INVALID"; errors: FieldRefusal<DiscountCodeField>[] }
  | { ok: false; error: "CODE_TAKEN"; existing: StoredDiscountCode | null };

/** Creates a code of the tenant from what an operator typed; audited. */
export async function createDiscountCode(
  deps: DiscountCodeDeps,
  actor: Actor,
  input: { tenantId: string; values: DiscountCodeText; operator: () => string },
): Promise<CreateDiscountCodeResult> {
  const read = readNewDiscountCode(input.values, deps.clock.now(), input.operator);
  if (!read.ok) return { ok: false, error: "INVALID", errors: read.errors };
  const created = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "discount.create", subject: { type: "discountCode", id: read.value.code } },
    async () => {
      const result = await deps.discountCodes.create({ ...read.value, tenantId: input.tenantId });
      // A taken code changed nothing: nothing is recorded.
      if (!result.ok) return null;
      return { result: result.code, before: null, after: discountCodeRecord(result.code) };
    },
  );
  if (created) return { ok: true, code: created };
  return { ok: false, error: "CODE_TAKEN", existing: await deps.discountCodes.find(input.tenantId, read.value.code) };
}

/** Disables a code of the tenant (never deletes it); audited when it changed. */
export async function disableDiscountCode(
  deps: DiscountCodeDeps,
  actor: Actor,
  input: { tenantId: string; code: string },
): Promise<{ ok: true; result: "disabled" | "already-disabled"; code: StoredDiscountCode } | { ok: false; error: "NOT_FOUND" }> {
  const before = await deps.discountCodes.find(input.tenantId, input.code);
  if (!before) return { ok: false, error: "NOT_FOUND" };
  if (!before.active) return { ok: true, result: "already-disabled", code: before };
  const after = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "discount.disable", subject: { type: "discountCode", id: before.code } },
    async () => {
      const outcome = await deps.discountCodes.disable(input.tenantId, before.code);
      if (outcome !== "disabled") return null;
      const code = { ...before, active: false };
      return { result: code, before: discountCodeRecord(before), after: discountCodeRecord(code) };
    },
  );
  return after ? { ok: true, result: "disabled", code: after } : { ok: true, result: "already-disabled", code: before };
}

export const DISCOUNT_LIST_STATUSES = ["live", "all", "active", "ended", "disabled"] as const;
export type DiscountListStatus = (typeof DISCOUNT_LIST_STATUSES)[number];

/**
 * A tenant's codes, newest first. `live` (the command line's default) is every active code not yet
 * ended; `ended` also counts used-up codes; `active` only codes that apply now.
 */
export async function listDiscountCodes(
  store: Pick<DiscountCodeStore, "list">,
  input: { tenantId: string; now: Date; status: DiscountListStatus },
): Promise<StoredDiscountCode[]> {
  const codes = await store.list({ tenantId: input.tenantId, now: input.now, includeEnded: input.status !== "live" });
  const status = (code: StoredDiscountCode) => discountStatus(code, input.now);
  switch (input.status) {
    case "live":
    case "all":
      return codes;
    case "active":
      return codes.filter((code) => status(code) === "active" || status(code) === "not started");
    case "ended":
      return codes.filter((code) => status(code) === "ended" || status(code) === "used up");
    case "disabled":
      return codes.filter((code) => status(code) === "disabled");
  }
}
