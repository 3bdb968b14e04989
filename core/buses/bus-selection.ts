import { wholeNumber } from "../booking/choice-input.ts";
import type { ChoiceError, OfferSelection, SelectionResult } from "../booking/selection.ts";
import { GENDERS, type Gender } from "../passengers/passenger-rules.ts";
import type { Passengers } from "../search/search-forms.ts";
import type { BusOffer, BusSeatMap, ChosenSeat, HeldBusOffer } from "./bus.ts";
import { BUS_SERVICE } from "./bus-service.ts";
import { seatedTravellers } from "./search-buses.ts";
import { seatRuleErrors } from "./seat-rules.ts";
import type { BusSupplier } from "./supplier.ts";

/**
 * Buses' step of placing a booking (issue 19): one departure revalidated with the bus supplier,
 * the seat of each seated traveller (adults, then children; infants ride on a lap) checked against
 * the seat map as it is now, and the departure priced for the party. Refusals are keyed by the
 * field the client sent them in: `seats` when seats are missing ('Choose a seat'), `seats.{k}` for
 * the k-th seat sent. A seat someone else holds is its own answer (SEAT_TAKEN with the seats), so
 * the page can redraw the map rather than blame the traveller.
 */

/** Far more entries than a party of nine sends: a longer list is refused before any rule runs. */
const MAX_SEAT_ENTRIES = 20;

type Errors = Record<string, ChoiceError>;

function genderOf(value: unknown): Gender | null {
  return typeof value === "string" && (GENDERS as readonly string[]).includes(value) ? (value as Gender) : null;
}

type Choice = { number: number; passenger: number; gender: Gender | null };
type Read = { ok: true; choices: Choice[] } | { ok: false; errors: Errors };

/** The seats sent, one per seated traveller, as far as their shape goes; the map judges them after. */
function readSeats(input: unknown, seated: number): Read {
  const seats = typeof input === "object" && input !== null ? (input as { seats?: unknown }).seats : undefined;
  if (!Array.isArray(seats) || seats.length > MAX_SEAT_ENTRIES) return { ok: false, errors: { seats: "CHOICE_INVALID" } };
  const errors: Errors = {};
  const choices: Choice[] = [];
  const passengers = new Set<number>();
  seats.forEach((entry: unknown, index) => {
    const fields = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
    const number = wholeNumber(fields.number);
    const passenger = wholeNumber(fields.passenger);
    if (number === null || number < 1 || passenger === null || passenger >= seated || passengers.has(passenger)) {
      errors[`seats.${index}`] = "CHOICE_INVALID";
      return;
    }
    passengers.add(passenger);
    // A gender that is not one is judged without it: the passenger's own gender field is refused elsewhere.
    choices.push({ number, passenger, gender: genderOf(fields.gender) });
  });
  if (seats.length < seated) errors.seats = "SEAT_REQUIRED";
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, choices };
}

type Judged = { ok: true; seats: ChosenSeat[] } | Exclude<SelectionResult, { ok: true }>;

/** The seats judged on the map by the rules of core/buses/seat-rules.ts; each refusal on the seat it was sent as. */
function judgeSeats(map: Pick<BusSeatMap, "seats">, choices: readonly Choice[]): Judged {
  const refused = Object.entries(seatRuleErrors(map, choices));
  const taken = refused.filter(([, code]) => code === "SEAT_TAKEN").map(([index]) => choices[Number(index)]!.number);
  if (taken.length > 0) return { ok: false, error: "SEAT_TAKEN", seats: taken };
  const errors: Errors = {};
  for (const [index, code] of refused) errors[`seats.${index}`] = code as ChoiceError;
  // Every seat may be sold; one whose gender was not given cannot be held for it yet.
  choices.forEach((choice, index) => {
    if (choice.gender === null) errors[`seats.${index}`] ??= "CHOICE_INVALID";
  });
  if (Object.keys(errors).length > 0) return { ok: false, error: "INVALID", errors };
  const seats = choices.map(({ number, passenger, gender }) => ({ number, passenger, gender: gender! }));
  return { ok: true, seats: seats.sort((a, b) => a.passenger - b.passenger) };
}

/** The item's fare: a seat for each adult and child, and an infant's (lap) price for each infant. */
export function busItemPrice(offer: Pick<BusOffer, "price">, party: Passengers): number {
  return offer.price.adult * seatedTravellers(party) + offer.price.infant * party.infants;
}

/** The selection the pages and the API place bus bookings with. */
export function busSelection(buses: BusSupplier): OfferSelection {
  return {
    async prepare(offerIds, party, locale, choices) {
      if (offerIds.length !== 1) return { ok: false, error: "OFFER_NOT_FOUND" };
      const offerId = offerIds[0]!;
      const checked = await buses.revalidate(offerId, locale);
      if (!checked.ok) return { ok: false, error: checked.error === "NOT_FOUND" ? "OFFER_NOT_FOUND" : "SOLD_OUT" };
      const seated = seatedTravellers(party);
      if (checked.offer.seatsLeft < seated) return { ok: false, error: "SOLD_OUT" };
      const requirements = BUS_SERVICE.passengerRequirements([{ ...checked.offer, seats: [] }]);

      let seats: ChosenSeat[] = [];
      // Without choices (the passengers page before its form is sent) the departure is priced without seats.
      if (choices !== undefined) {
        const read = readSeats(choices, seated);
        if (!read.ok) return { ok: false, error: "INVALID", errors: read.errors, requirements };
        const map = await buses.seatMap(offerId, locale);
        if (!map) return { ok: false, error: "OFFER_NOT_FOUND" };
        const judged = judgeSeats(map, read.choices);
        if (!judged.ok) return judged.error === "INVALID" ? { ...judged, requirements } : judged;
        seats = judged.seats;
      }
      const held: HeldBusOffer = { ...checked.offer, seats };
      return {
        ok: true,
        selection: {
          service: "bus",
          supplierName: buses.name,
          offers: [{ offerId, offer: held }],
          // A bus fare carries no separate charges: the seats are the fare.
          itemPrices: [{ base: busItemPrice(held, party), taxes: 0 }],
          requirements,
        },
      };
    },
  };
}
