import { describe, expect, it } from "vitest";
import { bedsFor, seatedOf, trainFare, trainItemPrice } from "./pricing.ts";
import { held, testTrain } from "./test-trains.ts";

const PRICE = { adult: 1_000_000, child: 700_000, infant: 100_000, total: 1_000_000 };

describe("train fares for a party", () => {
  it("charges each seated traveller their own bed and each infant the lap fare", () => {
    const offer = testTrain({ price: PRICE });
    expect(trainFare(offer, { adults: 2, children: 1, infants: 1 })).toBe(2 * 1_000_000 + 700_000 + 100_000);
    expect(bedsFor(offer, { adults: 2, children: 1, infants: 1 })).toBe(3);
    expect(seatedOf({ adults: 2, children: 1, infants: 1 })).toBe(3);
  });

  it.each([
    // [beds per compartment, adults, children, compartments bought]
    [4, 1, 0, 1],
    [4, 3, 1, 1],
    [4, 4, 1, 2],
    [6, 5, 0, 1],
    [6, 6, 1, 2],
    [4, 9, 0, 3],
  ])(
    "a coupe of %i-bed compartments for %i adults and %i children pays every bed of %i compartment(s) at the adult price",
    (beds, adults, children, compartments) => {
      const offer = testTrain({
        coupe: true,
        wagon: { kind: beds === 6 ? "compartment6" : "compartment4", bedsPerCompartment: beds },
        price: PRICE,
      });
      const party = { adults, children, infants: 0 };
      expect(bedsFor(offer, party)).toBe(compartments * beds);
      expect(trainFare(offer, party)).toBe(compartments * beds * PRICE.adult);
    },
  );

  it("adds the infants' lap fare to a coupe: they take no bed", () => {
    const offer = testTrain({ coupe: true, price: PRICE });
    expect(trainFare(offer, { adults: 2, children: 0, infants: 2 })).toBe(4 * PRICE.adult + 2 * PRICE.infant);
    expect(bedsFor(offer, { adults: 2, children: 0, infants: 2 })).toBe(4);
  });

  it("breaks an item down into beds, meals and services and the car, at the train's own prices", () => {
    const offer = held(testTrain({ coupe: true, price: PRICE }), {
      extras: [
        { passenger: 0, code: "meal-chicken" },
        { passenger: 0, code: "bedding" },
        { passenger: 1, code: "meal-fish" },
      ],
      vehicle: { ownerPassenger: 0, plate: "12ب345-67", chassis: null, type: "motorcycle" },
    });
    expect(trainItemPrice(offer, { adults: 2, children: 0, infants: 1 })).toEqual({
      beds: 4,
      fare: 4 * PRICE.adult + PRICE.infant,
      services: 120_000 + 90_000,
      vehicle: 1_500_000,
      total: 4 * PRICE.adult + PRICE.infant + 210_000 + 1_500_000,
    });
    expect(trainItemPrice(held(testTrain({ price: PRICE })), { adults: 1, children: 0, infants: 0 })).toEqual({
      beds: 1,
      fare: PRICE.adult,
      services: 0,
      vehicle: 0,
      total: PRICE.adult,
    });
  });
});
