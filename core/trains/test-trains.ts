import type { HeldTrainOffer, TrainOffer } from "./train.ts";

/**
 * Train offers for unit tests: Raja's overnight "Noor" 352 from Tehran to Mashhad in a 4-bed
 * compartment, carrying cars, with a meal, an extra meal, a snack pack and bedding on sale.
 */
export function testTrain(overrides: Partial<TrainOffer> = {}): TrainOffer {
  return {
    offerId: "train-352-c4-general",
    operator: { code: "raja", name: "Raja" },
    trainNumber: "352",
    trainName: "Noor",
    from: "tehran",
    to: "mashhad",
    departAt: "2026-11-22T21:30:00+03:30",
    arriveAt: "2026-11-23T08:10:00+03:30",
    durationMinutes: 640,
    wagon: { kind: "compartment4", bedsPerCompartment: 4 },
    ticketType: "general",
    coupe: false,
    seatsLeft: 40,
    foreignersAllowed: true,
    carTransport: { sedan: 3_200_000, suv: 4_100_000, motorcycle: 1_500_000 },
    extras: [
      { code: "meal-chicken", kind: "meal", name: "Chicken kebab", price: 0 },
      { code: "meal-fish", kind: "meal", name: "Fish and rice", price: 90_000 },
      { code: "snack", kind: "service", name: "Snack pack", price: 60_000 },
      { code: "bedding", kind: "service", name: "Bedding", price: 120_000 },
    ],
    price: { adult: 1_450_000, child: 1_100_000, infant: 150_000, total: 1_450_000 },
    refundable: true,
    ...overrides,
  };
}

/** The return: Mashhad to Tehran three days later on train 351. */
export function testReturnTrain(overrides: Partial<TrainOffer> = {}): TrainOffer {
  return testTrain({
    offerId: "train-351-c4-general",
    trainNumber: "351",
    from: "mashhad",
    to: "tehran",
    departAt: "2026-11-25T20:00:00+03:30",
    arriveAt: "2026-11-26T06:40:00+03:30",
    ...overrides,
  });
}

export function held(offer: TrainOffer, choices: Partial<HeldTrainOffer["choices"]> = {}): HeldTrainOffer {
  return { ...offer, choices: { extras: [], vehicle: null, ...choices } };
}
