/**
 * A top-up order as the server accepts it (issue 23 §3): the mobile through the project's
 * normaliser, and the operator, kind and amount from the data of operators.ts.
 */
import { normalizeMobile } from "../passengers/passenger-rules.ts";
import { amountsFor, isChargeKind, isOperator, type ChargeKind, type Operator } from "./operators.ts";

export type ChargeOrderError = "MOBILE_INVALID" | "OPERATOR_INVALID" | "KIND_INVALID" | "AMOUNT_INVALID";

export interface ChargeOrder {
  mobile: string;
  operator: Operator;
  kind: ChargeKind;
  amount: number;
}

/**
 * A top-up order as the server accepts it: a mobile the project's normaliser reads, a known
 * operator (the prefix's, or another the traveller chose), a kind that operator sells, and one
 * of that operator's amounts. Every refused field is named.
 */
export function checkChargeOrder(input: {
  mobile: unknown;
  operator: unknown;
  kind: unknown;
  amount: unknown;
}): { ok: true; order: ChargeOrder } | { ok: false; errors: Partial<Record<keyof ChargeOrder, ChargeOrderError>> } {
  const errors: Partial<Record<keyof ChargeOrder, ChargeOrderError>> = {};
  const mobile = typeof input.mobile === "string" ? normalizeMobile(input.mobile) : null;
  if (!mobile) errors.mobile = "MOBILE_INVALID";
  const operator = isOperator(input.operator) ? input.operator : null;
  if (!operator) errors.operator = "OPERATOR_INVALID";
  const kind = isChargeKind(input.kind) ? input.kind : null;
  if (!kind || (operator && amountsFor(operator, kind).length === 0)) errors.kind = "KIND_INVALID";
  const amount = typeof input.amount === "number" ? input.amount : NaN;
  if (!(operator && kind && amountsFor(operator, kind).includes(amount))) errors.amount = "AMOUNT_INVALID";
  if (!mobile || !operator || !kind || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, order: { mobile, operator, kind, amount } };
}
