import { describe, expect, it } from "vitest";
import type { HotelRoomOffer } from "#core/hotels/hotel.ts";
import { heldRoom } from "#core/hotels/hotel-selection.ts";
import { testHotelSupplier } from "#core/hotels/test-hotels.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { HOTEL_CHOICES, HOTEL_PAGES, hotelPagePath, hotelPlacement, INTERNATIONAL_HOTEL_PAGES } from "./hotel-booking.server.ts";

const CHECK_IN = "2026-03-15";
const CHECK_OUT = "2026-03-18";
const describeFa = { locale: "fa", calendar: "persian" } as const;

async function roomOffer(roomType: string, checkOut = CHECK_OUT): Promise<HotelRoomOffer> {
  const answer = await testHotelSupplier().revalidate(`${roomType}|${CHECK_IN}|${checkOut}`, "fa");
  if (!answer.ok) throw new Error(`no test offer ${roomType}`);
  return answer.offer;
}

const query = (pairs: [string, string][]) => new URLSearchParams(pairs);

describe("the hotel purchase pages' reading of rooms", () => {
  it("pairs each offer with its room=a-c in order, reads Persian digits, and takes a room left out as its lead guest alone", () => {
    const sent = query([
      ["offer", "a|x|y"],
      ["room", "۲-۱"],
      ["offer", "b|x|y"],
    ]);
    const { input } = HOTEL_CHOICES.fromForm(new FormData(), { adults: 2, children: 0, infants: 0 }, sent);
    expect(input).toEqual({ rooms: [{ guests: { adults: 2, children: 1 } }, { guests: { adults: 1, children: 0 } }] });
  });

  it("passes a room that is no a-c on as sent, and puts each refusal on its room or on the rooms as a whole", () => {
    const sent = query([
      ["offer", "a|x|y"],
      ["room", "two"],
    ]);
    const { input, fields } = HOTEL_CHOICES.fromForm(new FormData(), { adults: 1, children: 0, infants: 0 }, sent);
    expect(input).toEqual({ rooms: [{ guests: { adults: "two", children: "two" } }] });
    expect(fields["rooms.0.guests"]).toBe("passengers.0.room");
    expect(fields.checkOut).toBe("rooms");
    expect(fields.rooms).toBe("rooms");
  });

  it("counts one adult lead guest per room chosen as the party, at home and abroad", () => {
    const sent = query([
      ["offer", "a|x|y"],
      ["offer", "b|x|y"],
      ["offer", "c|x|y"],
    ]);
    expect(HOTEL_PAGES.partyOf!(sent)).toEqual({ adults: 3, children: 0, infants: 0 });
    expect(INTERNATIONAL_HOTEL_PAGES.offerIds("", sent)).toEqual(["a|x|y", "b|x|y", "c|x|y"]);
    expect(INTERNATIONAL_HOTEL_PAGES.service).toBe("intHotel");
  });
});

describe("the hotel purchase pages' prices and places", () => {
  it("goes back to the hotel's page with the stay and every room's guests, at home and abroad", async () => {
    const rooms = [
      { adults: 2, children: 1 },
      { adults: 1, children: 0 },
    ];
    expect(hotelPagePath(await roomOffer("darvishi:double"), rooms)).toBe(
      `/hotel/mashhad/darvishi?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&room=2-1&room=1-0`,
    );
    expect(hotelPagePath(await roomOffer("golden-horn:double"), rooms.slice(1))).toBe(
      `/internationalhotel/search/TR/istanbul/golden-horn?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&room=1-0`,
    );
  });

  it("prices a room night by night with its extra bed apart, and leaves the extra bed out of the page's fare", async () => {
    const held = heldRoom(await roomOffer("darvishi:double"), { adults: 2, children: 1 }, 0, false);
    const [group] = HOTEL_CHOICES.breakdown(
      [{ offer: held, base: held.price, taxes: 0 }],
      { party: { ...held.guests, infants: 0 }, names: [] },
      describeFa,
    );
    expect(group!.title).toContain(translate("fa", "hotelPurchase.room", { n: 1, name: "double room" }));
    expect(group!.lines.map((line) => [line.label, line.detail, line.amount])).toEqual([
      [
        translate("fa", "hotelPurchase.line.nights", { count: 3 }),
        `${formatNumber("fa", 3)}\u00a0×\u00a0${formatNumber("fa", 3_200_000)}`,
        9_600_000,
      ],
      [translate("fa", "hotelPurchase.line.extraBed"), `${formatNumber("fa", 3)}\u00a0×\u00a0${formatNumber("fa", 900_000)}`, 2_700_000],
    ]);
    expect(HOTEL_CHOICES.price([held, heldRoom(await roomOffer("darvishi:twin"), { adults: 2, children: 0 }, 1, false)])).toBe(2_700_000);
  });

  it("says the room's price in one line when its parts do not add up to what was charged", async () => {
    const held = heldRoom(await roomOffer("darvishi:twin"), { adults: 2, children: 0 }, 0, false);
    const [group] = HOTEL_CHOICES.breakdown(
      [{ offer: held, base: held.price - 1, taxes: 0 }],
      { party: { ...held.guests, infants: 0 }, names: [] },
      describeFa,
    );
    expect(group!.lines).toEqual([{ label: translate("fa", "hotelPurchase.line.room"), detail: null, amount: held.price - 1 }]);
  });

  it("shows the room above its lead guest with the extra bed it needs, and refuses to seat more than it sleeps", async () => {
    const offers = [await roomOffer("darvishi:double"), await roomOffer("darvishi:twin")].map((offer, index) =>
      heldRoom(offer, { adults: 1, children: 0 }, index, false),
    );
    const sent = query([
      ["offer", offers[0]!.offerId],
      ["room", "2-1"],
      ["offer", offers[1]!.offerId],
      ["room", "3-0"],
    ]);
    const { data } = HOTEL_CHOICES.view(offers, describeFa, sent);
    expect(data.rooms.map((room) => [room.extraBed, room.extraBedPrice, room.price, room.tooMany])).toEqual([
      [true, 2_700_000, 12_300_000, false],
      [true, 0, 9_000_000, true],
    ]);
    expect(data.hotelHref).toBe(`/hotel/mashhad/darvishi?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&room=2-1&room=3-0`);
  });

  it("names a voucher by its confirmation number, and nothing else as a place", () => {
    expect(hotelPlacement({ confirmation: "HT000012", room: "double" }, "en")).toBe(
      translate("en", "hotelPurchase.voucher", { confirmation: "\u2068HT000012\u2069" }),
    );
    expect(hotelPlacement({ seat: 12 }, "en")).toBeNull();
  });
});
