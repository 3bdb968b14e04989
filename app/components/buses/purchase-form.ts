/**
 * The bus's part of the shared passengers page (issue 19), shared by the server (which reads the
 * seats into the bus selection's choices and sends refusals back onto these names) and the page.
 * The seats themselves come in the page's query (`seat`, one per seated traveller); these are the
 * names their refusals stand on.
 */

/** What the passengers page shows of a bus purchase's seats. */
export interface BusChoicesView {
  /** The seat of each passenger by position (adults, then children); empty when the seats must be chosen again. */
  seats: (number | null)[];
  /** The page was opened without one seat for each seated traveller: they are chosen on the map first. */
  seatsMissing: boolean;
  /** The bus's seat map on the results page; null when editing a held booking (its seats stay). */
  mapHref: string | null;
}

/** The seats as a whole: none chosen, or not one per seated traveller. */
export const SEATS_FIELD = "seats";
/** One passenger's seat. */
export const seatField = (passenger: number) => `passengers.${passenger}.seat`;
export const SEAT_FIELD = /^passengers\.(\d{1,2})\.seat$/;

/** The print layouts' title and what to do next, in a bus's words. */
export const BUS_PRINT_TEXTS = { title: "busPurchase.print.title", next: "busPurchase.factor.next" } as const;
