import type { InsuranceZoneSeed } from "./types.ts";

const zone = (name: InsuranceZoneSeed["zone"], codes: string, schengen = false): [string, InsuranceZoneSeed][] =>
  codes.split(" ").map((code) => [code, { zone: name, schengen }]);

/**
 * Where each destination of seed/places/countries.ts falls for insurers. Zones go from the
 * cheapest to the widest cover (a plan covers its zone and every one before it): the region and
 * the Caucasus; the rest of Asia and Africa; the Schengen area (its members need EUR 30,000 of
 * medical cover for the visa); the rest of Europe; the Americas and Oceania.
 */
export const INSURANCE_ZONE_OF: Readonly<Record<string, InsuranceZoneSeed>> = Object.fromEntries([
  ...zone("neighbours", "TR AE IQ GE AM AZ OM QA SA SY LB KW BH JO AF PK TM UZ KZ TJ KG"),
  ...zone("asia", "MY TH IN CN ID LK MV VN SG JP KR HK PH NP EG TN MA TZ KE ZA SC MU"),
  ...zone("schengen", "DE FR IT ES NL SE AT CH GR BE FI PL HU CZ PT DK NO HR BG RO", true),
  ...zone("europe", "GB IE CY BY RS UA ME BA AL MK RU"),
  ...zone("worldwide", "CA US AU NZ BR MX AR CU VE"),
]);
