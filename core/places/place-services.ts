import type { ServiceId } from "../services/service-ids.ts";
import { PLACE_SERVICES, type PlaceService, type PlaceSuggestion } from "./place.ts";

/** The tenant-level service behind each search form's `service` value. */
const SERVICE_OF_FORM: Record<PlaceService, ServiceId> = {
  flight: "flight",
  internationalflight: "internationalflight",
  train: "train",
  bus: "bus",
  hotel: "hotel",
  outHotel: "intHotel",
  tour: "tour",
  insurance: "insurance",
};

export function placeServiceId(value: unknown): ServiceId | null {
  return typeof value === "string" && (PLACE_SERVICES as readonly string[]).includes(value) ? SERVICE_OF_FORM[value as PlaceService] : null;
}

/** Tours abroad are the intTour service: an agency without it offers only Iranian tour places. */
export function placeOfferedBy(
  service: PlaceService,
  place: Pick<PlaceSuggestion, "countryCode">,
  isEnabled: (service: ServiceId) => boolean,
): boolean {
  return service !== "tour" || place.countryCode === "IR" || isEnabled("intTour");
}
