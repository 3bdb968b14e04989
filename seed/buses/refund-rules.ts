import type { RefundRule } from "#core/flights/flight.ts";
import { BUS_TYPES } from "#core/buses/bus.ts";
import { BUS_COMPANIES } from "./companies.ts";

/**
 * The bus refund rule (iran-travel-facts.md, Refund rules; spec §9): free within an hour of issue
 * while more than two hours remain, 10% until two hours before departure; from then the ticket is
 * refunded only in person at the terminal, at 50%; nothing after departure.
 */
export const BUS_REFUND_TERMS: Pick<
  RefundRule,
  "refundable" | "freeMinutesAfterIssue" | "windows" | "inPersonFromMinutesBefore" | "inPersonPenaltyPercent" | "afterDeparturePercent"
> = {
  refundable: true,
  freeMinutesAfterIssue: 60,
  windows: [{ minutesBefore: 120, penaltyPercent: 10 }],
  inPersonFromMinutesBefore: 120,
  inPersonPenaltyPercent: 50,
  afterDeparturePercent: 100,
};

/** The refund rule of a company's buses: its id is what a trip row points at. */
export function busRefundRuleId(companyCode: string): string {
  return `bus-${companyCode}`;
}

/** One rule per company (`airlineCode` names the company; `fareClasses` the bus types), all on the same terms. */
export const BUS_REFUND_RULES: readonly RefundRule[] = BUS_COMPANIES.map((company) => ({
  id: busRefundRuleId(company.code),
  airlineCode: company.code,
  fareClasses: [...BUS_TYPES],
  charter: false,
  ...BUS_REFUND_TERMS,
  windows: BUS_REFUND_TERMS.windows.map((window) => ({ ...window })),
}));
