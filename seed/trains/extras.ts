import type { PlaceNames } from "#core/places/place.ts";

/** A meal or an optional service sold on trains; each train sets which it sells and at what price. */
export interface TrainExtraSeed {
  code: string;
  kind: "meal" | "service";
  names: PlaceNames;
}

/** Every meal and service any train sells: the codes are stable (bookings store them). */
export const TRAIN_EXTRAS: readonly TrainExtraSeed[] = [
  { code: "meal-chicken", kind: "meal", names: { fa: "چلو مرغ", en: "Chicken with rice", ar: "دجاج مع الأرز" } },
  { code: "meal-kebab", kind: "meal", names: { fa: "چلو کباب کوبیده", en: "Koobideh kebab with rice", ar: "كباب كوبيده مع الأرز" } },
  { code: "meal-vegetarian", kind: "meal", names: { fa: "خوراک سبزیجات", en: "Vegetarian dish", ar: "طبق نباتي" } },
  { code: "meal-breakfast", kind: "meal", names: { fa: "صبحانه", en: "Breakfast", ar: "فطور" } },
  { code: "extra-meal", kind: "service", names: { fa: "غذای اضافه", en: "Extra meal", ar: "وجبة إضافية" } },
  { code: "snack", kind: "service", names: { fa: "بسته پذیرایی", en: "Snack pack", ar: "علبة وجبة خفيفة" } },
  { code: "bedding", kind: "service", names: { fa: "ملحفه و رختخواب", en: "Bedding", ar: "فراش وأغطية" } },
];

export function trainExtra(code: string): TrainExtraSeed | undefined {
  return TRAIN_EXTRAS.find((extra) => extra.code === code);
}
