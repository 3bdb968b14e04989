import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { BOOKING_ERROR_MESSAGE, type BookingErrorCode } from "#core/i18n/code-messages.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { passengerLimits } from "#core/search/search-forms.ts";
import { MAX_TOUR_ROOM_ADULTS, MAX_TOUR_ROOM_CHILDREN_NO_BED, MAX_TOUR_ROOM_CHILDREN_WITH_BED } from "#core/tours/tour.ts";
import { fieldId } from "#app/components/booking/form-fields.tsx";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { Stepper } from "#app/components/search/passenger-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { ROOM_COUNTS, roomCountField, type RoomView, type TourRoomsPage } from "./departure-data.ts";
import { TourHotelFacts } from "./departure-hotels.tsx";
import { DepartureBreadcrumb, DepartureFacts } from "./departure-summary.tsx";

/**
 * `/tour/searchRooms/{tourId}?hotel=…` (issue 21): the travellers, then 1–4 rooms and who sleeps
 * in each, with each room's price and the total as the server worked them out. It is a GET form
 * that comes back to this page: without JavaScript "update prices", "add a room" and "remove"
 * submit it; with JavaScript the − and + buttons submit it at once. Refusals stand on the room or
 * the count they concern; "continue" is there only for rooms the server accepted.
 */

type Translate = ReturnType<typeof useI18n>["t"];
type Values = Record<string, string>;
type RoomCount = (typeof ROOM_COUNTS)[number];

const ROOM_COUNT_LABEL: Record<RoomCount, MessageKey> = {
  adults: "search.pax.adults",
  childrenWithBed: "tourPurchase.rooms.childrenWithBed",
  childrenNoBed: "tourPurchase.rooms.childrenNoBed",
  infants: "search.pax.infants",
};
const ROOM_COUNT_HINT: Record<RoomCount, MessageKey> = {
  adults: "search.pax.adultsAge",
  childrenWithBed: "search.pax.childrenAge",
  childrenNoBed: "search.pax.childrenAge",
  infants: "search.pax.infantsAge",
};
const PARTY_COUNTS = [
  { name: "adults", label: "search.pax.adults", hint: "search.pax.adultsAge", min: 1 },
  { name: "children", label: "search.pax.children", hint: "search.pax.childrenAge", min: 0 },
  { name: "infants", label: "search.pax.infants", hint: "search.pax.infantsAge", min: 0 },
] as const;

/** A refusal in the page's language: a departure without the seats in its own words. */
export function roomsMessage(code: string, t: Translate): string {
  if (code === "SOLD_OUT") return t("tourPurchase.error.SOLD_OUT");
  return t(BOOKING_ERROR_MESSAGE[code as BookingErrorCode] ?? "booking.error.INVALID");
}

function valuesOf(page: TourRoomsPage): Values {
  const values: Values = { adults: String(page.party.adults), children: String(page.party.children), infants: String(page.party.infants) };
  page.rooms.forEach((room, index) => {
    for (const count of ROOM_COUNTS) values[roomCountField(index, count)] = Number.isNaN(room[count]) ? "" : String(room[count]);
  });
  return values;
}

/** How many more of a kind a room may take before the server would refuse it (the + button stops there). */
function roomRoom(room: Record<RoomCount, number>): Record<RoomCount, boolean> {
  return {
    adults: room.adults < MAX_TOUR_ROOM_ADULTS,
    childrenWithBed: room.childrenWithBed < MAX_TOUR_ROOM_CHILDREN_WITH_BED,
    childrenNoBed: room.childrenNoBed < MAX_TOUR_ROOM_CHILDREN_NO_BED,
    infants: room.infants < room.adults,
  };
}

function countIn(values: Values, name: string): number {
  const value = Number(values[name]);
  return Number.isInteger(value) ? value : 0;
}

/** "2 × 12,000,000" with no-break spaces, so it never breaks across lines. */
function useLineText() {
  const { number } = useI18n();
  const toman = useToman();
  return (count: number, each: number) => `${number(count)}\u00a0×\u00a0${toman(each)}`;
}

function RoomPrice({ room, index }: { room: RoomView; index: number }) {
  const { t } = useI18n();
  const toman = useToman();
  const lineText = useLineText();
  if (room.price === null) return null;
  return (
    <dl className="tour-room-price" aria-label={t("tourPurchase.rooms.price", { n: index + 1 })}>
      {room.lines.map((line) => (
        <div key={line.occupancy}>
          <dt>{t(`tourPurchase.occupancy.${line.occupancy}`)}</dt>
          <dd>{lineText(line.count, line.each)}</dd>
        </div>
      ))}
      <div className="tour-room-total">
        <dt>{t("tourPurchase.rooms.price", { n: index + 1 })}</dt>
        <dd>{toman(room.price)}</dd>
      </div>
    </dl>
  );
}

function RoomFields({
  page,
  room,
  index,
  values,
  onChange,
}: {
  page: TourRoomsPage;
  room: RoomView;
  index: number;
  values: Values;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useI18n();
  const field = `rooms.${index}`;
  const id = fieldId(field);
  const error = page.errors[field] ? roomsMessage(page.errors[field], t) : null;
  const counts = Object.fromEntries(ROOM_COUNTS.map((count) => [count, countIn(values, roomCountField(index, count))])) as Record<
    RoomCount,
    number
  >;
  const canAdd = roomRoom(counts);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={`tour-room${error ? " booking-field-invalid" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="tour-room-title">{t("tourPurchase.rooms.room", { n: index + 1 })}</legend>
      <div className="tour-room-counts">
        {ROOM_COUNTS.map((count) => (
          <Stepper
            key={count}
            name={roomCountField(index, count)}
            label={t(ROOM_COUNT_LABEL[count])}
            hint={t(ROOM_COUNT_HINT[count])}
            value={values[roomCountField(index, count)] ?? ""}
            min={count === "adults" ? 1 : 0}
            canAdd={canAdd[count]}
            error={null}
            onChange={(value) => onChange(roomCountField(index, count), value)}
          />
        ))}
      </div>
      <FieldMessage id={`${id}-error`} message={error} />
      <RoomPrice room={room} index={index} />
      {page.rooms.length > 1 ? (
        <button type="submit" name="remove" value={index} className="tour-link-button">
          {t("tourPurchase.rooms.remove", { n: index + 1 })}
        </button>
      ) : null}
    </fieldset>
  );
}

export function TourRoomsScreen({ page }: { page: TourRoomsPage }) {
  const { t } = useI18n();
  const toman = useToman();
  const submit = useSubmit();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  // The counts as shown: the server's after each answer, the visitor's while a change is on its way.
  const [shown, setShown] = useState({ page, values: valuesOf(page) });
  const values = shown.page === page ? shown.values : valuesOf(page);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pending || !formRef.current) return;
    setPending(false);
    void submit(formRef.current, { method: "get", replace: true, preventScrollReset: true });
  }, [pending, submit]);
  const change = (name: string, value: string) => {
    setShown({ page, values: { ...values, [name]: value } });
    // A whole count is priced at once; a half-typed one waits for the next key.
    if (/^\d+$/.test(value)) setPending(true);
  };
  const party = { adults: countIn(values, "adults"), children: countIn(values, "children"), infants: countIn(values, "infants") };
  const partyRoom = passengerLimits(party);
  const roomsError = page.errors.rooms ? roomsMessage(page.errors.rooms, t) : null;
  const busy = navigation.state !== "idle";
  return (
    <article className="tour-page">
      <DepartureBreadcrumb view={page} current={page.hotel.name} />
      <header className="tour-header">
        <h1 className="tour-title">{t("tourPurchase.rooms.heading", { hotel: page.hotel.name })}</h1>
        <p className="tour-route">
          {page.departure.title} · {t("tourPurchase.route", { from: page.fromName, to: page.toName })}
        </p>
        <TourHotelFacts hotel={page.hotel} />
      </header>
      <DepartureFacts view={page} />
      <Form method="get" action={pathname} className="tour-rooms-form" ref={formRef} aria-describedby="tour-rooms-intro tour-rooms-rule">
        <p id="tour-rooms-intro" className="booking-note">
          {t("tourPurchase.rooms.intro")}
        </p>
        <input type="hidden" name="hotel" value={page.hotel.hotelId} />
        {/* Enter in a count submits the first submit button: this one, not a room's "remove". */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
          {t("tourPurchase.rooms.update")}
        </button>
        <fieldset className="tour-party">
          <legend className="tour-room-title">{t("tourPurchase.rooms.party")}</legend>
          <div className="tour-room-counts">
            {PARTY_COUNTS.map((count) => (
              <Stepper
                key={count.name}
                name={count.name}
                label={t(count.label)}
                hint={t(count.hint)}
                value={values[count.name] ?? ""}
                min={count.min}
                canAdd={partyRoom[count.name] > 0}
                error={page.errors[count.name] ? roomsMessage(page.errors[count.name]!, t) : null}
                onChange={(value) => change(count.name, value)}
              />
            ))}
          </div>
        </fieldset>
        <section
          id={fieldId("rooms")}
          tabIndex={-1}
          className="tour-rooms"
          aria-labelledby="tour-rooms-heading"
          aria-describedby={roomsError ? `${fieldId("rooms")}-error` : undefined}
        >
          <h2 id="tour-rooms-heading" className="tour-section-title">
            {t("tourPurchase.rooms.rooms")}
          </h2>
          <p id="tour-rooms-rule" className="booking-note">
            {t("tourPurchase.rooms.rule")}
          </p>
          {page.rooms.map((room, index) => (
            <RoomFields key={index} page={page} room={room} index={index} values={values} onChange={change} />
          ))}
          <FieldMessage id={`${fieldId("rooms")}-error`} message={roomsError} />
          <div className="tour-rooms-actions">
            {page.canAdd ? (
              <button type="submit" name="add" value="1" className="tour-secondary-button">
                {t("tourPurchase.rooms.add")}
              </button>
            ) : null}
            <button type="submit" className="tour-secondary-button">
              {t("tourPurchase.rooms.update")}
            </button>
          </div>
        </section>
        <div className="tour-rooms-total" aria-live="polite" aria-busy={busy || undefined}>
          {page.total !== null ? (
            <p>
              {t("tourPurchase.rooms.total")}: <strong>{toman(page.total)}</strong>
            </p>
          ) : null}
          {page.continueHref ? (
            <Link to={page.continueHref} className="tour-button">
              {t("tourPurchase.rooms.continue")}
            </Link>
          ) : (
            <p className="booking-note">{t("tourPurchase.rooms.fixFirst")}</p>
          )}
        </div>
      </Form>
      <p>
        <Link to={page.hotelsHref} className="hotel-purchase-link">
          {t("tourPurchase.rooms.otherHotels")}
        </Link>
      </p>
    </article>
  );
}
