import type { Passengers } from "../search/search-forms.ts";
import type { FarePrice, FlightOffer } from "./flight.ts";

/**
 * What a party pays for a fare. Money is integer tomans end to end: a price or a count that is not
 * a non-negative safe integer is a supplier or caller bug, and is refused rather than rounded, so
 * a float never reaches a total, an invoice or a payment.
 */
export interface FareTable {
  adult: number;
  child: number;
  infant: number;
}

function wholeAmount(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative whole number, got ${String(value)}`);
  return value;
}

/** The fare for a party: adults × adult + children × child + infants × infant, in tomans. Throws RangeError on a float, negative or unsafe amount. */
export function fareTotal(prices: FareTable, party: Passengers): FarePrice {
  const adult = wholeAmount(prices.adult, "adult price");
  const child = wholeAmount(prices.child, "child price");
  const infant = wholeAmount(prices.infant, "infant price");
  const total =
    adult * wholeAmount(party.adults, "adults") +
    child * wholeAmount(party.children, "children") +
    infant * wholeAmount(party.infants, "infants");
  if (!Number.isSafeInteger(total)) throw new RangeError(`total ${String(total)} is beyond a safe integer`);
  return { adult, child, infant, total };
}

/** The offer priced for a party: a copy with `price.total` for these travellers; the offer itself is left untouched. */
export function withTotal(offer: FlightOffer, party: Passengers): FlightOffer {
  return { ...offer, price: fareTotal(offer.price, party) };
}
