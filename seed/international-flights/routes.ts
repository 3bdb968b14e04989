/**
 * The international timetable: each service is one airline flying a pair of airports both ways,
 * out of `from` at the local times of `departs` and back out of `to` at those of `returns`, on
 * the weekdays listed (JavaScript numbering, 0 Sunday … 6 Saturday). `baseFare` is the one-way
 * adult base fare in tomans before class multipliers and charges. Flights from an airline's hub
 * to the world feed its connections (an online connection: one airline, one through fare); a
 * `feeder` is a domestic flight to IKA sold only as part of a trip abroad.
 */
export interface InternationalServiceSeed {
  airline: string;
  from: string;
  to: string;
  minutes: number;
  departs: string[];
  returns: string[];
  weekdays: readonly number[];
  aircraft: string;
  baseFare: number;
  feeder?: true;
}

const DAILY = [0, 1, 2, 3, 4, 5, 6] as const;
const FOUR_A_WEEK = [6, 1, 3, 4] as const;
const THREE_A_WEEK = [0, 2, 4] as const;
const M = 1_000_000;

type Row = [
  airline: string,
  from: string,
  to: string,
  minutes: number,
  departs: string,
  returns: string,
  aircraft: string,
  baseFare: number,
];

function services(weekdays: readonly number[], rows: Row[], feeder = false): InternationalServiceSeed[] {
  return rows.map(([airline, from, to, minutes, departs, returns, aircraft, baseFare]) => ({
    airline,
    from,
    to,
    minutes,
    departs: departs.split(" "),
    returns: returns.split(" "),
    weekdays,
    aircraft,
    baseFare,
    ...(feeder ? { feeder: true as const } : {}),
  }));
}

export const INTERNATIONAL_SERVICES: InternationalServiceSeed[] = [
  // Iranian carriers out of Tehran Imam Khomeini.
  ...services(DAILY, [
    ["IR", "IKA", "IST", 250, "07:30", "13:10", "Airbus A321", 13 * M],
    ["IR", "IKA", "FRA", 340, "08:00", "15:30", "Airbus A300-600", 33 * M],
    ["W5", "IKA", "IST", 250, "09:40", "15:20", "Airbus A310", 12 * M],
    ["W5", "IKA", "DXB", 125, "11:00", "15:30", "Airbus A310", 8.5 * M],
    ["W5", "IKA", "NJF", 110, "06:30", "10:00", "Airbus A320", 6 * M],
    ["EP", "IKA", "EVN", 85, "08:20", "11:10", "Fokker 100", 7 * M],
    ["EP", "IKA", "MCT", 125, "16:00", "19:45", "Boeing 737-800", 8 * M],
    ["IR", "MHD", "NJF", 150, "14:30", "18:40", "Airbus A300-600", 6.5 * M],
    ["IR", "TBZ", "IST", 200, "08:10", "12:30", "Airbus A320", 10 * M],
    ["QB", "KIH", "DXB", 55, "10:00", "13:00", "Fokker 100", 4 * M],
  ]),
  ...services(FOUR_A_WEEK, [
    ["IR", "IKA", "HAM", 350, "08:30", "16:00", "Airbus A300-600", 34 * M],
    ["IR", "IKA", "CDG", 370, "07:45", "15:20", "Airbus A300-600", 36 * M],
    ["IR", "IKA", "LHR", 390, "07:00", "14:40", "Airbus A300-600", 40 * M],
    ["W5", "IKA", "KUL", 460, "22:30", "11:30", "Airbus A310", 28 * M],
    ["W5", "IKA", "BKK", 420, "21:50", "10:45", "Airbus A310", 30 * M],
    ["W5", "IKA", "AYT", 240, "06:00", "12:00", "Airbus A310", 14 * M],
    ["EP", "IKA", "TBS", 130, "12:10", "16:00", "Boeing 737-800", 8 * M],
    ["W5", "MHD", "IST", 285, "07:20", "13:00", "Airbus A310", 13 * M],
    ["W5", "SYZ", "IST", 265, "07:50", "13:20", "Airbus A310", 12.5 * M],
    ["QB", "IFN", "IST", 255, "09:30", "15:10", "Airbus A320", 12 * M],
  ]),
  ...services(THREE_A_WEEK, [
    ["EP", "MHD", "MCT", 130, "15:40", "19:10", "Boeing 737-800", 7.5 * M],
    ["EP", "SYZ", "DOH", 80, "17:10", "20:00", "Fokker 100", 6 * M],
  ]),
  // Foreign carriers, out of their hubs (their evening arrival in Iran turns round at night).
  ...services(DAILY, [
    ["TK", "IST", "IKA", 235, "19:10 08:35", "02:50 14:40", "Airbus A330-300", 14 * M],
    ["TK", "IST", "MHD", 265, "18:40", "02:35", "Airbus A321", 14 * M],
    ["TK", "IST", "SYZ", 250, "18:55", "02:45", "Airbus A321", 13.5 * M],
    ["TK", "IST", "IFN", 235, "19:05", "02:30", "Airbus A321", 13 * M],
    ["TK", "IST", "FRA", 195, "07:45 18:30", "13:25 23:55", "Boeing 777-300ER", 16 * M],
    ["TK", "IST", "HAM", 205, "08:05", "13:40", "Airbus A321", 16 * M],
    ["TK", "IST", "CDG", 235, "07:30 17:40", "13:05 23:40", "Boeing 777-300ER", 17 * M],
    ["TK", "IST", "LHR", 250, "07:15 18:05", "12:45 23:30", "Boeing 777-300ER", 19 * M],
    ["TK", "IST", "AYT", 80, "10:40 19:20", "13:05 21:40", "Airbus A321", 3 * M],
    ["TK", "IST", "TBS", 130, "09:10", "13:35", "Airbus A321", 6 * M],
    ["PC", "SAW", "IKA", 230, "21:30", "02:55", "Airbus A320neo", 9 * M],
    ["PC", "SAW", "AYT", 75, "09:50", "12:00", "Airbus A320neo", 2.5 * M],
    ["QR", "DOH", "IKA", 150, "01:30", "05:10", "Airbus A350-900", 11 * M],
    ["QR", "DOH", "MHD", 165, "15:30", "19:50", "Airbus A320", 11 * M],
    ["QR", "DOH", "SYZ", 80, "15:00", "17:55", "Airbus A320", 8 * M],
    ["QR", "DOH", "FRA", 390, "08:20", "16:40", "Boeing 787-9", 22 * M],
    ["QR", "DOH", "CDG", 420, "08:05", "16:15", "Boeing 777-300ER", 24 * M],
    ["QR", "DOH", "LHR", 440, "07:40", "15:55", "Boeing 777-300ER", 26 * M],
    ["QR", "DOH", "KUL", 450, "20:20", "22:15", "Boeing 787-9", 20 * M],
    ["QR", "DOH", "BKK", 380, "19:50", "20:40", "Boeing 787-9", 20 * M],
    ["QR", "DOH", "IST", 275, "08:15", "17:15", "Airbus A350-900", 14 * M],
    ["EK", "DXB", "IKA", 135, "08:30", "04:15", "Boeing 777-300ER", 10 * M],
    ["EK", "DXB", "IST", 300, "09:20 15:55", "16:35 22:00", "Boeing 777-300ER", 14 * M],
    ["EK", "DXB", "FRA", 415, "09:05", "14:25", "Boeing 777-300ER", 22 * M],
    ["EK", "DXB", "CDG", 445, "08:40", "14:45", "Boeing 777-300ER", 24 * M],
    ["EK", "DXB", "LHR", 460, "07:45", "14:00", "Boeing 777-300ER", 26 * M],
    ["EK", "DXB", "KUL", 425, "03:15", "13:25", "Boeing 777-300ER", 19 * M],
    ["EK", "DXB", "BKK", 370, "03:40", "11:05", "Boeing 777-300ER", 19 * M],
    ["FZ", "DXB", "IKA", 125, "15:20", "19:00", "Boeing 737 MAX 8", 8 * M],
    ["FZ", "DXB", "MHD", 120, "07:10", "10:40", "Boeing 737 MAX 8", 8 * M],
    ["FZ", "DXB", "SYZ", 80, "08:00", "10:45", "Boeing 737 MAX 8", 6.5 * M],
    ["FZ", "DXB", "KIH", 55, "17:00", "18:55", "Boeing 737 MAX 8", 4 * M],
    ["FZ", "DXB", "IST", 300, "07:05 14:40", "14:10 21:45", "Boeing 737 MAX 8", 11 * M],
    ["WY", "MCT", "IKA", 125, "09:50", "13:20", "Boeing 737-800", 8 * M],
  ]),
  // Fewer than daily.
  ...services(FOUR_A_WEEK, [
    ["IR", "IKA", "NJF", 110, "10:15", "13:45", "Airbus A320", 6.5 * M],
    ["W5", "IKA", "BGW", 100, "13:20", "16:40", "Airbus A320", 6 * M],
    ["QB", "IKA", "IST", 250, "15:00", "20:30", "Airbus A320", 11 * M],
    ["EP", "MHD", "NJF", 150, "09:00", "13:10", "Fokker 100", 6 * M],
    ["W5", "MHD", "BGW", 140, "11:30", "15:30", "Airbus A310", 6.5 * M],
    ["QB", "IFN", "NJF", 105, "08:45", "12:00", "Fokker 100", 5.5 * M],
    ["TK", "IST", "TBZ", 180, "20:30", "03:00", "Boeing 737-800", 11 * M],
    ["VF", "SAW", "IKA", 230, "01:20", "05:45", "Boeing 737-800", 9.5 * M],
    ["PC", "SAW", "TBZ", 180, "22:00", "02:40", "Airbus A320neo", 8 * M],
    ["PC", "SAW", "HAM", 195, "07:10", "12:05", "Airbus A320neo", 12 * M],
    ["QR", "DOH", "IFN", 110, "14:50", "18:20", "Airbus A320", 9 * M],
    ["FZ", "DXB", "IFN", 105, "07:40", "10:55", "Boeing 737 MAX 8", 7 * M],
    ["FZ", "DXB", "TBZ", 170, "06:50", "10:40", "Boeing 737 MAX 8", 8.5 * M],
    ["FZ", "DXB", "TBS", 210, "08:55", "13:25", "Boeing 737 MAX 8", 9 * M],
    ["J2", "GYD", "IKA", 85, "10:05", "12:40", "Airbus A320", 7 * M],
    ["WY", "MCT", "MHD", 130, "08:25", "11:55", "Boeing 737-800", 8 * M],
    ["IA", "BGW", "IKA", 100, "11:00", "14:20", "Boeing 737-800", 5.5 * M],
  ]),
  // Domestic feeders of the Tehran hub: MHD–IST via IKA and the like.
  ...services(
    DAILY,
    [
      ["W5", "MHD", "IKA", 90, "04:30 16:00", "12:30 23:59", "Airbus A310", 3 * M],
      ["W5", "SYZ", "IKA", 85, "04:45", "23:30", "Airbus A310", 3 * M],
      ["W5", "TBZ", "IKA", 75, "05:00", "23:45", "Airbus A320", 2.5 * M],
      ["IR", "MHD", "IKA", 90, "03:30", "11:00", "Airbus A320", 3 * M],
    ],
    true,
  ),
];
