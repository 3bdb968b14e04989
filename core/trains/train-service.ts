import { z } from "zod";
import { plateText } from "./plate.ts";
import { localizeDigits, translate } from "../i18n/messages.ts";
import type { Locale } from "../i18n/locales.ts";
import type { Gender } from "../passengers/passenger-rules.ts";
import { dateText } from "../search/dates.ts";
import { clockOf, readableInstant, storedInstant, storedMoney } from "../services/describe.ts";
import type { DescribeContext, DetailLine, ItemFacts, ItemTickets, ServiceModule } from "../services/service-module.ts";
import {
  TRAIN_TICKET_TYPES,
  VEHICLE_TYPES,
  WAGON_KINDS,
  type HeldTrainOffer,
  type TrainExtra,
  type TrainLegChoices,
  type TrainPlacement,
  type TrainTicketType,
  type VehicleType,
  type WagonKind,
} from "./train.ts";

/**
 * Trains as one service module (issue 18). One booking item is one train: a one-way purchase has
 * one item, a round trip two (out and back), each with the meals, services and car chosen for that
 * leg. The operator issues one ticket per traveller with its wagon, compartment and bed, which the
 * e-ticket prints per passenger.
 */

const vehicleRates = z.object({ sedan: storedMoney, suv: storedMoney, motorcycle: storedMoney }) satisfies z.ZodType<
  Record<VehicleType, number>
>;

const extraSchema = z.object({
  code: z.string().min(1),
  kind: z.enum(["meal", "service"]),
  name: z.string(),
  price: storedMoney,
}) satisfies z.ZodType<TrainExtra>;

const choicesSchema = z.object({
  extras: z.array(z.object({ passenger: z.number().int().min(0), code: z.string().min(1) })),
  vehicle: z
    .object({
      ownerPassenger: z.number().int().min(0),
      plate: z.string().min(1).nullable(),
      chassis: z.string().min(1).nullable(),
      type: z.enum(VEHICLE_TYPES),
    })
    .refine((vehicle) => vehicle.plate !== null || vehicle.chassis !== null, "a plate or a chassis number")
    .nullable(),
}) satisfies z.ZodType<TrainLegChoices>;

/** The stored offer (booking_items.offer jsonb): the fare as revalidated and what was added to it for this leg. */
export const storedTrainOfferSchema = z.object({
  offerId: z.string().min(1),
  operator: z.object({ code: z.string().min(1), name: z.string() }),
  trainNumber: z.string().min(1),
  trainName: z.string(),
  from: z.string().min(1),
  to: z.string().min(1),
  departAt: storedInstant,
  arriveAt: storedInstant,
  durationMinutes: z.number().int().min(0),
  wagon: z.object({ kind: z.enum(WAGON_KINDS), bedsPerCompartment: z.number().int().min(1) }),
  ticketType: z.enum(TRAIN_TICKET_TYPES),
  coupe: z.boolean(),
  seatsLeft: z.number().int(),
  foreignersAllowed: z.boolean(),
  carTransport: vehicleRates.nullable(),
  extras: z.array(extraSchema),
  price: z.object({ adult: storedMoney, child: storedMoney, infant: storedMoney, total: storedMoney }),
  refundable: z.boolean(),
  choices: choicesSchema,
}) satisfies z.ZodType<HeldTrainOffer>;

/** Where a ticket sits, as the supplier wrote it; anything else prints no place. */
const placementSchema = z.object({
  wagon: z.number().int(),
  compartment: z.number().int().nullable(),
  bed: z.number().int(),
}) satisfies z.ZodType<TrainPlacement>;

/** A train item in the bookings API: the train, its wagon and ticket type, and what was added per passenger. */
export interface TrainApiItem {
  operator: { code: string; name: string };
  trainNumber: string;
  trainName: string;
  from: string;
  to: string;
  departAt: string;
  arriveAt: string;
  wagon: { kind: WagonKind; bedsPerCompartment: number };
  ticketType: TrainTicketType;
  coupe: boolean;
  /** Meals and services chosen on this train, each for a passenger (position in the booking), with its price. */
  services: { passenger: number; code: string; kind: TrainExtra["kind"]; name: string; price: number }[];
  vehicle: { ownerPassenger: number; plate: string | null; chassis: string | null; type: VehicleType; price: number } | null;
  refundable: boolean;
}

/** Which one-gender compartments a ticket type sells: men in brothers', women in sisters'. */
const GENDER_OF: Record<TrainTicketType, Gender | undefined> = { general: undefined, brothers: "male", sisters: "female" };

const WAGON_MESSAGE = {
  salon: "trainService.wagon.salon",
  compartment4: "trainService.wagon.compartment",
  compartment6: "trainService.wagon.compartment",
  vip4: "trainService.wagon.vip",
} as const;

const TICKET_TYPE_MESSAGE = {
  general: "trainService.ticketType.general",
  brothers: "trainService.ticketType.brothers",
  sisters: "trainService.ticketType.sisters",
} as const;

const VEHICLE_MESSAGE = {
  sedan: "trainService.vehicleType.sedan",
  suv: "trainService.vehicleType.suv",
  motorcycle: "trainService.vehicleType.motorcycle",
} as const;

function nameOf(code: string, context: DescribeContext): string {
  return context.placeName?.(code) ?? code;
}

function operatorOf(offer: HeldTrainOffer, context: DescribeContext): string {
  return context.carrierName?.(offer.operator.code) ?? offer.operator.name;
}

/** "Raja, Noor 352". */
function trainText(offer: HeldTrainOffer, context: DescribeContext): string {
  return translate(context.locale, "trainService.trainOf", {
    operator: operatorOf(offer, context),
    name: offer.trainName,
    number: localizeDigits(context.locale, offer.trainNumber),
  });
}

function wagonText(locale: Locale, offer: HeldTrainOffer): string {
  return translate(locale, WAGON_MESSAGE[offer.wagon.kind], { beds: offer.wagon.bedsPerCompartment });
}

function separatorOf(locale: Locale): string {
  return locale === "en" ? ", " : "، ";
}

/** The fare's own lines: train, wagon, ticket type and, bought whole, the coupe. */
function fareLines(offer: HeldTrainOffer, context: DescribeContext): DetailLine[] {
  const { locale } = context;
  const lines: DetailLine[] = [
    { label: translate(locale, "trainService.detail.train"), value: trainText(offer, context) },
    { label: translate(locale, "trainService.detail.wagon"), value: wagonText(locale, offer) },
    { label: translate(locale, "trainService.detail.ticketType"), value: translate(locale, TICKET_TYPE_MESSAGE[offer.ticketType]) },
  ];
  if (offer.coupe) lines.push({ label: translate(locale, "trainService.detail.coupe"), value: translate(locale, "trainService.coupe") });
  return lines;
}

/** One line per passenger with meals or services on this train: their names, in the offer's language. */
function extrasLines(offer: HeldTrainOffer, context: DescribeContext): DetailLine[] {
  const { locale } = context;
  const byPassenger = new Map<number, string[]>();
  for (const { passenger, code } of offer.choices.extras) {
    const name = offer.extras.find((extra) => extra.code === code)?.name ?? code;
    byPassenger.set(passenger, [...(byPassenger.get(passenger) ?? []), name]);
  }
  return [...byPassenger]
    .sort(([a], [b]) => a - b)
    .map(([passenger, names]) => ({
      label: translate(locale, "trainService.detail.extras", { passenger: passenger + 1 }),
      value: names.join(separatorOf(locale)),
    }));
}

/** The car on board: its type, plate (or chassis) and owner. */
function vehicleLines(offer: HeldTrainOffer, context: DescribeContext): DetailLine[] {
  const { vehicle } = offer.choices;
  if (!vehicle) return [];
  const { locale } = context;
  const type = translate(locale, VEHICLE_MESSAGE[vehicle.type]);
  const owner = vehicle.ownerPassenger + 1;
  const value =
    vehicle.plate !== null
      ? translate(locale, "trainService.vehicle.plate", {
          type,
          plate: plateText(vehicle.plate, (text) => localizeDigits(locale, text)),
          owner,
        })
      : translate(locale, "trainService.vehicle.chassis", { type, chassis: vehicle.chassis ?? "", owner });
  return [{ label: translate(locale, "trainService.detail.vehicle"), value }];
}

/** "Passenger 2: wagon 3, compartment 4, bed 13" for each ticket that has its place. */
function placementLines(tickets: ItemTickets, context: DescribeContext): DetailLine[] {
  const { locale } = context;
  const lines: DetailLine[] = [];
  for (const ticket of [...tickets].sort((a, b) => a.passengerPosition - b.passengerPosition)) {
    const placement = placementSchema.safeParse(ticket.placement);
    if (!placement.success) continue;
    const { wagon, compartment, bed } = placement.data;
    lines.push({
      label: translate(locale, "trainService.detail.place", { passenger: ticket.passengerPosition + 1 }),
      value:
        compartment === null
          ? translate(locale, "trainService.place.seat", { wagon, bed })
          : translate(locale, "trainService.place.bed", { wagon, compartment, bed }),
    });
  }
  return lines;
}

function factsOf(offer: HeldTrainOffer): ItemFacts {
  return { code: offer.trainNumber, from: offer.from, to: offer.to, startsAt: offer.departAt, endsAt: offer.arriveAt };
}

export const TRAIN_SERVICE: ServiceModule<HeldTrainOffer, TrainApiItem> = {
  services: ["train"],
  places: "train",

  parseOffer(stored) {
    return storedTrainOfferSchema.parse(stored);
  },

  facts: factsOf,

  summary(offer, context) {
    const { locale } = context;
    return {
      ...factsOf(offer),
      title: translate(locale, "services.route", { from: nameOf(offer.from, context), to: nameOf(offer.to, context) }),
      date: localizeDigits(locale, dateText(offer.departAt.slice(0, 10), context.calendar)),
      startTime: localizeDigits(locale, clockOf(offer.departAt)),
      endTime: localizeDigits(locale, clockOf(offer.arriveAt)),
      details: [
        ...fareLines(offer, context),
        ...extrasLines(offer, context),
        ...vehicleLines(offer, context),
        {
          label: translate(locale, "services.detail.refund"),
          value: translate(locale, offer.refundable ? "flights.refundable" : "flights.nonRefundable"),
        },
      ],
    };
  },

  ticketLines(offer, tickets, context) {
    const { locale } = context;
    return [
      {
        kind: translate(locale, "trainService.kind"),
        operator: operatorOf(offer, context),
        code: offer.trainNumber,
        // Stations are named, not coded: a slug in brackets tells a traveller nothing.
        from: nameOf(offer.from, context),
        to: nameOf(offer.to, context),
        departure: readableInstant(offer.departAt, context),
        arrival: readableInstant(offer.arriveAt, context),
        details: [
          ...fareLines(offer, context),
          ...placementLines(tickets, context),
          ...extrasLines(offer, context),
          ...vehicleLines(offer, context),
        ],
        // The operator issues the train's tickets under one record.
        pnr: tickets[0]?.pnr ?? "",
      },
    ];
  },

  smsLine(offer, pnr, context) {
    return translate(context.locale, "trainService.sms", {
      train: offer.trainNumber,
      from: nameOf(offer.from, context),
      to: nameOf(offer.to, context),
      date: dateText(offer.departAt.slice(0, 10), context.calendar),
      time: clockOf(offer.departAt),
      pnr,
    });
  },

  refundTerms(offer) {
    return {
      refundable: offer.refundable,
      countsFrom: offer.departAt,
      code: offer.trainNumber,
      // Each operator has one rule for its trains (Raja's windows in iran-travel-facts.md).
      ruleKey: { operator: offer.operator.code },
    };
  },

  passengerRequirements(offers) {
    const last = offers[offers.length - 1];
    if (!last) throw new RangeError("passenger requirements of no offers");
    // A round trip is chosen from one search: both legs share the ticket type (the selection checks it).
    const genderOnly = offers.map((offer) => GENDER_OF[offer.ticketType]).find((gender) => gender !== undefined);
    return {
      // Ages are judged on the day of the last train, in Tehran (its ISO text carries Tehran's offset).
      lastFlightDate: last.departAt.slice(0, 10),
      // Railway tickets carry the Persian name; foreigners give a passport and a Latin name by the usual rule.
      latinNamesRequired: false,
      passportForEveryone: false,
      passportValidMonths: 0,
      foreignersAllowed: offers.every((offer) => offer.foreignersAllowed),
      ...(genderOnly ? { genderOnly } : {}),
    };
  },

  apiItem(offer) {
    const { vehicle } = offer.choices;
    return {
      operator: offer.operator,
      trainNumber: offer.trainNumber,
      trainName: offer.trainName,
      from: offer.from,
      to: offer.to,
      departAt: offer.departAt,
      arriveAt: offer.arriveAt,
      wagon: offer.wagon,
      ticketType: offer.ticketType,
      coupe: offer.coupe,
      services: offer.choices.extras.map(({ passenger, code }) => {
        const extra = offer.extras.find((candidate) => candidate.code === code);
        return { passenger, code, kind: extra?.kind ?? "service", name: extra?.name ?? code, price: extra?.price ?? 0 };
      }),
      vehicle: vehicle && { ...vehicle, price: offer.carTransport?.[vehicle.type] ?? 0 },
      refundable: offer.refundable,
    };
  },

  document: { title: "ticket.title.train", reference: "document.train.reference", note: "ticket.note.train" },
  paths: {
    passengers(offers, party) {
      const [out, back] = offers;
      if (!out) throw new RangeError("a passengers page needs an offer");
      // The query the train pages read: the chosen offers and the search they came from.
      const query = new URLSearchParams({ out: out.offerId });
      if (back) query.set("back", back.offerId);
      query.set("date", out.departAt.slice(0, 10));
      if (back) query.set("returnDate", back.departAt.slice(0, 10));
      query.set("adults", String(party.adults));
      query.set("children", String(party.children));
      query.set("infants", String(party.infants));
      query.set("ticketType", out.ticketType);
      query.set("coupe", out.coupe ? "1" : "0");
      return `/train/${encodeURIComponent(`${out.from}-${out.to}`)}/passengers?${query.toString()}`;
    },
    prefactor: (booking) => `/train/prefactor/${booking.reference}/${booking.hashId}`,
    factor: (booking) => `/train/factor/${booking.reference}/${booking.hashId}`,
  },
};
