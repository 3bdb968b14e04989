import type { PlaceNames } from "#core/places/place.ts";

/** A bus cooperative (تعاونی) selling seats under its own name (iran-travel-facts.md, Buses). */
export interface BusCompanySeed {
  /** Stable code stored on trips, holds and tickets, e.g. "seir-o-safar". */
  code: string;
  names: PlaceNames;
}

export const BUS_COMPANIES: readonly BusCompanySeed[] = [
  { code: "seir-o-safar", names: { fa: "سیر و سفر", en: "Seir-o-Safar", ar: "سير وسفر" } },
  { code: "royal-safar", names: { fa: "رویال سفر ایرانیان", en: "Royal Safar Iranian", ar: "رويال سفر إيرانيان" } },
  { code: "iran-peyma", names: { fa: "ایران پیما", en: "Iran Peyma", ar: "إيران بيما" } },
  { code: "hamsafar", names: { fa: "همسفر", en: "Hamsafar", ar: "همسفر" } },
  { code: "taavoni-15", names: { fa: "تعاونی ۱۵", en: "Taavoni 15", ar: "التعاونية ١٥" } },
  { code: "adl-safar", names: { fa: "عدل سفر", en: "Adl Safar", ar: "عدل سفر" } },
  { code: "hamsafar-novin", names: { fa: "همسفر نوین", en: "Hamsafar Novin", ar: "همسفر نوين" } },
  { code: "gity-peyma", names: { fa: "گیتی پیما", en: "Gity Peyma", ar: "جيتي بيما" } },
  { code: "mihan-nour", names: { fa: "میهن نور", en: "Mihan Nour", ar: "ميهن نور" } },
  { code: "asia-safar", names: { fa: "آسیا سفر", en: "Asia Safar", ar: "آسيا سفر" } },
];
