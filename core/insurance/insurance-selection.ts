import { fieldsOf } from "../booking/choice-input.ts";
import type { ChoiceError, OfferSelection, SelectionResult } from "../booking/selection.ts";
import type { Clock } from "../ports.ts";
import { passengerTypeOn } from "../passengers/passenger-rules.ts";
import type { Passengers } from "../search/search-forms.ts";
import { parseDateText } from "../search/dates.ts";
import type { HeldInsuranceOffer, InsuranceOffer } from "./insurance.ts";
import { INSURANCE_SERVICE } from "./insurance-service.ts";
import { insuranceOfferId, isCoverStartAllowed, parseInsuranceOfferId } from "./rules.ts";
import type { InsuranceSupplier } from "./supplier.ts";

/**
 * Insurance's step of placing a booking (issue 21): one plan for the whole party, every passenger
 * insured under it and priced by their age on the first day of cover. The birth dates are the
 * travellers' as sent (their birthDate field, read as checkPassengers reads it) or, before the
 * travellers are typed (a page pricing the plan), `choices.birthDates`. `choices.startDate` moves
 * the start of cover (the offer's own start otherwise). Refusals: `startDate` (COVER_START_INVALID),
 * `passengers.{k}.birthDate` (INSURED_TOO_OLD), `birthDates` (not the party's).
 */

type Errors = Record<string, ChoiceError>;

/** The birth dates to price, in passenger order; null at k when traveller k's is unreadable (checkPassengers names it). */
function birthDatesOf(choices: Record<string, unknown>, travellers: readonly unknown[] | undefined): (string | null)[] | null {
  const sent = travellers ? travellers.map((traveller) => fieldsOf(traveller).birthDate) : choices.birthDates;
  if (!Array.isArray(sent)) return null;
  return sent.map((value: unknown) => (typeof value === "string" ? parseDateText(value) : null));
}

/** The party the birth dates make on the start of cover (an unreadable or too recent one makes none). */
function partyOfBirths(births: readonly string[], startDate: string): Passengers | null {
  const party = { adults: 0, children: 0, infants: 0 };
  for (const birth of births) {
    const type = passengerTypeOn(birth, startDate);
    if (type === "too-young") return null;
    party[type === "adult" ? "adults" : type === "child" ? "children" : "infants"] += 1;
  }
  return party;
}

const sameParty = (a: Passengers, b: Passengers) => a.adults === b.adults && a.children === b.children && a.infants === b.infants;

/** The plan as held: the offer priced for the insured (every one accepted), each with their band and price. */
export function heldInsurance(offer: InsuranceOffer, birthDates: readonly string[]): HeldInsuranceOffer {
  const insured = offer.quotes.map((quote, index) => {
    if (!quote.accepted) throw new RangeError(`insured ${index} is refused by plan ${offer.planId}`);
    return { birthDate: birthDates[index]!, ageBand: quote.ageBand, price: quote.price };
  });
  return { ...offer, insured, price: offer.total };
}

/** The selection the pages and the API place insurance bookings with; `clock` judges the start of cover in Tehran. */
export function insuranceSelection(insurance: InsuranceSupplier, clock: Clock): OfferSelection {
  return {
    async prepare(offerIds, party, locale, choices, travellers): Promise<SelectionResult> {
      const [sentOfferId] = offerIds;
      const key = offerIds.length === 1 && sentOfferId ? parseInsuranceOfferId(sentOfferId) : null;
      if (!key) return { ok: false, error: "OFFER_NOT_FOUND" };
      const errors: Errors = {};
      const fields = fieldsOf(choices);

      const wantedStart = fields.startDate ?? key.startDate;
      const startDate = isCoverStartAllowed(wantedStart, clock.now()) ? wantedStart : null;
      if (startDate === null) errors.startDate = "COVER_START_INVALID";
      // The plan is judged on the start asked for; an invalid one is still priced on the offer's own, so the other refusals come in the same answer.
      const offerId = insuranceOfferId({ ...key, startDate: startDate ?? key.startDate });
      const revalidated = await insurance.revalidate(offerId, locale);
      if (!revalidated.ok) return { ok: false, error: "OFFER_NOT_FOUND" };
      // Requirements depend on the plan and its dates only: the revalidated plan, no one insured yet.
      const requirements = INSURANCE_SERVICE.passengerRequirements([heldInsurance(revalidated.offer, [])]);

      const births = birthDatesOf(fields, travellers);
      const total = party.adults + party.children + party.infants;
      if (births === null || births.length !== total)
        return { ok: false, error: "INVALID", errors: { ...errors, birthDates: "CHOICE_INVALID" }, requirements };
      const readable = births.filter((birth): birth is string => birth !== null);
      // A traveller's unreadable or missing birth date is refused by checkPassengers on its field, with the same parser.
      if (readable.length !== births.length) return { ok: false, error: "INVALID", errors, requirements };
      const travelStart = revalidated.offer.startDate;
      if (!travellers) {
        const made = partyOfBirths(readable, travelStart);
        if (!made || !sameParty(made, party)) errors.birthDates = "CHOICE_INVALID";
      }

      const quoted = await insurance.quote(offerId, readable, locale);
      if (!quoted) return { ok: false, error: "OFFER_NOT_FOUND" };
      quoted.quotes.forEach((quote, index) => {
        if (!quote.accepted) errors[`passengers.${index}.birthDate`] = "INSURED_TOO_OLD";
      });
      if (Object.keys(errors).length > 0) return { ok: false, error: "INVALID", errors, requirements };
      const held = heldInsurance(quoted, readable);
      return {
        ok: true,
        selection: {
          service: "insurance",
          supplierName: insurance.name,
          // One item for the party: the insurer holds one policy per insured traveller.
          offers: [{ offerId, offer: held, units: readable.length }],
          // A policy's price is the plan's for the traveller's band; insurers' taxes are in it.
          itemPrices: [{ base: held.price, taxes: 0 }],
          requirements: INSURANCE_SERVICE.passengerRequirements([held]),
        },
      };
    },
  };
}
