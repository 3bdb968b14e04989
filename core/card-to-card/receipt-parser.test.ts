import { describe, expect, it } from "vitest";
import { bankOfCard, cardDigits, groupedCard, luhnValid, type BankId } from "./card.ts";
import { parseReceipt } from "./receipt-parser.ts";

/** 1405/09/05 14:20 in Tehran (UTC+03:30). */
const PAID_AT = new Date("2026-11-26T10:50:00Z");

/**
 * One receipt per bank, in the layouts their SMS and apps use: labelled lines or one sentence,
 * Persian, Arabic-Indic or Latin digits, rials or tomans, short (05/09/05) or long Shamsi years.
 * Each pays 12,500,000 rials into a card ending 6782.
 */
const SAMPLES: { bank: BankId; text: string; trace: string; seconds?: number }[] = [
  {
    bank: "mellat",
    trace: "552211",
    text: [
      "بانک ملت",
      "انتقال از کارت 6104-33**-****-1234",
      "به کارت 6219-86**-****-6782",
      "مبلغ 12,500,000 ریال",
      "پیگیری: 552211",
      "05/09/05-14:20",
    ].join("\n"),
  },
  {
    bank: "melli",
    trace: "123456",
    text: [
      "بانک ملی ایران",
      "انتقال وجه کارت به کارت",
      "از: ۶۰۳۷۹۹******۱۲۳۴",
      "به: ۶۲۱۹۸۶******۶۷۸۲",
      "مبلغ: ۱۲٬۵۰۰٬۰۰۰ ریال",
      "شماره پیگیری: ۱۲۳۴۵۶",
      "تاریخ: ۱۴۰۵/۰۹/۰۵ ساعت ۱۴:۲۰",
    ].join("\n"),
  },
  {
    bank: "saderat",
    trace: "778899",
    seconds: 11,
    text: [
      "بانک صادرات ایران",
      "کارت به کارت موفق",
      "مبلغ:12500000 ریال",
      "کارت مقصد:6219861023456782",
      "کد پیگیری:778899",
      "1405/09/05 14:20:11",
    ].join("\n"),
  },
  {
    bank: "tejarat",
    trace: "99887766",
    text: [
      "بانك تجارت",
      "انتقال وجه از کارت ٥٨٥٩٨٣**٤٤٥٥",
      "به کارت ٦٢١٩٨٦**٦٧٨٢",
      "مبلغ ١٬٢٥٠٬٠٠٠ تومان",
      "شماره مرجع ٩٩٨٨٧٧٦٦",
      "١٤٠٥/٠٩/٠٥ - ١٤:٢٠",
    ].join("\n"),
  },
  {
    bank: "sepah",
    trace: "445566",
    text: [
      "بانک سپه",
      "انتقال کارت به کارت",
      "مبدا: 5892-10**-****-3344",
      "مقصد: 6219-86**-****-6782",
      "مبلغ: 12,500,000 ريال",
      "رهگیری: 445566",
      "زمان: 1405.09.05 14:20",
    ].join("\n"),
  },
  {
    bank: "pasargad",
    trace: "332211",
    text: [
      "Bank Pasargad",
      "Card transfer",
      "From: 502229******1111",
      "To: 621986******6782",
      "Amount: 12,500,000 IRR",
      "Trace No: 332211",
      "Date: 1405/09/05 14:20",
    ].join("\n"),
  },
  {
    bank: "saman",
    trace: "665544",
    text: ["سامان", "انتقال از 621986**2222 به 621986**6782", "مبلغ12,500,000", "ش.پیگیری 665544", "1405/9/5 14:20"].join("\n"),
  },
  {
    bank: "parsian",
    trace: "123987",
    text: [
      "بانک پارسیان",
      "برداشت از کارت 6221-06**-****-7777",
      "بابت انتقال به کارت 6219-86**-****-6782",
      "مبلغ 12,500,000 ریال",
      "شماره سند 123987",
      "1405/09/05 ساعت 14:20",
    ].join("\n"),
  },
  {
    bank: "keshavarzi",
    trace: "101202",
    text: [
      "بانک کشاورزی",
      "انتقال وجه",
      "از کارت: 603770******5555",
      "به کارت: 621986******6782",
      "مبلغ(ریال): 12,500,000",
      "کد پیگیری: 101202",
      "تاریخ 1405/09/05 زمان 14:20",
    ].join("\n"),
  },
  {
    bank: "refah",
    trace: "909090",
    text: ["بانک رفاه کارگران", "کارت به کارت", "مبلغ 12.500.000 ریال", "به کارت ****6782", "پیگیری 909090", "05/09/05 14:20"].join("\n"),
  },
  {
    bank: "maskan",
    trace: "246810",
    text: [
      "بانک مسکن",
      "انتقال از کارت 628023-xx-xxxx-8888",
      "به کارت 621986-xx-xxxx-6782",
      "مبلغ 12,500,000 ریال",
      "شماره پیگیری 246810",
      "1405-09-05 14:20",
    ].join("\n"),
  },
  {
    bank: "ayandeh",
    trace: "135791",
    text: ["آینده", "انتقال وجه موفق", "مبلغ:12,500,000ریال", "از:636214**9999", "به:621986**6782", "مرجع:135791", "1405/09/05-14:20"].join(
      "\n",
    ),
  },
];

describe("parseReceipt: one receipt per major bank", () => {
  for (const sample of SAMPLES) {
    it(`reads ${sample.bank}'s receipt: bank, amount in rials, card suffix, Tehran time and trace`, () => {
      expect(parseReceipt(sample.text)).toEqual({
        bank: sample.bank,
        amountRials: 12_500_000,
        cardSuffix: "6782",
        sourceCard: expect.toSatisfy((value: unknown) => value === null || typeof value === "string") as unknown,
        paidAt: new Date(PAID_AT.getTime() + (sample.seconds ?? 0) * 1000),
        trace: sample.trace,
        impossible: false,
      });
    });
  }

  it("names the bank from the payer's card when the text does not name it", () => {
    const parsed = parseReceipt("انتقال از 6104-33**-****-1234 به 6219-86**-****-6782 مبلغ 12,500,000 ریال پیگیری 12345 1405/09/05 14:20");
    expect(parsed?.bank).toBe("mellat");
  });
});

describe("parseReceipt: what is not a receipt, or not a true one", () => {
  it("returns null for text with neither an amount nor a card", () => {
    expect(parseReceipt("سلام، پول رو فرستادم")).toBeNull();
    expect(parseReceipt("")).toBeNull();
    expect(parseReceipt("x".repeat(3000))).toBeNull();
  });

  it("marks a date that does not exist, a time past 23:59 or an empty amount impossible", () => {
    expect(parseReceipt("بانک ملت مبلغ 12,500,000 ریال به کارت ****6782 پیگیری 1234 1405/13/40 14:20")?.impossible).toBe(true);
    expect(parseReceipt("بانک ملت مبلغ 12,500,000 ریال به کارت ****6782 پیگیری 1234 1405/09/05 25:10")?.impossible).toBe(true);
    expect(parseReceipt("بانک ملت مبلغ 0 ریال به کارت ****6782 پیگیری 1234 1405/09/05 14:20")?.impossible).toBe(true);
  });

  it("leaves out what the receipt does not say: no time, no trace, an unknown bank", () => {
    const parsed = parseReceipt("انتقال به کارت ****6782 مبلغ 12,500,000 ریال 1405/09/05");
    expect(parsed).toMatchObject({ bank: null, amountRials: 12_500_000, cardSuffix: "6782", paidAt: null, trace: null, impossible: false });
  });
});

describe("cards", () => {
  it("checks Luhn, reads the bank from the first six digits and groups by four", () => {
    expect(luhnValid("6219861023456782")).toBe(true);
    expect(luhnValid("6219861023456783")).toBe(false);
    expect(bankOfCard("6037991234567893")).toBe("melli");
    expect(bankOfCard("1234561234567890")).toBeNull();
    expect(cardDigits("۶۲۱۹-۸۶۱۰-۲۳۴۵-۶۷۸۲")).toBe("6219861023456782");
    expect(groupedCard("6219861023456782")).toBe("6219 8610 2345 6782");
  });
});
