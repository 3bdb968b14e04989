/**
 * Road routes of the house bus inventory, each run both ways: terminal slugs of
 * seed/places/terminals.ts (a city's buses leave from the terminal that serves that direction:
 * Tehran's East and Beyhaghi for Khorasan and Mazandaran, West for Azarbaijan and Gilan, South for
 * Isfahan, Fars, Kerman and Khuzestan) and the road distance in km (prices and times scale with it).
 */
export interface BusRouteSeed {
  /** Terminal slugs. */
  a: string;
  b: string;
  km: number;
}

export const BUS_ROUTES: readonly BusRouteSeed[] = [
  // From Tehran
  { a: "tehran-east", b: "mashhad-imam-reza", km: 900 },
  { a: "tehran-beyhaghi", b: "mashhad-imam-reza", km: 900 },
  { a: "tehran-south", b: "isfahan-kaveh", km: 440 },
  { a: "tehran-beyhaghi", b: "isfahan-kaveh", km: 440 },
  { a: "tehran-south", b: "shiraz-karandish", km: 920 },
  { a: "tehran-west", b: "tabriz", km: 630 },
  { a: "tehran-west", b: "rasht", km: 320 },
  { a: "tehran-east", b: "sari", km: 250 },
  { a: "tehran-south", b: "kerman", km: 980 },
  { a: "tehran-south", b: "yazd", km: 620 },
  { a: "tehran-south", b: "ahvaz", km: 820 },
  { a: "tehran-south", b: "bandar-abbas", km: 1270 },
  { a: "tehran-south", b: "qom", km: 150 },
  { a: "tehran-south", b: "kashan", km: 240 },
  { a: "tehran-west", b: "hamedan", km: 330 },
  { a: "tehran-west", b: "kermanshah", km: 520 },
  { a: "tehran-west", b: "zanjan", km: 330 },
  { a: "tehran-west", b: "qazvin", km: 150 },
  { a: "tehran-east", b: "gorgan", km: 390 },
  { a: "tehran-west", b: "ardabil", km: 590 },
  { a: "tehran-west", b: "urmia", km: 760 },
  { a: "tehran-south", b: "bushehr", km: 1150 },
  { a: "tehran-south", b: "arak", km: 290 },
  { a: "tehran-west", b: "sanandaj", km: 500 },
  { a: "tehran-south", b: "khorramabad", km: 490 },
  { a: "tehran-east", b: "semnan", km: 220 },
  { a: "tehran-south", b: "zahedan", km: 1600 },
  // Between the provinces
  { a: "isfahan-soffeh", b: "shiraz-karandish", km: 480 },
  { a: "isfahan-kaveh", b: "mashhad-imam-reza", km: 1180 },
  { a: "isfahan-jey", b: "yazd", km: 320 },
  { a: "isfahan-kaveh", b: "ahvaz", km: 600 },
  { a: "isfahan-jey", b: "kerman", km: 660 },
  { a: "isfahan-kaveh", b: "tabriz", km: 1000 },
  { a: "isfahan-soffeh", b: "bandar-abbas", km: 1080 },
  { a: "isfahan-kaveh", b: "kashan", km: 210 },
  { a: "isfahan-kaveh", b: "qom", km: 270 },
  { a: "shiraz-karandish", b: "bandar-abbas", km: 580 },
  { a: "shiraz-amir-kabir", b: "bushehr", km: 300 },
  { a: "shiraz-karandish", b: "kerman", km: 570 },
  { a: "shiraz-karandish", b: "yazd", km: 440 },
  { a: "shiraz-amir-kabir", b: "ahvaz", km: 550 },
  { a: "shiraz-karandish", b: "mashhad-imam-reza", km: 1380 },
  { a: "mashhad-imam-reza", b: "yazd", km: 900 },
  { a: "mashhad-imam-reza", b: "kerman", km: 920 },
  { a: "mashhad-imam-reza", b: "gorgan", km: 480 },
  { a: "mashhad-imam-reza", b: "sari", km: 620 },
  { a: "mashhad-imam-reza", b: "tabriz", km: 1530 },
  { a: "tabriz", b: "urmia", km: 300 },
  { a: "tabriz", b: "ardabil", km: 210 },
  { a: "tabriz", b: "zanjan", km: 290 },
  { a: "tabriz", b: "rasht", km: 480 },
  { a: "rasht", b: "qazvin", km: 180 },
  { a: "rasht", b: "sari", km: 400 },
  { a: "sari", b: "gorgan", km: 140 },
  { a: "hamedan", b: "kermanshah", km: 190 },
  { a: "hamedan", b: "qazvin", km: 240 },
  { a: "kermanshah", b: "ahvaz", km: 580 },
  { a: "yazd", b: "kerman", km: 370 },
  { a: "kerman", b: "bandar-abbas", km: 480 },
  { a: "qom", b: "kashan", km: 110 },
  { a: "ahvaz", b: "bushehr", km: 560 },
  { a: "zanjan", b: "qazvin", km: 180 },
];
