import type { FormValues } from "#app/booking/booking-form.ts";
import type { TrainTicketType, VehicleType, WagonKind } from "#core/trains/train.ts";

/**
 * The train's own fields on the shared passengers page (issue 18): per passenger and leg a meal and
 * optional services, and a car. Names and the live total, shared by the server (which reads the
 * form into the train selection's `choices`) and the browser (which adds up what is chosen).
 *
 * - `passengers.{p}.meal.{leg}`: the meal's code, or empty for none (a radio group);
 * - `passengers.{p}.service.{leg}.{code}`: "1" when the service is taken (a checkbox each);
 * - `vehicle`: "1" to bring a car; `vehicle.legs.{leg}`: "1" for each train it travels on;
 *   `vehicle.ownerPassenger` (a passenger's position), `vehicle.idKind` ("plate" or "chassis"),
 *   `vehicle.plate`, `vehicle.chassis`, `vehicle.type`.
 */

/** A meal or service as the page offers it: its code, its name in the page's language, its price per passenger (0: included). */
export interface ExtraOption {
  code: string;
  name: string;
  price: number;
}

/** One train of the purchase (0 outbound, 1 return) and what can be added on it. */
export interface TrainLegView {
  leg: number;
  /** "Tehran → Mashhad", the day, and the train ("Raja 352 Noor"), in the page's language. */
  title: string;
  date: string;
  train: string;
  meals: ExtraOption[];
  services: ExtraOption[];
  /** What a car costs on this train by vehicle type; null when it carries none. */
  carRates: Record<VehicleType, number> | null;
}

/** What the passengers page shows of a train purchase's choices. */
export interface TrainChoicesView {
  legs: TrainLegView[];
  ticketType: TrainTicketType;
  coupe: boolean;
  wagon: { kind: WagonKind; bedsPerCompartment: number };
  /** Beds paid on each train: a coupe purchase pays every bed of the compartments it takes. */
  beds: number;
}

export const mealField = (passenger: number, leg: number) => `passengers.${passenger}.meal.${leg}`;
export const serviceField = (passenger: number, leg: number, code: string) => `passengers.${passenger}.service.${leg}.${code}`;
export const vehicleLegField = (leg: number) => `vehicle.legs.${leg}`;

export const MEAL_FIELD = /^passengers\.(\d{1,2})\.meal\.(\d)$/;
export const SERVICE_FIELD = /^passengers\.(\d{1,2})\.service\.(\d)\.([\w-]{1,60})$/;
export const VEHICLE_LEG_FIELD = /^vehicle\.legs\.(\d)$/;

/** Trains of the purchase that take cars. */
export function carLegs(view: TrainChoicesView): TrainLegView[] {
  return view.legs.filter((leg) => leg.carRates !== null);
}

/**
 * What the chosen meals, services and car add to the fare, from the form's values and the prices
 * the page listed: the page's live total. The server prices the booking from its own offers.
 */
export function choicesTotal(view: TrainChoicesView, values: FormValues): number {
  let total = 0;
  const legOf = (leg: string) => view.legs.find((candidate) => candidate.leg === Number(leg));
  for (const [name, value] of Object.entries(values)) {
    const meal = MEAL_FIELD.exec(name);
    if (meal && value) total += legOf(meal[2]!)?.meals.find((option) => option.code === value)?.price ?? 0;
    const service = SERVICE_FIELD.exec(name);
    if (service && value === "1") total += legOf(service[2]!)?.services.find((option) => option.code === service[3])?.price ?? 0;
  }
  if (values.vehicle === "1") {
    const type = values["vehicle.type"] as VehicleType | undefined;
    for (const leg of carLegs(view))
      if (values[vehicleLegField(leg.leg)] === "1" && type && leg.carRates && Object.hasOwn(leg.carRates, type))
        total += leg.carRates[type];
  }
  return total;
}
