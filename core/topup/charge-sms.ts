import { isLocale } from "../i18n/locales.ts";
import { formatNumber, translate } from "../i18n/messages.ts";
import type { MobileCharge } from "./charge.ts";
import { pinDialFor } from "./operators.ts";

/**
 * The SMS of a delivered top-up, in the language it was bought in: the amount and reference of a
 * direct top-up, or a voucher's PIN, serial and what to dial. Codes stay in Latin digits so they
 * can be dialled as read.
 */
export function chargeSms(
  charge: Pick<MobileCharge, "locale" | "kind" | "amount" | "operator" | "mobile" | "providerReference" | "pin" | "pinSerial">,
): string {
  const locale = isLocale(charge.locale) ? charge.locale : "fa";
  const amount = formatNumber(locale, charge.amount);
  const operator = translate(locale, `topup.operator.${charge.operator}`);
  if (charge.kind === "pin" && charge.pin)
    return translate(locale, "topup.sms.pin", {
      amount,
      operator,
      pin: charge.pin,
      serial: charge.pinSerial ?? "",
      dial: pinDialFor(charge.operator, charge.pin),
    });
  return translate(locale, "topup.sms.direct", { amount, operator, mobile: charge.mobile, reference: charge.providerReference ?? "" });
}

/**
 * The SMS of a top-up that could not be made after it was paid: the money is already on its way
 * back the way it came (the card's payment reversed, or the wallet credited), and the order's
 * tracking code finds it on /charge/GetCharge.
 */
export function refundedChargeSms(charge: Pick<MobileCharge, "locale" | "amount" | "operator" | "mobile" | "hashId">): string {
  const locale = isLocale(charge.locale) ? charge.locale : "fa";
  return translate(locale, "topup.sms.refunded", {
    amount: formatNumber(locale, charge.amount),
    operator: translate(locale, `topup.operator.${charge.operator}`),
    mobile: charge.mobile,
    reference: charge.hashId,
  });
}
