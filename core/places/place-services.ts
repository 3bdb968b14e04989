import type { ServiceId } from "../services/service-ids.ts";
import { PLACE_SERVICES, type PlaceService } from "./place.ts";

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
