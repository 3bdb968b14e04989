/**
 * Value added tax on the agency's sales (docs/decisions/0028-official-invoices.md): the price a
 * traveller pays already includes it, so an invoice line splits what was paid into the taxable
 * amount and its VAT. The rate is data, here only; change it here when the law changes.
 */
export const VAT_RATE_PERCENT = 10;

/** A paid amount (rials, VAT included) as its taxable part and the VAT in it; the two add up to it exactly. */
export function splitIncludedVat(paidRials: number, ratePercent: number = VAT_RATE_PERCENT): { taxable: number; vat: number } {
  if (!Number.isSafeInteger(paidRials) || paidRials < 0) throw new RangeError("an amount in whole rials, not negative");
  const taxable = Math.round((paidRials * 100) / (100 + ratePercent));
  return { taxable, vat: paidRials - taxable };
}
