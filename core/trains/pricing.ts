import type { Passengers } from "../search/search-forms.ts";
import type { HeldTrainOffer, TrainOffer } from "./train.ts";

/**
 * What a party pays for one train (issue 18, iran-travel-facts.md "Trains"). Per bed, an adult
 * and a child bed have their own price and an infant travels on a lap at the infant price. A coupe
 * purchase buys whole compartments: every bed of the compartments the seated travellers need is
 * paid at the adult price, even the beds nobody sleeps in; infants still pay their own fare.
 */
type Priced = Pick<TrainOffer, "coupe" | "wagon" | "price">;

/** Travellers who take a bed or seat: infants sit on a lap. */
export function seatedOf(party: Passengers): number {
  return party.adults + party.children;
}

/** Beds the party takes: the seated travellers, or every bed of the whole compartments they need (coupe). */
export function bedsFor(offer: Pick<TrainOffer, "coupe" | "wagon">, party: Passengers): number {
  const seated = seatedOf(party);
  if (!offer.coupe) return seated;
  const beds = Math.max(1, offer.wagon.bedsPerCompartment);
  return Math.ceil(seated / beds) * beds;
}

/** Integer tomans for the party's beds (and infants) on one train, before meals, services and a car. */
export function trainFare(offer: Priced, party: Passengers): number {
  const infants = party.infants * offer.price.infant;
  if (offer.coupe) return bedsFor(offer, party) * offer.price.adult + infants;
  return party.adults * offer.price.adult + party.children * offer.price.child + infants;
}

/** Tomans of the meals and services chosen on one train (an included meal costs 0). */
export function servicesPrice(offer: Pick<HeldTrainOffer, "extras" | "choices">): number {
  return offer.choices.extras.reduce((sum, { code }) => sum + (offer.extras.find((extra) => extra.code === code)?.price ?? 0), 0);
}

/** Tomans of the car on one train, at the train's rate for its type; 0 without one. */
export function vehiclePrice(offer: Pick<HeldTrainOffer, "carTransport" | "choices">): number {
  const { vehicle } = offer.choices;
  return vehicle && offer.carTransport ? offer.carTransport[vehicle.type] : 0;
}

/** One train's price for the party as the pre-invoice breaks it down: beds, meals and services, the car, and their sum. */
export function trainItemPrice(
  offer: Priced & Pick<HeldTrainOffer, "extras" | "carTransport" | "choices">,
  party: Passengers,
): { beds: number; fare: number; services: number; vehicle: number; total: number } {
  const fare = trainFare(offer, party);
  const services = servicesPrice(offer);
  const vehicle = vehiclePrice(offer);
  return { beds: bedsFor(offer, party), fare, services, vehicle, total: fare + services + vehicle };
}
