import type { AppLoadContext } from "react-router";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { formatNumber, localizeDigits, translate, type MessageKey, type Params } from "#core/i18n/messages.ts";
import { addDays, readableDate, tehranToday } from "#core/search/dates.ts";
import { routeCode } from "#core/search/results-url.ts";
import type { TrainRouteFacts } from "#core/trains/supplier.ts";
import { calendarOf } from "./search-page.server.ts";
import { buyOrWait, type BuyOrWaitData } from "./buy-or-wait.server.ts";

export type TrainTimetableEntry = Awaited<ReturnType<TrainRouteFacts["timetable"]>>[number];

export interface TrainLandingData {
  /** The coming week, each day with the cheapest adult bed (null: no train with a price that day). */
  week: { date: string; cheapest: number | null }[];
  /** The week's cheapest day (spec §3 `cheapestDayInWeek`), or null when nothing is priced. */
  cheapestDayInWeek: { date: string; price: number } | null;
  /** Whether trains run the other way (spec §3 `trainHasReturn`): the reverse route has a timetable. */
  trainHasReturn: boolean;
  /** The reverse route's key, for its link. */
  returnRouteId: string;
  timetable: TrainTimetableEntry[];
  operators: { code: string; name: string; trains: number }[];
  questions: { question: string; answer: string }[];
  /** The meta description, from the same facts. */
  description: string;
  /** The train facts could not be read (no supplier, or it failed): the page still offers the form. */
  unavailable: boolean;
  /** Buy now or wait, for the nearest day with a fare; null without enough fare history. */
  fareHint?: BuyOrWaitData | null;
}

const WEEK_DAYS = 7;

function hoursAndMinutes(locale: Parameters<typeof translate>[0], minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0
    ? translate(locale, "flights.duration", { hours, minutes: rest })
    : translate(locale, "flights.durationMinutes", { minutes: rest });
}

/**
 * A train route's landing page (`/train/tehran-mashhad` without a date; spec §3 train landing
 * data): the coming week's fares and its cheapest day, the timetable, whether trains run back,
 * the operators, and questions answered from the same facts (with their FAQ JSON-LD). The facts
 * are the same for everyone, so the page may be kept briefly by shared caches.
 */
export async function trainLanding(
  request: Request,
  context: AppLoadContext,
  places: { from: PlaceSuggestion; to: PlaceSuggestion },
): Promise<TrainLandingData> {
  const locale = context.locale.locale;
  const t = (key: MessageKey, params?: Params) => translate(locale, key, params);
  const names = { from: places.from.name, to: places.to.name };
  const from = routeCode("train", places.from) ?? "";
  const to = routeCode("train", places.to) ?? "";
  const today = tehranToday(context.now());
  const empty: TrainLandingData = {
    week: [],
    cheapestDayInWeek: null,
    trainHasReturn: false,
    returnRouteId: `${to}-${from}`,
    timetable: [],
    operators: [],
    questions: [],
    description: t("trainLanding.descriptionNoFares", names),
    unavailable: true,
  };
  const facts = context.trains;
  if (!facts) return empty;
  let cheapest: Map<string, number>;
  let timetable: TrainTimetableEntry[];
  let back: TrainTimetableEntry[];
  let fareHint: BuyOrWaitData | null;
  try {
    [cheapest, timetable, back, fareHint] = await Promise.all([
      facts.cheapestPerDay({ from, to, firstDate: today, lastDate: addDays(today, WEEK_DAYS - 1) }),
      facts.timetable({ from, to, locale }),
      facts.timetable({ from: to, to: from, locale }),
      buyOrWait(context, { service: "train", from, to }),
    ]);
  } catch (error) {
    // The page still helps without the facts: the form and the route are worth showing.
    context.log.error({ err: error }, "train route landing: facts unavailable");
    return empty;
  }
  const week = Array.from({ length: WEEK_DAYS }, (_, index) => {
    const date = addDays(today, index);
    return { date, cheapest: cheapest.get(date) ?? null };
  });
  const priced = week.filter((day): day is { date: string; cheapest: number } => day.cheapest !== null);
  const best = priced.length > 0 ? priced.reduce((low, day) => (day.cheapest < low.cheapest ? day : low)) : null;
  const cheapestDayInWeek = best ? { date: best.date, price: best.cheapest } : null;
  const ordered = [...timetable].sort((a, b) => (a.departs < b.departs ? -1 : a.departs > b.departs ? 1 : 0));
  const operators = new Map<string, { code: string; name: string; trains: number }>();
  for (const entry of ordered) {
    const known = operators.get(entry.operator.code) ?? { ...entry.operator, trains: 0 };
    known.trains += 1;
    operators.set(entry.operator.code, known);
  }
  const operatorList = [...operators.values()].sort((a, b) => b.trains - a.trains || a.name.localeCompare(b.name));
  const list = (items: string[]) => items.join(t("search.listSeparator"));
  const calendar = calendarOf(request, locale);

  const questions: { question: string; answer: string }[] = [];
  if (cheapestDayInWeek)
    questions.push({
      question: t("trainLanding.q.cheapest", names),
      answer: t("trainLanding.a.cheapest", {
        date: readableDate(cheapestDayInWeek.date, locale, calendar),
        price: formatNumber(locale, cheapestDayInWeek.price),
      }),
    });
  const first = ordered[0];
  if (first) {
    questions.push({
      question: t("trainLanding.q.first", names),
      answer: t("trainLanding.a.first", {
        time: localizeDigits(locale, first.departs),
        train: localizeDigits(locale, first.trainNumber),
        name: first.trainName,
        operator: first.operator.name,
      }),
    });
    const fastest = Math.min(...ordered.map((entry) => entry.durationMinutes));
    questions.push({
      question: t("trainLanding.q.duration", names),
      answer: t("trainLanding.a.duration", { duration: hoursAndMinutes(locale, fastest) }),
    });
    questions.push({
      question: t("trainLanding.q.operators", names),
      answer: t("trainLanding.a.operators", { operators: list(operatorList.map((entry) => entry.name)) }),
    });
    const carriers = ordered.filter((entry) => entry.carTransport);
    questions.push({
      question: t("trainLanding.q.cars", names),
      answer:
        carriers.length > 0
          ? t("trainLanding.a.cars", {
              trains: list(carriers.map((entry) => `${localizeDigits(locale, entry.trainNumber)} (${entry.trainName})`)),
            })
          : t("trainLanding.a.noCars"),
    });
  }
  questions.push({
    question: t("trainLanding.q.return", { from: names.to, to: names.from }),
    answer:
      back.length > 0
        ? t("trainLanding.a.return", { count: back.length, from: names.to, to: names.from })
        : t("trainLanding.a.noReturn", { from: names.to, to: names.from }),
  });
  const description = cheapestDayInWeek
    ? t("trainLanding.description", { ...names, price: formatNumber(locale, cheapestDayInWeek.price) })
    : t("trainLanding.descriptionNoFares", names);
  return {
    week,
    cheapestDayInWeek,
    trainHasReturn: back.length > 0,
    returnRouteId: `${to}-${from}`,
    timetable: ordered,
    operators: operatorList,
    questions,
    description,
    unavailable: false,
    fareHint,
  };
}
