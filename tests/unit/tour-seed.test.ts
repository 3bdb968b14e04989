import { describe, expect, it } from "vitest";
import { OCCUPANCIES } from "#core/tours/tour.ts";
import { addDays } from "#core/search/dates.ts";
import { houseHotels } from "#seed/hotels/generate.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { TOUR_DESTINATIONS } from "#seed/tours/destinations.ts";
import { TOUR_REFUND_RULES } from "#seed/tours/refund-rules.ts";
import { TOUR_WINDOW_DAYS, generateTourDepartures, houseTourPackages, occupancyPrices, seasonPercent } from "#seed/tours/generate.ts";

const packages = houseTourPackages();
/** A pinned today (a Tuesday): the window is counted from it, never from the machine's clock. */
const TODAY = "2031-05-06";

describe("the house tour packages", () => {
  it("go to every required destination, at home and abroad, from several cities", () => {
    const home = ["kish", "qeshm", "mashhad", "shiraz", "isfahan", "yazd", "tabriz", "ramsar"];
    const abroad = ["istanbul", "dubai", "antalya", "tbilisi", "yerevan", "kuala-lumpur"];
    for (const city of home) expect(packages.some((tour) => tour.to === city && tour.scope === "domestic")).toBe(true);
    for (const city of abroad) expect(packages.some((tour) => tour.to === city && tour.scope === "international")).toBe(true);
    expect(new Set(packages.filter((tour) => tour.scope === "domestic").map((tour) => tour.from)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(packages.filter((tour) => tour.scope === "international").map((tour) => tour.from))).toEqual(
      new Set(["tehran", "mashhad", "shiraz", "isfahan", "tabriz"]),
    );
    expect(new Set(packages.map((tour) => tour.packageId)).size).toBe(packages.length);
  });

  it("use a transport only where it makes sense: the islands and abroad by air, trains on railway lines", () => {
    for (const tour of packages) {
      if (tour.scope === "international" || tour.to === "kish" || tour.to === "qeshm") expect(tour.transport).toBe("flight");
      if (tour.scope === "domestic") expect(tour.nights).toBeGreaterThanOrEqual(2);
      if (tour.scope === "domestic") expect(tour.nights).toBeLessThanOrEqual(6);
    }
    expect(new Set(packages.filter((tour) => tour.to === "mashhad").map((tour) => tour.transport))).toEqual(
      new Set(["flight", "train", "bus"]),
    );
    // Land-only packages: the traveller's own flight, no carrier, the flight named among the exclusions.
    const landOnly = packages.filter((tour) => tour.transfer === "ownFlight");
    expect(landOnly.length).toBeGreaterThan(0);
    for (const tour of landOnly) {
      expect(tour.scope).toBe("domestic");
      expect(tour.carrier.code).toBe("");
      expect(tour.exclusions[0]!.en).toBe("The flight there and back");
    }
  });

  it("name airports, carriers, hotels and rules that exist", () => {
    const places = referencePlaces();
    const airports = new Set(places.flatMap((place) => (place.kind === "airport" && place.iata ? [place.iata] : [])));
    const cities = new Set(places.map((place) => place.id));
    const hotels = new Map(houseHotels().map((hotel) => [hotel.hotelId, hotel]));
    const rules = new Set(TOUR_REFUND_RULES.map((rule) => rule.id));
    for (const tour of packages) {
      for (const code of [...tour.fromAirports, ...tour.toAirports]) expect(airports, `${tour.packageId}: ${code}`).toContain(code);
      expect(rules).toContain(tour.refundRuleId);
      for (const city of [tour.from, tour.to]) expect(cities, city).toContain(`city:${city}`);
      expect(tour.hotels.length).toBeGreaterThanOrEqual(2);
      expect(tour.hotels.length).toBeLessThanOrEqual(5);
      for (const hotel of tour.hotels) {
        const same = hotels.get(hotel.hotelId)!;
        expect(same.city).toBe(tour.to);
        expect(hotel.names).toEqual(same.names);
        expect(hotel.stars).toBe(same.stars);
      }
      expect(tour.image).toBe(`/tour-images/${tour.to}.svg`);
      expect(tour.capacity).toBeGreaterThanOrEqual(16);
      expect(tour.capacity).toBeLessThanOrEqual(45);
    }
  });

  it("give visa facts abroad and none at home", () => {
    for (const destination of TOUR_DESTINATIONS) expect(destination.visa === null).toBe(destination.scope === "domestic");
    const dubai = packages.find((tour) => tour.to === "dubai")!;
    expect(dubai.visa).toMatchObject({ kind: "required", available: true, processingDays: 5 });
    expect(dubai.visa!.fee).toBeGreaterThan(0);
    expect(dubai.exclusions.map((line) => line.en)).toContain("The visa fee");
    expect(packages.find((tour) => tour.to === "istanbul")!.visa!.kind).toBe("none");
  });

  it("write their texts in the three languages, in each language's digits", () => {
    for (const tour of packages) {
      for (const text of [tour.titles, tour.descriptions, ...tour.itinerary, ...tour.exclusions]) {
        expect(text.fa).not.toMatch(/[0-9a-zA-Z]/);
        expect(text.ar).not.toMatch(/[0-9a-zA-Z]/);
        expect(text.en).toMatch(/[a-zA-Z]/);
      }
      expect(tour.itinerary).toHaveLength(tour.nights + 1 + (tour.transfer === "ownFlight" ? 0 : 2 * tour.travelNights));
    }
    const kish = packages.find((tour) => tour.packageId === "kish-tehran-flight-y9-4n")!;
    expect(kish.titles).toEqual({ fa: "۴ شب کیش، با هواپیما", en: "4 nights in Kish, by air", ar: "٤ ليالٍ في كيش، بالطائرة" });
  });
});

describe("occupancy prices", () => {
  const base = { fare: 6_000_000, transport: "flight" as const, abroad: false, nights: 3, board: "breakfast" as const };
  const rooms = { single: 2_100_000, double: 3_000_000, triple: 4_050_000 };

  it("charge a person alone in a room most, sharing by three least, children and infants less", () => {
    const prices = occupancyPrices({ ...base, rooms });
    expect(prices.single).toBeGreaterThan(prices.double);
    expect(prices.triple).toBeLessThan(prices.double);
    expect(prices.childWithBed).toBeLessThan(prices.triple);
    expect(prices.childNoBed).toBeLessThan(prices.childWithBed);
    expect(prices.infant).toBeLessThan(prices.childNoBed);
    for (const occupancy of OCCUPANCIES) expect(prices[occupancy] % 10_000).toBe(0);
    // A double: the fare, the services and half the room for three nights at the agency's rate.
    expect(prices.double).toBe(6_000_000 + 650_000 + (3_000_000 * 0.8 * 3) / 2);
  });

  it("hold for every hotel of every package", () => {
    for (const tour of packages)
      for (const hotel of tour.hotels) {
        const { single, double, triple, childWithBed, childNoBed, infant } = hotel.prices;
        expect(single, `${tour.packageId} ${hotel.hotelId}`).toBeGreaterThan(double);
        expect(triple).toBeLessThanOrEqual(double);
        expect(childWithBed).toBeLessThan(double);
        expect(childNoBed).toBeLessThanOrEqual(childWithBed);
        expect(infant).toBeLessThan(childNoBed);
        expect(infant).toBeGreaterThan(0);
      }
  });

  it("add the board per night and cost more for more nights", () => {
    const halfBoard = occupancyPrices({ ...base, board: "halfBoard", rooms });
    expect(halfBoard.double - occupancyPrices({ ...base, rooms }).double).toBe(450_000 * 3);
    expect(occupancyPrices({ ...base, nights: 4, rooms }).double).toBeGreaterThan(occupancyPrices({ ...base, rooms }).double);
  });
});

describe("departures", () => {
  const departures = generateTourDepartures({ firstDate: TODAY, days: TOUR_WINDOW_DAYS });

  it("roll from the pinned today over the window, on each package's weekdays, each named by package and day", () => {
    expect(
      departures.every((departure) => departure.departureDate >= TODAY && departure.departureDate < addDays(TODAY, TOUR_WINDOW_DAYS)),
    ).toBe(true);
    expect(new Set(departures.map((departure) => departure.tourId)).size).toBe(departures.length);
    const byId = new Map(packages.map((tour) => [tour.packageId, tour]));
    for (const departure of departures) {
      const tour = byId.get(departure.packageId)!;
      expect(departure.tourId).toBe(`${tour.packageId}.${departure.departureDate}`);
      expect(tour.weekdays).toContain(new Date(`${departure.departureDate}T12:00:00Z`).getUTCDay());
      expect(departure.returnDate).toBe(addDays(departure.departureDate, tour.nights + tour.travelNights));
      expect(departure.returnAt.getTime()).toBeGreaterThan(departure.departAt.getTime());
      expect(departure.soldElsewhere).toBeGreaterThanOrEqual(0);
      expect(departure.soldElsewhere).toBeLessThanOrEqual(departure.capacity);
    }
    // Kish by Kish Air for three nights leaves Saturdays, Mondays, Wednesdays and Thursdays: Wednesday the 7th is the first.
    expect(departures.find((departure) => departure.packageId === "kish-tehran-flight-y9-3n")!.departureDate).toBe("2031-05-07");
  });

  it("are the same days when rolled again a day later, plus the one new day", () => {
    const tomorrow = generateTourDepartures({ firstDate: addDays(TODAY, 1), days: TOUR_WINDOW_DAYS });
    const today = new Map(departures.map((departure) => [departure.tourId, departure]));
    const lastDay = addDays(TODAY, TOUR_WINDOW_DAYS);
    for (const departure of tomorrow) {
      if (departure.departureDate === lastDay) continue;
      expect(departure).toEqual(today.get(departure.tourId));
    }
    expect(tomorrow.some((departure) => departure.departureDate === lastDay)).toBe(true);
  });

  it("are dearer at Nowruz and in the summer holidays, and the Gulf islands cheaper in the heat", () => {
    const mainland = { nowruz: 1.4, summer: 1.15 };
    expect(seasonPercent("2032-03-22", mainland)).toBe(140);
    expect(seasonPercent("2031-07-15", mainland)).toBe(115);
    expect(seasonPercent("2031-11-10", mainland)).toBe(100);
    const kish = packages.find((tour) => tour.to === "kish")!;
    expect(seasonPercent("2031-07-15", kish.seasons)).toBeLessThan(100);
    const nowruz = generateTourDepartures({ firstDate: "2032-03-16", days: 14 }).filter(
      (departure) => departure.packageId === kish.packageId,
    );
    expect(nowruz.length).toBeGreaterThan(0);
    expect(nowruz.every((departure) => departure.pricePercent === 135)).toBe(true);
  });
});
