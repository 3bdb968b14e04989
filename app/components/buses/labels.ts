import type { BusClass, BusType } from "#core/buses/bus.ts";
import type { BusSort } from "#core/buses/sorting.ts";
import type { MessageKey } from "#core/i18n/messages.ts";

/** Names of the bus results' codes: every key a real catalog key, none built at run time. */

export const BUS_CLASS_LABELS: Record<BusClass, MessageKey> = {
  vip: "bus.class.vip",
  ordinary: "bus.class.ordinary",
};

/** A coach's name with its seats (`{seats}`): "VIP 2+1 · 25 seats". */
export const BUS_TYPE_LABELS: Record<BusType, MessageKey> = {
  vip25: "bus.type.vip",
  vip29: "bus.type.vip",
  ordinary40: "bus.type.ordinary",
  ordinary44: "bus.type.ordinary",
};

export const BUS_TYPE_SEATS: Record<BusType, number> = { vip25: 25, vip29: 29, ordinary40: 40, ordinary44: 44 };

export const BUS_SORT_LABELS: Record<BusSort, MessageKey> = {
  departure: "bus.sort.departure",
  price: "bus.sort.price",
  duration: "bus.sort.duration",
  seats: "bus.sort.seats",
};
