import type { InsurerSeed } from "./types.ts";

/** Iranian insurers selling travel insurance (facts: Tours and insurance), in the order they are listed. */
export const INSURERS: InsurerSeed[] = [
  { code: "saman", names: { fa: "بیمه سامان", en: "Saman Insurance", ar: "تأمين سامان" }, policyPrefix: "1203" },
  { code: "iran", names: { fa: "بیمه ایران", en: "Iran Insurance", ar: "تأمين إيران" }, policyPrefix: "1001" },
  { code: "sina", names: { fa: "بیمه سینا", en: "Sina Insurance", ar: "تأمين سينا" }, policyPrefix: "4501" },
  { code: "kowsar", names: { fa: "بیمه کوثر", en: "Kowsar Insurance", ar: "تأمين كوثر" }, policyPrefix: "3702" },
  { code: "taavon", names: { fa: "بیمه تعاون", en: "Taavon Insurance", ar: "تأمين تعاون" }, policyPrefix: "5803" },
  { code: "pasargad", names: { fa: "بیمه پاسارگاد", en: "Pasargad Insurance", ar: "تأمين باسارغاد" }, policyPrefix: "7702" },
];
