import type { FormValues } from "#app/booking/booking-form.ts";
import type { ChoicesProps, ChoicesSection } from "#app/components/booking/passengers-screen.tsx";
import { fieldId, SelectField, TextField } from "#app/components/booking/form-fields.tsx";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { VEHICLE_TYPES, type VehicleType } from "#core/trains/train.ts";
import {
  carLegs,
  choicesTotal,
  mealField,
  serviceField,
  vehicleLegField,
  MEAL_FIELD,
  SERVICE_FIELD,
  type ExtraOption,
  type TrainChoicesView,
  type TrainLegView,
} from "./purchase-form.ts";

/**
 * A train purchase's own part of the shared passengers page (issue 18): in each passenger's card,
 * a meal and optional services per train; after the passengers, a car on trains that carry cars.
 * Plain form fields, so it all works before (and without) JavaScript; the server judges and prices
 * every choice and sends refusals back onto these fields.
 */

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const VEHICLE_MESSAGE: Record<VehicleType, MessageKey> = {
  sedan: "trainService.vehicleType.sedan",
  suv: "trainService.vehicleType.suv",
  motorcycle: "trainService.vehicleType.motorcycle",
};

/** "Outbound" / "Return" for a round trip; nothing to tell apart on a one-way purchase. */
function legName(view: TrainChoicesView, leg: number, t: Translate): string | null {
  if (view.legs.length < 2) return null;
  return t(leg === 0 ? "services.detail.outbound" : "services.detail.return");
}

function listSeparator(locale: string): string {
  return locale === "en" ? ", " : "، ";
}

function describedBy(...ids: (string | null | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

/** "Chicken kebab (included)", "Snack pack (120,000 toman)". */
function useOptionText() {
  const { t } = useI18n();
  const toman = useToman();
  return (option: ExtraOption) => `${option.name} (${option.price === 0 ? t("trainPurchase.included") : toman(option.price)})`;
}

function MealGroup({
  passenger,
  leg,
  values,
  message,
}: {
  passenger: number;
  leg: TrainLegView;
  values: FormValues;
  message: (field: string) => string | null;
}) {
  const { t } = useI18n();
  const optionText = useOptionText();
  const name = mealField(passenger, leg.leg);
  const id = fieldId(name);
  const error = message(name);
  // A meal the fare includes is served unless the traveller says otherwise.
  const chosen = values[name] ?? leg.meals.find((meal) => meal.price === 0)?.code ?? "none";
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={`booking-field booking-radios${error ? " booking-field-invalid" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="booking-label">{t("trainPurchase.meal")}</legend>
      <label className="booking-radio">
        <input type="radio" name={name} value="none" defaultChecked={chosen === "none"} aria-invalid={error ? true : undefined} />
        {t("trainPurchase.noMeal")}
      </label>
      {leg.meals.map((meal) => (
        <label key={meal.code} className="booking-radio">
          <input type="radio" name={name} value={meal.code} defaultChecked={chosen === meal.code} aria-invalid={error ? true : undefined} />
          {optionText(meal)}
        </label>
      ))}
      <FieldMessage id={`${id}-error`} message={error} />
    </fieldset>
  );
}

function ServiceGroup({
  passenger,
  leg,
  values,
  message,
}: {
  passenger: number;
  leg: TrainLegView;
  values: FormValues;
  message: (field: string) => string | null;
}) {
  const { t } = useI18n();
  const optionText = useOptionText();
  return (
    <fieldset className="booking-field booking-radios">
      <legend className="booking-label">{t("trainPurchase.services")}</legend>
      {leg.services.map((service) => {
        const name = serviceField(passenger, leg.leg, service.code);
        const id = fieldId(name);
        const error = message(name);
        return (
          <div key={service.code} className={error ? "booking-field-invalid" : undefined}>
            <label className="booking-check">
              <input
                id={id}
                type="checkbox"
                name={name}
                value="1"
                defaultChecked={values[name] === "1"}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              {optionText(service)}
            </label>
            <FieldMessage id={`${id}-error`} message={error} />
          </div>
        );
      })}
    </fieldset>
  );
}

/** What a held booking has on one train for one traveller: editing shows it, the pre-invoice prices it. */
function HeldLegChoices({ passenger, leg, values }: { passenger: number; leg: TrainLegView; values: FormValues }) {
  const { t, locale } = useI18n();
  const optionText = useOptionText();
  const meal = leg.meals.find((option) => option.code === values[mealField(passenger, leg.leg)]);
  const services = leg.services.filter((option) => values[serviceField(passenger, leg.leg, option.code)] === "1");
  const chosen = [...(meal ? [meal] : []), ...services];
  return (
    <p className="booking-note">
      {chosen.length > 0 ? chosen.map(optionText).join(listSeparator(locale)) : t("trainPurchase.nothingChosen")}
    </p>
  );
}

/** One passenger's meals and services, train by train: a group with its own legend for each. */
function PassengerChoices({ view, values, message, titles, index, editing }: ChoicesProps<TrainChoicesView> & { index: number }) {
  const { t } = useI18n();
  const legs = view.legs.filter((leg) => leg.meals.length > 0 || leg.services.length > 0);
  if (legs.length === 0) return null;
  return (
    <fieldset className="train-choices">
      <legend className="train-choices-title">{t("trainPurchase.choicesOf", { passenger: titles[index] ?? "" })}</legend>
      {editing ? <p className="booking-note">{t("trainPurchase.editNote")}</p> : null}
      {legs.map((leg) => {
        const which = legName(view, leg.leg, t);
        return (
          <fieldset key={leg.leg} className="train-leg-choices">
            <legend className="booking-label">
              {which ? `${which}: ` : null}
              <bdi>{leg.title}</bdi> · <bdi>{leg.date}</bdi> · <bdi>{leg.train}</bdi>
            </legend>
            {editing ? (
              <HeldLegChoices passenger={index} leg={leg} values={values} />
            ) : (
              <>
                {leg.meals.length > 0 ? <MealGroup passenger={index} leg={leg} values={values} message={message} /> : null}
                {leg.services.length > 0 ? <ServiceGroup passenger={index} leg={leg} values={values} message={message} /> : null}
              </>
            )}
          </fieldset>
        );
      })}
    </fieldset>
  );
}

/** A passenger's name as typed so far (JavaScript), for the owner list: the Persian one, or the Latin one of a foreigner. */
function typedName(values: FormValues, index: number): string {
  const field = (name: string) => values[`passengers.${index}.${name}`]?.trim() ?? "";
  const persian = `${field("firstName")} ${field("lastName")}`.trim();
  const latin = `${field("firstNameLatin")} ${field("lastNameLatin")}`.trim();
  return field("foreign") === "1" ? latin || persian : persian || latin;
}

/** A vehicle type's price on the trains that take cars: one price, the same on both, or each train's. */
function vehiclePrice(legs: TrainLegView[], type: VehicleType, toman: (tomans: number) => string, t: Translate): string {
  const rates = legs.map((leg) => leg.carRates?.[type] ?? 0);
  if (rates.length === 1 || rates.every((rate) => rate === rates[0])) {
    const price = toman(rates[0] ?? 0);
    return rates.length > 1 ? t("trainPurchase.car.perTrain", { price }) : price;
  }
  return t("trainPurchase.car.perLeg", { outbound: toman(rates[0] ?? 0), return: toman(rates[1] ?? 0) });
}

function HeldCar({ view, values, titles }: { view: TrainChoicesView; values: FormValues; titles: string[] }) {
  const { t, digits, locale } = useI18n();
  if (values.vehicle !== "1") return <p className="booking-note">{t("trainPurchase.car.none")}</p>;
  const type = values["vehicle.type"] as VehicleType | undefined;
  const owner = Number(values["vehicle.ownerPassenger"]);
  const id = values["vehicle.plate"] ? digits(values["vehicle.plate"]) : (values["vehicle.chassis"] ?? "");
  const legs = carLegs(view).filter((leg) => values[vehicleLegField(leg.leg)] === "1");
  return (
    <p className="booking-note">
      {type ? t(VEHICLE_MESSAGE[type]) : null} · <bdi dir="ltr">{id}</bdi> · {titles[owner] ?? ""}{" "}
      {typedName(values, owner) ? <bdi>({typedName(values, owner)})</bdi> : null}
      {view.legs.length > 1 ? ` · ${legs.map((leg) => legName(view, leg.leg, t)).join(listSeparator(locale))}` : null}
    </p>
  );
}

/** The car: whether one comes, on which trains, whose it is, its plate or chassis number and type. */
function CarSection({ view, values, message, titles, types, editing }: ChoicesProps<TrainChoicesView>) {
  const { t } = useI18n();
  const toman = useToman();
  const legs = carLegs(view);
  if (legs.length === 0) return null;
  const bring = values.vehicle === "1";
  const byChassis = values["vehicle.idKind"] === "chassis";
  const legsError = message("vehicle.legs");
  const typeError = message("vehicle.type");
  const toggleError = message("vehicle");
  // Owners travel and drive: the adults of the party, by their position.
  const owners = types.flatMap((type, index) => (type === "adult" ? [index] : []));
  return (
    <fieldset className="passenger-card train-car" aria-describedby="train-car-note">
      <legend className="passenger-title">{t("trainPurchase.car.heading")}</legend>
      <p id="train-car-note" className="booking-note">
        {view.legs.length > 1 && legs.length === 1
          ? t("trainPurchase.car.noteOneLeg", { leg: legName(view, legs[0]!.leg, t) ?? "" })
          : t("trainPurchase.car.note")}
      </p>
      {editing ? (
        <HeldCar view={view} values={values} titles={titles} />
      ) : (
        <>
          <label className="booking-check">
            <input
              id={fieldId("vehicle")}
              type="checkbox"
              name="vehicle"
              value="1"
              defaultChecked={bring}
              className="vehicle-toggle-input"
              aria-controls="train-car-fields"
              aria-invalid={toggleError ? true : undefined}
              aria-describedby={describedBy(
                toggleError && `${fieldId("vehicle")}-error`,
                legs.length === 1 && legsError && `${fieldId("vehicle.legs")}`,
              )}
            />
            {t("trainPurchase.car.bring")}
          </label>
          <FieldMessage id={`${fieldId("vehicle")}-error`} message={toggleError} />
          <div className="train-car-fields booking-grid" id="train-car-fields">
            {legs.length > 1 ? (
              <fieldset
                id={fieldId("vehicle.legs")}
                tabIndex={-1}
                className={`booking-field booking-radios${legsError ? " booking-field-invalid" : ""}`}
                aria-describedby={legsError ? `${fieldId("vehicle.legs")}-error` : undefined}
              >
                <legend className="booking-label">{t("trainPurchase.car.legs")}</legend>
                {legs.map((leg) => (
                  <label key={leg.leg} className="booking-check">
                    <input
                      type="checkbox"
                      name={vehicleLegField(leg.leg)}
                      value="1"
                      // A new car rides on every train that takes it until the traveller says otherwise.
                      defaultChecked={
                        values[vehicleLegField(leg.leg)] === "1" || (!bring && values[vehicleLegField(leg.leg)] === undefined)
                      }
                      aria-invalid={legsError ? true : undefined}
                    />
                    {legName(view, leg.leg, t)}: <bdi>{leg.title}</bdi>
                  </label>
                ))}
                <FieldMessage id={`${fieldId("vehicle.legs")}-error`} message={legsError} />
              </fieldset>
            ) : (
              <>
                <input type="hidden" name={vehicleLegField(legs[0]!.leg)} value="1" />
                {legsError ? (
                  <p id={fieldId("vehicle.legs")} className="field-error">
                    {legsError}
                  </p>
                ) : null}
              </>
            )}
            <SelectField
              name="vehicle.ownerPassenger"
              label={t("trainPurchase.car.owner")}
              value={values["vehicle.ownerPassenger"] ?? (owners.length === 1 ? String(owners[0]) : undefined)}
              error={message("vehicle.ownerPassenger")}
              required
            >
              <option value="">{t("trainPurchase.car.chooseOwner")}</option>
              {owners.map((index) => {
                const name = typedName(values, index);
                return (
                  <option key={index} value={index}>
                    {name ? `${titles[index] ?? ""}: ${name}` : titles[index]}
                  </option>
                );
              })}
            </SelectField>
            <fieldset className="booking-field booking-radios">
              <legend className="booking-label">{t("trainPurchase.car.idKind")}</legend>
              <label className="booking-radio">
                <input
                  type="radio"
                  name="vehicle.idKind"
                  value="plate"
                  defaultChecked={!byChassis}
                  aria-controls={fieldId("vehicle.plate")}
                />
                {t("trainPurchase.car.byPlate")}
              </label>
              <label className="booking-radio">
                <input
                  type="radio"
                  name="vehicle.idKind"
                  value="chassis"
                  defaultChecked={byChassis}
                  aria-controls={fieldId("vehicle.chassis")}
                />
                {t("trainPurchase.car.byChassis")}
              </label>
            </fieldset>
            <TextField
              name="vehicle.plate"
              label={t("trainPurchase.car.plate")}
              value={values["vehicle.plate"]}
              error={message("vehicle.plate")}
              hint={t("trainPurchase.car.plateHint")}
              required
              className="vehicle-plate"
              autoComplete="off"
              dir="ltr"
              maxLength={30}
            />
            <TextField
              name="vehicle.chassis"
              label={t("trainPurchase.car.chassis")}
              value={values["vehicle.chassis"]}
              error={message("vehicle.chassis")}
              hint={t("trainPurchase.car.chassisHint")}
              required
              className="vehicle-chassis"
              autoComplete="off"
              dir="ltr"
              maxLength={30}
              lang="en"
            />
            <fieldset
              id={fieldId("vehicle.type")}
              tabIndex={-1}
              className={`booking-field booking-radios${typeError ? " booking-field-invalid" : ""}`}
              aria-describedby={typeError ? `${fieldId("vehicle.type")}-error` : undefined}
            >
              <legend className="booking-label">
                {t("trainPurchase.car.type")}
                <span aria-hidden="true"> *</span>
              </legend>
              {VEHICLE_TYPES.map((type) => (
                <label key={type} className="booking-radio">
                  <input
                    type="radio"
                    name="vehicle.type"
                    value={type}
                    defaultChecked={values["vehicle.type"] === type}
                    aria-invalid={typeError ? true : undefined}
                  />
                  {t(VEHICLE_MESSAGE[type])} ({vehiclePrice(legs, type, toman, t)})
                </label>
              ))}
              <FieldMessage id={`${fieldId("vehicle.type")}-error`} message={typeError} />
            </fieldset>
          </div>
        </>
      )}
    </fieldset>
  );
}

/** What the visitor should know of the fare before typing: a coupe purchase pays every bed of its compartments. */
function CoupeNote({ view }: ChoicesProps<TrainChoicesView>) {
  const { t, number } = useI18n();
  if (!view.coupe) return null;
  return <p className="booking-note booking-rule">{t("trainPurchase.coupeNote", { beds: number(view.beds) })}</p>;
}

const VEHICLE_FIELD_LABELS: Record<string, MessageKey> = {
  vehicle: "trainPurchase.car.bring",
  "vehicle.legs": "trainPurchase.car.legs",
  "vehicle.ownerPassenger": "trainPurchase.car.owner",
  "vehicle.plate": "trainPurchase.car.plate",
  "vehicle.chassis": "trainPurchase.car.chassis",
  "vehicle.type": "trainPurchase.car.type",
};

/** Where a train field is, for the summary of what to fix: "Adult 1 · Return · Meal", "Car transport · Plate number". */
export function trainChoiceLabel(field: string, titles: string[], t: Translate, view: TrainChoicesView): string | null {
  const vehicle = VEHICLE_FIELD_LABELS[field];
  if (vehicle) return `${t("trainPurchase.car.heading")} · ${t(vehicle)}`;
  if (field.startsWith("vehicle")) return t("trainPurchase.car.heading");
  const meal = MEAL_FIELD.exec(field);
  const service = SERVICE_FIELD.exec(field);
  const match = meal ?? service ?? /^passengers\.(\d+)\.services(?:\.(\d+))?/.exec(field);
  if (!match) return null;
  const leg = meal || service ? legName(view, Number(match[2]), t) : null;
  const what = meal ? t("trainPurchase.meal") : service ? t("trainPurchase.services") : t("trainPurchase.choicesHeading");
  return [titles[Number(match[1])] ?? "", leg, what].filter(Boolean).join(" · ");
}

/** The train's part of the shared passengers page. */
export const TRAIN_PURCHASE_SECTION: ChoicesSection<TrainChoicesView> = {
  intro: (props) => <CoupeNote {...props} />,
  passenger: (props) => <PassengerChoices {...props} />,
  section: (props) => <CarSection {...props} />,
  label: trainChoiceLabel,
  total: choicesTotal,
};
