import type { ServiceId } from "#core/services/service-ids.ts";
import type { LinkableRoute } from "#app/links.ts";

/** Which named route opens each bookable service (the home tabs and the navigation). */
export const SERVICE_ROUTES: Partial<Record<ServiceId, LinkableRoute>> = {
  flight: "flight",
  internationalflight: "internationalflight",
  train: "train",
  bus: "bus",
  hotel: "hotel",
  intHotel: "outHotel",
  tour: "tour",
  insurance: "insurance",
};

export const NAV_SERVICES = [
  "flight",
  "internationalflight",
  "train",
  "bus",
  "hotel",
  "intHotel",
  "tour",
  "insurance",
] as const satisfies readonly ServiceId[];
