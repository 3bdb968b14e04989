import { Router, type Request, type Response } from "express";
import type { HotelDetails } from "#core/hotels/hotel.ts";
import type { HotelSupplier } from "#core/hotels/supplier.ts";
import { hash, prng } from "#seed/seeded-random.ts";

/**
 * Hotel pictures drawn by us and served locally (issue 20): `/hotel-images/{city}/{hotelId}/{n}.svg`
 * is an SVG made from the hotel and the picture's index alone, so it never changes and is cached
 * for a year. The n-th picture shows what seed/hotels/words.ts IMAGE_SUBJECTS names at n − 1: the
 * building by day, the lobby, a room, the building at night, the restaurant, the pool, the view.
 */
const PATH = /^\/hotel-images\/([a-z0-9-]{1,60})\/([a-z0-9-]{1,100})\/([1-9][0-9]?)\.svg$/;
const W = 800;
const H = 500;

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"${extra}/>`;
const circle = (x: number, y: number, r: number, fill: string) =>
  `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}"/>`;

const SKIES = {
  day: ["#7ec8f0", "#d8f0ff"],
  dusk: ["#f28c5a", "#ffd9a0"],
  night: ["#0d1b3d", "#2c3e70"],
} as const;
const WALLS = ["#e9dcc3", "#d9c2a0", "#c8d3dc", "#f1ece4", "#b9a48a", "#dfe6e9"];
const ACCENTS = ["#1f6f8b", "#8b3a3a", "#3c6e47", "#6b4c9a", "#b5651d", "#2d4059"];

function sky(time: keyof typeof SKIES, random: Random): string {
  const [top, bottom] = SKIES[time];
  const body =
    time === "night"
      ? circle(120 + random() * 560, 70, 22, "#f5f3ce")
      : circle(120 + random() * 560, 80, 34, time === "dusk" ? "#ff7043" : "#ffe066");
  const stars = time === "night" ? Array.from({ length: 24 }, () => circle(random() * W, random() * 200, 1.4, "#fff")).join("") : "";
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>${rect(0, 0, W, H, "url(#sky)")}${stars}${body}`;
}

function tree(x: number, ground: number, random: Random): string {
  const height = 50 + random() * 50;
  return (
    rect(x - 4, ground - height, 8, height, "#6d4c41") +
    circle(x, ground - height, 22 + random() * 12, pick(random, ["#2e7d32", "#388e3c", "#558b2f"]))
  );
}

function facade(random: Random, hotel: HotelDetails, time: keyof typeof SKIES): string {
  // Kept within the middle band: pages crop pictures wider than they are drawn.
  const ground = 400;
  const floors = Math.max(2, Math.min(6, hotel.stars + 1 + Math.floor(random() * 2)));
  const columns = 4 + Math.floor(random() * 5);
  const width = columns * 60 + 40;
  const height = floors * 34 + 60;
  const x = (W - width) / 2;
  const top = ground - height;
  const wall = pick(random, WALLS);
  const lit = time === "night" ? "#ffd54f" : time === "dusk" ? "#ffe0b2" : "#90caf9";
  const windows: string[] = [];
  for (let floor = 0; floor < floors; floor += 1)
    for (let column = 0; column < columns; column += 1)
      windows.push(rect(x + 30 + column * 60, top + 20 + floor * 34, 30, 20, random() < (time === "night" ? 0.6 : 0.9) ? lit : "#37474f"));
  const accent = pick(random, ACCENTS);
  const stars = Array.from({ length: hotel.stars }, (_, index) =>
    circle(W / 2 - (hotel.stars - 1) * 9 + index * 18, top - 14, 5, "#ffc107"),
  ).join("");
  return [
    sky(time, random),
    rect(0, ground, W, H - ground, time === "night" ? "#263238" : "#8d9f6e"),
    rect(x, top, width, height, wall),
    rect(x - 10, top - 8, width + 20, 12, accent),
    ...windows,
    rect(W / 2 - 30, ground - 48, 60, 48, accent),
    rect(W / 2 - 70, top - 36, 140, 16, accent, ' rx="4"'),
    stars,
    tree(x - 50, ground, random),
    tree(x + width + 50, ground, random),
  ].join("");
}

function interior(random: Random, subject: "lobby" | "room" | "restaurant"): string {
  const wall = pick(random, WALLS);
  const accent = pick(random, ACCENTS);
  const floor = pick(random, ["#8d6e63", "#a1887f", "#bcaaa4", "#795548"]);
  const parts = [rect(0, 0, W, H, wall), rect(0, 360, W, 140, floor), rect(0, 350, W, 10, "#5d4037")];
  if (subject === "room") {
    parts.push(rect(520, 60, 200, 150, "#90caf9"), rect(615, 60, 10, 150, "#eceff1"), rect(510, 50, 220, 10, "#eceff1"));
    parts.push(
      rect(140, 250, 300, 120, "#fafafa"),
      rect(130, 200, 20, 170, accent),
      rect(160, 230, 90, 35, "#fff", ' rx="10"'),
      rect(330, 230, 90, 35, "#fff", ' rx="10"'),
    );
    parts.push(
      rect(140, 300, 300, 70, accent),
      rect(60, 290, 50, 80, "#6d4c41"),
      circle(85, 270, 20, "#fff59d"),
      rect(200, 90, 160, 90, pick(random, ACCENTS)),
    );
  } else if (subject === "lobby") {
    parts.push(
      rect(250, 270, 300, 90, accent),
      rect(240, 260, 320, 14, "#5d4037"),
      circle(400, 80, 40, "#ffe082"),
      rect(398, 0, 4, 40, "#5d4037"),
    );
    for (const x of [80, 700]) parts.push(rect(x - 20, 300, 40, 60, "#6d4c41"), circle(x, 280, 36, "#43a047"));
    parts.push(rect(0, 0, W, 20, accent));
  } else {
    for (let table = 0; table < 6; table += 1) {
      const x = 110 + (table % 3) * 290;
      const y = 300 + Math.floor(table / 3) * 110 - (table % 2) * 10;
      parts.push(
        circle(x - 55, y, 16, accent),
        circle(x + 55, y, 16, accent),
        `<ellipse cx="${x}" cy="${y}" rx="45" ry="18" fill="#fafafa"/>`,
      );
    }
    for (let lamp = 0; lamp < 4; lamp += 1)
      parts.push(rect(120 + lamp * 180, 0, 3, 70, "#5d4037"), circle(121 + lamp * 180, 80, 14, "#ffcc80"));
  }
  return parts.join("");
}

function pool(random: Random): string {
  const waves = Array.from({ length: 6 }, (_, index) => {
    const y = 330 + index * 22;
    return `<path d="M60 ${y} q 40 -10 80 0 t 80 0 t 80 0 t 80 0 t 80 0 t 80 0 t 80 0 t 80 0" stroke="#e1f5fe" stroke-width="3" fill="none"/>`;
  }).join("");
  const loungers = Array.from({ length: 4 }, (_, index) => rect(80 + index * 170, 265, 110, 16, "#fafafa", ' rx="6"')).join("");
  const umbrellas = Array.from({ length: 3 }, (_, index) => {
    const x = 160 + index * 220;
    return rect(x - 2, 170, 4, 100, "#5d4037") + `<path d="M${x - 60} 180 Q ${x} 120 ${x + 60} 180 Z" fill="${pick(random, ACCENTS)}"/>`;
  }).join("");
  return (
    sky(pick(random, ["day", "day", "dusk"] as const), random) +
    rect(0, 250, W, 60, "#d7ccc8") +
    rect(40, 310, 720, 170, "#29b6f6", ' rx="12"') +
    waves +
    loungers +
    umbrellas
  );
}

function view(random: Random, hotel: HotelDetails): string {
  const time = pick(random, ["day", "dusk", "night"] as const);
  const sea = hotel.distances.some((distance) => /beach|sea|pier|corniche|coast|marina/i.test(distance.landmark)) || random() < 0.3;
  const mountains = `<path d="M0 320 L150 170 L260 280 L420 130 L560 260 L680 190 L800 300 L800 500 L0 500 Z" fill="${time === "night" ? "#37474f" : "#7b8d6f"}"/>`;
  const skyline = Array.from({ length: 14 }, (_, index) => {
    const height = 60 + random() * 160;
    return rect(index * 58, 420 - height, 50, height, time === "night" ? "#263238" : "#90a4ae");
  }).join("");
  const water = sea ? rect(0, 380, W, 120, time === "night" ? "#1a237e" : "#0288d1") : rect(0, 420, W, 80, "#6d8b5a");
  return sky(time, random) + mountains + skyline + water + rect(0, 470, W, 30, "#5d4037");
}

/** The SVG of a hotel's n-th picture: the same for the same hotel and index, every time. */
export function drawHotelImage(hotel: HotelDetails, index: number): string {
  const random = prng(hash(`${hotel.city}/${hotel.hotelId}/${index}`));
  const subject = (index - 1) % 7;
  const body =
    subject === 0
      ? facade(random, hotel, pick(random, ["day", "day", "dusk"] as const))
      : subject === 1
        ? interior(random, "lobby")
        : subject === 2
          ? interior(random, "room")
          : subject === 3
            ? facade(random, hotel, "night")
            : subject === 4
              ? interior(random, "restaurant")
              : subject === 5
                ? pool(random)
                : view(random, hotel);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${body}</svg>`;
}

/** GET /hotel-images/…: a picture of a hotel the supplier knows, within its gallery; 404 otherwise. */
export function hotelImages(deps: { hotels: HotelSupplier | null | undefined }): Router {
  const router = Router();
  // Hotels found once are kept: a results page asks for forty thumbnails at once. Only known
  // hotels are kept, so the map is as large as the inventory, whatever paths visitors try.
  const known = new Map<string, HotelDetails>();
  router.get(/^\/hotel-images\//, async (req: Request, res: Response, next) => {
    const match = PATH.exec(req.path);
    if (!match) return res.status(404).type("text/plain").send("Not found");
    const [, city, hotelId, n] = match;
    try {
      const key = `${city}/${hotelId}`;
      // Pictures are the same in every language.
      const hotel = known.get(key) ?? (deps.hotels ? await deps.hotels.hotel(city!, hotelId!, "en") : null);
      const index = Number(n);
      if (!hotel || index > hotel.gallery.length) return res.status(404).type("text/plain").send("Not found");
      known.set(key, hotel);
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.type("image/svg+xml").send(drawHotelImage(hotel, index));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
