import {
  CalendarDate,
  GregorianCalendar,
  PersianCalendar,
  fromAbsolute,
  parseDate,
  toCalendar,
  toCalendarDate,
} from "@internationalized/date";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addYears,
  dateLocaleTag,
  dateText,
  daysBetween,
  displayDateValue,
  isIsoDate,
  parseDateText,
  readableDate,
  tehranToday,
} from "./dates.ts";

const PERSIAN = new PersianCalendar();
const PERSIAN_DIGITS = /[۰-۹]/;
const ARABIC_DIGITS = /[٠-٩]/;
const LATIN_DIGITS = /[0-9]/;

const toPersianDigits = (text: string) => text.replace(/[0-9]/g, (digit) => "۰۱۲۳۴۵۶۷۸۹"[Number(digit)]!);
const toArabicDigits = (text: string) => text.replace(/[0-9]/g, (digit) => "٠١٢٣٤٥٦٧٨٩"[Number(digit)]!);

describe("tehranToday", () => {
  it("is already the next day when it is late evening in UTC (Tehran is UTC+03:30)", () => {
    expect(tehranToday(new Date("2026-11-22T21:00:00Z"))).toBe("2026-11-23");
  });

  it("turns the day at Tehran's midnight, 20:30 UTC", () => {
    expect(tehranToday(new Date("2026-11-22T20:29:59Z"))).toBe("2026-11-22");
    expect(tehranToday(new Date("2026-11-22T20:30:00Z"))).toBe("2026-11-23");
  });

  it("keeps UTC+03:30 in summer too (Iran has no daylight saving time since 2022)", () => {
    expect(tehranToday(new Date("2026-06-30T20:29:00Z"))).toBe("2026-06-30");
    expect(tehranToday(new Date("2026-06-30T20:31:00Z"))).toBe("2026-07-01");
  });

  it("agrees with UTC during the day", () => {
    expect(tehranToday(new Date("2026-11-22T00:00:00Z"))).toBe("2026-11-22");
    expect(tehranToday(new Date("2026-12-31T20:29:00Z"))).toBe("2026-12-31");
    expect(tehranToday(new Date("2026-12-31T20:31:00Z"))).toBe("2027-01-01");
  });
});

describe("isIsoDate", () => {
  it("accepts only real dates written YYYY-MM-DD", () => {
    expect(isIsoDate("2026-11-22")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    for (const text of [
      "2026-02-30",
      "2027-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-1-5",
      "2026/11/22",
      " 2026-11-22",
      "1405-09-01x",
      "",
    ]) {
      expect(isIsoDate(text), text).toBe(false);
    }
    expect(isIsoDate(20261122)).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe("parseDateText", () => {
  it("reads a Persian date as the Gregorian date it is", () => {
    expect(parseDateText("1405/09/01")).toBe("2026-11-22");
    expect(parseDateText("1405/01/01")).toBe("2026-03-21"); // Nowruz
    expect(parseDateText("1405/9/1")).toBe("2026-11-22");
  });

  it("reads Persian and Arabic-Indic digits", () => {
    expect(parseDateText("۱۴۰۵/۰۹/۰۱")).toBe("2026-11-22");
    expect(parseDateText("١٤٠٥/٠٩/٠١")).toBe("2026-11-22");
    expect(parseDateText("۲۰۲۶-۱۱-۲۲")).toBe("2026-11-22");
    expect(parseDateText("٢٠٢٦/١١/٢٢")).toBe("2026-11-22");
  });

  it("reads Gregorian dates with any of the separators, and spaces around them", () => {
    for (const text of ["2026/11/22", "2026-11-22", "2026.11.22", "2026 11 22", "2026 / 11 / 22", "  2026/11/22  ", "2026/11-22"]) {
      expect(parseDateText(text), text).toBe("2026-11-22");
    }
    expect(parseDateText("2026/2/5")).toBe("2026-02-05");
    expect(parseDateText("1405.09.01")).toBe("2026-11-22");
    // Dashes make a Persian date look like ISO, but the year still tells the calendar.
    expect(parseDateText("1405-09-01")).toBe("2026-11-22");
    expect(parseDateText("۱۴۰۵-۰۹-۰۱")).toBe("2026-11-22");
    expect(parseDateText("1370-05-12")).toBe(parseDateText("1370/05/12"));
  });

  it("passes ISO dates through", () => {
    expect(parseDateText("2026-11-22")).toBe("2026-11-22");
    expect(parseDateText("2028-02-29")).toBe("2028-02-29");
  });

  it("knows the last day of Esfand from the Persian calendar's leap years", () => {
    const lastOfEsfand = (year: number) => PERSIAN.getDaysInMonth(new CalendarDate(PERSIAN, year, 12, 1));
    const years = Array.from({ length: 12 }, (_, index) => 1400 + index);
    // The span has both kinds of year, so both branches below are exercised.
    expect(new Set(years.map(lastOfEsfand))).toEqual(new Set([29, 30]));
    for (const year of years) {
      const day30 = parseDateText(`${year}/12/30`);
      if (lastOfEsfand(year) === 30) expect(day30, `${year}/12/30`).toBe(addDays(parseDateText(`${year + 1}/01/01`)!, -1));
      else expect(day30, `${year}/12/30`).toBeNull();
      expect(parseDateText(`${year}/12/29`), `${year}/12/29`).not.toBeNull();
    }
    expect(lastOfEsfand(1405)).toBe(29);
    expect(parseDateText("1405/12/30")).toBeNull();
    expect(parseDateText("1403/12/30")).toBe("2025-03-20"); // 1403 is a leap year: the day before Nowruz 1404
  });

  it("rejects days that no month has, in either calendar", () => {
    for (const text of ["1405/12/31", "1405/07/31", "1405/01/32", "1405/00/10", "1405/13/01", "1405/05/00"]) {
      expect(parseDateText(text), text).toBeNull();
    }
    expect(parseDateText("1405/06/31")).not.toBeNull(); // the first six Persian months have 31 days
    for (const text of ["2026-02-30", "2026/02/29", "2026/04/31", "2026/13/01", "2026/00/10", "2026/01/00", "2026/01/32"]) {
      expect(parseDateText(text), text).toBeNull();
    }
    expect(parseDateText("2028/02/29")).toBe("2028-02-29");
  });

  it("rejects garbage and dates not written year first", () => {
    for (const text of [
      "",
      "   ",
      "abc",
      "12/11/2026",
      "22-11-2026",
      "26/11/22",
      "2026/11",
      "2026/11/22/1",
      "2026//11/22",
      "2026/111/22",
      "tomorrow",
      "1405/09/01 12:00",
      "۱۴۰۵/۰۹",
    ]) {
      expect(parseDateText(text), text).toBeNull();
    }
  });

  it("rejects years that belong to neither calendar's usual range", () => {
    for (const text of ["0999/01/01", "1100/01/01", "1750/01/01", "1750-01-01", "2400/01/01", "2400-01-01", "9999/12/31"]) {
      expect(parseDateText(text), text).toBeNull();
    }
  });
});

describe("dateText", () => {
  it("writes a date as typed in each calendar, padded, with Latin digits", () => {
    expect(dateText("2026-11-22", "persian")).toBe("1405/09/01");
    expect(dateText("2026-11-22", "gregorian")).toBe("2026/11/22");
    expect(dateText("2026-03-05", "gregorian")).toBe("2026/03/05");
  });

  it("round-trips with parseDateText in both calendars, day by day across leap years", () => {
    let iso = "2024-12-25";
    for (let day = 0; day < 1200; day += 1) {
      expect(parseDateText(dateText(iso, "persian")), iso).toBe(iso);
      expect(parseDateText(dateText(iso, "gregorian")), iso).toBe(iso);
      iso = addDays(iso, 1);
    }
  });

  it("round-trips through Persian and Arabic-Indic digits", () => {
    for (const iso of ["2025-03-20", "2026-11-22", "2028-02-29"]) {
      expect(parseDateText(toPersianDigits(dateText(iso, "persian")))).toBe(iso);
      expect(parseDateText(toArabicDigits(dateText(iso, "gregorian")))).toBe(iso);
    }
  });
});

describe("daysBetween and addDays", () => {
  it("counts days, negative when the second date is earlier", () => {
    expect(daysBetween("2026-11-22", "2026-11-22")).toBe(0);
    expect(daysBetween("2026-11-22", "2026-12-01")).toBe(9);
    expect(daysBetween("2026-12-01", "2026-11-22")).toBe(-9);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2027-02-28", "2027-03-01")).toBe(1);
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
  });

  it("adds and subtracts days across months and years", () => {
    expect(addDays("2026-11-22", 9)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-11-22", 0)).toBe("2026-11-22");
  });

  it("addDays and daysBetween undo each other", () => {
    for (const days of [-400, -31, -1, 0, 1, 29, 365, 366]) {
      expect(daysBetween("2026-11-22", addDays("2026-11-22", days))).toBe(days);
    }
  });

  it("addYears keeps the day, and moves 29 February to a real date", () => {
    expect(addYears("2026-11-22", -100)).toBe("1926-11-22");
    expect(isIsoDate(addYears("2028-02-29", 1))).toBe(true);
  });
});

describe("readableDate", () => {
  it("writes Persian digits in Persian, and the Persian year and month in the Persian calendar", () => {
    const text = readableDate("2026-11-25", "fa", "persian");
    expect(text).toMatch(PERSIAN_DIGITS);
    expect(text).not.toMatch(LATIN_DIGITS);
    expect(text).toContain("۱۴۰۵");
    expect(text).toContain("۴");
    expect(text).toContain("آذر");
  });

  it("writes Latin digits in English", () => {
    const gregorian = readableDate("2026-11-25", "en", "gregorian");
    expect(gregorian).toMatch(LATIN_DIGITS);
    expect(gregorian).not.toMatch(PERSIAN_DIGITS);
    expect(gregorian).not.toMatch(ARABIC_DIGITS);
    expect(gregorian).toContain("2026");
    expect(gregorian).toContain("25");
    const persian = readableDate("2026-11-25", "en", "persian");
    expect(persian).toContain("1405");
    expect(persian).not.toMatch(PERSIAN_DIGITS);
  });

  it("writes Arabic-Indic digits in Arabic", () => {
    const text = readableDate("2026-11-25", "ar", "gregorian");
    expect(text).toMatch(ARABIC_DIGITS);
    expect(text).not.toMatch(LATIN_DIGITS);
    expect(text).toContain("٢٠٢٦");
  });

  it("leaves the year out when asked", () => {
    expect(readableDate("2026-11-25", "fa", "persian", false)).not.toContain("۱۴۰۵");
    expect(readableDate("2026-11-25", "en", "gregorian", false)).not.toContain("2026");
    // A cached formatter of one kind does not leak into the other.
    expect(readableDate("2026-11-25", "en", "gregorian", true)).toContain("2026");
  });

  it("names the day of the date itself, not the one before or after (no time-zone shift)", () => {
    expect(readableDate("2026-11-25", "en", "gregorian")).toContain("Wednesday");
    expect(readableDate("2026-11-26", "en", "gregorian")).toContain("Thursday");
  });

  it("tags each language with its digits and calendar", () => {
    expect(dateLocaleTag("fa", "persian")).toBe("fa-IR-u-ca-persian-nu-arabext");
    expect(dateLocaleTag("en", "gregorian")).toBe("en-GB-u-ca-gregory-nu-latn");
    expect(dateLocaleTag("ar", "persian")).toBe("ar-u-ca-persian-nu-arab");
  });
});

describe("displayDateValue", () => {
  it("shows a valid ISO date in the asked calendar", () => {
    expect(displayDateValue("2026-11-22", "persian")).toBe("1405/09/01");
    expect(displayDateValue("2026-11-22", "gregorian")).toBe("2026/11/22");
  });

  it("leaves anything else as it was typed", () => {
    for (const text of ["", "1405/09/0", "۱۴۰۵/۰۹/۰۱", "2026-02-30", "2026/11/22", "abc", " 2026-11-22"]) {
      expect(displayDateValue(text, "persian"), text).toBe(text);
      expect(displayDateValue(text, "gregorian"), text).toBe(text);
    }
  });
});

// dates.ts does its own arithmetic so the first load needs no date library; these hold it to the
// library the calendar grid uses, day by day, so both calendars agree on every date.
describe("agreement with @internationalized/date", () => {
  const persian = new PersianCalendar();
  const gregorian = new GregorianCalendar();
  const first = parseDate("1821-03-21");
  const last = parseDate("2321-03-21");

  it(
    "converts every day of five centuries (Persian years 1200–1699) to the Persian calendar and back as the library does",
    { timeout: 30_000 },
    () => {
      for (let date = first; date.compare(last) <= 0; date = date.add({ days: 1 })) {
        const iso = date.toString();
        const inPersian = toCalendar(date, persian);
        const text = `${String(inPersian.year).padStart(4, "0")}/${String(inPersian.month).padStart(2, "0")}/${String(inPersian.day).padStart(2, "0")}`;
        if (dateText(iso, "persian") !== text) expect(dateText(iso, "persian"), iso).toBe(text);
        if (inPersian.year >= 1200 && inPersian.year < 1700 && parseDateText(text) !== iso) expect(parseDateText(text), text).toBe(iso);
        if (addDays(iso, 1) !== date.add({ days: 1 }).toString()) expect(addDays(iso, 1), iso).toBe(date.add({ days: 1 }).toString());
        const yearLater = date.add({ years: 1 }).toString();
        if (addYears(iso, 1) !== yearLater) expect(addYears(iso, 1), iso).toBe(yearLater);
      }
    },
  );

  it("refuses the same impossible days as the library in both calendars", () => {
    for (const [year, calendar] of [
      [1403, persian],
      [1404, persian],
      [2024, gregorian],
      [2026, gregorian],
    ] as const) {
      for (let month = 1; month <= 12; month += 1) {
        const length = calendar.getDaysInMonth(new CalendarDate(calendar, year, month, 1));
        expect(parseDateText(`${year}/${month}/${length}`), `${year}/${month}/${length}`).not.toBeNull();
        expect(parseDateText(`${year}/${month}/${length + 1}`), `${year}/${month}/${length + 1}`).toBeNull();
      }
    }
  });

  it("tells Tehran's date as the library does, around its midnight and across a year", () => {
    const start = Date.UTC(2026, 0, 1, 0, 0, 0);
    for (let hour = 0; hour < 24 * 400; hour += 7) {
      const now = new Date(start + hour * 3_600_000 + 29 * 60_000);
      expect(tehranToday(now), now.toISOString()).toBe(toCalendarDate(fromAbsolute(now.getTime(), "Asia/Tehran")).toString());
    }
  });
});
