import type { Booking } from "#core/booking/booking.ts";
import type { DescribeContext } from "#core/services/service-module.ts";
import type { Passengers } from "#core/search/search-forms.ts";
import type { FormValues } from "./booking-form.ts";

/**
 * A service's own additions to a purchase on the shared pages (issue 18: a train's meals, services
 * and car): the passengers page reads them from its form and passes them to the service's selection
 * as `choices`, the pre-invoice and invoice show what they cost. The shared pages never read what a
 * choice is; the service's pages file (app/booking/<service>-booking.server.ts) does.
 */
export interface PurchaseChoices<View> {
  /**
   * The choices' fields of a posted form: the input the service's selection judges (its `choices`),
   * what was typed (shown again after a refusal), and the form field each of the selection's error
   * paths stands for (`passengers.0.services.1` → the field that chose it). `query` is the page's
   * own query: what was chosen before this page (a bus's seats on its seat map).
   */
  fromForm(
    form: FormData,
    party: Passengers,
    query: URLSearchParams,
  ): { input: unknown; values: FormValues; fields: Record<string, string> };
  /**
   * The choices already made before the passengers page, read from its query (a hotel's rooms and
   * who sleeps in each): the page's offers are prepared with them, so its summary and prices show
   * them. Absent when every choice is made on the page itself.
   */
  fromQuery?(query: URLSearchParams): unknown;
  /**
   * What the passengers page offers to choose, for offers as revalidated or as held, in the page's
   * language; `values` are the fields' starting values (a held booking's own choices, a meal the
   * fare includes). `query` is the passengers page's query (what was chosen before it, a bus's
   * seats); null for a held booking, whose choices are in its offers.
   */
  view(offers: readonly unknown[], describe: DescribeContext, query: URLSearchParams | null): { data: View; values: FormValues };
  /** What the choices stored in prepared or held offers add to the fare (tomans): the page shows the offers' fare without them. */
  price(offers: readonly unknown[]): number;
  /** The held items' price, part by part (beds, meals, a car), in the page's language. */
  breakdown(
    items: readonly { offer: unknown; base: number; taxes: number }[],
    travellers: { party: Passengers; names: readonly string[] },
    describe: DescribeContext,
  ): PriceGroup[];
}

/** The travellers a breakdown names: the party and each passenger's name as on the ticket. */
export function travellersOf(booking: Pick<Booking, "party" | "passengers">): { party: Passengers; names: string[] } {
  return { party: booking.party, names: booking.passengers.map((passenger) => `${passenger.firstName} ${passenger.lastName}`) };
}

/** One part of a price: what it is, for whom or how many, and its amount in tomans. */
export interface PriceLine {
  label: string;
  detail: string | null;
  amount: number;
}

/** The parts of one item's price (a leg of a round trip), under the item's heading. */
export interface PriceGroup {
  title: string;
  lines: PriceLine[];
}
