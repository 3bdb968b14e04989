/**
 * The words for a refused field of the commerce screens (discount codes, credit, client error
 * filters), shared by the screens and the admin API so a refusal reads the same in both.
 * Numbers are parameters: each page renders them in its own digits.
 */
import type { DiscountCodeField, DiscountFieldError } from "#core/booking/discount-codes.ts";
import { MAX_INTEGER, MAX_NOTE_LENGTH } from "#core/booking/discount-codes.ts";
import { MAX_REPORT_DAYS, MAX_REPORT_SEARCH_LENGTH, type ClientErrorQueryField } from "#core/client-errors/listing.ts";
import { CLIENT_ERROR_FIELD_LIMITS } from "#core/client-errors/limits.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { MAX_CREDIT_LIMIT } from "#core/wallet/ledger.ts";
import { MAX_REASON_LENGTH, type CreditField, type CreditFieldError } from "#core/wallet/credit-limits.ts";

export interface FieldMessage {
  key: MessageKey;
  /** Numbers stay numbers: the page writes them in its digits. */
  params: Record<string, number | string>;
}

const tomans = (min: number): FieldMessage => ({ key: "adminCommerce.discounts.error.tomans", params: { min, max: MAX_INTEGER } });

/** `dateExample`: how a day is typed on the asking page (its calendar). */
export function discountFieldMessage(field: DiscountCodeField, code: DiscountFieldError, dateExample: string): FieldMessage {
  switch (field) {
    case "code":
      return { key: "adminCommerce.discounts.error.code", params: { min: 3, max: 32 } };
    case "percent":
    case "amount":
      if (code === "NO_KIND" || code === "BOTH_KINDS" || field === "percent")
        return field === "amount" ? tomans(1) : { key: "adminCommerce.discounts.error.percent", params: { min: 1, max: 100 } };
      return tomans(1);
    case "max":
      return code === "MAX_WITH_AMOUNT" ? { key: "adminCommerce.discounts.error.maxWithAmount", params: {} } : tomans(1);
    case "minTotal":
      return tomans(0);
    case "maxUses":
    case "maxUsesPerMobile":
      return { key: "adminCommerce.discounts.error.limit", params: { min: 1, max: MAX_INTEGER } };
    case "from":
    case "until":
      if (code === "REQUIRED") return { key: "adminCommerce.discounts.error.untilRequired", params: {} };
      if (code === "BEFORE_FROM") return { key: "adminCommerce.discounts.error.untilBeforeFrom", params: {} };
      if (code === "PASSED") return { key: "adminCommerce.discounts.error.untilPassed", params: {} };
      return { key: "adminCommerce.discounts.error.date", params: { example: dateExample } };
    case "services":
      return { key: "adminCommerce.discounts.error.services", params: {} };
    case "note":
    case "by":
      return { key: "adminCommerce.discounts.error.note", params: { max: MAX_NOTE_LENGTH } };
  }
}

export function creditFieldMessage(field: CreditField, code: CreditFieldError): FieldMessage {
  switch (field) {
    case "mobile":
      return { key: "admin.field.mobileInvalid", params: {} };
    case "limit":
      return { key: "adminCommerce.credit.error.limit", params: { min: 0, max: MAX_CREDIT_LIMIT } };
    case "by":
    case "reason":
      return code === "TOO_LONG"
        ? { key: "adminCommerce.credit.error.reasonLong", params: { max: MAX_REASON_LENGTH } }
        : { key: "adminCommerce.credit.error.reasonRequired", params: {} };
  }
}

export function clientErrorFieldMessage(field: ClientErrorQueryField): FieldMessage {
  switch (field) {
    case "days":
    case "page":
      return { key: "adminCommerce.clientErrors.error.days", params: { min: 1, max: field === "page" ? 10_000 : MAX_REPORT_DAYS } };
    case "category":
      return { key: "adminCommerce.clientErrors.error.tooLong", params: { max: CLIENT_ERROR_FIELD_LIMITS.category } };
    case "text":
      return { key: "adminCommerce.clientErrors.error.tooLong", params: { max: MAX_REPORT_SEARCH_LENGTH } };
  }
}
