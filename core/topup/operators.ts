/**
 * Iran's mobile operators, their prefixes and what the shop sells for each (issue 23 §3; facts:
 * ../shared/domain/iran-travel-facts.md, "Mobile top-up"). The prefix only suggests an operator:
 * a ported number keeps its prefix under another operator, so the traveller may choose another
 * and the server accepts any operator for any valid number. Amounts are the shop's fixed
 * choices; the server refuses every other amount and every operator and kind not offered.
 */
import { latinDigits } from "../i18n/digits.ts";

export const OPERATORS = ["mci", "irancell", "rightel"] as const;
export type Operator = (typeof OPERATORS)[number];

export const CHARGE_KINDS = ["direct", "pin"] as const;
/** A direct top-up credits the line at once; a PIN voucher is a code the traveller enters (*140*#…). */
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export interface OperatorFacts {
  id: Operator;
  /** The first four digits of its numbers (09xx), as issued; ported numbers keep theirs. */
  prefixes: readonly string[];
  /** Tomans, ascending, per kind; a kind with no amounts is not sold for this operator. */
  amounts: Readonly<Record<ChargeKind, readonly number[]>>;
  /** What the traveller dials to load a PIN voucher; `{pin}` stands for the code. */
  pinDial: string;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `0${from + index}`);

/** Direct top-ups from 10,000 to 200,000 tomans; vouchers come in the operators' printed values. */
export const OPERATOR_FACTS: readonly OperatorFacts[] = [
  {
    id: "mci",
    prefixes: [...range(910, 919), ...range(990, 994)],
    amounts: { direct: [10_000, 20_000, 50_000, 100_000, 200_000], pin: [10_000, 20_000, 50_000, 100_000, 200_000] },
    pinDial: "*140*#{pin}#",
  },
  {
    id: "irancell",
    prefixes: [...range(901, 905), "0930", ...range(933, 939)],
    amounts: { direct: [10_000, 20_000, 50_000, 100_000, 200_000], pin: [10_000, 20_000, 50_000, 100_000, 200_000] },
    pinDial: "*141*{pin}#",
  },
  {
    id: "rightel",
    prefixes: range(920, 922),
    // Rightel's printed vouchers stop at 100,000 tomans.
    amounts: { direct: [10_000, 20_000, 50_000, 100_000, 200_000], pin: [10_000, 20_000, 50_000, 100_000] },
    pinDial: "*141*{pin}#",
  },
];

export function isOperator(value: unknown): value is Operator {
  return typeof value === "string" && (OPERATORS as readonly string[]).includes(value);
}

export function isChargeKind(value: unknown): value is ChargeKind {
  return typeof value === "string" && (CHARGE_KINDS as readonly string[]).includes(value);
}

export function operatorFacts(operator: Operator): OperatorFacts {
  return OPERATOR_FACTS.find((facts) => facts.id === operator)!;
}

/**
 * The operator a number's prefix was issued to, or null. Reads what a visitor types, as they type
 * it (four digits are enough): Persian or Arabic digits, spaces and dashes, +98, 0098 or 98 before
 * the number. Light enough for the browser: the server checks the whole number on submit.
 */
export function detectOperator(input: string): Operator | null {
  let text = latinDigits(input).replace(/[\s\-()]/g, "");
  if (text.startsWith("+98")) text = `0${text.slice(3)}`;
  else if (text.startsWith("0098")) text = `0${text.slice(4)}`;
  else if (/^989\d/.test(text)) text = `0${text.slice(2)}`;
  else if (text.startsWith("9")) text = `0${text}`;
  if (!/^09\d{2}\d*$/.test(text) || text.length > 11) return null;
  const prefix = text.slice(0, 4);
  return OPERATOR_FACTS.find((facts) => facts.prefixes.includes(prefix))?.id ?? null;
}

/** The amounts offered for an operator and kind, ascending (empty when that kind is not sold). */
export function amountsFor(operator: Operator, kind: ChargeKind): readonly number[] {
  return operatorFacts(operator).amounts[kind];
}

/** The PIN's dial string for its operator: `*140*#1234…#` for MCI. */
export function pinDialFor(operator: Operator, pin: string): string {
  return operatorFacts(operator).pinDial.replace("{pin}", pin);
}
