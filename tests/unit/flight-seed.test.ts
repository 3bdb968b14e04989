import { describe, it, expect } from "vitest";
import { IRAN_AIRPORTS } from "#seed/places/airports.ts";
import { AIRCRAFT_TYPES, AIRLINES, AIRLINE_BASES, FLIGHT_NUMBER_START } from "#seed/flights/airlines.ts";
import { AIRLINE_FARES, PRICING } from "#seed/flights/fares.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { ROUTES } from "#seed/flights/routes.ts";
import { DEFAULT_FLIGHT_WINDOW_DAYS, TEHRAN_UTC_OFFSET_MINUTES, generateFlights } from "#seed/flights/generate.ts";

const FIRST_DATE = "2025-06-01";
const MINUTE_MS = 60_000;

/** Tehran wall-clock time of an instant: "YYYY-MM-DD" and minutes after midnight. */
function tehran(at: Date): { date: string; minutes: number } {
  const shifted = new Date(at.getTime() + TEHRAN_UTC_OFFSET_MINUTES * MINUTE_MS);
  return { date: shifted.toISOString().slice(0, 10), minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

function pairKey(a: string, b: string): string {
  return [a, b].sort().join("-");
}

const flights = generateFlights({ firstDate: FIRST_DATE, days: DEFAULT_FLIGHT_WINDOW_DAYS });
const domesticAirports = new Set(IRAN_AIRPORTS.filter((airport) => airport.domestic !== false).map((airport) => airport.iata));
const airlineCodes = new Set(AIRLINES.map((airline) => airline.code));
const rulesById = new Map(REFUND_RULES.map((rule) => [rule.id, rule]));
const routeByPair = new Map(ROUTES.map((route) => [pairKey(route.from, route.to), route]));

describe("flight seed data", () => {
  it("lists each domestic city pair once, at least 40 of them", () => {
    const pairs = ROUTES.map((route) => pairKey(route.from, route.to));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.length).toBeGreaterThanOrEqual(40);
    for (const route of ROUTES) expect(route.from, `${route.from}-${route.to}`).not.toBe(route.to);
  });

  it("uses only domestic airports of the places seed", () => {
    for (const route of ROUTES) {
      expect(domesticAirports.has(route.from), `${route.from} (${route.from}-${route.to})`).toBe(true);
      expect(domesticAirports.has(route.to), `${route.to} (${route.from}-${route.to})`).toBe(true);
    }
    for (const base of Object.values(AIRLINE_BASES)) expect(domesticAirports.has(base), base).toBe(true);
  });

  it("has the Tehran spokes of the brief and Mehrabad–Mashhad as the busiest", () => {
    for (const to of [
      "MHD",
      "KIH",
      "SYZ",
      "IFN",
      "TBZ",
      "AWZ",
      "BND",
      "KER",
      "ZAH",
      "RAS",
      "AZD",
      "KSH",
      "BUZ",
      "ADU",
      "OMH",
      "GSM",
      "SRY",
    ]) {
      expect(routeByPair.has(pairKey("THR", to)), `THR-${to}`).toBe(true);
    }
    const busiest = Math.max(...ROUTES.map((route) => route.dailyFlights));
    expect(routeByPair.get(pairKey("THR", "MHD"))?.dailyFlights).toBe(busiest);
    expect(ROUTES.filter((route) => route.from !== "THR" && route.to !== "THR").length).toBeGreaterThanOrEqual(10);
  });

  it("gives every route known airlines, one daily slot each at least, and sane numbers", () => {
    for (const route of ROUTES) {
      const label = `${route.from}-${route.to}`;
      expect(route.airlines.length, label).toBeGreaterThan(0);
      expect(route.airlines.length, label).toBeLessThanOrEqual(route.dailyFlights);
      expect(new Set(route.airlines).size, label).toBe(route.airlines.length);
      for (const code of route.airlines) expect(airlineCodes.has(code), `${code} on ${label}`).toBe(true);
      expect(Number.isInteger(route.dailyFlights) && route.dailyFlights >= 1 && route.dailyFlights <= 12, label).toBe(true);
      expect(Number.isInteger(route.durationMinutes) && route.durationMinutes >= 30 && route.durationMinutes <= 180, label).toBe(true);
      expect(Number.isInteger(route.baseFare) && route.baseFare >= 1_000_000 && route.baseFare <= 10_000_000, label).toBe(true);
    }
  });

  it("names every airline in fa, en and ar, with a fleet of known aircraft and a number block", () => {
    expect(airlineCodes.size).toBe(AIRLINES.length);
    for (const code of ["IR", "W5", "EP", "ZV", "I3", "Y9", "QB", "JI", "HH", "B9", "RV", "VR", "IS", "NV", "QP"])
      expect(airlineCodes.has(code), code).toBe(true);
    for (const airline of AIRLINES) {
      expect(airline.names.fa, airline.code).toMatch(/\S/);
      expect(airline.names.en, airline.code).toMatch(/\S/);
      expect(airline.names.ar, airline.code).toMatch(/\S/);
      // Persian text uses Persian yeh and kaf; Arabic text no Persian-only letters.
      expect(airline.names.fa, airline.code).not.toMatch(/[\u064A\u0643]/);
      expect(airline.names.ar, airline.code).not.toMatch(/[\u067E\u0686\u0698\u06A9\u06AF\u06CC]/);
      expect(airline.fleet.length, airline.code).toBeGreaterThan(0);
      for (const aircraft of airline.fleet) expect(AIRCRAFT_TYPES[aircraft], `${airline.code} ${aircraft}`).toBeDefined();
      expect(FLIGHT_NUMBER_START[airline.code], airline.code).toBeDefined();
      expect(AIRLINE_BASES[airline.code], airline.code).toBeDefined();
    }
    // Every airline flies somewhere.
    const flying = new Set(ROUTES.flatMap((route) => route.airlines));
    for (const airline of AIRLINES) expect(flying.has(airline.code), airline.code).toBe(true);
  });

  it("gives every airline fares whose classes point at a refund rule of that airline covering the class", () => {
    const fareAirlines = AIRLINE_FARES.map((fares) => fares.airlineCode);
    expect(new Set(fareAirlines)).toEqual(airlineCodes);
    for (const fares of AIRLINE_FARES) {
      expect(fares.infantPercent).toBe(10);
      expect([75, 100]).toContain(fares.childPercent);
      expect(
        fares.classes.some((fare) => fare.cabin === "economy"),
        fares.airlineCode,
      ).toBe(true);
      expect(new Set(fares.classes.map((fare) => fare.fareClass)).size, fares.airlineCode).toBe(fares.classes.length);
      for (const fare of fares.classes) {
        const label = `${fares.airlineCode} ${fare.fareClass}`;
        const rule = rulesById.get(fare.refundRuleId);
        expect(rule, label).toBeDefined();
        expect(rule?.airlineCode, label).toBe(fares.airlineCode);
        expect(rule?.charter, label).toBe(false);
        expect(rule?.fareClasses, label).toContain(fare.fareClass);
        expect(fare.multiplier, label).toBeGreaterThan(0);
        expect(fare.seats, label).toBeGreaterThan(0);
        expect(fare.baggageKg, label).toBe(fare.cabin === "business" ? 30 : 20);
      }
      if (fares.charter) {
        const rule = rulesById.get(fares.charter.refundRuleId);
        expect(rule?.airlineCode, fares.airlineCode).toBe(fares.airlineCode);
        expect(rule?.charter, fares.airlineCode).toBe(true);
        expect(rule?.refundable, fares.airlineCode).toBe(false);
        expect(rule?.fareClasses).toContain(fares.charter.fareClass);
        expect(fares.charter.share).toBeGreaterThan(0);
        expect(fares.charter.share).toBeLessThan(0.5);
        // Charter is cheaper than the airline's dearest economy class.
        expect(fares.charter.multiplier).toBeLessThan(
          Math.max(...fares.classes.filter((fare) => fare.cabin === "economy").map((fare) => fare.multiplier)),
        );
      }
    }
  });

  it("writes refund rules as windows from the furthest to departure", () => {
    expect(rulesById.size).toBe(REFUND_RULES.length);
    for (const rule of REFUND_RULES) {
      expect(airlineCodes.has(rule.airlineCode), rule.id).toBe(true);
      expect(rule.windows.length, rule.id).toBeGreaterThan(0);
      // The seed approximates the airlines' noon cut-offs in minutes before departure (see refund-rules.ts).
      const minutes = rule.windows.map((window) => ("minutesBefore" in window ? window.minutesBefore : null));
      expect(minutes, rule.id).not.toContain(null);
      expect(minutes.at(-1), rule.id).toBe(0);
      for (let i = 1; i < rule.windows.length; i += 1) {
        const earlier = rule.windows[i - 1];
        const later = rule.windows[i];
        expect(minutes[i - 1]! > minutes[i]!, rule.id).toBe(true);
        expect(earlier && later && earlier.penaltyPercent <= later.penaltyPercent, rule.id).toBe(true);
      }
      for (const window of rule.windows) expect(window.penaltyPercent >= 0 && window.penaltyPercent <= 100, rule.id).toBe(true);
      expect(rule.afterDeparturePercent, rule.id).toBeGreaterThanOrEqual(rule.windows.at(-1)?.penaltyPercent ?? 0);
      if (!rule.refundable)
        expect(
          rule.windows.every((window) => window.penaltyPercent === 100),
          rule.id,
        ).toBe(true);
    }
    // The facts file: Iran Air 30% until 24 h before and 60% after; Qeshm Air A/R/Y 30/40/60/70%, D/U/L non-refundable.
    expect(rulesById.get("IR-ALL")?.windows).toEqual([
      { minutesBefore: 24 * 60, penaltyPercent: 30 },
      { minutesBefore: 0, penaltyPercent: 60 },
    ]);
    expect(rulesById.get("QB-ARY")?.windows.map((window) => window.penaltyPercent)).toEqual([30, 40, 60, 70]);
    expect(rulesById.get("QB-DUL")?.refundable).toBe(false);
  });
});

describe("generateFlights", () => {
  it("flies every city pair both ways in a week", () => {
    const week = flights.filter((flight) => tehran(flight.departAt).date < "2025-06-08");
    const directions = new Set(week.map((flight) => `${flight.from}-${flight.to}`));
    for (const route of ROUTES) {
      expect(directions.has(`${route.from}-${route.to}`), `${route.from}-${route.to}`).toBe(true);
      expect(directions.has(`${route.to}-${route.from}`), `${route.to}-${route.from}`).toBe(true);
    }
    expect(new Set(week.map((flight) => pairKey(flight.from, flight.to))).size).toBeGreaterThanOrEqual(40);
  });

  it("flies only routes of the seed, with the airline's aircraft", () => {
    const fleets = new Map(AIRLINES.map((airline) => [airline.code, airline.fleet]));
    const problems = flights.filter((flight) => {
      const route = routeByPair.get(pairKey(flight.from, flight.to));
      return (
        !route?.airlines.includes(flight.airlineCode) ||
        !fleets.get(flight.airlineCode)?.includes(flight.aircraft) ||
        !flight.flightNumber.startsWith(`${flight.airlineCode} `)
      );
    });
    expect(problems.map((flight) => `${flight.key} ${flight.from}-${flight.to} ${flight.aircraft}`)).toEqual([]);
  });

  it("is deterministic: a date's flights do not depend on the window", () => {
    const alone = generateFlights({ firstDate: "2025-06-11", days: 3 });
    const inside = generateFlights({ firstDate: "2025-06-01", days: 30 }).filter((flight) => {
      const date = tehran(flight.departAt).date;
      return date >= "2025-06-11" && date <= "2025-06-13";
    });
    expect(alone.length).toBeGreaterThan(0);
    expect(alone).toEqual(inside);
    expect(generateFlights({ firstDate: "2025-06-11", days: 3 })).toEqual(alone);
  });

  it("gives unique, stable keys", () => {
    const keys = flights.map((flight) => flight.key);
    expect(new Set(keys).size).toBe(keys.length);
    const wrong = flights.filter((flight) => flight.key !== `${flight.flightNumber.replace(" ", "")}-${tehran(flight.departAt).date}`);
    expect(wrong.map((flight) => flight.key)).toEqual([]);
  });

  it("keeps a flight number on one route at one time of day", () => {
    const signatures = new Map<string, Set<string>>();
    for (const flight of flights) {
      const signature = `${flight.airlineCode} ${flight.from}-${flight.to} ${tehran(flight.departAt).minutes} ${flight.aircraft} ${flight.charter}`;
      signatures.set(flight.flightNumber, (signatures.get(flight.flightNumber) ?? new Set()).add(signature));
    }
    expect([...signatures].filter(([, set]) => set.size > 1).map(([number, set]) => `${number}: ${[...set].join(" | ")}`)).toEqual([]);
  });

  it("departs between 05:00 and 23:30 Tehran time and arrives after the route's block time", () => {
    const problems: string[] = [];
    for (const flight of flights) {
      const { minutes } = tehran(flight.departAt);
      if (minutes < 5 * 60 || minutes > 23 * 60 + 30) problems.push(`${flight.key} departs at minute ${minutes}`);
      const route = routeByPair.get(pairKey(flight.from, flight.to));
      if (flight.arriveAt.getTime() - flight.departAt.getTime() !== (route?.durationMinutes ?? 0) * MINUTE_MS)
        problems.push(`${flight.key} block time`);
    }
    expect(problems).toEqual([]);
  });

  it("stays inside the window: nothing before firstDate 00:00 Tehran nor after its last day", () => {
    const start = Date.parse(`${FIRST_DATE}T00:00:00+03:30`);
    const end = start + DEFAULT_FLIGHT_WINDOW_DAYS * 24 * 60 * MINUTE_MS;
    const outside = flights.filter((flight) => flight.departAt.getTime() < start || flight.departAt.getTime() >= end);
    expect(outside.map((flight) => flight.key)).toEqual([]);
    const dates = new Set(flights.map((flight) => tehran(flight.departAt).date));
    expect(dates.size).toBe(DEFAULT_FLIGHT_WINDOW_DAYS);
    expect(generateFlights({ firstDate: FIRST_DATE, days: 0 })).toEqual([]);
  });

  it("prices in whole tomans, infants about 10% and children per the airline", () => {
    const faresOf = new Map(AIRLINE_FARES.map((fares) => [fares.airlineCode, fares]));
    const problems: string[] = [];
    for (const flight of flights) {
      if (flight.fares.length === 0) problems.push(`${flight.key} has no fare`);
      const fares = faresOf.get(flight.airlineCode);
      const childPercent = (flight.charter ? fares?.charter?.childPercent : fares?.childPercent) ?? 0;
      for (const fare of flight.fares) {
        const label = `${flight.key} ${fare.fareClass}`;
        for (const price of [fare.adultPrice, fare.childPrice, fare.infantPrice]) {
          if (!Number.isInteger(price) || price <= 0) problems.push(`${label} price ${price}`);
        }
        if (Math.abs(fare.infantPrice - fare.adultPrice / 10) > PRICING.roundTo / 2)
          problems.push(`${label} infant ${fare.infantPrice} of ${fare.adultPrice}`);
        if (Math.abs(fare.childPrice - (fare.adultPrice * childPercent) / 100) > PRICING.roundTo / 2)
          problems.push(`${label} child ${fare.childPrice} of ${fare.adultPrice}`);
        if (!Number.isInteger(fare.seats) || fare.seats <= 0) problems.push(`${label} seats ${fare.seats}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("points every fare at an existing refund rule of its airline", () => {
    const problems: string[] = [];
    for (const flight of flights) {
      for (const fare of flight.fares) {
        const rule = rulesById.get(fare.refundRuleId);
        if (
          !rule ||
          rule.airlineCode !== flight.airlineCode ||
          rule.charter !== flight.charter ||
          !rule.fareClasses.includes(fare.fareClass)
        ) {
          problems.push(`${flight.key} ${fare.fareClass} → ${fare.refundRuleId}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("sells charters as one non-refundable fare and a few flights in business", () => {
    const charters = flights.filter((flight) => flight.charter);
    expect(charters.length).toBeGreaterThan(flights.length * 0.03);
    expect(charters.length).toBeLessThan(flights.length * 0.3);
    const wrong = charters.filter(
      (flight) => flight.fares.length !== 1 || rulesById.get(flight.fares[0]?.refundRuleId ?? "")?.refundable !== false,
    );
    expect(wrong.map((flight) => flight.key)).toEqual([]);
    const business = flights.filter((flight) => flight.fares.some((fare) => fare.cabin === "business"));
    expect(business.length).toBeGreaterThan(0);
    expect(business.length).toBeLessThan(flights.length * 0.2);
    expect(new Set(business.map((flight) => flight.airlineCode))).toEqual(new Set(["IR", "W5"]));
  });

  it("varies prices and seats: dearer at the weekend, a few flights nearly full", () => {
    // Same flight, same class: the average Thursday/Friday price is above the average of the other days.
    const sums = new Map<string, { weekend: number[]; week: number[] }>();
    for (const flight of flights) {
      const weekday = new Date(`${tehran(flight.departAt).date}T00:00:00Z`).getUTCDay();
      for (const fare of flight.fares) {
        const key = `${flight.flightNumber} ${fare.fareClass}`;
        const entry = sums.get(key) ?? { weekend: [], week: [] };
        (weekday === 4 || weekday === 5 ? entry.weekend : entry.week).push(fare.adultPrice);
        sums.set(key, entry);
      }
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    let dearer = 0;
    let compared = 0;
    for (const { weekend, week } of sums.values()) {
      if (weekend.length < 3 || week.length < 3) continue;
      compared += 1;
      if (mean(weekend) > mean(week)) dearer += 1;
    }
    expect(dearer / compared).toBeGreaterThan(0.9);

    const prices = new Set(
      flights
        .filter((flight) => flight.flightNumber === "IR 451")
        .map((flight) => flight.fares.find((fare) => fare.fareClass === "Y")?.adultPrice),
    );
    expect(prices.size).toBeGreaterThan(5);

    const nearlyFull = flights.filter((flight) => flight.fares.reduce((sum, fare) => sum + fare.seats, 0) <= 4);
    expect(nearlyFull.length).toBeGreaterThan(0);
    expect(nearlyFull.length).toBeLessThan(flights.length * 0.1);
  });

  it("keeps some airlines to some weekdays and stays in the tens of thousands", () => {
    const days = new Map<string, Set<number>>();
    for (const flight of flights) {
      const weekday = new Date(`${tehran(flight.departAt).date}T00:00:00Z`).getUTCDay();
      days.set(flight.flightNumber, (days.get(flight.flightNumber) ?? new Set()).add(weekday));
    }
    const notDaily = [...days.values()].filter((set) => set.size < 7).length;
    expect(notDaily).toBeGreaterThan(0);
    expect(notDaily).toBeLessThan(days.size);
    expect(flights.length).toBeGreaterThan(10_000);
    expect(flights.length).toBeLessThan(50_000);
  });

  it("rejects a malformed window", () => {
    expect(() => generateFlights({ firstDate: "2025-6-1", days: 1 })).toThrow(RangeError);
    expect(() => generateFlights({ firstDate: "2025-02-30", days: 1 })).toThrow(RangeError);
    expect(() => generateFlights({ firstDate: FIRST_DATE, days: -1 })).toThrow(RangeError);
    expect(() => generateFlights({ firstDate: FIRST_DATE, days: 1.5 })).toThrow(RangeError);
  });
});
