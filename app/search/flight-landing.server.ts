import type { AppLoadContext } from "react-router";
import type { FlightTimetableEntry } from "#core/flights/ports.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { addDays, readableDate, tehranToday } from "#core/search/dates.ts";
import { formatNumber, localizeDigits, translate } from "#core/i18n/messages.ts";
import { calendarOf } from "./search-page.server.ts";
import { buyOrWait, type BuyOrWaitData } from "./buy-or-wait.server.ts";

export interface FlightLandingData {
  /** The next 30 days with the cheapest adult fare of each (null: no seats that day). */
  month: { date: string; cheapest: number | null }[];
  timetable: FlightTimetableEntry[];
  airlines: { code: string; name: string; perWeek: number }[];
  firstFlight: FlightTimetableEntry | null;
  questions: { question: string; answer: string }[];
  /** Buy now or wait, for the nearest day with a fare; null without enough fare history. */
  fareHint: BuyOrWaitData | null;
  /** The meta description, from the same facts. */
  description: string;
}

const MONTH_DAYS = 30;

/**
 * A route's landing page (`/flight/THR-MHD` without a date; spec §3 flight landing data): the
 * month's cheapest fares, the timetable by weekday over the next two weeks, the airlines, the
 * first flight of the day, and questions answered from the same data (with their JSON-LD).
 */
export async function flightLanding(
  request: Request,
  context: AppLoadContext,
  places: Record<string, PlaceSuggestion>,
): Promise<FlightLandingData | null> {
  const from = places.from?.iata;
  const to = places.to?.iata;
  if (!from || !to || !places.from || !places.to) return null;
  const locale = context.locale.locale;
  const today = tehranToday(context.now());
  const [cheapest, timetable, fareHint] = await Promise.all([
    context.flights.cheapestPerDay({ from, to, firstDate: today, lastDate: addDays(today, MONTH_DAYS - 1) }),
    context.flights.timetable({ from, to, firstDate: today, lastDate: addDays(today, 13), locale }),
    buyOrWait(context, { service: "flight", from, to }),
  ]);
  const month = Array.from({ length: MONTH_DAYS }, (_, index) => {
    const date = addDays(today, index);
    return { date, cheapest: cheapest.get(date) ?? null };
  });
  const perWeek = new Map<string, { code: string; name: string; perWeek: number }>();
  for (const entry of timetable) {
    const airline = perWeek.get(entry.airlineCode) ?? { code: entry.airlineCode, name: entry.airlineName, perWeek: 0 };
    airline.perWeek += entry.weekdays.length;
    perWeek.set(entry.airlineCode, airline);
  }
  const airlines = [...perWeek.values()].sort((a, b) => b.perWeek - a.perWeek || a.name.localeCompare(b.name));
  const firstFlight = timetable[0] ?? null;

  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);
  const names = { from: places.from.name, to: places.to.name };
  const questions: { question: string; answer: string }[] = [];
  const priced = month.filter((day): day is { date: string; cheapest: number } => day.cheapest !== null);
  if (priced.length > 0) {
    const best = priced.reduce((low, day) => (day.cheapest < low.cheapest ? day : low));
    questions.push({
      question: t("flightLanding.q.cheapest", names),
      answer: t("flightLanding.a.cheapest", {
        price: formatNumber(locale, best.cheapest),
        date: readableDate(best.date, locale, calendarOf(request, locale)),
      }),
    });
  }
  if (firstFlight) {
    questions.push({
      question: t("flightLanding.q.first", names),
      answer: t("flightLanding.a.first", {
        time: localizeDigits(locale, firstFlight.departs),
        airline: firstFlight.airlineName,
        flight: firstFlight.flightNumber,
      }),
    });
    const minutes = Math.min(...timetable.map((entry) => entry.durationMinutes));
    questions.push({ question: t("flightLanding.q.duration", names), answer: t("flightLanding.a.duration", { minutes }) });
  }
  if (airlines.length > 0) {
    questions.push({
      question: t("flightLanding.q.airlines", names),
      answer: t("flightLanding.a.airlines", { airlines: airlines.map((airline) => airline.name).join(t("search.listSeparator")) }),
    });
  }
  const lowest = priced.length > 0 ? Math.min(...priced.map((day) => day.cheapest)) : null;
  const description =
    lowest !== null
      ? t("flightLanding.description", { ...names, price: formatNumber(locale, lowest) })
      : t("flightLanding.descriptionNoFares", names);
  return { month, timetable, airlines, firstFlight, questions, fareHint, description };
}
