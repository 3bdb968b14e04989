import { describe, expect, it } from "vitest";
import type { FlightOffer } from "../flights/flight.ts";
import { isHashId, itemPrice, newBookingReference, newHashId, normalizeReference } from "./booking.ts";
import { partyErrors, partyOf } from "./place-flight-booking.ts";

describe("bookings", () => {
  it("price an offer for a party with the seat charges apart; infants pay none", () => {
    const offer = { price: { adult: 2_000_000, child: 1_500_000, infant: 200_000, total: 0 }, taxesPerSeat: 90_000 } as FlightOffer;
    expect(itemPrice(offer, { adults: 2, children: 1, infants: 1 })).toEqual({ base: 5_700_000 - 270_000, taxes: 270_000 });
  });

  it("draw short readable references and long unguessable hash ids", () => {
    const references = new Set(Array.from({ length: 200 }, newBookingReference));
    expect(references.size).toBe(200);
    for (const reference of references) expect(reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    const hashId = newHashId();
    expect(isHashId(hashId)).toBe(true);
    expect(isHashId("short")).toBe(false);
    expect(normalizeReference(" ab۲c-d۳e ")).toBe("AB2CD3E");
  });

  it("count the party by passenger type and apply spec §5 counts", () => {
    expect(partyOf([{ type: "adult" }, { type: "infant" }, { type: "child" }, { type: "adult" }])).toEqual({
      adults: 2,
      children: 1,
      infants: 1,
    });
    expect(partyErrors({ adults: 0, children: 0, infants: 0 })).toBe("PASSENGERS_REQUIRED");
    expect(partyErrors({ adults: 0, children: 1, infants: 0 })).toBe("ADULT_REQUIRED");
    expect(partyErrors({ adults: 1, children: 0, infants: 2 })).toBe("INFANTS_EXCEED_ADULTS");
    expect(partyErrors({ adults: 5, children: 5, infants: 0 })).toBe("TOO_MANY_PASSENGERS");
    expect(partyErrors({ adults: 5, children: 4, infants: 5 })).toBeNull();
  });
});
