import type { Locale } from "../i18n/locales.ts";
import type { SupplierHold, SupplierLifecycle, SupplierTicket } from "../suppliers/ports.ts";
import type { InsuranceOffer, InsuranceQuery, InsuranceZone } from "./insurance.ts";

/**
 * Travel insurers (issue 21): the house insurer on our own tables (several insurers' plans and
 * price tables), an insurer's web service later. An offer is one plan priced for a destination,
 * a length and the travellers' ages.
 *
 * - `plans(query)` answers every plan covering the destination's zone and length, each with a
 *   quote per traveller (refused ones say why); a Schengen destination only gets plans whose
 *   medical cover is at least `SCHENGEN_MIN_COVER_EUR`.
 * - `revalidate(offerId)` answers the plan for the offer's country, length and start without
 *   travellers (`quotes` empty); the selection prices each insured by their birth date with
 *   `quote(offerId, birthDates)`.
 * - Insurance has no capacity: `hold` records the hold (units = insured travellers) and never
 *   answers CAPACITY_FULL; `issue` answers one policy per insured traveller, its policy number as
 *   the ticket number, with `placement` `{policy, from, to}`.
 */
export interface InsuranceSupplier extends SupplierLifecycle<InsuranceOffer, SupplierHold, SupplierTicket> {
  plans(query: InsuranceQuery): Promise<InsuranceOffer[]>;
  /** The offer's plan priced for these birth dates (ages on its start date); null when the offer is unknown. */
  quote(offerId: string, birthDates: readonly string[], locale?: Locale): Promise<InsuranceOffer | null>;
  /** The zone a destination falls in, or null for a country no plan covers (and for Iran). */
  zoneOf(countryCode: string): Promise<InsuranceZone | null>;
  /** Insurers with their names in a language (the results' insurer filter). */
  insurers(locale?: Locale): Promise<{ code: string; name: string }[]>;
}
