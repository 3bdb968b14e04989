import { data, redirect, type AppLoadContext } from "react-router";
import { recorderName } from "#core/back-office/refund-queue.ts";
import { discountFieldMessage, type FieldMessage } from "#core/back-office/commerce-messages.ts";
import { can } from "#core/back-office/roles.ts";
import {
  DISCOUNTABLE_SERVICES,
  MAX_NOTE_LENGTH,
  createDiscountCode,
  disableDiscountCode,
  discountStatus,
  listDiscountCodes,
  readDiscountCode,
  type DiscountCodeField,
  type DiscountCodeText,
  type StoredDiscountCode,
} from "#core/booking/discount-codes.ts";
import { normalizeDiscountCode } from "#core/booking/discount.ts";
import { formatNumber, localizeDigits } from "#core/i18n/messages.ts";
import type { ServiceId } from "#core/services/service-ids.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { href } from "#app/links.ts";
import { DISCOUNT_SCREEN_STATUSES, type DiscountScreenStatus } from "./discount-screen.ts";
import { adminAction, adminLoader } from "./guard.server.ts";
import { whenOf, type When } from "./when.server.ts";

export type DiscountState = "active" | "notStarted" | "usedUp" | "ended" | "disabled";
const STATE: Record<ReturnType<typeof discountStatus>, DiscountState> = {
  active: "active",
  "not started": "notStarted",
  "used up": "usedUp",
  ended: "ended",
  disabled: "disabled",
};

export interface DiscountRow {
  code: string;
  kind: "percent" | "fixed";
  /** Percent or tomans, in the page's digits. */
  amount: string;
  maxDiscount: string | null;
  minTotal: string | null;
  services: ServiceId[];
  from: When;
  until: When;
  uses: string;
  maxUses: string | null;
  perMobile: string | null;
  state: DiscountState;
  note: string | null;
  createdBy: string;
}

/** The create form's fields as the page names them. */
export const DISCOUNT_FORM_FIELDS = [
  "code",
  "kind",
  "percent",
  "max",
  "amount",
  "minTotal",
  "from",
  "until",
  "maxUses",
  "maxUsesPerMobile",
  "note",
] as const;
export type DiscountFormField = (typeof DISCOUNT_FORM_FIELDS)[number];

export interface DiscountFormState {
  values: Record<DiscountFormField, string> & { services: string[] };
  errors: Partial<Record<DiscountFormField | "services", FieldMessage>>;
}

export type DiscountRefusal = ({ intent: "create" } & DiscountFormState) | { intent: "disable"; code: string; error: "NOT_FOUND" };

export interface DiscountsPage {
  rows: DiscountRow[];
  total: number;
  page: number;
  pages: number;
  query: string;
  status: DiscountScreenStatus;
  canWrite: boolean;
  /** The code whose "disable" asks for confirmation (`?confirm=`), if it can be disabled. */
  confirm: string | null;
  notice: { kind: "created" | "disabled" | "alreadyDisabled"; code: string } | null;
  services: readonly ServiceId[];
  dateExample: string;
  noteMax: number;
}

function rowOf(code: StoredDiscountCode, now: Date, locale: AppLoadContext["locale"]["locale"], when: ReturnType<typeof whenOf>) {
  const n = (value: number) => formatNumber(locale, value);
  return {
    code: code.code,
    kind: code.kind,
    amount: n(code.amount),
    maxDiscount: code.maxDiscount === null ? null : n(code.maxDiscount),
    minTotal: code.minTotal === 0 ? null : n(code.minTotal),
    services: code.services,
    from: when.format(code.validFrom),
    until: when.format(code.validUntil),
    uses: n(code.uses),
    maxUses: code.maxUses === null ? null : n(code.maxUses),
    perMobile: code.maxUsesPerMobile === null ? null : n(code.maxUsesPerMobile),
    state: STATE[discountStatus(code, now)],
    note: code.note,
    createdBy: localizeDigits(locale, code.createdBy),
  } satisfies DiscountRow;
}

const isScreenStatus = (value: string | null): value is DiscountScreenStatus =>
  (DISCOUNT_SCREEN_STATUSES as readonly string[]).includes(value ?? "");

/** `/admin/discounts`: the tenant's codes, newest first, with the create form for those who may write. */
export function discountsLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "discounts.read", async (staff): Promise<DiscountsPage> => {
    const locale = context.locale.locale;
    const when = whenOf(request, context);
    const params = new URL(request.url).searchParams;
    const shown = params.get("status");
    const status: DiscountScreenStatus = isScreenStatus(shown) ? shown : "live";
    const now = context.now();
    const codes = await listDiscountCodes(context.backOffice.discountCodes, { tenantId: staff.tenantId, now, status });
    const canWrite = can(staff.member.role, "discounts.write");
    const confirmed = params.get("confirm");
    const confirm =
      canWrite && confirmed ? (codes.find((code) => code.code === normalizeDiscountCode(confirmed) && code.active)?.code ?? null) : null;
    const noticeKind = params.get("notice");
    const noticeCode = readDiscountCode(params.get("code") ?? "");
    return {
      rows: codes.map((code) => rowOf(code, now, locale, when)),
      total: codes.length,
      page: 1,
      pages: 1,
      query: status === "live" ? "" : new URLSearchParams({ status }).toString(),
      status,
      canWrite,
      confirm,
      notice:
        (noticeKind === "created" || noticeKind === "disabled" || noticeKind === "alreadyDisabled") && noticeCode.ok
          ? { kind: noticeKind, code: noticeCode.value }
          : null,
      services: DISCOUNTABLE_SERVICES,
      dateExample: when.example,
      noteMax: MAX_NOTE_LENGTH,
    };
  });
}

const FIELD_OF: Record<DiscountCodeField, DiscountFormField | "services"> = {
  code: "code",
  percent: "percent",
  max: "max",
  amount: "amount",
  minTotal: "minTotal",
  from: "from",
  until: "until",
  maxUses: "maxUses",
  maxUsesPerMobile: "maxUsesPerMobile",
  services: "services",
  note: "note",
  // The recorder is the signed-in member, never typed: a refusal of it is shown on the note.
  by: "note",
};

/** Create or disable a code: the same use cases as `admin discount`, audited as "web". */
export function discountsAction(request: Request, context: AppLoadContext) {
  return adminAction(request, context, "discounts.write", async ({ form, staff }) => {
    const locale = context.locale.locale;
    const when = whenOf(request, context);
    const text = (name: string, max = 200) => {
      const value = form.get(name);
      return typeof value === "string" ? value.slice(0, max) : "";
    };
    const deps = { discountCodes: context.backOffice.discountCodes, audit: context.backOffice.audit, clock: { now: () => context.now() } };
    const back = (query: Record<string, string>) =>
      redirect(`${href(locale, "admin-discounts")}?${new URLSearchParams(query).toString()}`, { status: 303, headers: NO_STORE });

    if (text("intent") === "disable") {
      const code = normalizeDiscountCode(text("code", 64));
      const result = await disableDiscountCode(deps, staff.actor, { tenantId: staff.tenantId, code });
      if (!result.ok) {
        const refusal: DiscountRefusal = { intent: "disable", code, error: "NOT_FOUND" };
        return data(refusal, { status: refusalStatus(context, 404), headers: NO_STORE });
      }
      throw back({ notice: result.result === "disabled" ? "disabled" : "alreadyDisabled", code: result.code.code });
    }

    const values = Object.fromEntries(
      DISCOUNT_FORM_FIELDS.map((name) => [name, text(name, name === "note" ? MAX_NOTE_LENGTH * 2 : 200)]),
    ) as Record<DiscountFormField, string>;
    const services = form
      .getAll("services")
      .filter((value): value is string => typeof value === "string")
      .slice(0, 20);
    const given = (value: string) => (value.trim() === "" ? undefined : value);
    // A day is typed in the page's calendar; the core reads Gregorian ISO days (what the CLI takes).
    const day = (value: string) => {
      const typed = given(value);
      if (typed === undefined) return undefined;
      return when.day(typed.trim()) ?? typed;
    };
    const fixed = values.kind === "fixed";
    const input: DiscountCodeText = {
      code: values.code,
      percent: fixed ? undefined : values.percent,
      max: fixed ? undefined : given(values.max),
      amount: fixed ? values.amount : undefined,
      minTotal: given(values.minTotal),
      from: day(values.from),
      until: day(values.until),
      maxUses: given(values.maxUses),
      maxUsesPerMobile: given(values.maxUsesPerMobile),
      services: services.length === 0 ? undefined : services.join(","),
      note: given(values.note),
    };
    const result = await createDiscountCode(deps, staff.actor, {
      tenantId: staff.tenantId,
      values: input,
      operator: () => recorderName(staff.actor),
    });
    if (result.ok) throw back({ notice: "created", code: result.code.code });
    const errors: DiscountFormState["errors"] = {};
    if (result.error === "CODE_TAKEN") errors.code = { key: "adminCommerce.discounts.error.codeTaken", params: {} };
    else
      for (const refusal of result.errors) {
        const field = FIELD_OF[refusal.field];
        errors[field] ??= discountFieldMessage(refusal.field, refusal.code, when.example);
      }
    const refusal: DiscountRefusal = { intent: "create", values: { ...values, services }, errors };
    return data(refusal, { status: refusalStatus(context, result.error === "CODE_TAKEN" ? 409 : 400), headers: NO_STORE });
  });
}
