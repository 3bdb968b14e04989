import { busSelection } from "#core/buses/bus-selection.ts";
import { BUS_SERVICE } from "#core/buses/bus-service.ts";
import type { BusChoicesInput, BusOffer, BusPlacement, HeldBusOffer } from "#core/buses/bus.ts";
import type { TicketPlacement } from "#core/booking/booking.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { GENDERS } from "#core/passengers/passenger-rules.ts";
import type { Passengers } from "#core/search/search-forms.ts";
import { MAX_VALUE_LENGTH } from "./booking-form.ts";
import type { FactorOptions } from "./factor.server.ts";
import { partyOfQuery, type PurchasePages } from "./flight-booking.server.ts";
import type { PriceGroup, PriceLine, PurchaseChoices } from "./purchase-choices.ts";
import { SEATS_FIELD, seatField, type BusChoicesView } from "#app/components/buses/purchase-form.ts";

/**
 * Buses' purchase pages (issue 19) on the shared passengers page, pre-invoice and invoice. The
 * results page's seat map sends the bus (`offer`) and one `seat` per seated traveller (adults, then
 * children; an infant rides on a lap) in the passengers page's query: passenger k sits on the k-th
 * seat. The seat's gender is that passenger's own gender field, so the rules judge the traveller
 * who will sit there. The bus selection (core/buses/bus-selection.ts) judges the seats against the
 * map as it is now; this file reads them and lays out what the held offer says they cost.
 */

/** Longer than any supplier's offer id: anything longer is no choice. */
const MAX_OFFER_ID = 200;
/** The most travellers a party has (9 adults and 9 children) take as many seats; more is not read. */
const MAX_SEATS = 18;

const parse = (offer: unknown): HeldBusOffer => BUS_SERVICE.parseOffer(offer);

const GENDER_VALUES: ReadonlySet<string> = new Set(GENDERS);

const seatedOf = (party: Passengers) => party.adults + party.children;

/** The `seat` values of a query as sent, in order (the map's checkboxes in seat order). */
function querySeats(query: URLSearchParams): string[] {
  return query
    .getAll("seat")
    .slice(0, MAX_SEATS)
    .map((value) => latinDigits(value.slice(0, MAX_VALUE_LENGTH)).trim());
}

/** A seat number as the map writes it; null for anything else. */
function seatNumber(text: string): number | null {
  return /^\d{1,3}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/** The results of the bus's route, for its day and party when known (locale-free). */
function resultsPath(offer: Pick<BusOffer, "from" | "to" | "departAt">, party: Passengers | null): string {
  const path = `/bus/${encodeURIComponent(`${offer.from}-${offer.to}`)}`;
  const query = new URLSearchParams({ date: offer.departAt.slice(0, 10) });
  if (party) {
    query.set("adults", String(party.adults));
    query.set("children", String(party.children));
    query.set("infants", String(party.infants));
  }
  return `${path}?${query.toString()}`;
}

/** The bus's seat map on the results page, open, for choosing the seats again. */
function seatMapPath(offer: BusOffer, party: Passengers): string {
  return `${resultsPath(offer, party)}&bus=${encodeURIComponent(offer.offerId)}#seats`;
}

function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, MAX_VALUE_LENGTH).trim().toLowerCase() : "";
}

/**
 * The seats of the query as the selection's {@link BusChoicesInput}, each with its passenger's
 * gender from the form; a refusal of seat k lands on passenger k's seat, a refusal of the seats as
 * a whole (none chosen, or one too many) on the page's seats.
 */
export function readBusChoices(
  form: FormData,
  party: Passengers,
  query: URLSearchParams,
): ReturnType<PurchaseChoices<BusChoicesView>["fromForm"]> {
  const seated = seatedOf(party);
  const fields: Record<string, string> = {};
  const seats: BusChoicesInput["seats"] = querySeats(query).map((text, passenger) => {
    const gender = formText(form, `passengers.${passenger}.gender`);
    // A seat without its passenger's gender cannot be judged: that refusal stands on the gender field,
    // where the passenger's own "required" comes first and is the one shown.
    const field = passenger >= seated ? SEATS_FIELD : GENDER_VALUES.has(gender) ? seatField(passenger) : `passengers.${passenger}.gender`;
    for (const path of [`seats.${passenger}`, `seats.${passenger}.number`, `seats.${passenger}.passenger`, `seats.${passenger}.gender`])
      fields[path] = field;
    // A number the map never writes is passed as sent: the selection refuses it on its seat.
    return { number: seatNumber(text) ?? text, passenger, ...(gender ? { gender } : {}) };
  });
  return { input: { seats } satisfies BusChoicesInput, values: {}, fields };
}

function listText(locale: Locale, items: readonly string[]): string {
  return items.join(locale === "en" ? ", " : "، ");
}

function seatList(locale: Locale, numbers: readonly number[]): string {
  return listText(
    locale,
    [...numbers].sort((a, b) => a - b).map((number) => formatNumber(locale, number, { useGrouping: false })),
  );
}

function amountText(locale: Locale, count: number, price: number): string {
  // No-break spaces: "2 × 1,200,000" never breaks across lines.
  return `${formatNumber(locale, count)}\u00a0×\u00a0${formatNumber(locale, price)}`;
}

/**
 * The seats of one bus at their price, and infants on a lap at theirs; one line when they do not
 * add up to what the item was sold for (`fare`, the stored item's price, is what is paid).
 */
function seatLines(offer: HeldBusOffer, party: Passengers, fare: number, locale: Locale): PriceLine[] {
  const lines: PriceLine[] = [];
  const seated = seatedOf(party);
  // Adults and children pay the seat: one line while their prices agree.
  const seatPrice = party.children === 0 || offer.price.child === offer.price.adult ? offer.price.adult : null;
  if (seated > 0 && seatPrice !== null)
    lines.push({
      label: translate(locale, "busPurchase.line.seats", {
        seats: seatList(
          locale,
          offer.seats.map((seat) => seat.number),
        ),
      }),
      detail: amountText(locale, seated, seatPrice),
      amount: seated * seatPrice,
    });
  if (party.infants > 0)
    lines.push({
      label: translate(locale, "busPurchase.line.infant"),
      detail: amountText(locale, party.infants, offer.price.infant),
      amount: party.infants * offer.price.infant,
    });
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  if (seatPrice !== null && sum === fare) return lines;
  return [
    {
      label: translate(locale, "busPurchase.line.fare"),
      detail: translate(locale, "busPurchase.line.seats", {
        seats: seatList(
          locale,
          offer.seats.map((seat) => seat.number),
        ),
      }),
      amount: fare,
    },
  ];
}

export const BUS_CHOICES: PurchaseChoices<BusChoicesView> = {
  fromForm: readBusChoices,

  view(stored, describe, query) {
    const offer = stored[0] === undefined ? null : parse(stored[0]);
    if (query === null) {
      // An edit: the seats as held, by passenger.
      const held = offer?.seats ?? [];
      const travellers = Math.max(0, ...held.map((seat) => seat.passenger + 1));
      const seats = Array.from({ length: travellers }, (_, passenger) => held.find((seat) => seat.passenger === passenger)?.number ?? null);
      return { data: { seats, seatsMissing: false, mapHref: null }, values: {} };
    }
    const party = partyOfQuery(query);
    const sent = querySeats(query).map(seatNumber);
    const seats = sent.slice(0, seatedOf(party));
    // The map sends one seat per seated traveller, each once; anything else is chosen again there.
    const complete = sent.length === seatedOf(party) && seats.every((seat) => seat !== null) && new Set(seats).size === seats.length;
    return {
      data: {
        seats: complete ? seats : [],
        seatsMissing: !complete,
        mapHref: offer ? localizePath(describe.locale, seatMapPath(offer, party)) : null,
      },
      values: {},
    };
  },

  // A bus's seats are its fare: choosing them adds nothing to it.
  price: () => 0,

  breakdown(items, travellers, describe): PriceGroup[] {
    const { locale } = describe;
    return items.map((item) => {
      const offer = parse(item.offer);
      const summary = BUS_SERVICE.summary(offer, describe);
      return {
        title: `${summary.title} · ${summary.date} · \u2068${offer.company.name}\u2069`,
        lines: seatLines(offer, travellers.party, item.base + item.taxes, locale),
      };
    });
  },
};

/** Where a bus ticket sits: "Seat 12". */
export function busPlacement(placement: TicketPlacement, locale: Locale): string | null {
  const { seat } = placement as Partial<Record<keyof BusPlacement, unknown>>;
  return typeof seat === "number" ? translate(locale, "busPurchase.seat", { seat }) : null;
}

export const BUS_PAGES: PurchasePages<BusChoicesView> = {
  service: "bus",
  offerIds(_routeKey, query) {
    const id = query.get("offer");
    return id && id.length <= MAX_OFFER_ID ? [id] : [];
  },
  selection(context) {
    // No bus supplier configured: nothing can be revalidated, so the offer is as good as gone.
    if (!context.buses) return { prepare: () => Promise.resolve({ ok: false, error: "OFFER_NOT_FOUND" }) };
    return busSelection(context.buses);
  },
  searchPath(stored, routeKey, party) {
    const offer = stored[0] === undefined ? null : parse(stored[0]);
    return offer ? resultsPath(offer, party) : `/bus/${encodeURIComponent(routeKey)}`;
  },
  editPath(booking) {
    const first = booking.items[0] ? parse(booking.items[0].offer) : undefined;
    return `/bus/${encodeURIComponent(first ? `${first.from}-${first.to}` : "")}/passengers?edit=${booking.hashId}`;
  },
  choices: BUS_CHOICES,
};

/** The invoice's bus parts: the breakdown, each traveller's seat, the ticket boxes and the print layouts. */
export const BUS_FACTOR: FactorOptions = {
  breakdown: (items, travellers, describe) => BUS_CHOICES.breakdown(items, travellers, describe),
  placement: busPlacement,
  ticketLines: true,
  printVariants: true,
};
