import type { MessageKey } from "#core/i18n/messages.ts";
import type { TrainSort } from "#core/trains/sorting.ts";
import type { TrainTicketType, WagonKind } from "#core/trains/train.ts";

/** Names of the train results' codes: every key a real catalog key, none built at run time. */

/** A wagon kind's name; compartments name their beds (`{beds}`). */
export const WAGON_LABELS: Record<WagonKind, MessageKey> = {
  salon: "trains.wagon.salon",
  compartment4: "trains.wagon.compartment",
  compartment6: "trains.wagon.compartment",
  vip4: "trains.wagon.vip",
};

/** Beds of a compartment of each kind, for lists that name kinds without an offer (the timetable). */
export const WAGON_BEDS: Record<WagonKind, number> = { salon: 1, compartment4: 4, compartment6: 6, vip4: 4 };

export const TICKET_TYPE_LABELS: Record<TrainTicketType, MessageKey> = {
  general: "search.ticketType.general",
  brothers: "search.ticketType.brothers",
  sisters: "search.ticketType.sisters",
};

export const TRAIN_SORT_LABELS: Record<TrainSort, MessageKey> = {
  departure: "trains.sort.departure",
  price: "trains.sort.price",
  duration: "trains.sort.duration",
  arrival: "trains.sort.arrival",
};

export function isWagonKind(value: string): value is WagonKind {
  return Object.hasOwn(WAGON_LABELS, value);
}
