import type { Passengers } from "../search/search-forms.ts";
import type { TrainOffer } from "./train.ts";

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
