import { data, redirect, type AppLoadContext } from "react-router";
import { creditFieldMessage, type FieldMessage } from "#core/back-office/commerce-messages.ts";
import { recorderName } from "#core/back-office/refund-queue.ts";
import { can } from "#core/back-office/roles.ts";
import { formatNumber, localizeDigits } from "#core/i18n/messages.ts";
import { MAX_CREDIT_LIMIT } from "#core/wallet/ledger.ts";
import {
  MAX_REASON_LENGTH,
  creditWallet,
  readCreditLimit,
  readCreditMobile,
  readCreditRecordText,
  setWalletCreditLimit,
} from "#core/wallet/credit-limits.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { href } from "#app/links.ts";
import { adminAction, adminLoader } from "./guard.server.ts";
import { whenOf, type When } from "./when.server.ts";

export interface CreditWalletView {
  /** The whole number, as the forms send it back. */
  mobile: string;
  /** In the page's digits. */
  mobileShown: string;
  opened: boolean;
  balance: string;
  creditLimit: string;
  available: string;
  /** Owes more than the limit allows. */
  overdrawn: boolean;
  history: { id: string; at: When; creditLimit: string; by: string; reason: string }[];
}

export interface CreditPage {
  mobile: string;
  mobileError: FieldMessage | null;
  /** No account of this tenant signs in with the number looked for. */
  notFound: boolean;
  wallet: CreditWalletView | null;
  canWrite: boolean;
  notice: "changed" | "unchanged" | null;
  limitMax: number;
  reasonMax: number;
}

export type CreditField = "limit" | "reason";
export interface CreditRefusal {
  values: Record<CreditField, string>;
  errors: Partial<Record<CreditField, FieldMessage>>;
}

/** `/admin/credit`: a traveller's wallet found by mobile, its credit limit and every change of it. */
export function creditLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "credit.read", async (staff): Promise<CreditPage> => {
    const locale = context.locale.locale;
    const when = whenOf(request, context);
    const params = new URL(request.url).searchParams;
    const typed = (params.get("mobile") ?? "").trim().slice(0, 20);
    const notice = params.get("notice");
    const page: CreditPage = {
      mobile: typed,
      mobileError: null,
      notFound: false,
      wallet: null,
      canWrite: can(staff.member.role, "credit.write"),
      notice: notice === "changed" || notice === "unchanged" ? notice : null,
      limitMax: MAX_CREDIT_LIMIT,
      reasonMax: MAX_REASON_LENGTH,
    };
    if (!typed) return { ...page, notice: null };
    const mobile = readCreditMobile(typed);
    if (!mobile.ok) return { ...page, notice: null, mobileError: creditFieldMessage(mobile.field, mobile.code) };
    const userId = await context.backOffice.creditAccounts.userIdByMobile(staff.tenantId, mobile.value);
    if (!userId) return { ...page, notice: null, notFound: true };
    const wallet = await creditWallet(context.ledger, staff.tenantId, userId);
    const n = (value: number) => formatNumber(locale, value);
    return {
      ...page,
      wallet: {
        mobile: mobile.value,
        mobileShown: localizeDigits(locale, mobile.value),
        opened: wallet.opened,
        balance: n(wallet.balance.balance),
        creditLimit: n(wallet.balance.creditLimit),
        available: n(wallet.balance.available),
        overdrawn: wallet.balance.available < 0,
        history: wallet.history.map((grant) => ({
          id: grant.id,
          at: when.format(grant.at),
          creditLimit: n(grant.creditLimit),
          by: localizeDigits(locale, grant.grantedBy),
          reason: grant.reason,
        })),
      },
    };
  });
}

/** Sets the limit: the same readers and use case as `admin credit set`, audited as "web". */
export function creditAction(request: Request, context: AppLoadContext) {
  return adminAction(request, context, "credit.write", async ({ form, staff }) => {
    const text = (name: string, max: number) => {
      const value = form.get(name);
      return typeof value === "string" ? value.slice(0, max) : "";
    };
    const values = { limit: text("limit", 40), reason: text("reason", MAX_REASON_LENGTH * 2) };
    const mobile = readCreditMobile(text("mobile", 20));
    const limit = readCreditLimit(values.limit);
    const reason = readCreditRecordText("reason", values.reason);
    const errors: CreditRefusal["errors"] = {};
    if (!limit.ok) errors.limit = creditFieldMessage(limit.field, limit.code);
    if (!reason.ok) errors.reason = creditFieldMessage(reason.field, reason.code);
    const userId = mobile.ok ? await context.backOffice.creditAccounts.userIdByMobile(staff.tenantId, mobile.value) : null;
    // The number comes from the page found; a changed or unknown one is a stale page, shown again.
    if (!mobile.ok || !userId) throw redirect(href(context.locale.locale, "admin-credit"), { status: 303, headers: NO_STORE });
    if (!limit.ok || !reason.ok) {
      const refusal: CreditRefusal = { values, errors };
      return data(refusal, { status: refusalStatus(context, 400), headers: NO_STORE });
    }
    const result = await setWalletCreditLimit(
      { ledger: context.ledger, audit: context.backOffice.audit, clock: { now: () => context.now() } },
      staff.actor,
      { tenantId: staff.tenantId, userId, mobile: mobile.value, limit: limit.value, by: recorderName(staff.actor), reason: reason.value },
    );
    const query = new URLSearchParams({ mobile: mobile.value, notice: result.changed ? "changed" : "unchanged" });
    throw redirect(`${href(context.locale.locale, "admin-credit")}?${query.toString()}`, { status: 303, headers: NO_STORE });
  });
}
