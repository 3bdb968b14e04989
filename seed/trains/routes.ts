/**
 * Rail routes of the house inventory, each run both ways: station slugs of seed/places/stations.ts,
 * the distance by rail (prices scale with it) and the usual running time of an ordinary train
 * (a train may run faster or slower, see trains.ts). Distances and times are rounded figures of
 * the national network's timetables.
 */
export interface TrainRouteSeed {
  from: string;
  to: string;
  km: number;
  minutes: number;
}

export const TRAIN_ROUTES: readonly TrainRouteSeed[] = [
  // The busiest line: about 70% of rail trips touch Mashhad.
  { from: "tehran", to: "mashhad", km: 926, minutes: 690 },
  { from: "tehran", to: "tabriz", km: 736, minutes: 750 },
  { from: "tehran", to: "yazd", km: 630, minutes: 420 },
  { from: "tehran", to: "isfahan", km: 470, minutes: 400 },
  { from: "tehran", to: "shiraz", km: 1000, minutes: 830 },
  { from: "tehran", to: "bandar-abbas", km: 1450, minutes: 1170 },
  { from: "tehran", to: "kerman", km: 1030, minutes: 780 },
  { from: "tehran", to: "ahvaz", km: 940, minutes: 840 },
  { from: "tehran", to: "sari", km: 350, minutes: 420 },
  { from: "tehran", to: "gorgan", km: 500, minutes: 570 },
  { from: "tehran", to: "zanjan", km: 330, minutes: 270 },
  { from: "tehran", to: "qom", km: 150, minutes: 110 },
  { from: "tehran", to: "kashan", km: 250, minutes: 190 },
  { from: "tehran", to: "zahedan", km: 1600, minutes: 1320 },
  { from: "tehran", to: "rasht", km: 320, minutes: 270 },
  { from: "tehran", to: "hamedan", km: 420, minutes: 390 },
  { from: "tehran", to: "kermanshah", km: 620, minutes: 560 },
  { from: "tehran", to: "arak", km: 290, minutes: 280 },
  { from: "tehran", to: "semnan", km: 220, minutes: 160 },
  { from: "tehran", to: "andimeshk", km: 700, minutes: 630 },
  { from: "tehran", to: "khorramshahr", km: 1060, minutes: 950 },
  { from: "tehran", to: "urmia", km: 900, minutes: 800 },
  { from: "mashhad", to: "yazd", km: 900, minutes: 720 },
  { from: "mashhad", to: "qom", km: 1070, minutes: 780 },
  { from: "mashhad", to: "tabriz", km: 1660, minutes: 1380 },
  { from: "mashhad", to: "isfahan", km: 1390, minutes: 1080 },
  { from: "mashhad", to: "kerman", km: 1100, minutes: 840 },
  { from: "mashhad", to: "bandar-abbas", km: 1500, minutes: 1200 },
  { from: "isfahan", to: "shiraz", km: 520, minutes: 480 },
];

/** The route between two stations, whichever way it is written. */
export function trainRoute(a: string, b: string): TrainRouteSeed | undefined {
  return TRAIN_ROUTES.find((route) => (route.from === a && route.to === b) || (route.from === b && route.to === a));
}
