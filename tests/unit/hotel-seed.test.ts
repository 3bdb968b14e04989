import { describe, expect, it } from "vitest";
import { HOTEL_FACILITIES, PRICE_BANDS, ROOM_TYPES } from "#core/hotels/hotel.ts";
import { HOTEL_CITIES, generateHotels, houseHotels, kmBetween } from "#seed/hotels/generate.ts";
import { hotelNightPrice, roomsSoldElsewhere } from "#seed/hotels/nights.ts";
import { HOTEL_REFUND_RULES } from "#seed/hotels/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";

const hotels = houseHotels();
const LATIN_DIGIT = /[0-9]/;

describe("the house hotel seed", () => {
  it("has at least 150 Iranian hotels in 20 cities and 100 abroad in 15, Mashhad and Tehran with about 40", () => {
    const iran = hotels.filter((hotel) => hotel.region === "iran");
    const abroad = hotels.filter((hotel) => hotel.region === "abroad");
    expect(iran.length).toBeGreaterThanOrEqual(150);
    expect(abroad.length).toBeGreaterThanOrEqual(100);
    expect(new Set(iran.map((hotel) => hotel.city)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(abroad.map((hotel) => hotel.city)).size).toBeGreaterThanOrEqual(15);
    for (const city of ["mashhad", "tehran"]) expect(hotels.filter((hotel) => hotel.city === city).length).toBeGreaterThanOrEqual(40);
  });

  it("is the same on every run, with hotel and room type ids unique across all cities", () => {
    expect(generateHotels()).toEqual(hotels);
    expect(new Set(hotels.map((hotel) => hotel.hotelId)).size).toBe(hotels.length);
    const types = hotels.flatMap((hotel) => hotel.roomTypes.map((type) => type.id));
    expect(new Set(types).size).toBe(types.length);
    for (const hotel of hotels) expect(hotel.hotelId).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("puts every hotel in a real place with the hotel service: an Iranian city, or a city abroad in its country", () => {
    const places = referencePlaces();
    for (const hotel of hotels) {
      const place = places.find(
        (candidate) =>
          candidate.kind === "city" &&
          candidate.id.endsWith(`:${hotel.city}`) &&
          candidate.services.includes(hotel.region === "iran" ? "hotel" : "outHotel"),
      );
      expect(place, hotel.hotelId).toBeDefined();
      if (hotel.region === "abroad") expect(place!.countryCode, hotel.hotelId).toBe(hotel.countryCode);
    }
  });

  it("spreads prices over every band of spec §9, with foreign-guest rates, extra beds and unrated houses", () => {
    const prices = hotels.flatMap((hotel) => hotel.roomTypes.map((type) => type.perNight));
    for (const band of PRICE_BANDS) {
      const inBand = prices.filter((price) => price >= band.min && (band.max === null || price < band.max));
      expect(inBand.length, band.id).toBeGreaterThan(20);
    }
    expect(prices.every((price) => Number.isInteger(price) && price % 10_000 === 0)).toBe(true);
    const iran = hotels.filter((hotel) => hotel.region === "iran");
    expect(iran.filter((hotel) => hotel.roomTypes.some((type) => type.foreignPerNight !== null)).length).toBeGreaterThan(10);
    expect(
      hotels.filter((hotel) => hotel.region === "abroad").every((hotel) => hotel.roomTypes.every((type) => type.foreignPerNight === null)),
    ).toBe(true);
    expect(hotels.filter((hotel) => hotel.stars === 0 && hotel.kind === "traditional").length).toBeGreaterThan(2);
    expect(hotels.filter((hotel) => hotel.kind === "apartment").length).toBeGreaterThan(2);
    expect(new Set(hotels.map((hotel) => hotel.stars))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const types = hotels.flatMap((hotel) => hotel.roomTypes);
    expect(new Set(types.map((type) => type.type))).toEqual(new Set(ROOM_TYPES));
    expect(types.some((type) => type.extraBeds === 1 && type.extraBedPerNight > 0)).toBe(true);
    expect(types.every((type) => type.extraBeds === 1 || type.extraBedPerNight === 0)).toBe(true);
  });

  it("describes each hotel in three languages with Persian digits in Persian text, real distances, a rating breakdown and a rule", () => {
    const rules = new Set(HOTEL_REFUND_RULES.map((rule) => rule.id));
    for (const hotel of hotels) {
      for (const text of [hotel.names, hotel.addresses, hotel.descriptions, ...hotel.rules.base, ...hotel.rules.other]) {
        expect(text.fa.length * text.en.length * text.ar.length, hotel.hotelId).toBeGreaterThan(0);
        expect(text.fa, hotel.hotelId).not.toMatch(LATIN_DIGIT);
      }
      expect(hotel.facilities.every((facility) => HOTEL_FACILITIES.includes(facility))).toBe(true);
      const city = HOTEL_CITIES.find((candidate) => candidate.city === hotel.city)!;
      expect(hotel.distances.map((distance) => distance.km)).toEqual(city.landmarks.map((landmark) => kmBetween(hotel.location, landmark)));
      expect(hotel.distances[0]!.km).toBeLessThan(6);
      const { count, total, ...parts } = hotel.rating;
      for (const value of Object.values(parts)) expect(value >= 0 && value <= 10).toBe(true);
      expect(total).toBeGreaterThan(0);
      expect(count).toBeGreaterThan(0);
      expect(rules.has(hotel.refundRuleId)).toBe(true);
    }
    expect(hotels.some((hotel) => hotel.region === "abroad" && hotel.refundRuleId === "hotel-nonref")).toBe(true);
  });

  it("makes Thursday and Friday nights dearer in Iran and Nowruz dearer still, and leaves most nights with rooms", () => {
    // 2031-05-08 is a Thursday, 2031-05-06 a Tuesday.
    expect(hotelNightPrice(2_000_000, "2031-05-08", "iran")).toBeGreaterThan(hotelNightPrice(2_000_000, "2031-05-06", "iran"));
    expect(hotelNightPrice(2_000_000, "2031-05-06", "iran")).toBe(2_000_000);
    expect(hotelNightPrice(2_000_000, "2031-03-25", "iran")).toBeGreaterThan(hotelNightPrice(2_000_000, "2031-05-06", "iran"));
    const type = hotels[0]!.roomTypes[0]!;
    const nights = Array.from(
      { length: 100 },
      (_, day) => `2031-${String(1 + Math.floor(day / 28)).padStart(2, "0")}-${String(1 + (day % 28)).padStart(2, "0")}`,
    );
    const sold = nights.map((night) => roomsSoldElsewhere(type.id, night, type.rooms));
    expect(sold.every((rooms) => rooms >= 0 && rooms <= type.rooms)).toBe(true);
    expect(sold.filter((rooms) => rooms < type.rooms).length).toBeGreaterThan(80);
    expect(roomsSoldElsewhere(type.id, nights[0]!, type.rooms)).toBe(sold[0]);
  });
});
