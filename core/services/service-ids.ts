/** Service identifiers of spec §3. `intHotel` is shown to visitors as outHotel. */
export const SERVICE_IDS = [
  "flight",
  "internationalflight",
  "flightRtrip",
  "train",
  "bus",
  "hotel",
  "intHotel",
  "tour",
  "intTour",
  "insurance",
  "blog",
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export function isServiceId(value: unknown): value is ServiceId {
  return typeof value === "string" && (SERVICE_IDS as readonly string[]).includes(value);
}

/** Services a traveller books from a home tab, in tab order. */
export const BOOKABLE_TABS = [
  "flight",
  "internationalflight",
  "train",
  "bus",
  "hotel",
  "intHotel",
  "tour",
  "insurance",
] as const satisfies readonly ServiceId[];

/**
 * Which service a locale-free path belongs to, by its leading segments. Used to answer 404 for
 * every path of a service the tenant has switched off, including pages added by later issues.
 */
export function serviceOfPath(pathWithoutLocale: string): ServiceId | null {
  const segments = pathWithoutLocale.split("/").filter(Boolean);
  const [first = "", second] = segments;
  switch (first) {
    case "flight":
      return second === "international" ? "internationalflight" : "flight";
    case "flightRtrip":
      return "flightRtrip";
    case "internationalflight":
      return "internationalflight";
    case "train":
      return "train";
    case "bus":
      return "bus";
    case "hotel":
      return "hotel";
    case "outHotel":
    case "internationalhotel":
      return "intHotel";
    case "tour":
      return "tour";
    case "internationaltour":
      return "intTour";
    case "insurance":
      return "insurance";
    case "blog":
      return "blog";
    default:
      return null;
  }
}

/**
 * Round-trip flights are sold by the flight service; a tenant that sells flights sells both.
 */
export function enabledServices(active: readonly ServiceId[], inactive: readonly ServiceId[]): ServiceId[] {
  const off = new Set(inactive);
  const on = active.filter((service) => !off.has(service));
  if (on.includes("flight") && !off.has("flightRtrip") && !on.includes("flightRtrip")) on.push("flightRtrip");
  return on;
}
