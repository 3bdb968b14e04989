import { Link } from "react-router";
import type { ChoicesProps, ChoicesSection } from "#app/components/booking/passengers-screen.tsx";
import { fieldId } from "#app/components/booking/form-fields.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { SEAT_FIELD, SEATS_FIELD, seatField, type BusChoicesView } from "./purchase-form.ts";

/**
 * A bus purchase's own part of the shared passengers page (issue 19): the seats chosen on the
 * results page's seat map, one at the top of each seated passenger's card, and the rule that each
 * passenger's gender decides which seats they may take. The seats are not fields of this form:
 * they come with the page's query, and changing one is done on the map (the links go back to it).
 * A refusal of a seat (first row, neighbour's gender, just taken) stands on that passenger's seat.
 */

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

function MapLink({ href, label }: { href: string | null; label: MessageKey }) {
  const { t } = useI18n();
  return href ? (
    <Link to={href} className="bus-map-link">
      {t(label)}
    </Link>
  ) : null;
}

/** The seats at a glance with a way back to the map, or 'Choose a seat' when they are missing; and the gender rule. */
function SeatsIntro({ view, message, editing }: ChoicesProps<BusChoicesView>) {
  const { t, locale } = useI18n();
  const id = fieldId(SEATS_FIELD);
  const missing = message(SEATS_FIELD) ?? (view.seatsMissing ? t("booking.error.SEAT_REQUIRED") : null);
  const seats = view.seats.filter((seat): seat is number => seat !== null);
  return (
    <div id={id} tabIndex={-1} className="bus-purchase-seats">
      {missing ? (
        <div className="booking-alert" role="alert">
          <p id={`${id}-error`}>{missing}</p>
          <MapLink href={view.mapHref} label="busPurchase.backToMap" />
        </div>
      ) : (
        <p className="booking-note">
          {t("busPurchase.seatsChosen", {
            seats: seats.map((seat) => t("busPurchase.seat", { seat })).join(locale === "en" ? ", " : "، "),
          })}{" "}
          <MapLink href={view.mapHref} label="busPurchase.changeSeats" />
        </p>
      )}
      {editing ? <p className="booking-note">{t("busPurchase.editNote")}</p> : null}
      <p className="booking-note booking-rule">{t("busPurchase.genderNote")}</p>
    </div>
  );
}

/** "Seat 12" at the top of a seated passenger's card, with its refusal and the way back to the map; an infant's lap. */
function PassengerSeat({ view, message, types, index }: ChoicesProps<BusChoicesView> & { index: number }) {
  const { t } = useI18n();
  if (types[index] === "infant") return <p className="booking-note bus-passenger-seat">{t("busPurchase.onLap")}</p>;
  const field = seatField(index);
  const id = fieldId(field);
  const error = message(field);
  const seat = view.seats[index] ?? null;
  if (seat === null && !error) return null;
  return (
    <div
      id={id}
      tabIndex={-1}
      className={`bus-passenger-seat${error ? " booking-field-invalid" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      {seat !== null ? <p className="bus-passenger-seat-number">{t("busPurchase.seat", { seat })}</p> : null}
      <FieldMessage id={`${id}-error`} message={error} />
      {error ? <MapLink href={view.mapHref} label="busPurchase.backToMap" /> : null}
    </div>
  );
}

/** Where a seat refusal is, for the summary of what to fix: "Adult 1 · Seat 12", "Seats". */
export function busChoiceLabel(field: string, titles: string[], t: Translate, view: BusChoicesView): string | null {
  if (field === SEATS_FIELD) return t("busPurchase.seats");
  const match = SEAT_FIELD.exec(field);
  if (!match) return null;
  const index = Number(match[1]);
  const seat = view.seats[index];
  return `${titles[index] ?? ""} · ${seat === undefined || seat === null ? t("busPurchase.seats") : t("busPurchase.seat", { seat })}`;
}

/** The bus's part of the shared passengers page. */
export const BUS_PURCHASE_SECTION: ChoicesSection<BusChoicesView> = {
  intro: (props) => <SeatsIntro {...props} />,
  passengerHead: (props) => <PassengerSeat {...props} />,
  label: busChoiceLabel,
};
