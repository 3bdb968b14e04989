import type { RefundRule } from "#core/flights/flight.ts";

/**
 * Refund (cancellation) penalties of domestic fares, per airline and fare class, as data
 * (iran-travel-facts.md: refund rules). Sources: the facts file (Iran Air, Qeshm Air, charter) and
 * the penalty tables Iranian airlines and agencies publish per fare class.
 *
 * The published windows are mostly anchored at noon: "until 12:00 three days before departure",
 * "until 12:00 one day before", then "until 2–4 h before" and "after". RefundRule has fixed
 * thresholds only, so the noon-based windows are approximated as 72 h and 24 h before departure
 * (the real cut-off moves by up to half a day with the departure time), and the hour-based ones are
 * kept as they are (4 h, 3 h, 2 h, 30 min). Windows run from the furthest from departure to the
 * last one (minutesBefore 0), which lasts until departure; afterDeparturePercent is the no-show.
 *
 * A non-refundable rule keeps the money whenever the traveller cancels: refundable false, one
 * 100% window. A flight cancelled by the airline or more than 2 h late is refunded without penalty
 * whatever the rule (that is the caller's business, not a rule).
 */

/** ≈ "until 12:00 three days before departure". */
const THREE_DAYS = 72 * 60;
/** Sepehran counts whole days from departure. */
const TWO_DAYS = 48 * 60;
/** ≈ "until 12:00 one day before departure" (Iran Air and Kish Air say "24 hours before"). */
const ONE_DAY = 24 * 60;
const TWELVE_HOURS = 12 * 60;
const FOUR_HOURS = 4 * 60;
const THREE_HOURS = 3 * 60;
const TWO_HOURS = 2 * 60;
const HALF_HOUR = 30;

/** Every charter fare is one class, "Y", and non-refundable (the agency that chartered the seats sets no refund). */
function charterRule(airlineCode: string): RefundRule {
  return {
    id: `${airlineCode}-CHARTER`,
    airlineCode,
    fareClasses: ["Y"],
    charter: true,
    refundable: false,
    windows: [{ minutesBefore: 0, penaltyPercent: 100 }],
    afterDeparturePercent: 100,
  };
}

function nonRefundable(id: string, airlineCode: string, fareClasses: string[]): RefundRule {
  return {
    id,
    airlineCode,
    fareClasses,
    charter: false,
    refundable: false,
    windows: [{ minutesBefore: 0, penaltyPercent: 100 }],
    afterDeparturePercent: 100,
  };
}

export const REFUND_RULES: RefundRule[] = [
  // Iran Air: one rule for every class, 30% until 24 h before, 60% after (facts file).
  {
    id: "IR-ALL",
    airlineCode: "IR",
    fareClasses: ["J", "C", "Y", "V", "Q", "M", "N", "L", "O"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 30 },
      { minutesBefore: 0, penaltyPercent: 60 },
    ],
    afterDeparturePercent: 60,
  },

  // Mahan Air: per class; the 3-day and 1-day windows carry the same percentage, so they are one.
  {
    id: "W5-FLEX",
    airlineCode: "W5",
    fareClasses: ["S", "X", "T", "V", "Q", "P", "R", "Y", "B"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 10 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 30 },
      { minutesBefore: 0, penaltyPercent: 50 },
    ],
    afterDeparturePercent: 50,
  },
  {
    id: "W5-L",
    airlineCode: "W5",
    fareClasses: ["L"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 15 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 40 },
      { minutesBefore: 0, penaltyPercent: 50 },
    ],
    afterDeparturePercent: 50,
  },
  {
    id: "W5-I",
    airlineCode: "W5",
    fareClasses: ["I"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 20 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 40 },
      { minutesBefore: 0, penaltyPercent: 50 },
    ],
    afterDeparturePercent: 50,
  },
  {
    id: "W5-N",
    airlineCode: "W5",
    fareClasses: ["N"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 20 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 50 },
      { minutesBefore: 0, penaltyPercent: 70 },
    ],
    afterDeparturePercent: 70,
  },
  {
    id: "W5-C",
    airlineCode: "W5",
    fareClasses: ["C"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 30 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 40 },
      { minutesBefore: 0, penaltyPercent: 70 },
    ],
    afterDeparturePercent: 70,
  },
  {
    id: "W5-UW",
    airlineCode: "W5",
    fareClasses: ["U", "W"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_HOURS, penaltyPercent: 90 },
      { minutesBefore: 0, penaltyPercent: 95 },
    ],
    afterDeparturePercent: 95,
  },
  charterRule("W5"),

  // Iran Aseman: flat until 30 minutes before, double from then on; class B non-refundable.
  {
    id: "EP-DIZ",
    airlineCode: "EP",
    fareClasses: ["D", "I", "Z"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: HALF_HOUR, penaltyPercent: 15 },
      { minutesBefore: 0, penaltyPercent: 30 },
    ],
    afterDeparturePercent: 30,
  },
  {
    id: "EP-STD",
    airlineCode: "EP",
    fareClasses: ["N", "Y", "A", "S", "U", "O", "V", "M", "X", "R", "Q", "W"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: HALF_HOUR, penaltyPercent: 20 },
      { minutesBefore: 0, penaltyPercent: 40 },
    ],
    afterDeparturePercent: 40,
  },
  {
    id: "EP-LHK",
    airlineCode: "EP",
    fareClasses: ["L", "H", "K"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: HALF_HOUR, penaltyPercent: 30 },
      { minutesBefore: 0, penaltyPercent: 60 },
    ],
    afterDeparturePercent: 60,
  },
  nonRefundable("EP-B", "EP", ["B"]),
  charterRule("EP"),

  // Zagros: four windows per class group. The Q/L row of the published table was cut short; the
  // last three windows follow the step of the other rows (approximate).
  {
    id: "ZV-XZ",
    airlineCode: "ZV",
    fareClasses: ["X", "Z"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 10 },
      { minutesBefore: ONE_DAY, penaltyPercent: 15 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 20 },
      { minutesBefore: 0, penaltyPercent: 30 },
    ],
    afterDeparturePercent: 30,
  },
  {
    id: "ZV-STD",
    airlineCode: "ZV",
    fareClasses: ["B", "D", "E", "S", "I", "T", "U", "A"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 15 },
      { minutesBefore: ONE_DAY, penaltyPercent: 20 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 30 },
      { minutesBefore: 0, penaltyPercent: 40 },
    ],
    afterDeparturePercent: 40,
  },
  {
    id: "ZV-MNR",
    airlineCode: "ZV",
    fareClasses: ["M", "N", "R"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 25 },
      { minutesBefore: ONE_DAY, penaltyPercent: 30 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 40 },
      { minutesBefore: 0, penaltyPercent: 50 },
    ],
    afterDeparturePercent: 50,
  },
  {
    id: "ZV-QL",
    airlineCode: "ZV",
    fareClasses: ["Q", "L"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 35 },
      { minutesBefore: ONE_DAY, penaltyPercent: 40 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 50 },
      { minutesBefore: 0, penaltyPercent: 60 },
    ],
    afterDeparturePercent: 60,
  },
  charterRule("ZV"),

  // ATA: one rule for every class, the last window from 4 h before.
  {
    id: "I3-ALL",
    airlineCode: "I3",
    fareClasses: ["Y", "M", "K", "L"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 30 },
      { minutesBefore: ONE_DAY, penaltyPercent: 60 },
      { minutesBefore: FOUR_HOURS, penaltyPercent: 80 },
      { minutesBefore: 0, penaltyPercent: 80 },
    ],
    afterDeparturePercent: 80,
  },
  charterRule("I3"),

  // Kish Air: two class groups, each with one cut-off 24 h before.
  {
    id: "Y9-A",
    airlineCode: "Y9",
    fareClasses: ["J", "C", "Y", "H", "V"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 20 },
      { minutesBefore: 0, penaltyPercent: 40 },
    ],
    afterDeparturePercent: 40,
  },
  {
    id: "Y9-B",
    airlineCode: "Y9",
    fareClasses: ["Q", "M", "N", "L", "O"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 25 },
      { minutesBefore: 0, penaltyPercent: 50 },
    ],
    afterDeparturePercent: 50,
  },
  charterRule("Y9"),

  // Qeshm Air: A/R/Y 30/40/60/70% (until 12:00 three days, 12:00 one day, 2 h before, after);
  // D/U/L non-refundable (facts file).
  {
    id: "QB-ARY",
    airlineCode: "QB",
    fareClasses: ["A", "R", "Y"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 30 },
      { minutesBefore: ONE_DAY, penaltyPercent: 40 },
      { minutesBefore: TWO_HOURS, penaltyPercent: 60 },
      { minutesBefore: 0, penaltyPercent: 70 },
    ],
    afterDeparturePercent: 70,
  },
  nonRefundable("QB-DUL", "QB", ["D", "U", "L"]),
  charterRule("QB"),

  // Meraj: no per-class table is published; the common four-window ladder of the private carriers.
  {
    id: "JI-STD",
    airlineCode: "JI",
    fareClasses: ["Y", "M", "L"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 30 },
      { minutesBefore: ONE_DAY, penaltyPercent: 40 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 50 },
      { minutesBefore: 0, penaltyPercent: 70 },
    ],
    afterDeparturePercent: 70,
  },
  charterRule("JI"),

  // Taban: one ladder for the refundable classes; B/E/U/H non-refundable.
  {
    id: "HH-STD",
    airlineCode: "HH",
    fareClasses: ["Y", "L", "Z", "N", "V", "K", "R"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 20 },
      { minutesBefore: ONE_DAY, penaltyPercent: 30 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 40 },
      { minutesBefore: 0, penaltyPercent: 50 },
    ],
    afterDeparturePercent: 50,
  },
  nonRefundable("HH-NR", "HH", ["B", "E", "U", "H"]),
  charterRule("HH"),

  // Iran Airtour: every class but O; O loses half early and everything from three days before.
  {
    id: "B9-STD",
    airlineCode: "B9",
    fareClasses: ["Y", "M", "K", "L"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 20 },
      { minutesBefore: ONE_DAY, penaltyPercent: 40 },
      { minutesBefore: 0, penaltyPercent: 50 },
    ],
    afterDeparturePercent: 50,
  },
  {
    id: "B9-O",
    airlineCode: "B9",
    fareClasses: ["O"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 50 },
      { minutesBefore: 0, penaltyPercent: 100 },
    ],
    afterDeparturePercent: 100,
  },
  charterRule("B9"),

  // Caspian: 3-day and 1-day windows alike, a step at 12:00 the day before; I/V/L non-refundable.
  {
    id: "RV-A",
    airlineCode: "RV",
    fareClasses: ["J", "Z", "Q", "W", "N", "X", "S", "H", "P", "R"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 30 },
      { minutesBefore: 0, penaltyPercent: 50 },
    ],
    afterDeparturePercent: 50,
  },
  {
    id: "RV-OM",
    airlineCode: "RV",
    fareClasses: ["O", "M"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 40 },
      { minutesBefore: 0, penaltyPercent: 70 },
    ],
    afterDeparturePercent: 70,
  },
  {
    id: "RV-K",
    airlineCode: "RV",
    fareClasses: ["K"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 50 },
      { minutesBefore: 0, penaltyPercent: 80 },
    ],
    afterDeparturePercent: 80,
  },
  nonRefundable("RV-NR", "RV", ["I", "V", "L"]),
  charterRule("RV"),

  // Varesh: no per-class table found; the ladder agencies quote for all domestic classes.
  {
    id: "VR-STD",
    airlineCode: "VR",
    fareClasses: ["Y", "M", "L"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 30 },
      { minutesBefore: ONE_DAY, penaltyPercent: 40 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 60 },
      { minutesBefore: 0, penaltyPercent: 75 },
    ],
    afterDeparturePercent: 75,
  },
  charterRule("VR"),

  // Sepehran counts whole days and hours: 2 days, 1 day, 12 h.
  {
    id: "IS-ALL",
    airlineCode: "IS",
    fareClasses: ["Y", "M", "Q"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: TWO_DAYS, penaltyPercent: 30 },
      { minutesBefore: ONE_DAY, penaltyPercent: 40 },
      { minutesBefore: TWELVE_HOURS, penaltyPercent: 50 },
      { minutesBefore: 0, penaltyPercent: 75 },
    ],
    afterDeparturePercent: 75,
  },
  charterRule("IS"),

  // Karun: until 12:00 the day before, until 3 h before, then (and no-show).
  {
    id: "NV-STD",
    airlineCode: "NV",
    fareClasses: ["B", "E", "H", "K", "L", "M", "N", "Q", "R", "S", "U", "V", "W", "Y"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: ONE_DAY, penaltyPercent: 30 },
      { minutesBefore: THREE_HOURS, penaltyPercent: 50 },
      { minutesBefore: 0, penaltyPercent: 70 },
    ],
    afterDeparturePercent: 70,
  },
  charterRule("NV"),

  // Pars Air: one rule for every class, the last window from 4 h before.
  {
    id: "QP-ALL",
    airlineCode: "QP",
    fareClasses: ["Y", "M", "L"],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: THREE_DAYS, penaltyPercent: 30 },
      { minutesBefore: ONE_DAY, penaltyPercent: 55 },
      { minutesBefore: FOUR_HOURS, penaltyPercent: 65 },
      { minutesBefore: 0, penaltyPercent: 75 },
    ],
    afterDeparturePercent: 75,
  },
  charterRule("QP"),
];
