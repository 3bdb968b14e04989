import { Link } from "react-router";
import type { ChoicesProps, ChoicesSection } from "#app/components/booking/passengers-screen.tsx";
import { fieldId, SelectField, TextField } from "#app/components/booking/form-fields.tsx";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { OWN_FLIGHT_FIELDS, TOUR_ROOMS_FIELD, type TourChoicesView, type TourRoomView } from "./purchase-form.ts";

/**
 * A tour purchase's own part of the shared passengers page (issue 21): the departure's hotel, board
 * and dates, each room with who sleeps in it and its price, abroad the visa facts; and, when the
 * transfer meets the traveller's own flight, that flight's airline, number and arrival (spec §5:
 * flight information is mandatory for transfers). The rooms are not fields here: they come with the
 * page's query, and the link goes back to the rooms page to change them.
 */

type Translate = ReturnType<typeof useI18n>["t"];

/** "2 adults, 1 child with a bed, 1 infant" in the page's language. */
export function roomGuests(room: TourRoomView, t: Translate): string {
  const parts = [t("search.pax.adultsCount", { count: room.adults })];
  if (room.childrenWithBed > 0) parts.push(t("tourPurchase.rooms.childWithBedCount", { count: room.childrenWithBed }));
  if (room.childrenNoBed > 0) parts.push(t("tourPurchase.rooms.childNoBedCount", { count: room.childrenNoBed }));
  if (room.infants > 0) parts.push(t("search.pax.infantsCount", { count: room.infants }));
  return parts.join(t("search.listSeparator"));
}

function RoomsLink({ href, label }: { href: string | null; label: MessageKey }) {
  const { t } = useI18n();
  return href ? (
    <Link to={href} className="hotel-purchase-link">
      {t(label)}
    </Link>
  ) : null;
}

/** The hotel, the dates and the rooms above the travellers; a refusal of the rooms with the way back to them. */
function RoomsIntro({ view, message, editing }: ChoicesProps<TourChoicesView>) {
  const { t } = useI18n();
  const toman = useToman();
  const id = fieldId(TOUR_ROOMS_FIELD);
  const error = message(TOUR_ROOMS_FIELD);
  return (
    <div
      id={id}
      tabIndex={-1}
      className={`tour-purchase-intro${error ? " booking-field-invalid" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <p className="hotel-purchase-hotel">
        <strong>{view.hotelName}</strong> · {view.board} · {view.dates}
      </p>
      <ul className="tour-purchase-rooms">
        {view.rooms.map((room, index) => (
          <li key={index}>
            <span>
              {t("tourPurchase.rooms.room", { n: index + 1 })}: {roomGuests(room, t)}
            </span>
            <span className="hotel-lead-room-price">{toman(room.price)}</span>
          </li>
        ))}
      </ul>
      <FieldMessage id={`${id}-error`} message={error} />
      {editing ? (
        <p className="booking-note">{t("tourPurchase.editNote")}</p>
      ) : (
        <p className="booking-note">
          {t("tourPurchase.roomsNote")} <RoomsLink href={view.roomsHref} label="tourPurchase.changeRooms" />
        </p>
      )}
      {view.visa ? (
        <p className="booking-note tour-purchase-visa">
          <strong>
            {t("tourPurchase.visa.heading")}: {t(`tourPurchase.visa.kind.${view.visa.kind}`)}
          </strong>{" "}
          {view.visa.message}
        </p>
      ) : null}
    </div>
  );
}

/** The traveller's own flight, when the transfer meets it: all three facts are required, each refused on its field. */
function OwnFlight({ view, values, message, editing }: ChoicesProps<TourChoicesView>) {
  const { t } = useI18n();
  if (editing && view.heldFlight)
    return (
      <p className="booking-note tour-own-flight-held">
        <bdi>{t("tourPurchase.ownFlight.held", { flight: view.heldFlight })}</bdi>
      </p>
    );
  if (view.arrivalDays.length === 0) return null;
  return (
    <fieldset className="passenger-card tour-own-flight" aria-describedby="tour-own-flight-note">
      <legend className="passenger-title">{t("tourPurchase.ownFlight.heading")}</legend>
      <p id="tour-own-flight-note" className="booking-note">
        {t("tourPurchase.ownFlight.note")}
      </p>
      <div className="booking-grid">
        <TextField
          name={OWN_FLIGHT_FIELDS.airline}
          label={t("tourPurchase.ownFlight.airline")}
          value={values[OWN_FLIGHT_FIELDS.airline]}
          error={message(OWN_FLIGHT_FIELDS.airline)}
          required
          maxLength={60}
        />
        <TextField
          name={OWN_FLIGHT_FIELDS.flightNumber}
          label={t("tourPurchase.ownFlight.flightNumber")}
          value={values[OWN_FLIGHT_FIELDS.flightNumber]}
          error={message(OWN_FLIGHT_FIELDS.flightNumber)}
          hint={t("tourPurchase.ownFlight.flightNumberHint")}
          required
          dir="ltr"
          autoComplete="off"
          maxLength={10}
        />
        <SelectField
          name={OWN_FLIGHT_FIELDS.arrivalDay}
          label={t("tourPurchase.ownFlight.arrivalDay")}
          value={values[OWN_FLIGHT_FIELDS.arrivalDay]}
          error={message(OWN_FLIGHT_FIELDS.arrivalDay)}
          required
        >
          {view.arrivalDays.map((day) => (
            <option key={day.value} value={day.value}>
              {day.label}
            </option>
          ))}
        </SelectField>
        <TextField
          name={OWN_FLIGHT_FIELDS.arrivalTime}
          label={t("tourPurchase.ownFlight.arrivalTime")}
          value={values[OWN_FLIGHT_FIELDS.arrivalTime]}
          error={message(OWN_FLIGHT_FIELDS.arrivalTime)}
          hint={t("tourPurchase.ownFlight.arrivalTimeHint")}
          required
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          maxLength={5}
        />
      </div>
    </fieldset>
  );
}

const OWN_FLIGHT_LABELS: Record<string, MessageKey> = {
  [OWN_FLIGHT_FIELDS.airline]: "tourPurchase.ownFlight.airline",
  [OWN_FLIGHT_FIELDS.flightNumber]: "tourPurchase.ownFlight.flightNumber",
  [OWN_FLIGHT_FIELDS.arrivalDay]: "tourPurchase.ownFlight.arrivalDay",
  [OWN_FLIGHT_FIELDS.arrivalTime]: "tourPurchase.ownFlight.arrivalTime",
};

/** Where a tour refusal is, for the summary of what to fix: "Rooms", "Your flight · Flight number". */
export function tourChoiceLabel(field: string, _titles: string[], t: Translate): string | null {
  if (field === TOUR_ROOMS_FIELD) return t("tourPurchase.rooms.rooms");
  const label = OWN_FLIGHT_LABELS[field];
  return label ? `${t("tourPurchase.ownFlight.heading")} · ${t(label)}` : null;
}

/** The tour's part of the shared passengers page. */
export const TOUR_PURCHASE_SECTION: ChoicesSection<TourChoicesView> = {
  intro: (props) => <RoomsIntro {...props} />,
  section: (props) => <OwnFlight {...props} />,
  label: tourChoiceLabel,
};
