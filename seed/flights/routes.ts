/**
 * Domestic city pairs of the seed timetable. Each pair is listed once and flown both ways.
 *
 * - durationMinutes: scheduled block time (gate to gate), the same both ways;
 * - baseFare: a typical one-way adult economy fare in toman, the price fares.ts multiplies;
 * - airlines: who flies it, the main operator first (each gets at least one daily slot);
 * - dailyFlights: departures a day in each direction (1–12), by how busy the pair is.
 *
 * Block times follow published timetables (Mehrabad–Mashhad about 1 h 25 min, Mehrabad–Kish about
 * 1 h 50 min). Fares are in the range Iranian domestic fares have reached after the price cap was
 * tied to the "seat-hour" formula: longer and island routes cost more.
 */
export interface RouteSeed {
  from: string;
  to: string;
  durationMinutes: number;
  baseFare: number;
  airlines: string[];
  dailyFlights: number;
}

export const ROUTES: RouteSeed[] = [
  // Tehran Mehrabad (THR) to the big cities
  {
    from: "THR",
    to: "MHD",
    durationMinutes: 85,
    baseFare: 3_000_000,
    airlines: ["IR", "W5", "HH", "B9", "JI", "ZV", "QB", "RV", "Y9", "EP", "I3", "IS"],
    dailyFlights: 12,
  },
  {
    from: "THR",
    to: "KIH",
    durationMinutes: 110,
    baseFare: 3_900_000,
    airlines: ["Y9", "IR", "W5", "QB", "ZV", "JI", "RV", "I3"],
    dailyFlights: 8,
  },
  {
    from: "THR",
    to: "SYZ",
    durationMinutes: 85,
    baseFare: 2_900_000,
    airlines: ["IR", "W5", "QP", "IS", "EP", "ZV", "Y9"],
    dailyFlights: 8,
  },
  { from: "THR", to: "AWZ", durationMinutes: 80, baseFare: 2_700_000, airlines: ["IR", "NV", "EP", "ZV", "W5", "QB"], dailyFlights: 7 },
  { from: "THR", to: "TBZ", durationMinutes: 70, baseFare: 2_400_000, airlines: ["I3", "IR", "W5", "ZV", "RV"], dailyFlights: 6 },
  { from: "THR", to: "BND", durationMinutes: 110, baseFare: 3_600_000, airlines: ["IR", "EP", "W5", "QB", "Y9"], dailyFlights: 6 },
  { from: "THR", to: "IFN", durationMinutes: 60, baseFare: 2_100_000, airlines: ["IR", "EP", "W5"], dailyFlights: 4 },
  { from: "THR", to: "KER", durationMinutes: 95, baseFare: 3_100_000, airlines: ["W5", "IR", "EP"], dailyFlights: 4 },
  { from: "THR", to: "ABD", durationMinutes: 85, baseFare: 2_800_000, airlines: ["ZV", "IR", "EP"], dailyFlights: 4 },
  { from: "THR", to: "ZAH", durationMinutes: 120, baseFare: 3_700_000, airlines: ["IR", "EP", "W5"], dailyFlights: 3 },
  { from: "THR", to: "GSM", durationMinutes: 115, baseFare: 3_900_000, airlines: ["QB", "IR"], dailyFlights: 3 },
  { from: "THR", to: "AZD", durationMinutes: 70, baseFare: 2_400_000, airlines: ["IR", "EP", "W5"], dailyFlights: 3 },
  { from: "THR", to: "KSH", durationMinutes: 65, baseFare: 2_200_000, airlines: ["IR", "EP", "ZV"], dailyFlights: 3 },
  { from: "THR", to: "BUZ", durationMinutes: 95, baseFare: 3_200_000, airlines: ["IR", "EP", "W5"], dailyFlights: 3 },
  { from: "THR", to: "OMH", durationMinutes: 80, baseFare: 2_500_000, airlines: ["IR", "I3", "EP"], dailyFlights: 3 },
  { from: "THR", to: "PGU", durationMinutes: 105, baseFare: 3_500_000, airlines: ["IR", "EP", "NV"], dailyFlights: 3 },

  // Tehran Mehrabad to the smaller airports
  { from: "THR", to: "RAS", durationMinutes: 50, baseFare: 1_900_000, airlines: ["IR", "EP"], dailyFlights: 2 },
  { from: "THR", to: "SRY", durationMinutes: 50, baseFare: 1_900_000, airlines: ["VR", "IR"], dailyFlights: 2 },
  { from: "THR", to: "ADU", durationMinutes: 60, baseFare: 2_000_000, airlines: ["IR", "EP"], dailyFlights: 2 },
  { from: "THR", to: "ZBR", durationMinutes: 130, baseFare: 4_200_000, airlines: ["IR", "EP"], dailyFlights: 2 },
  { from: "THR", to: "BJB", durationMinutes: 75, baseFare: 2_300_000, airlines: ["EP", "VR"], dailyFlights: 2 },
  { from: "THR", to: "XBJ", durationMinutes: 95, baseFare: 2_900_000, airlines: ["IR", "EP"], dailyFlights: 2 },
  { from: "THR", to: "GBT", durationMinutes: 60, baseFare: 2_000_000, airlines: ["IR", "VR"], dailyFlights: 2 },
  { from: "THR", to: "KHD", durationMinutes: 60, baseFare: 2_000_000, airlines: ["EP", "IR"], dailyFlights: 2 },
  { from: "THR", to: "LRR", durationMinutes: 105, baseFare: 3_400_000, airlines: ["EP", "IR"], dailyFlights: 2 },
  { from: "THR", to: "SDG", durationMinutes: 60, baseFare: 2_000_000, airlines: ["EP", "RV"], dailyFlights: 2 },
  { from: "THR", to: "DEF", durationMinutes: 75, baseFare: 2_600_000, airlines: ["NV", "RV"], dailyFlights: 2 },
  { from: "THR", to: "MRX", durationMinutes: 85, baseFare: 2_700_000, airlines: ["EP", "NV"], dailyFlights: 2 },
  { from: "THR", to: "HDM", durationMinutes: 50, baseFare: 1_800_000, airlines: ["IR"], dailyFlights: 1 },
  { from: "THR", to: "IIL", durationMinutes: 70, baseFare: 2_200_000, airlines: ["IR"], dailyFlights: 1 },
  { from: "THR", to: "SYJ", durationMinutes: 95, baseFare: 3_000_000, airlines: ["EP"], dailyFlights: 1 },
  { from: "THR", to: "YES", durationMinutes: 80, baseFare: 2_500_000, airlines: ["EP"], dailyFlights: 1 },
  { from: "THR", to: "CQD", durationMinutes: 65, baseFare: 2_100_000, airlines: ["EP"], dailyFlights: 1 },
  { from: "THR", to: "BDH", durationMinutes: 110, baseFare: 3_600_000, airlines: ["Y9"], dailyFlights: 1 },
  { from: "THR", to: "PFQ", durationMinutes: 75, baseFare: 2_300_000, airlines: ["EP"], dailyFlights: 1 },

  // Between other cities: Mashhad (pilgrims) and the Persian Gulf islands lead
  { from: "MHD", to: "KIH", durationMinutes: 120, baseFare: 4_100_000, airlines: ["HH", "Y9", "W5", "B9", "QB"], dailyFlights: 6 },
  { from: "MHD", to: "SYZ", durationMinutes: 100, baseFare: 3_300_000, airlines: ["IR", "IS", "HH", "QP"], dailyFlights: 4 },
  { from: "AWZ", to: "MHD", durationMinutes: 125, baseFare: 3_900_000, airlines: ["HH", "NV", "IR", "B9"], dailyFlights: 4 },
  { from: "SYZ", to: "KIH", durationMinutes: 55, baseFare: 2_300_000, airlines: ["Y9", "IR", "QP", "IS"], dailyFlights: 4 },
  { from: "MHD", to: "IFN", durationMinutes: 95, baseFare: 3_100_000, airlines: ["IR", "HH", "B9"], dailyFlights: 3 },
  { from: "IFN", to: "KIH", durationMinutes: 80, baseFare: 3_000_000, airlines: ["Y9", "IR", "EP"], dailyFlights: 3 },
  { from: "TBZ", to: "MHD", durationMinutes: 125, baseFare: 3_900_000, airlines: ["I3", "HH", "B9"], dailyFlights: 3 },
  { from: "MHD", to: "BND", durationMinutes: 110, baseFare: 3_700_000, airlines: ["IR", "HH", "EP"], dailyFlights: 3 },
  { from: "SYZ", to: "AWZ", durationMinutes: 55, baseFare: 2_100_000, airlines: ["IR", "NV", "EP"], dailyFlights: 3 },
  { from: "AWZ", to: "KIH", durationMinutes: 80, baseFare: 3_000_000, airlines: ["Y9", "NV"], dailyFlights: 2 },
  { from: "TBZ", to: "KIH", durationMinutes: 150, baseFare: 4_600_000, airlines: ["I3", "Y9"], dailyFlights: 2 },
  { from: "MHD", to: "KER", durationMinutes: 90, baseFare: 3_000_000, airlines: ["HH", "W5"], dailyFlights: 2 },
  { from: "MHD", to: "ZAH", durationMinutes: 80, baseFare: 2_700_000, airlines: ["IR", "HH"], dailyFlights: 2 },
  { from: "MHD", to: "AZD", durationMinutes: 75, baseFare: 2_600_000, airlines: ["HH", "IR"], dailyFlights: 2 },
  { from: "MHD", to: "KSH", durationMinutes: 120, baseFare: 3_700_000, airlines: ["JI", "HH"], dailyFlights: 2 },
  { from: "MHD", to: "BUZ", durationMinutes: 120, baseFare: 3_800_000, airlines: ["IR", "HH"], dailyFlights: 2 },
  { from: "MHD", to: "OMH", durationMinutes: 140, baseFare: 4_200_000, airlines: ["I3", "HH"], dailyFlights: 2 },
  { from: "MHD", to: "ABD", durationMinutes: 120, baseFare: 3_800_000, airlines: ["HH", "ZV"], dailyFlights: 2 },
  { from: "SYZ", to: "BND", durationMinutes: 55, baseFare: 2_100_000, airlines: ["EP", "IR"], dailyFlights: 2 },
  { from: "IFN", to: "BND", durationMinutes: 80, baseFare: 2_800_000, airlines: ["IR", "EP"], dailyFlights: 2 },
  { from: "IFN", to: "AWZ", durationMinutes: 55, baseFare: 2_000_000, airlines: ["IR", "NV"], dailyFlights: 2 },
  { from: "TBZ", to: "SYZ", durationMinutes: 125, baseFare: 3_900_000, airlines: ["I3", "IS"], dailyFlights: 2 },
  { from: "MHD", to: "GSM", durationMinutes: 120, baseFare: 3_800_000, airlines: ["QB"], dailyFlights: 1 },
  { from: "MHD", to: "RAS", durationMinutes: 95, baseFare: 3_000_000, airlines: ["IR"], dailyFlights: 1 },
];
