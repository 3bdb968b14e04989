import type { InsuranceCover } from "#core/insurance/insurance.ts";
import { bandedPriceTable } from "#core/insurance/rules.ts";
import type { InsuranceNames, InsurancePlanSeed } from "./types.ts";

/**
 * The house insurers' plans: a few per insurer across the zones, cover in euros as they state it,
 * each priced from its 1–7 day adult tariff by length and age. Some Schengen-zone plans are below
 * EUR 30,000: they are sold for the zone's other destinations (Turkey, Asia) but the Schengen rule
 * hides them from a Schengen country.
 */

/** How a tariff grows with the trip's length and the traveller's age (typical of Iranian insurers' tables). */
const FACTORS = {
  length: { "1-7": 1, "8-15": 1.4, "16-23": 1.8, "24-31": 2.1, "32-45": 2.8, "46-62": 3.5, "63-92": 4.5, "93-180": 7, "181-365": 11 },
  age: { "0-12": 0.5, "13-65": 1, "66-70": 1.5, "71-75": 2, "76-80": 3, "81+": 4 },
} as const;

function cover(medical: number, extras: Partial<Omit<InsuranceCover, "medical">> = {}): InsuranceCover {
  return { medical, evacuation: null, baggageLoss: null, flightDelay: null, covid: false, ...extras };
}

function plan(
  insurer: string,
  id: string,
  names: InsuranceNames,
  zone: InsurancePlanSeed["zone"],
  planCover: InsuranceCover,
  limits: { maxAge: number; maxDays: number; tariff: number },
): InsurancePlanSeed {
  return {
    id: `${insurer}-${id}`,
    insurer,
    names,
    zone,
    cover: planCover,
    maxAge: limits.maxAge,
    maxDays: limits.maxDays,
    prices: bandedPriceTable(limits.tariff, limits, FACTORS),
  };
}

export const INSURANCE_PLANS: InsurancePlanSeed[] = [
  // Saman
  plan("saman", "neighbours", { fa: "همسایگان", en: "Neighbours", ar: "دول الجوار" }, "neighbours", cover(10_000, { evacuation: 5_000 }), {
    maxAge: 75,
    maxDays: 92,
    tariff: 450_000,
  }),
  plan("saman", "schengen-silver", { fa: "شنگن نقره‌ای", en: "Schengen Silver", ar: "شنغن الفضي" }, "schengen", cover(15_000), {
    maxAge: 75,
    maxDays: 92,
    tariff: 800_000,
  }),
  plan(
    "saman",
    "schengen-gold",
    { fa: "شنگن طلایی", en: "Schengen Gold", ar: "شنغن الذهبي" },
    "schengen",
    cover(30_000, { evacuation: 15_000, baggageLoss: 500, covid: true }),
    { maxAge: 80, maxDays: 92, tariff: 1_150_000 },
  ),
  plan(
    "saman",
    "worldwide-platinum",
    { fa: "جهانی پلاتینیوم", en: "Worldwide Platinum", ar: "العالمي البلاتيني" },
    "worldwide",
    cover(50_000, { evacuation: 25_000, baggageLoss: 1_000, flightDelay: 300, covid: true }),
    { maxAge: 70, maxDays: 365, tariff: 2_300_000 },
  ),
  // Iran
  plan("iran", "pilgrim", { fa: "زائر", en: "Pilgrim", ar: "الزائر" }, "neighbours", cover(5_000), {
    maxAge: 85,
    maxDays: 45,
    tariff: 300_000,
  }),
  plan("iran", "schengen-economy", { fa: "شنگن اقتصادی", en: "Schengen Economy", ar: "شنغن الاقتصادي" }, "schengen", cover(10_000), {
    maxAge: 70,
    maxDays: 31,
    tariff: 650_000,
  }),
  plan(
    "iran",
    "europe-comfort",
    { fa: "اروپا آسایش", en: "Europe Comfort", ar: "أوروبا الراحة" },
    "europe",
    cover(30_000, { evacuation: 20_000, covid: true }),
    { maxAge: 75, maxDays: 180, tariff: 1_400_000 },
  ),
  plan(
    "iran",
    "worldwide",
    { fa: "جهانی", en: "Worldwide", ar: "العالمي" },
    "worldwide",
    cover(100_000, { evacuation: 50_000, baggageLoss: 1_000, flightDelay: 400, covid: true }),
    { maxAge: 75, maxDays: 365, tariff: 2_900_000 },
  ),
  // Sina
  plan("sina", "asia-plus", { fa: "آسیا پلاس", en: "Asia Plus", ar: "آسيا بلس" }, "asia", cover(25_000, { evacuation: 10_000 }), {
    maxAge: 80,
    maxDays: 180,
    tariff: 750_000,
  }),
  plan("sina", "schengen-lite", { fa: "شنگن سبک", en: "Schengen Lite", ar: "شنغن الخفيف" }, "schengen", cover(20_000), {
    maxAge: 75,
    maxDays: 62,
    tariff: 900_000,
  }),
  plan(
    "sina",
    "schengen-standard",
    { fa: "شنگن استاندارد", en: "Schengen Standard", ar: "شنغن القياسي" },
    "schengen",
    cover(30_000, { evacuation: 10_000, covid: true }),
    { maxAge: 85, maxDays: 92, tariff: 1_200_000 },
  ),
  // Kowsar
  plan("kowsar", "neighbours", { fa: "همسایگان", en: "Neighbours", ar: "دول الجوار" }, "neighbours", cover(15_000, { evacuation: 5_000 }), {
    maxAge: 70,
    maxDays: 92,
    tariff: 500_000,
  }),
  plan(
    "kowsar",
    "europe",
    { fa: "اروپا", en: "Europe", ar: "أوروبا" },
    "europe",
    cover(50_000, { evacuation: 25_000, baggageLoss: 700, covid: true }),
    { maxAge: 80, maxDays: 180, tariff: 1_650_000 },
  ),
  // Taavon
  plan("taavon", "economy", { fa: "اقتصادی", en: "Economy", ar: "الاقتصادي" }, "asia", cover(10_000), {
    maxAge: 75,
    maxDays: 31,
    tariff: 550_000,
  }),
  plan("taavon", "schengen", { fa: "شنگن", en: "Schengen", ar: "شنغن" }, "schengen", cover(30_000, { evacuation: 10_000 }), {
    maxAge: 75,
    maxDays: 92,
    tariff: 1_050_000,
  }),
  plan(
    "taavon",
    "worldwide-gold",
    { fa: "جهانی طلایی", en: "Worldwide Gold", ar: "العالمي الذهبي" },
    "worldwide",
    cover(60_000, { evacuation: 30_000, baggageLoss: 800, covid: true }),
    { maxAge: 85, maxDays: 365, tariff: 2_500_000 },
  ),
  // Pasargad
  plan(
    "pasargad",
    "neighbours-plus",
    { fa: "همسایگان پلاس", en: "Neighbours Plus", ar: "دول الجوار بلس" },
    "neighbours",
    cover(20_000, { evacuation: 10_000, covid: true }),
    { maxAge: 80, maxDays: 180, tariff: 600_000 },
  ),
  plan(
    "pasargad",
    "schengen-gold",
    { fa: "شنگن طلایی", en: "Schengen Gold", ar: "شنغن الذهبي" },
    "schengen",
    cover(50_000, { evacuation: 25_000, baggageLoss: 1_000, flightDelay: 200, covid: true }),
    { maxAge: 85, maxDays: 92, tariff: 1_450_000 },
  ),
  plan(
    "pasargad",
    "worldwide-elite",
    { fa: "جهانی ممتاز", en: "Worldwide Elite", ar: "العالمي المميز" },
    "worldwide",
    cover(150_000, { evacuation: 75_000, baggageLoss: 1_500, flightDelay: 500, covid: true }),
    { maxAge: 80, maxDays: 365, tariff: 3_400_000 },
  ),
];
