import type { HotelRegion } from "#core/hotels/hotel.ts";
import { hash, prng } from "../seeded-random.ts";

/**
 * What a night of a room type is before anyone of ours held a room of it: the rooms other
 * agencies and walk-in guests already took (seeded by room type and night, so a search and the
 * hold after it agree), and its price by weekday and season.
 */
export function roomsSoldElsewhere(roomTypeId: string, night: string, rooms: number): number {
  const roll = prng(hash(`${roomTypeId}@${night}`))();
  // A few nights are full (a conference, a pilgrimage date); the rest keep at least a room.
  if (roll < 0.03) return rooms;
  return Math.floor(rooms * 0.8 * roll);
}

/** Nowruz holidays (20 March – 2 April): the dearest nights of the Iranian year. */
function isNowruz(night: string): boolean {
  const monthDay = night.slice(5);
  return monthDay >= "03-20" && monthDay <= "04-02";
}

/**
 * A night's price from the room's ordinary price: Thursday and Friday nights dearer in Iran (the
 * weekend), Friday and Saturday abroad; Nowruz dearer still.
 */
export function hotelNightPrice(perNight: number, night: string, region: HotelRegion): number {
  const weekday = new Date(`${night}T12:00:00Z`).getUTCDay();
  const weekend = region === "iran" ? weekday === 4 || weekday === 5 : weekday === 5 || weekday === 6;
  const season = isNowruz(night) ? (region === "iran" ? 1.4 : 1.2) : 1;
  const factor = (weekend ? (region === "iran" ? 1.15 : 1.1) : 1) * season;
  return Math.round((perNight * factor) / 10_000) * 10_000;
}
