import { describe, expect, it } from "vitest";
import type { SelectionResult } from "../booking/selection.ts";
import type { Passengers } from "../search/search-forms.ts";
import type { TrainSupplier } from "./supplier.ts";
import { testReturnTrain, testTrain } from "./test-trains.ts";
import { trainSelection } from "./train-selection.ts";
import type { HeldTrainOffer, TrainOffer } from "./train.ts";

/** A supplier that knows the given trains and nothing else; "gone" is sold out, anything unknown not found. */
function supplierOf(...offers: TrainOffer[]): TrainSupplier & { asked: string[] } {
  const asked: string[] = [];
  const unused = () => Promise.reject(new Error("not used by the selection"));
  return {
    service: "train",
    name: "house",
    asked,
    async revalidate(offerId) {
      asked.push(offerId);
      if (offerId === "gone") return { ok: false, error: "SOLD_OUT" };
      const offer = offers.find((candidate) => candidate.offerId === offerId);
      return offer ? { ok: true, offer } : { ok: false, error: "NOT_FOUND" };
    },
    search: unused,
    hold: unused,
    extend: unused,
    issue: unused,
    cancel: unused,
    refundTerms: unused,
  };
}

const PAIR = [testTrain(), testReturnTrain()] as const;
const TWO: Passengers = { adults: 2, children: 0, infants: 0 };

async function prepare(offerIds: string[], party: Passengers, choices?: unknown, offers: readonly TrainOffer[] = PAIR) {
  return trainSelection(supplierOf(...offers)).prepare(offerIds, party, "en", choices);
}

function selected(result: SelectionResult) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return { ...result.selection, held: result.selection.offers.map((item) => item.offer as HeldTrainOffer) };
}

function refusals(result: SelectionResult) {
  if (result.ok || result.error !== "INVALID") throw new Error(`not refused on fields: ${JSON.stringify(result)}`);
  return result.errors;
}

describe("choosing trains", () => {
  it("revalidates one train and prices its beds for the party, with nothing added", async () => {
    const selection = selected(await prepare(["train-352-c4-general"], { adults: 2, children: 1, infants: 1 }));
    expect(selection).toMatchObject({ service: "train", supplierName: "house" });
    expect(selection.itemPrices).toEqual([{ base: 2 * 1_450_000 + 1_100_000 + 150_000, taxes: 0 }]);
    expect(selection.held[0]).toEqual({ ...testTrain(), choices: { extras: [], vehicle: null } });
    expect(selection.requirements).toMatchObject({ lastFlightDate: "2026-11-22", foreignersAllowed: true });
    // No choices at all, null or an empty object: the same.
    for (const choices of [null, {}, { passengers: [], vehicle: null }])
      expect(selected(await prepare(["train-352-c4-general"], TWO, choices)).itemPrices).toEqual([{ base: 2 * 1_450_000, taxes: 0 }]);
  });

  it("takes an outbound and its return as two items, and refuses a pair that is not a way back from the same search", async () => {
    const selection = selected(await prepare(["train-352-c4-general", "train-351-c4-general"], TWO));
    expect(selection.offers.map((item) => item.offerId)).toEqual(["train-352-c4-general", "train-351-c4-general"]);
    expect(selection.requirements.lastFlightDate).toBe("2026-11-25");
    const early = testReturnTrain({ offerId: "early", departAt: "2026-11-23T07:00:00+03:30" });
    const otherType = testReturnTrain({ offerId: "sisters", ticketType: "sisters" });
    const wholeCompartment = testReturnTrain({ offerId: "coupe", coupe: true });
    for (const back of [early, otherType, wholeCompartment])
      expect(await prepare(["train-352-c4-general", back.offerId], TWO, undefined, [testTrain(), back])).toEqual({
        ok: false,
        error: "OFFER_NOT_FOUND",
      });
    expect(await prepare(["train-352-c4-general", "train-352-c4-general"], TWO)).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
    expect(await prepare([], TWO)).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
  });

  it("answers a train the supplier no longer knows as not found and one it cannot sell as sold out", async () => {
    expect(await prepare(["nope"], TWO)).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
    expect(await prepare(["gone"], TWO)).toEqual({ ok: false, error: "SOLD_OUT" });
    expect(await prepare(["train-352-c4-general", "gone"], TWO)).toEqual({ ok: false, error: "SOLD_OUT" });
  });

  it("needs a free bed for each seated traveller; infants sit on a lap", async () => {
    const offers = [testTrain({ seatsLeft: 2 })];
    expect((await prepare(["train-352-c4-general"], { adults: 2, children: 0, infants: 2 }, undefined, offers)).ok).toBe(true);
    expect(await prepare(["train-352-c4-general"], { adults: 2, children: 1, infants: 0 }, undefined, offers)).toEqual({
      ok: false,
      error: "SOLD_OUT",
    });
  });

  it("sells a coupe by whole compartments: every bed paid, and enough wholly free compartments left", async () => {
    const coupe = (seatsLeft: number) => [testTrain({ coupe: true, seatsLeft })];
    const party = { adults: 4, children: 1, infants: 1 };
    // Five travellers take two 4-bed compartments: eight beds at the adult price, and the infant's lap fare.
    expect(selected(await prepare(["train-352-c4-general"], party, undefined, coupe(8))).itemPrices).toEqual([
      { base: 8 * 1_450_000 + 150_000, taxes: 0 },
    ]);
    expect(await prepare(["train-352-c4-general"], party, undefined, coupe(7))).toEqual({ ok: false, error: "SOLD_OUT" });
  });
});

describe("meals and services", () => {
  const services = (...perPassenger: { leg: number; code: string }[][]) => ({
    passengers: perPassenger.map((list) => ({ services: list })),
    vehicle: null,
  });

  it("stores each leg's choices with its train and adds their prices to that leg only", async () => {
    const choices = services(
      [
        { leg: 0, code: "meal-fish" },
        { leg: 0, code: "bedding" },
        { leg: 1, code: "snack" },
      ],
      [{ leg: 1, code: "meal-chicken" }],
    );
    const selection = selected(await prepare(["train-352-c4-general", "train-351-c4-general"], TWO, choices));
    expect(selection.held.map((offer) => offer.choices.extras)).toEqual([
      [
        { passenger: 0, code: "meal-fish" },
        { passenger: 0, code: "bedding" },
      ],
      [
        { passenger: 0, code: "snack" },
        { passenger: 1, code: "meal-chicken" },
      ],
    ]);
    expect(selection.itemPrices).toEqual([
      { base: 2 * 1_450_000 + 90_000 + 120_000, taxes: 0 },
      // The included meal costs nothing.
      { base: 2 * 1_450_000 + 60_000, taxes: 0 },
    ]);
  });

  it("refuses what the train does not sell, a second meal and a service twice, each on its own field", async () => {
    const choices = services(
      [
        { leg: 0, code: "meal-chicken" },
        { leg: 0, code: "meal-fish" },
        { leg: 0, code: "caviar" },
      ],
      [
        { leg: 0, code: "bedding" },
        { leg: 0, code: "bedding" },
        // Another leg is another train: a meal on each is fine.
        { leg: 1, code: "meal-fish" },
      ],
    );
    expect(refusals(await prepare(["train-352-c4-general", "train-351-c4-general"], TWO, choices))).toEqual({
      "passengers.0.services.1": "MEAL_DUPLICATE",
      "passengers.0.services.2": "EXTRA_UNAVAILABLE",
      "passengers.1.services.1": "CHOICE_INVALID",
    });
  });

  it("judges a code against the train of its own leg", async () => {
    const back = testReturnTrain({ extras: [{ code: "snack", kind: "service", name: "Snack pack", price: 60_000 }] });
    const choices = services([{ leg: 1, code: "bedding" }]);
    expect(refusals(await prepare(["train-352-c4-general", "train-351-c4-general"], TWO, choices, [testTrain(), back]))).toEqual({
      "passengers.0.services.0": "EXTRA_UNAVAILABLE",
    });
  });

  it("refuses a leg the purchase does not have and a passenger it does not have", async () => {
    expect(
      refusals(await prepare(["train-352-c4-general"], TWO, services([{ leg: 1, code: "snack" }], [{ leg: -1, code: "snack" }]))),
    ).toEqual({
      "passengers.0.services.0.leg": "CHOICE_INVALID",
      "passengers.1.services.0.leg": "CHOICE_INVALID",
    });
    expect(refusals(await prepare(["train-352-c4-general"], TWO, services([], [], [{ leg: 0, code: "snack" }])))).toEqual({
      "passengers.2": "CHOICE_INVALID",
    });
  });

  it("refuses choices of the wrong shape by the path of the bad value", async () => {
    expect(
      refusals(await prepare(["train-352-c4-general"], TWO, { passengers: [{ services: [{ leg: "zero", code: "snack" }] }] })),
    ).toEqual({
      "passengers.0.services.0.leg": "CHOICE_INVALID",
    });
    expect(refusals(await prepare(["train-352-c4-general"], TWO, "meal"))).toEqual({ choices: "CHOICE_INVALID" });
  });
});

describe("a car on the train", () => {
  const car = (vehicle: Record<string, unknown>) => ({ passengers: [], vehicle: { ownerPassenger: 0, type: "sedan", ...vehicle } });
  const noCars = [testTrain({ carTransport: null }), testReturnTrain()];

  it("travels on every leg by default, its plate stored in the canonical form and its rate added to each leg", async () => {
    const selection = selected(
      await prepare(
        ["train-352-c4-general", "train-351-c4-general"],
        TWO,
        car({ ownerPassenger: 1, plate: "۱۲ ب ۳۴۵ ایران ۶۷", type: "suv" }),
      ),
    );
    const vehicle = { ownerPassenger: 1, plate: "12ب345-67", chassis: null, type: "suv" };
    expect(selection.held.map((offer) => offer.choices.vehicle)).toEqual([vehicle, vehicle]);
    expect(selection.itemPrices).toEqual([
      { base: 2 * 1_450_000 + 4_100_000, taxes: 0 },
      { base: 2 * 1_450_000 + 4_100_000, taxes: 0 },
    ]);
  });

  it("travels on the legs asked for, known by its chassis number", async () => {
    const selection = selected(
      await prepare(
        ["train-352-c4-general", "train-351-c4-general"],
        TWO,
        car({ chassis: "naam01ca9kk123456", type: "motorcycle", legs: [1] }),
        noCars,
      ),
    );
    expect(selection.held.map((offer) => offer.choices.vehicle)).toEqual([
      null,
      { ownerPassenger: 0, plate: null, chassis: "NAAM01CA9KK123456", type: "motorcycle" },
    ]);
    expect(selection.itemPrices[1]).toEqual({ base: 2 * 1_450_000 + 1_500_000, taxes: 0 });
  });

  it("refuses a car on a train that carries none, on the vehicle type", async () => {
    expect(refusals(await prepare(["train-352-c4-general", "train-351-c4-general"], TWO, car({ plate: "12ب345-67" }), noCars))).toEqual({
      "vehicle.type": "VEHICLE_NOT_CARRIED",
    });
    expect(refusals(await prepare(["train-352-c4-general"], TWO, car({ plate: "12ب345-67", legs: [0, 1] })))).toEqual({
      "vehicle.legs": "CHOICE_INVALID",
    });
  });

  it("refuses an unknown type, an owner who is not travelling, no plate or chassis, a bad plate and a bad chassis", async () => {
    const offer = ["train-352-c4-general"];
    expect(refusals(await prepare(offer, TWO, car({ type: "bus", ownerPassenger: 2, plate: " " })))).toEqual({
      "vehicle.type": "VEHICLE_TYPE_INVALID",
      "vehicle.ownerPassenger": "VEHICLE_OWNER_INVALID",
      "vehicle.plate": "VEHICLE_ID_REQUIRED",
    });
    expect(refusals(await prepare(offer, TWO, car({ ownerPassenger: -1, plate: "12-345-67", chassis: "SHORT" })))).toEqual({
      "vehicle.ownerPassenger": "VEHICLE_OWNER_INVALID",
      "vehicle.plate": "PLATE_INVALID",
      "vehicle.chassis": "CHASSIS_INVALID",
    });
  });

  it("may belong to an infant's parent or a child: any passenger of the party, counted with infants", async () => {
    expect(
      (await prepare(["train-352-c4-general"], { adults: 1, children: 0, infants: 1 }, car({ ownerPassenger: 1, plate: "12ب345-67" }))).ok,
    ).toBe(true);
  });
});
