import { Link } from "react-router";
import type { ChoicesProps, ChoicesSection } from "#app/components/booking/passengers-screen.tsx";
import { fieldId } from "#app/components/booking/form-fields.tsx";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { ROOM_FIELD, ROOMS_FIELD, roomField, type HotelChoicesView, type HotelRoomView } from "./purchase-form.ts";

/**
 * A hotel purchase's own part of the shared passengers page (issue 20): the hotel and the stay,
 * then above each lead guest's card the room they lead ("Room 2: Double room · 2 adults, 1 child ·
 * extra bed") with its price for the stay. The rooms are not fields of this form: they come with
 * the page's query, and other rooms are chosen on the hotel's page (the link goes back to it).
 */

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** "2 adults, 1 child · extra bed · breakfast" in the page's language. */
function roomFacts(room: HotelRoomView, t: Translate): string {
  const guests = [t("search.pax.adultsCount", { count: room.guests.adults })];
  if (room.guests.children > 0) guests.push(t("search.pax.childrenCount", { count: room.guests.children }));
  return [
    guests.join(t("search.listSeparator")),
    room.extraBed ? t("hotelPurchase.extraBed") : null,
    room.breakfast ? t("hotelPurchase.breakfast") : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

function HotelLink({ href, label }: { href: string | null; label: MessageKey }) {
  const { t } = useI18n();
  return href ? (
    <Link to={href} className="hotel-purchase-link">
      {t(label)}
    </Link>
  ) : null;
}

/** The hotel, the stay and the rule that each room has one lead guest; a refusal of the rooms as a whole. */
function RoomsIntro({ view, message, editing }: ChoicesProps<HotelChoicesView>) {
  const { t } = useI18n();
  const id = fieldId(ROOMS_FIELD);
  const error = message(ROOMS_FIELD);
  return (
    <div id={id} tabIndex={-1} className="hotel-purchase-intro">
      <p className="hotel-purchase-hotel">
        <strong>{view.hotelName}</strong> · {view.stay} · {t("search.nights", { count: view.nights })}
      </p>
      {error ? (
        <div className="booking-alert" role="alert">
          <p id={`${id}-error`}>{error}</p>
          <HotelLink href={view.hotelHref} label="hotelPurchase.backToHotel" />
        </div>
      ) : (
        <p className="booking-note">
          {t("hotelPurchase.leadNote")} <HotelLink href={view.hotelHref} label="hotelPurchase.changeRooms" />
        </p>
      )}
      {editing ? <p className="booking-note">{t("hotelPurchase.editNote")}</p> : null}
    </div>
  );
}

/** The room a lead guest leads, at the top of their card, with its price and any refusal of it. */
function LeadRoom({ view, message, index }: ChoicesProps<HotelChoicesView> & { index: number }) {
  const { t } = useI18n();
  const toman = useToman();
  const room = view.rooms[index];
  const field = roomField(index);
  const id = fieldId(field);
  const error = message(field) ?? (room?.tooMany ? t("booking.error.ROOM_GUESTS_EXCEED") : null);
  if (!room) return null;
  return (
    <div
      id={id}
      tabIndex={-1}
      className={`hotel-lead-room${error ? " booking-field-invalid" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <p className="hotel-lead-room-name">
        {t("hotelPurchase.room", { n: index + 1, name: room.name })}
        <span className="hotel-lead-room-price">{toman(room.price)}</span>
      </p>
      <p className="hotel-lead-room-facts">{roomFacts(room, t)}</p>
      {room.extraBed && room.extraBedPrice > 0 ? (
        <p className="booking-note">{t("hotelPurchase.extraBedPrice", { price: toman(room.extraBedPrice) })}</p>
      ) : null}
      <FieldMessage id={`${id}-error`} message={error} />
      {error ? <HotelLink href={view.hotelHref} label="hotelPurchase.backToHotel" /> : null}
    </div>
  );
}

/** Where a room refusal is, for the summary of what to fix: "Room 2: Double room", "Rooms". */
export function hotelChoiceLabel(field: string, _titles: string[], t: Translate, view: HotelChoicesView): string | null {
  if (field === ROOMS_FIELD) return t("hotelPurchase.rooms");
  const match = ROOM_FIELD.exec(field);
  if (!match) return null;
  const index = Number(match[1]);
  const room = view.rooms[index];
  return room ? t("hotelPurchase.room", { n: index + 1, name: room.name }) : t("hotelPurchase.rooms");
}

/** The hotel's part of the shared passengers page. */
export const HOTEL_PURCHASE_SECTION: ChoicesSection<HotelChoicesView> = {
  intro: (props) => <RoomsIntro {...props} />,
  passengerHead: (props) => <LeadRoom {...props} />,
  label: hotelChoiceLabel,
  // Extra beds are priced apart from the rooms' fare: the live total adds them.
  total: (view) => view.rooms.reduce((sum, room) => sum + room.extraBedPrice, 0),
  totalLabel: "hotelPurchase.price.extraBeds",
};
