import type { RefundRule } from "../flights/flight.ts";

/**
 * What governs cancelling one held item now, as its supplier knows it: the penalty rule of its
 * fare, when the service starts (penalty windows count back from it), and whether the operator
 * itself cancelled (which refunds without penalty). Every supplier answers it for its own offers.
 */
export interface RefundTerms {
  rule: RefundRule;
  /** Scheduled start: a flight's departure, later a train's or a bus's. */
  departAt: Date;
  cancelledByAirline: boolean;
}
