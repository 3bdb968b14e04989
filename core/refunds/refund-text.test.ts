import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import type { Locale } from "../i18n/locales.ts";
import type { RefundStage } from "./penalty.ts";
import { refundInPersonText, refundWindowText } from "./refund-text.ts";

/** Tehran wall-clock time as an instant (+03:30 all year). */
const tehran = (local: string) => new Date(`${local}+03:30`).toISOString();
/** Friday 20 November 2026 (29 Aban 1405), 10:00 in Tehran. */
const NOW = new Date("2026-11-20T10:00:00+03:30");

const stage = (penaltyPercent: number, label: RefundStage["label"], minutesBefore: number | null, endsAt: string | null): RefundStage => ({
  penaltyPercent,
  label,
  minutesBefore,
  endsAt,
});
const FREE = stage(0, "free-after-issue", null, tehran("2026-11-20T11:00:00"));
const NOON = stage(10, "before", null, tehran("2026-11-24T12:00:00"));
const THREE_HOURS = stage(30, "before", 180, tehran("2026-11-24T23:00:00"));
const LAST = stage(50, "last", 0, tehran("2026-11-25T02:00:00"));
const AFTER = stage(100, "after-departure", null, null);

function texts(locale: Locale, now = NOW) {
  const context = { locale, calendar: locale === "fa" ? ("persian" as const) : ("gregorian" as const), now };
  return [FREE, NOON, THREE_HOURS, LAST, AFTER].map((window) => refundWindowText(window, context));
}

describe("refundWindowText", () => {
  it("tells Raja's windows in English: the hour today, the day and hour later, hours before, departure", () => {
    expect(texts("en")).toEqual([
      "Free cancellation until 11:00",
      "10% penalty until 12:00 on Tuesday 24 November",
      "30% penalty until 3 hours before departure",
      "50% penalty until departure",
      "Nothing is refunded after departure",
    ]);
  });

  it("writes Persian with Persian digits and the Persian calendar", () => {
    expect(texts("fa")).toEqual([
      "لغو رایگان تا ساعت ۱۱:۰۰",
      "جریمه ۱۰٪ تا ساعت ۱۲:۰۰ سه‌شنبه ۳ آذر",
      "جریمه ۳۰٪ تا ۳ ساعت پیش از حرکت",
      "جریمه ۵۰٪ تا زمان حرکت",
      "پس از حرکت مبلغی بازگردانده نمی‌شود",
    ]);
    // The Gregorian calendar when the traveller chose it.
    expect(refundWindowText(NOON, { locale: "fa", calendar: "gregorian", now: NOW })).toBe("جریمه ۱۰٪ تا ساعت ۱۲:۰۰ سه‌شنبه ۲۴ نوامبر");
  });

  it("writes Arabic with Arabic-Indic digits and its plural forms", () => {
    expect(texts("ar")).toEqual([
      "إلغاء مجاني حتى الساعة ١١:٠٠",
      "غرامة ١٠٪ حتى الساعة ١٢:٠٠ يوم الثلاثاء، ٢٤ نوفمبر",
      "غرامة ٣٠٪ حتى ٣ ساعات قبل المغادرة",
      "غرامة ٥٠٪ حتى موعد المغادرة",
      "لا يُستردّ أي مبلغ بعد المغادرة",
    ]);
    expect(refundWindowText(stage(30, "before", 120, "x"), { locale: "ar", calendar: "gregorian", now: NOW })).toBe(
      "غرامة ٣٠٪ حتى ساعتين قبل المغادرة",
    );
  });

  it("names the day of a free period that ends on another day, and the noon's hour alone on its own day", () => {
    const lateNight = new Date("2026-11-20T23:30:00+03:30");
    const freeOverMidnight = stage(0, "free-after-issue", null, tehran("2026-11-21T00:30:00"));
    expect(refundWindowText(freeOverMidnight, { locale: "en", calendar: "gregorian", now: lateNight })).toBe(
      "Free cancellation until 00:30 on Saturday 21 November",
    );
    expect(texts("en", new Date("2026-11-24T09:00:00+03:30"))[1]).toBe("10% penalty until 12:00");
  });

  it("tells minutes that are not whole hours, penalty-free windows, a partial penalty after departure and the operator's fault", () => {
    const en = { locale: "en" as const, calendar: "gregorian" as const, now: NOW };
    expect(refundWindowText(stage(40, "before", 90, "x"), en)).toBe("40% penalty until 90 minutes before departure");
    expect(refundWindowText(stage(30, "before", 1440, "x"), en)).toBe("30% penalty until 24 hours before departure");
    expect(refundWindowText(stage(0, "before", 60, "x"), en)).toBe("Free cancellation until 1 hour before departure");
    expect(refundWindowText(stage(60, "after-departure", null, null), en)).toBe("60% penalty after departure");
    expect(refundWindowText(stage(0, "airline-cancelled", null, null), en)).toBe(
      "No penalty: the operator cancelled the trip or it is more than 2 hours late",
    );
  });

  it("counts a hotel's windows back from check-in and a policy's from the start of cover, in each language", () => {
    const hotel = (locale: Locale) => ({ locale, calendar: "gregorian" as const, now: NOW, from: "refund.from.checkIn" as const });
    expect(refundWindowText(stage(0, "before", 4320, "x"), hotel("en"))).toBe("Free cancellation until 72 hours before check-in");
    expect(refundWindowText(stage(50, "last", 0, "x"), hotel("en"))).toBe("50% penalty until check-in");
    expect(refundWindowText(AFTER, hotel("en"))).toBe("Nothing is refunded after check-in");
    expect(refundWindowText(stage(20, "before", 1440, "x"), hotel("fa"))).toBe("جریمه ۲۰٪ تا ۲۴ ساعت پیش از ورود به هتل");
    expect(refundWindowText(stage(20, "before", 1440, "x"), hotel("ar"))).toContain("قبل تسجيل الوصول");
    const policy = { locale: "en" as const, calendar: "gregorian" as const, now: NOW, from: "refund.from.cover" as const };
    expect(refundWindowText(stage(0, "last", 0, "x"), policy)).toBe("Free cancellation until the cover starts");
  });

  it("tells a bus's in-person stage and why online refund is refused, in fa, en and ar", () => {
    const inPerson = stage(50, "in-person", 120, tehran("2026-11-25T08:00:00"));
    const refusal = { penaltyPercent: 50, window: inPerson };
    expect(refundWindowText(inPerson, { locale: "en", calendar: "gregorian", now: NOW })).toBe(
      "From 2 hours before departure: refund in person at the bus terminal only, 50% penalty",
    );
    expect(refundInPersonText(refusal, "en")).toBe(
      "Online refund is closed 2 hours before departure. 50% of the fare is refunded in person at the bus terminal until departure.",
    );
    expect(refundInPersonText({ ...refusal, penaltyPercent: 60 }, "fa")).toBe(
      "استرداد اینترنتی از ۲ ساعت پیش از حرکت بسته است. تا زمان حرکت، ۴۰٪ بهای بلیت به‌صورت حضوری در پایانه مسافربری بازگردانده می‌شود.",
    );
    expect(refundInPersonText(refusal, "ar")).toContain("٥٠٪");
  });
});
