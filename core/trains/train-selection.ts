import { z } from "zod";
import type { ChoiceError, OfferSelection } from "../booking/selection.ts";
import type { Passengers } from "../search/search-forms.ts";
import { normalizeChassis, normalizePlate } from "./plate.ts";
import { bedsFor, trainItemPrice } from "./pricing.ts";
import type { TrainSupplier } from "./supplier.ts";
import { TRAIN_SERVICE } from "./train-service.ts";
import { VEHICLE_TYPES, type HeldTrainOffer, type TrainLegChoices, type TrainOffer, type VehicleType } from "./train.ts";

/**
 * Trains' step of placing a booking (issue 18): one train, or an outbound and its return (one item
 * each), revalidated with the train supplier, priced for the party (whole compartments on a coupe
 * purchase), with the meals, services and car the traveller chose checked against each train and
 * priced into its item. Refusals of a choice are keyed by the field the client sent it in
 * (`passengers.0.services.1`, `vehicle.plate`).
 */

/** More than anyone orders on one trip: a longer list is refused before any rule runs. */
const MAX_SERVICES_PER_PASSENGER = 20;

/** The client's choices (TrainChoicesInput of ./train.ts) as far as their shape goes; values are judged against the trains below. */
const choicesInputSchema = z
  .object({
    passengers: z
      .array(
        z.object({
          services: z
            .array(z.object({ leg: z.number().int(), code: z.string().max(60) }))
            .max(MAX_SERVICES_PER_PASSENGER)
            .default([]),
        }),
      )
      .default([]),
    vehicle: z
      .object({
        ownerPassenger: z.number().int(),
        plate: z.string().max(60).nullish(),
        chassis: z.string().max(60).nullish(),
        type: z.string().max(40),
        legs: z.array(z.number().int()).max(2).optional(),
      })
      .nullish(),
  })
  .nullish();

type Errors = Record<string, ChoiceError>;
type Checked = { ok: true; legs: TrainLegChoices[] } | { ok: false; errors: Errors };

/** A return goes back over the same stations after the outbound arrives, and comes from the same search (ticket type, coupe). */
export function isReturnOf(out: TrainOffer, back: TrainOffer): boolean {
  return (
    back.from === out.to &&
    back.to === out.from &&
    Date.parse(back.departAt) > Date.parse(out.arriveAt) &&
    back.ticketType === out.ticketType &&
    back.coupe === out.coupe
  );
}

/**
 * The choices checked against the revalidated trains (index = leg) for a party of `travellers`,
 * as each leg stores them; or every refusal, by field path.
 */
export function checkTrainChoices(input: unknown, offers: readonly TrainOffer[], travellers: number): Checked {
  const parsed = choicesInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Errors = {};
    for (const issue of parsed.error.issues) errors[issue.path.map(String).join(".") || "choices"] ??= "CHOICE_INVALID";
    return { ok: false, errors };
  }
  const errors: Errors = {};
  const legs: TrainLegChoices[] = offers.map(() => ({ extras: [], vehicle: null }));
  const choices = parsed.data ?? { passengers: [], vehicle: null };

  for (const [passenger, { services }] of choices.passengers.entries()) {
    if (passenger >= travellers) {
      if (services.length > 0) errors[`passengers.${passenger}`] = "CHOICE_INVALID";
      continue;
    }
    for (const [index, { leg, code }] of services.entries()) {
      const field = `passengers.${passenger}.services.${index}`;
      const offer = offers[leg];
      if (!offer || leg < 0) {
        errors[`${field}.leg`] = "CHOICE_INVALID";
        continue;
      }
      const extra = offer.extras.find((candidate) => candidate.code === code);
      if (!extra) {
        errors[field] = "EXTRA_UNAVAILABLE";
        continue;
      }
      const taken = legs[leg]!.extras.filter((chosen) => chosen.passenger === passenger);
      if (
        extra.kind === "meal" &&
        taken.some((chosen) => offer.extras.find((candidate) => candidate.code === chosen.code)?.kind === "meal")
      ) {
        errors[field] = "MEAL_DUPLICATE";
        continue;
      }
      // A service is taken once per passenger and train: a second one is a slip, not an order.
      if (taken.some((chosen) => chosen.code === code)) {
        errors[field] = "CHOICE_INVALID";
        continue;
      }
      legs[leg]!.extras.push({ passenger, code });
    }
  }

  const { vehicle } = choices;
  if (vehicle) {
    const before = Object.keys(errors).length;
    const on = vehicle.legs ?? offers.map((_offer, leg) => leg);
    if (on.length === 0 || new Set(on).size !== on.length || on.some((leg) => leg < 0 || leg >= offers.length))
      errors["vehicle.legs"] = "CHOICE_INVALID";
    else if (on.some((leg) => offers[leg]!.carTransport === null)) errors["vehicle.type"] = "VEHICLE_NOT_CARRIED";
    else if (!(VEHICLE_TYPES as readonly string[]).includes(vehicle.type)) errors["vehicle.type"] = "VEHICLE_TYPE_INVALID";
    // The owner travels with the car: one of this booking's passengers, by position.
    if (vehicle.ownerPassenger < 0 || vehicle.ownerPassenger >= travellers) errors["vehicle.ownerPassenger"] = "VEHICLE_OWNER_INVALID";
    const plateText = vehicle.plate?.trim() ?? "";
    const chassisText = vehicle.chassis?.trim() ?? "";
    const plate = plateText ? normalizePlate(plateText) : null;
    const chassis = chassisText ? normalizeChassis(chassisText) : null;
    if (!plateText && !chassisText) errors["vehicle.plate"] = "VEHICLE_ID_REQUIRED";
    if (plateText && !plate) errors["vehicle.plate"] = "PLATE_INVALID";
    if (chassisText && !chassis) errors["vehicle.chassis"] = "CHASSIS_INVALID";
    if (Object.keys(errors).length === before)
      for (const leg of on)
        legs[leg]!.vehicle = { ownerPassenger: vehicle.ownerPassenger, plate, chassis, type: vehicle.type as VehicleType };
  }

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, legs };
}

function travellersOf(party: Passengers): number {
  return party.adults + party.children + party.infants;
}

/** The selection the pages and the API place train bookings with. */
export function trainSelection(trains: TrainSupplier): OfferSelection {
  return {
    async prepare(offerIds, party, locale, choices) {
      if (offerIds.length < 1 || offerIds.length > 2) return { ok: false, error: "OFFER_NOT_FOUND" };
      const offers: TrainOffer[] = [];
      for (const offerId of offerIds) {
        const checked = await trains.revalidate(offerId, locale);
        if (!checked.ok) return { ok: false, error: checked.error === "NOT_FOUND" ? "OFFER_NOT_FOUND" : "SOLD_OUT" };
        // A coupe takes whole compartments: the free beds must cover every bed of them.
        if (checked.offer.seatsLeft < bedsFor(checked.offer, party)) return { ok: false, error: "SOLD_OUT" };
        offers.push(checked.offer);
      }
      if (offers.length === 2 && !isReturnOf(offers[0]!, offers[1]!)) return { ok: false, error: "OFFER_NOT_FOUND" };

      const checked = checkTrainChoices(choices, offers, travellersOf(party));
      if (!checked.ok) {
        const bare = offers.map((offer) => ({ ...offer, choices: { extras: [], vehicle: null } }));
        return { ok: false, error: "INVALID", errors: checked.errors, requirements: TRAIN_SERVICE.passengerRequirements(bare) };
      }
      const held: HeldTrainOffer[] = offers.map((offer, leg) => ({ ...offer, choices: checked.legs[leg]! }));
      return {
        ok: true,
        selection: {
          service: "train",
          supplierName: trains.name,
          offers: held.map((offer) => ({ offerId: offer.offerId, offer })),
          // Railway fares carry no separate charges: the beds, meals, services and car are the fare.
          itemPrices: held.map((offer) => ({ base: trainItemPrice(offer, party).total, taxes: 0 })),
          requirements: TRAIN_SERVICE.passengerRequirements(held),
        },
      };
    },
  };
}
