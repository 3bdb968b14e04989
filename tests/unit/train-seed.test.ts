import { describe, expect, it } from "vitest";
import { LOCALES } from "#core/i18n/locales.ts";
import { TRAIN_TICKET_TYPES, VEHICLE_TYPES, WAGON_KINDS } from "#core/trains/train.ts";
import { IRAN_STATIONS } from "#seed/places/stations.ts";
import { BEDS_PER_COMPARTMENT } from "#seed/trains/compositions.ts";
import { TRAIN_EXTRAS } from "#seed/trains/extras.ts";
import { CHILD_PERCENT, INFANT_PERCENT, WEEKDAY_PRICE_PERCENT } from "#seed/trains/fares.ts";
import { TRAIN_OPERATORS } from "#seed/trains/operators.ts";
import { RAJA_REFUND_WINDOWS, TRAIN_REFUND_RULES } from "#seed/trains/refund-rules.ts";
import { TRAIN_ROUTES } from "#seed/trains/routes.ts";
import { TRAINS, clockMinutes } from "#seed/trains/trains.ts";

const stations = new Set(IRAN_STATIONS.map((station) => station.slug));
const pair = (a: string, b: string) => [a, b].sort().join("|");

describe("train seed data", () => {
  it("names at least 20 routes, each a pair of stations of the places seed, listed once", () => {
    expect(TRAIN_ROUTES.length).toBeGreaterThanOrEqual(20);
    const pairs = TRAIN_ROUTES.map((route) => pair(route.from, route.to));
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const route of TRAIN_ROUTES) {
      expect(stations.has(route.from), route.from).toBe(true);
      expect(stations.has(route.to), route.to).toBe(true);
      expect(route.from).not.toBe(route.to);
      expect(route.km).toBeGreaterThan(0);
      expect(route.minutes).toBeGreaterThan(0);
    }
  });

  it("runs trains both ways on every route, between stations that exist", () => {
    const directions = new Set(TRAINS.map((train) => `${train.from}>${train.to}`));
    for (const route of TRAIN_ROUTES) {
      expect(directions.has(`${route.from}>${route.to}`), `${route.from}>${route.to}`).toBe(true);
      expect(directions.has(`${route.to}>${route.from}`), `${route.to}>${route.from}`).toBe(true);
    }
    const routes = new Set(TRAIN_ROUTES.map((route) => pair(route.from, route.to)));
    for (const train of TRAINS) {
      expect(stations.has(train.from) && stations.has(train.to), train.number).toBe(true);
      expect(routes.has(pair(train.from, train.to)), train.number).toBe(true);
    }
  });

  it("has the routes of the brief, and several trains a day on the busy ones", () => {
    for (const [from, to] of [
      ["tehran", "mashhad"],
      ["tehran", "tabriz"],
      ["tehran", "yazd"],
      ["tehran", "isfahan"],
      ["tehran", "shiraz"],
      ["tehran", "bandar-abbas"],
      ["tehran", "kerman"],
      ["tehran", "ahvaz"],
      ["tehran", "sari"],
      ["tehran", "gorgan"],
      ["tehran", "zanjan"],
      ["tehran", "qom"],
      ["mashhad", "yazd"],
    ] as const) {
      expect(
        TRAIN_ROUTES.some((route) => pair(route.from, route.to) === pair(from, to)),
        `${from}–${to}`,
      ).toBe(true);
    }
    const count = (from: string, to: string) => TRAINS.filter((train) => train.from === from && train.to === to).length;
    expect(count("tehran", "mashhad")).toBeGreaterThanOrEqual(8);
    expect(count("mashhad", "tehran")).toBeGreaterThanOrEqual(8);
    for (const to of ["tabriz", "isfahan", "qom"]) expect(count("tehran", to), to).toBeGreaterThanOrEqual(3);
    // Tehran–Mashhad runs overnight in about 10–12 hours.
    const mashhad = TRAINS.filter((train) => train.from === "tehran" && train.to === "mashhad");
    for (const train of mashhad) expect(train.durationMinutes, train.number).toBeGreaterThanOrEqual(600);
    for (const train of mashhad) expect(train.durationMinutes, train.number).toBeLessThanOrEqual(720);
    expect(mashhad.filter((train) => clockMinutes(train.departs) >= 18 * 60).length).toBeGreaterThanOrEqual(5);
  });

  it("numbers each train once, with a clock, operator, brand names and a refund rule", () => {
    const numbers = TRAINS.map((train) => train.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const operators = new Set(TRAIN_OPERATORS.map((operator) => operator.code));
    const rules = new Set(TRAIN_REFUND_RULES.map((rule) => rule.id));
    for (const train of TRAINS) {
      expect(train.number).toMatch(/^\d{3}$/);
      expect(train.departs).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(operators.has(train.operatorCode), train.number).toBe(true);
      expect(rules.has(train.refundRuleId), train.number).toBe(true);
      for (const locale of LOCALES) expect(train.names[locale].trim().length, `${train.number} ${locale}`).toBeGreaterThan(0);
      expect(train.weekdayPercents).toHaveLength(7);
    }
    expect(TRAIN_OPERATORS.map((operator) => operator.code)).toEqual(
      expect.arrayContaining(["raja", "fadak", "safir", "sabz-noor", "joopar", "simorgh", "pardis", "ghazal"]),
    );
    for (const operator of TRAIN_OPERATORS) for (const locale of LOCALES) expect(operator.names[locale].length).toBeGreaterThan(0);
  });

  it("makes up trains of known wagons, numbered from 1, with every ticket type somewhere and salon seats general", () => {
    const types = new Set<string>();
    for (const train of TRAINS) {
      expect(train.wagons.map((wagon) => wagon.number)).toEqual(train.wagons.map((_, index) => index + 1));
      for (const wagon of train.wagons) {
        expect(WAGON_KINDS).toContain(wagon.kind);
        expect(wagon.bedsPerCompartment).toBe(BEDS_PER_COMPARTMENT[wagon.kind]);
        expect(wagon.compartments.length).toBeGreaterThan(0);
        for (const type of wagon.compartments) types.add(type);
        if (wagon.kind === "salon") expect(new Set(wagon.compartments)).toEqual(new Set(["general"]));
      }
      // A price for every wagon kind the train has, and none for a kind it has not.
      expect(Object.keys(train.fares).sort()).toEqual([...new Set(train.wagons.map((wagon) => wagon.kind))].sort());
      const beds = train.wagons.reduce((sum, wagon) => sum + wagon.compartments.length * wagon.bedsPerCompartment, 0);
      expect(beds, train.number).toBeGreaterThanOrEqual(150);
      expect(beds, train.number).toBeLessThanOrEqual(700);
    }
    // Every ticket type is sold somewhere, and nothing else.
    expect([...types].sort()).toEqual([...TRAIN_TICKET_TYPES].sort());
    const kinds = new Set(TRAINS.flatMap((train) => train.wagons.map((wagon) => wagon.kind)));
    expect([...kinds].sort()).toEqual([...WAGON_KINDS].sort());
  });

  it("prices beds sanely: Tehran–Mashhad from about 400,000 in a salon to about 2,500,000 in VIP, longer costs more", () => {
    const mashhad = TRAINS.filter((train) => train.from === "tehran" && train.to === "mashhad");
    const salon = Math.min(...mashhad.flatMap((train) => (train.fares.salon ? [train.fares.salon.adult] : [])));
    const vip = Math.max(...mashhad.flatMap((train) => (train.fares.vip4 ? [train.fares.vip4.adult] : [])));
    expect(salon).toBeGreaterThanOrEqual(330_000);
    expect(salon).toBeLessThanOrEqual(450_000);
    expect(vip).toBeGreaterThanOrEqual(2_200_000);
    expect(vip).toBeLessThanOrEqual(2_700_000);
    for (const train of TRAINS) {
      for (const [kind, fare] of Object.entries(train.fares)) {
        expect(fare.adult % 1_000, `${train.number} ${kind}`).toBe(0);
        expect(fare.adult).toBeGreaterThan(0);
        expect(Math.abs(fare.child - (fare.adult * CHILD_PERCENT) / 100)).toBeLessThanOrEqual(500);
        expect(Math.abs(fare.infant - (fare.adult * INFANT_PERCENT) / 100)).toBeLessThanOrEqual(500);
      }
      // Within a train, a roomier bed costs more.
      const { salon: seat, compartment6: six, compartment4: four, vip4: vipBed } = train.fares;
      if (seat && six) expect(six.adult).toBeGreaterThan(seat.adult);
      if (six && four) expect(four.adult).toBeGreaterThan(six.adult);
      if (four && vipBed) expect(vipBed.adult).toBeGreaterThan(four.adult);
    }
    const ordinarySalon = (from: string, to: string) =>
      TRAINS.find((train) => train.from === from && train.to === to && train.grade === "economy" && train.fares.salon)!.fares.salon!.adult;
    expect(ordinarySalon("tehran", "qom")).toBeLessThan(ordinarySalon("tehran", "isfahan"));
    for (const percent of WEEKDAY_PRICE_PERCENT) expect(percent).toBeGreaterThanOrEqual(50);
    expect(WEEKDAY_PRICE_PERCENT).toHaveLength(7);
  });

  it("sells extras of the catalog, meals included at 0 on premium trains, and cars on a few trains only", () => {
    const catalog = new Map(TRAIN_EXTRAS.map((extra) => [extra.code, extra]));
    expect(new Set(TRAIN_EXTRAS.map((extra) => extra.code)).size).toBe(TRAIN_EXTRAS.length);
    for (const code of ["extra-meal", "snack", "bedding"]) expect(catalog.get(code)?.kind).toBe("service");
    for (const extra of TRAIN_EXTRAS) for (const locale of LOCALES) expect(extra.names[locale].length).toBeGreaterThan(0);
    for (const train of TRAINS) {
      const codes = train.extras.map((extra) => extra.code);
      expect(new Set(codes).size, train.number).toBe(codes.length);
      for (const extra of train.extras) {
        expect(catalog.has(extra.code), `${train.number} ${extra.code}`).toBe(true);
        expect(extra.price).toBeGreaterThanOrEqual(0);
      }
      if (train.durationMinutes >= 360) expect(codes.filter((code) => catalog.get(code)!.kind === "meal").length).toBeGreaterThan(0);
    }
    const premiumMeals = TRAINS.filter((train) => train.grade === "luxury").flatMap((train) =>
      train.extras.filter((extra) => catalog.get(extra.code)!.kind === "meal"),
    );
    expect(premiumMeals.length).toBeGreaterThan(0);
    expect(premiumMeals.every((extra) => extra.price === 0)).toBe(true);
    expect(TRAINS.some((train) => train.extras.some((extra) => catalog.get(extra.code)!.kind === "meal" && extra.price > 0))).toBe(true);

    const carrying = TRAINS.filter((train) => train.carTransport !== null);
    expect(carrying.some((train) => train.from === "tehran" && train.to === "mashhad")).toBe(true);
    expect(carrying.length).toBeLessThan(TRAINS.length / 4);
    for (const train of carrying) {
      expect(Object.keys(train.carTransport!).sort()).toEqual([...VEHICLE_TYPES].sort());
      expect(train.carTransport!.motorcycle).toBeLessThan(train.carTransport!.sedan);
      expect(train.carTransport!.sedan).toBeLessThan(train.carTransport!.suv);
    }
    expect(TRAINS.some((train) => !train.foreignersAllowed)).toBe(true);
    expect(TRAINS.filter((train) => !train.foreignersAllowed).length).toBeLessThan(TRAINS.length / 4);
  });

  it("refunds by Raja's windows for every operator", () => {
    expect(RAJA_REFUND_WINDOWS).toEqual({
      windows: [
        { noonDaysBefore: 1, penaltyPercent: 10 },
        { minutesBefore: 180, penaltyPercent: 30 },
        { minutesBefore: 0, penaltyPercent: 50 },
      ],
      afterDeparturePercent: 100,
      freeMinutesAfterIssue: 60,
      refundable: true,
    });
    expect(TRAIN_REFUND_RULES.map((rule) => rule.airlineCode).sort()).toEqual(TRAIN_OPERATORS.map((operator) => operator.code).sort());
    for (const rule of TRAIN_REFUND_RULES) {
      expect(rule).toMatchObject({ ...RAJA_REFUND_WINDOWS, id: `train-${rule.airlineCode}`, charter: false });
      expect(rule.fareClasses.sort()).toEqual([...WAGON_KINDS].sort());
    }
  });
});
