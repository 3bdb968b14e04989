import { Router, type Request, type Response } from "express";
import type { TourSupplier } from "#core/tours/supplier.ts";
import { hash, prng } from "#seed/seeded-random.ts";

/**
 * Tour pictures drawn by us and served locally (issue 21): `/tour-images/{city}.svg` is a landscape
 * of a destination made from its slug alone (a beach, domes, mountains, a skyline or a desert), so
 * it never changes and is cached for a year. Only destinations the tour supplier sells are drawn.
 */
const PATH = /^\/tour-images\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;
const W = 640;
const H = 360;
/** How long the list of destinations is trusted before it is asked again. */
const DESTINATIONS_TTL_MS = 10 * 60_000;

type Random = () => number;
type Scene = "beach" | "heritage" | "mountains" | "skyline" | "desert";

/** What each destination looks like; a city not named here gets a scene from its slug. */
const SCENES: Record<string, Scene> = {
  kish: "beach",
  qeshm: "beach",
  "bandar-abbas": "beach",
  chabahar: "beach",
  antalya: "beach",
  mashhad: "heritage",
  isfahan: "heritage",
  shiraz: "heritage",
  qom: "heritage",
  istanbul: "heritage",
  ramsar: "mountains",
  tabriz: "mountains",
  tbilisi: "mountains",
  yerevan: "mountains",
  sari: "mountains",
  dubai: "skyline",
  "kuala-lumpur": "skyline",
  tehran: "skyline",
  yazd: "desert",
  kerman: "desert",
  kashan: "desert",
};
const ALL_SCENES: readonly Scene[] = ["beach", "heritage", "mountains", "skyline", "desert"];

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const n = (value: number) => value.toFixed(1);
const rect = (x: number, y: number, w: number, h: number, fill: string) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"/>`;
const circle = (x: number, y: number, r: number, fill: string) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"/>`;
const path = (d: string, fill: string) => `<path d="${d}" fill="${fill}"/>`;

function sky(random: Random, top: string, bottom: string, sunColour: string): string {
  return (
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    rect(0, 0, W, H, "url(#sky)") +
    circle(80 + random() * 480, 60 + random() * 30, 26, sunColour)
  );
}

function palm(x: number, ground: number, random: Random): string {
  const height = 90 + random() * 50;
  const top = ground - height;
  const trunk = path(
    `M${n(x - 4)} ${ground} Q ${n(x + 10)} ${n(ground - height / 2)} ${n(x + 6)} ${n(top)} L ${n(x + 12)} ${n(top)} Q ${n(x + 18)} ${n(ground - height / 2)} ${n(x + 6)} ${ground} Z`,
    "#7b5a3a",
  );
  const leaves = [-60, -25, 15, 50]
    .map((spread) =>
      path(`M${n(x + 9)} ${n(top)} q ${n(spread / 2)} -28 ${n(spread)} 6 q ${n(-spread / 2)} -14 ${n(-spread)} -6 Z`, "#2e7d32"),
    )
    .join("");
  return trunk + leaves;
}

function beach(random: Random): string {
  const waves = Array.from({ length: 4 }, (_, index) => {
    const y = 235 + index * 18;
    return `<path d="M0 ${y} q 40 -8 80 0 t 80 0 t 80 0 t 80 0 t 80 0 t 80 0 t 80 0 t 80 0" stroke="#e1f5fe" stroke-width="2" fill="none"/>`;
  }).join("");
  const boat = random() < 0.6 ? path(`M${n(380 + random() * 150)} 212 l 40 0 l -8 10 l -26 0 Z`, "#fafafa") : "";
  return [
    sky(random, "#4fc3f7", "#e1f5fe", "#ffe066"),
    rect(0, 205, W, 95, "#0288d1"),
    waves,
    boat,
    path("M0 300 Q 200 270 420 292 T 640 286 L 640 360 L 0 360 Z", "#f3d9a4"),
    palm(70, 320, random),
    palm(140 + random() * 40, 330, random),
    palm(560, 318, random),
  ].join("");
}

function dome(x: number, ground: number, width: number, colour: string): string {
  const drum = width * 0.7;
  return (
    rect(x - width / 2, ground - 70, width, 70, "#e9dcc3") +
    rect(x - drum / 2, ground - 95, drum, 25, "#d9c2a0") +
    path(
      `M${n(x - drum / 2)} ${n(ground - 95)} Q ${n(x - drum / 2)} ${n(ground - 95 - drum)} ${n(x)} ${n(ground - 100 - drum)} Q ${n(x + drum / 2)} ${n(ground - 95 - drum)} ${n(x + drum / 2)} ${n(ground - 95)} Z`,
      colour,
    ) +
    rect(x - 1.5, ground - 120 - drum, 3, 22, "#c9a227")
  );
}

function minaret(x: number, ground: number, height: number, colour: string): string {
  return (
    rect(x - 7, ground - height, 14, height, "#e9dcc3") +
    rect(x - 10, ground - height * 0.75, 20, 6, colour) +
    path(`M${n(x - 7)} ${n(ground - height)} L ${n(x)} ${n(ground - height - 22)} L ${n(x + 7)} ${n(ground - height)} Z`, colour)
  );
}

function heritage(random: Random): string {
  const tile = pick(random, ["#1e88e5", "#00897b", "#3949ab", "#c9a227"]);
  const ground = 300;
  return [
    sky(random, pick(random, ["#90caf9", "#f6b26b"]), "#fff3e0", "#fff59d"),
    rect(0, ground, W, H - ground, "#c8b08a"),
    rect(0, ground + 28, W, 32, "#4fc3f7"),
    minaret(150, ground, 150 + random() * 30, tile),
    minaret(490, ground, 150 + random() * 30, tile),
    dome(320, ground, 170, tile),
    dome(215, ground, 70, tile),
    dome(425, ground, 70, tile),
  ].join("");
}

function mountains(random: Random): string {
  const snow = random() < 0.7;
  const trees = Array.from({ length: 14 }, (_, index) => {
    const x = 20 + index * 45 + random() * 12;
    const y = 300 + random() * 25;
    return path(`M${n(x)} ${n(y - 40)} L ${n(x - 14)} ${n(y)} L ${n(x + 14)} ${n(y)} Z`, pick(random, ["#2e7d32", "#1b5e20", "#388e3c"]));
  }).join("");
  return [
    sky(random, "#81d4fa", "#f1f8e9", "#ffe066"),
    path("M0 250 L120 110 L220 210 L330 80 L450 200 L540 130 L640 230 L640 360 L0 360 Z", "#78909c"),
    snow ? path("M300 115 L330 80 L360 115 L345 108 L330 120 L315 108 Z", "#fafafa") + path("M100 133 L120 110 L140 133 Z", "#fafafa") : "",
    path("M0 290 Q 160 240 330 280 T 640 270 L 640 360 L 0 360 Z", "#7cb342"),
    trees,
  ].join("");
}

function skyline(random: Random): string {
  const towers = Array.from({ length: 12 }, (_, index) => {
    const width = 30 + random() * 20;
    const height = 80 + random() * 170;
    const x = index * 54 + random() * 8;
    const windows = Array.from({ length: Math.floor(height / 24) }, (_, row) =>
      rect(x + 6, 300 - height + 10 + row * 24, width - 12, 8, "#ffe082"),
    ).join("");
    return rect(x, 300 - height, width, height, pick(random, ["#455a64", "#546e7a", "#37474f", "#607d8b"])) + windows;
  }).join("");
  const spire = `${rect(316, 40, 8, 260, "#90a4ae")}${path("M310 300 L320 30 L330 300 Z", "#b0bec5")}`;
  return [sky(random, "#1a237e", "#f48fb1", "#ffcc80"), spire, towers, rect(0, 300, W, 60, "#263238"), rect(0, 318, W, 4, "#ffca28")].join(
    "",
  );
}

function desert(random: Random): string {
  const windcatcher = (x: number) =>
    rect(x - 14, 180, 28, 90, "#d7b98e") +
    Array.from({ length: 3 }, (_, index) => rect(x - 10 + index * 8, 188, 4, 28, "#8d6e63")).join("");
  return [
    sky(random, "#ffb74d", "#fff8e1", "#ff7043"),
    path("M0 270 Q 150 220 300 260 T 640 250 L 640 360 L 0 360 Z", "#e0b872"),
    rect(180, 230, 260, 60, "#d7b98e"),
    windcatcher(220),
    windcatcher(400),
    path("M290 230 Q 310 190 330 230 Z", "#c9a227"),
    path("M0 310 Q 200 280 380 320 T 640 300 L 640 360 L 0 360 Z", "#d4a35a"),
  ].join("");
}

const DRAW: Record<Scene, (random: Random) => string> = { beach, heritage, mountains, skyline, desert };

/** The SVG of a destination: the same for the same city, every time. */
export function drawTourImage(city: string): string {
  const random = prng(hash(`tour/${city}`));
  const scene = SCENES[city] ?? ALL_SCENES[hash(city) % ALL_SCENES.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${DRAW[scene](random)}</svg>`;
}

/** GET /tour-images/{city}.svg: the picture of a destination the supplier sells at home or abroad; 404 otherwise. */
export function tourImages(deps: { tours: TourSupplier | null | undefined }): Router {
  const router = Router();
  let known: { cities: Set<string>; until: number } | null = null;
  const destinations = async (): Promise<Set<string>> => {
    if (known && known.until > Date.now()) return known.cities;
    if (!deps.tours) return new Set();
    const [domestic, abroad] = await Promise.all([deps.tours.destinations("domestic"), deps.tours.destinations("international")]);
    known = { cities: new Set([...domestic, ...abroad].map((destination) => destination.city)), until: Date.now() + DESTINATIONS_TTL_MS };
    return known.cities;
  };
  router.get(/^\/tour-images\//, async (req: Request, res: Response, next) => {
    const match = PATH.exec(req.path);
    if (!match) return res.status(404).type("text/plain").send("Not found");
    try {
      const city = match[1]!;
      if (!(await destinations()).has(city)) return res.status(404).type("text/plain").send("Not found");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.type("image/svg+xml").send(drawTourImage(city));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
