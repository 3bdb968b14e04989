import type { PlaceNames } from "#core/places/place.ts";

/** A rail operator selling under its own brand on the national network (iran-travel-facts.md, Trains). */
export interface TrainOperatorSeed {
  /** Stable code stored on trains, holds and refund rules, e.g. "raja". */
  code: string;
  names: PlaceNames;
}

export const TRAIN_OPERATORS: readonly TrainOperatorSeed[] = [
  { code: "raja", names: { fa: "رجا", en: "Raja", ar: "رجا" } },
  { code: "fadak", names: { fa: "فدک", en: "Fadak", ar: "فدك" } },
  { code: "safir", names: { fa: "سفیر", en: "Safir", ar: "سفير" } },
  { code: "sabz-noor", names: { fa: "سبز نور", en: "Sabz-e Noor", ar: "سبز نور" } },
  { code: "joopar", names: { fa: "جوپار", en: "Joopar", ar: "جوبار" } },
  { code: "simorgh", names: { fa: "سیمرغ", en: "Simorgh", ar: "سيمرغ" } },
  { code: "pardis", names: { fa: "پردیس", en: "Pardis", ar: "برديس" } },
  { code: "ghazal", names: { fa: "غزال", en: "Ghazal", ar: "غزال" } },
];
