import { formatNumber, localizeDigits, translate } from "#core/i18n/messages.ts";
import { plateText } from "#core/trains/plate.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { Passengers } from "#core/search/search-forms.ts";
import type { DescribeContext } from "#core/services/service-module.ts";
import { bedsFor, servicesPrice, trainItemPrice, vehiclePrice } from "#core/trains/pricing.ts";
import { trainSelection } from "#core/trains/train-selection.ts";
import { TRAIN_SERVICE } from "#core/trains/train-service.ts";
import type { HeldTrainOffer, TrainChoicesInput, TrainPlacement, VehicleType } from "#core/trains/train.ts";
import type { TicketPlacement } from "#core/booking/booking.ts";
import {
  MEAL_FIELD,
  SERVICE_FIELD,
  VEHICLE_LEG_FIELD,
  mealField,
  serviceField,
  vehicleLegField,
  type TrainChoicesView,
} from "#app/components/trains/purchase-form.ts";
import { MAX_VALUE_LENGTH, passengerTypes, type FormValues } from "./booking-form.ts";
import type { FactorOptions } from "./factor.server.ts";
import type { PurchasePages } from "./flight-booking.server.ts";
import type { PriceGroup, PriceLine, PurchaseChoices } from "./purchase-choices.ts";

/**
 * Trains' purchase pages (issue 18) on the shared passengers page, pre-invoice and invoice: one
 * train, or an outbound and its return, chosen by the results page's `out` and `back` ids; per
 * passenger and train a meal and optional services, and a car on trains that carry cars. The
 * train selection (core/trains/train-selection.ts) judges and prices the choices; this file only
 * reads them from the form and lays out what the stored offers say they cost.
 */

/** Longer than any supplier's offer id: anything longer is no choice. */
const MAX_OFFER_ID = 200;
const VEHICLE_MESSAGE = {
  sedan: "trainService.vehicleType.sedan",
  suv: "trainService.vehicleType.suv",
  motorcycle: "trainService.vehicleType.motorcycle",
} as const satisfies Record<VehicleType, string>;

function offerIdOf(query: URLSearchParams, name: string): string | null {
  const id = query.get(name);
  return id && id.length <= MAX_OFFER_ID ? id : null;
}

const parse = (offer: unknown): HeldTrainOffer => TRAIN_SERVICE.parseOffer(offer);

/** "Raja, Noor 352" in the page's language. */
function trainText(offer: HeldTrainOffer, locale: Locale): string {
  return translate(locale, "trainService.trainOf", {
    operator: offer.operator.name,
    name: offer.trainName,
    number: localizeDigits(locale, offer.trainNumber),
  });
}

/**
 * A text in another script than the page's (a train's Persian name on an English page) kept in
 * one piece within a line: a first-strong isolate.
 */
function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

/** Which train of the purchase: said only when there are two. */
function legTitle(offer: HeldTrainOffer, leg: number, legs: number, describe: DescribeContext): string {
  const summary = TRAIN_SERVICE.summary(offer, describe);
  const title = `${summary.title} · ${summary.date} · ${isolated(trainText(offer, describe.locale))}`;
  if (legs < 2) return title;
  return `${translate(describe.locale, leg === 0 ? "services.detail.outbound" : "services.detail.return")}: ${title}`;
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, MAX_VALUE_LENGTH).trim() : "";
}

/**
 * The train's fields of a posted form as the selection's {@link TrainChoicesInput}, in document
 * order, with the field each error path stands for and the values to show again.
 */
export function readTrainChoices(form: FormData, party: Passengers): ReturnType<PurchaseChoices<TrainChoicesView>["fromForm"]> {
  const travellers = passengerTypes(party).length;
  const values: FormValues = {};
  const fields: Record<string, string> = {};
  const passengers: TrainChoicesInput["passengers"] = Array.from({ length: travellers }, () => ({ services: [] }));
  const take = (passenger: number, leg: number, code: string, field: string) => {
    const services = passengers[passenger]?.services;
    if (!services) return;
    // Both the entry and its leg are refused on the field that chose them.
    fields[`passengers.${passenger}.services.${services.length}`] = field;
    fields[`passengers.${passenger}.services.${services.length}.leg`] = field;
    services.push({ leg, code });
  };
  for (const name of new Set(form.keys())) {
    const value = text(form, name);
    const meal = MEAL_FIELD.exec(name);
    if (meal) {
      if (value) values[name] = value;
      // "none" is the radio for no meal: it is kept on screen, and asks for nothing.
      if (value && value !== "none") take(Number(meal[1]), Number(meal[2]), value, name);
      continue;
    }
    const service = SERVICE_FIELD.exec(name);
    if (service && value === "1") {
      values[name] = value;
      take(Number(service[1]), Number(service[2]), service[3]!, name);
    }
  }

  let vehicle: TrainChoicesInput["vehicle"] = null;
  for (const name of ["vehicle", "vehicle.ownerPassenger", "vehicle.idKind", "vehicle.plate", "vehicle.chassis", "vehicle.type"]) {
    const value = text(form, name);
    if (value) values[name] = value;
  }
  const legs = [...new Set(form.keys())]
    .flatMap((name) => {
      const match = VEHICLE_LEG_FIELD.exec(name);
      return match && text(form, name) === "1" ? [Number(match[1])] : [];
    })
    .sort((a, b) => a - b);
  for (const leg of legs) values[vehicleLegField(leg)] = "1";
  if (values.vehicle === "1") {
    const owner = Number(values["vehicle.ownerPassenger"] ?? "");
    const byChassis = values["vehicle.idKind"] === "chassis";
    vehicle = {
      // No owner chosen is no passenger: the selection refuses it on the owner's field.
      ownerPassenger: values["vehicle.ownerPassenger"] !== undefined && Number.isInteger(owner) ? owner : -1,
      plate: byChassis ? null : (values["vehicle.plate"] ?? null),
      chassis: byChassis ? (values["vehicle.chassis"] ?? null) : null,
      type: values["vehicle.type"] ?? "",
      legs,
    };
  }
  return { input: { passengers, vehicle } satisfies TrainChoicesInput, values, fields };
}

/** A held train's meals, services and car as the form's values (editing shows them as chosen). */
function heldValues(offers: readonly HeldTrainOffer[]): FormValues {
  const values: FormValues = {};
  for (const [leg, offer] of offers.entries()) {
    for (const { passenger, code } of offer.choices.extras) {
      const kind = offer.extras.find((extra) => extra.code === code)?.kind;
      if (kind === "meal") values[mealField(passenger, leg)] = code;
      else values[serviceField(passenger, leg, code)] = "1";
    }
    const { vehicle } = offer.choices;
    if (vehicle) {
      Object.assign(values, {
        vehicle: "1",
        "vehicle.ownerPassenger": String(vehicle.ownerPassenger),
        "vehicle.type": vehicle.type,
        "vehicle.idKind": vehicle.plate !== null ? "plate" : "chassis",
        ...(vehicle.plate !== null ? { "vehicle.plate": vehicle.plate } : {}),
        ...(vehicle.chassis !== null ? { "vehicle.chassis": vehicle.chassis } : {}),
      });
      values[vehicleLegField(leg)] = "1";
    }
  }
  return values;
}

function amountText(locale: Locale, count: number, price: number): string {
  // No-break spaces: "2 × 1,200,000" never breaks across lines.
  return `${formatNumber(locale, count)}\u00a0×\u00a0${formatNumber(locale, price)}`;
}

/**
 * The beds of one train: per passenger type, or every bed of the whole compartments; one line when
 * they do not add up to what the item was sold for (`fare`: its price less the choices).
 */
function bedLines(offer: HeldTrainOffer, party: Passengers, fare: number, locale: Locale): PriceLine[] {
  const lines: PriceLine[] = [];
  const add = (label: Parameters<typeof translate>[1], count: number, price: number) => {
    if (count > 0) lines.push({ label: translate(locale, label), detail: amountText(locale, count, price), amount: count * price });
  };
  if (offer.coupe) add("trainPurchase.line.coupe", bedsFor(offer, party), offer.price.adult);
  else {
    add("trainPurchase.line.adult", party.adults, offer.price.adult);
    add("trainPurchase.line.child", party.children, offer.price.child);
  }
  add("trainPurchase.line.infant", party.infants, offer.price.infant);
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  // The stored item's price is what is paid: a fare priced otherwise is shown as one sum.
  return sum === fare ? lines : [{ label: translate(locale, "trainPurchase.line.beds"), detail: null, amount: fare }];
}

function vehicleDetail(vehicle: NonNullable<HeldTrainOffer["choices"]["vehicle"]>, owner: string | undefined, locale: Locale): string {
  const id =
    vehicle.plate !== null
      ? // A plate reads left to right as it is printed ("12ب345-67"), whatever the page's direction.
        translate(locale, "trainPurchase.line.plate", { plate: plateText(vehicle.plate, (text) => localizeDigits(locale, text)) })
      : translate(locale, "trainPurchase.line.chassis", { chassis: vehicle.chassis ?? "" });
  return owner ? `${id} · ${owner}` : id;
}

export const TRAIN_CHOICES: PurchaseChoices<TrainChoicesView> = {
  fromForm: readTrainChoices,

  view(stored, describe) {
    const offers = stored.map(parse);
    const first = offers[0];
    return {
      data: {
        legs: offers.map((offer, leg) => ({
          leg,
          title: TRAIN_SERVICE.summary(offer, describe).title,
          date: TRAIN_SERVICE.summary(offer, describe).date,
          train: trainText(offer, describe.locale),
          meals: offer.extras.filter((extra) => extra.kind === "meal").map(({ code, name, price }) => ({ code, name, price })),
          services: offer.extras.filter((extra) => extra.kind === "service").map(({ code, name, price }) => ({ code, name, price })),
          carRates: offer.carTransport,
        })),
        ticketType: first?.ticketType ?? "general",
        coupe: first?.coupe ?? false,
        wagon: first?.wagon ?? { kind: "compartment4", bedsPerCompartment: 4 },
        beds: first ? bedsFor(first, { adults: 1, children: 0, infants: 0 }) : 0,
      },
      values: heldValues(offers),
    };
  },

  price: (stored) =>
    stored.reduce<number>((sum, offer) => {
      const held = parse(offer);
      return sum + servicesPrice(held) + vehiclePrice(held);
    }, 0),

  breakdown(items, travellers, describe): PriceGroup[] {
    const { locale } = describe;
    return items.map((item, leg) => {
      const offer = parse(item.offer);
      const parts = trainItemPrice(offer, travellers.party);
      const lines = bedLines(offer, travellers.party, item.base + item.taxes - parts.services - parts.vehicle, locale);
      for (const { passenger, code } of [...offer.choices.extras].sort((a, b) => a.passenger - b.passenger)) {
        const extra = offer.extras.find((candidate) => candidate.code === code);
        lines.push({ label: extra?.name ?? code, detail: travellers.names[passenger] ?? null, amount: extra?.price ?? 0 });
      }
      const { vehicle } = offer.choices;
      if (vehicle)
        lines.push({
          label: translate(locale, "trainPurchase.line.car", { type: translate(locale, VEHICLE_MESSAGE[vehicle.type]) }),
          detail: vehicleDetail(vehicle, travellers.names[vehicle.ownerPassenger], locale),
          amount: offer.carTransport?.[vehicle.type] ?? 0,
        });
      return { title: legTitle(offer, leg, items.length, describe), lines };
    });
  },
};

/** Where a train ticket sits: "Wagon 3, compartment 4, bed 13" (a salon seat has no compartment). */
export function trainPlacement(placement: TicketPlacement, locale: Locale): string | null {
  const { wagon, compartment, bed } = placement as Partial<Record<keyof TrainPlacement, unknown>>;
  if (typeof wagon !== "number" || typeof bed !== "number") return null;
  return typeof compartment === "number"
    ? translate(locale, "trainService.place.bed", { wagon, compartment, bed })
    : translate(locale, "trainService.place.seat", { wagon, bed });
}

/** The one way and the round trip of a train purchase (`out`, and `back` when `returnDate` asked for one). */
export const TRAIN_PAGES: PurchasePages<TrainChoicesView> = {
  service: "train",
  offerIds(_routeKey, query) {
    const out = offerIdOf(query, "out");
    const back = offerIdOf(query, "back");
    if (!out) return [];
    // A return trip is chosen as a pair; with its train missing, back to the results to choose it.
    if (query.get("returnDate") && !back) return null;
    return back ? [out, back] : [out];
  },
  selection(context) {
    // No train supplier configured: nothing can be revalidated, so the offer is as good as gone.
    if (!context.trains) return { prepare: () => Promise.resolve({ ok: false, error: "OFFER_NOT_FOUND" }) };
    return trainSelection(context.trains);
  },
  searchPath(stored, routeKey, party) {
    const offers = stored.map(parse);
    const [out, back] = offers;
    const path = `/train/${encodeURIComponent(out ? `${out.from}-${out.to}` : routeKey)}`;
    if (!party || !out) return path;
    const query = new URLSearchParams({ date: out.departAt.slice(0, 10) });
    if (back) query.set("returnDate", back.departAt.slice(0, 10));
    query.set("adults", String(party.adults));
    query.set("children", String(party.children));
    query.set("infants", String(party.infants));
    query.set("ticketType", out.ticketType);
    query.set("coupe", out.coupe ? "1" : "0");
    return `${path}?${query.toString()}`;
  },
  editPath(booking) {
    const first = booking.items[0] ? parse(booking.items[0].offer) : undefined;
    return `/train/${encodeURIComponent(first ? `${first.from}-${first.to}` : "")}/passengers?edit=${booking.hashId}`;
  },
  choices: TRAIN_CHOICES,
};

/** The invoice's train parts: the breakdown, each traveller's bed, the ticket boxes and the print layouts. */
export const TRAIN_FACTOR: FactorOptions = {
  breakdown: (items, travellers, describe) => TRAIN_CHOICES.breakdown(items, travellers, describe),
  placement: trainPlacement,
  ticketLines: true,
  printVariants: true,
};
