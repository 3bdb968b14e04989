import type { RefundRule } from "#core/flights/flight.ts";
import { WAGON_KINDS } from "#core/trains/train.ts";
import { TRAIN_OPERATORS } from "./operators.ts";

/**
 * Raja's refund windows (iran-travel-facts.md, Refund rules): free within an hour of issue; 10%
 * until 12:00 the day before departure; 30% from then until three hours before; 50% from three
 * hours before until departure; nothing back after departure. Every operator on the national
 * network sells under these terms.
 */
export const RAJA_REFUND_WINDOWS: Pick<RefundRule, "windows" | "afterDeparturePercent" | "freeMinutesAfterIssue" | "refundable"> = {
  windows: [
    { noonDaysBefore: 1, penaltyPercent: 10 },
    { minutesBefore: 180, penaltyPercent: 30 },
    { minutesBefore: 0, penaltyPercent: 50 },
  ],
  afterDeparturePercent: 100,
  freeMinutesAfterIssue: 60,
  refundable: true,
};

/** The refund rule of an operator's trains: its id is what a train row points at. */
export function trainRefundRuleId(operatorCode: string): string {
  return `train-${operatorCode}`;
}

/**
 * One rule per operator, all with Raja's windows: `airlineCode` names the operator (the refund
 * module reads carriers through it), and `fareClasses` the wagon kinds it covers (all of them).
 */
export const TRAIN_REFUND_RULES: readonly RefundRule[] = TRAIN_OPERATORS.map((operator) => ({
  id: trainRefundRuleId(operator.code),
  airlineCode: operator.code,
  fareClasses: [...WAGON_KINDS],
  charter: false,
  ...RAJA_REFUND_WINDOWS,
  windows: RAJA_REFUND_WINDOWS.windows.map((window) => ({ ...window })),
}));
