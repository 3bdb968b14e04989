import { averagePerNight, type HotelRoomOffer } from "#core/hotels/hotel.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { readableDate } from "#core/search/dates.ts";
import type { Room } from "#core/search/search-forms.ts";
import { useMoney } from "#app/components/flights/result-parts.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { HotelPageData, HotelStayRooms } from "./page-data.ts";

/** Few enough rooms left that the page says how many. */
const FEW_ROOMS = 3;

type StayRooms = Extract<HotelStayRooms, { ok: true }>;

/** The room sleeps this room's party, with its extra bed if need be. */
function fits(offer: HotelRoomOffer, room: Room): boolean {
  return room.adults + room.children <= offer.capacity + offer.extraBeds;
}

/** What one room of the party costs in this offer for the whole stay: the room, plus its extra bed when the party needs it. */
export function roomPrice(offer: HotelRoomOffer, room: Room): { total: number; extraBed: boolean } {
  const extraBed = room.adults + room.children > offer.capacity;
  return { total: offer.total + (extraBed ? offer.extraBedPerNight * offer.nights : 0), extraBed };
}

function RoomOfferCard({ offer }: { offer: HotelRoomOffer }) {
  const { t } = useI18n();
  const money = useMoney();
  // Weekend and holiday nights cost more: a stay over them has an average night, rounded, and says so.
  const sameEveryNight = offer.nightPrices.every((price) => price === offer.nightPrices[0]);
  const perNight = (sameEveryNight ? offer.nightPrices[0] : undefined) ?? averagePerNight(offer.total, offer.nights);
  const foreignTotal = offer.foreignNightPrices?.reduce((sum, price) => sum + price, 0) ?? null;
  return (
    <li className="hotel-room">
      <h3 className="hotel-subtitle">{offer.roomName}</h3>
      <ul className="hotel-room-facts">
        <li>{t(`hotelPage.roomType.${offer.roomType}`)}</li>
        <li>{t("hotelPage.room.capacity", { count: offer.capacity })}</li>
        <li>
          {offer.extraBeds > 0 ? t("hotelPage.room.extraBed", { price: money(offer.extraBedPerNight) }) : t("hotelPage.room.noExtraBed")}
        </li>
        <li>{offer.breakfast ? t("hotelPage.room.breakfast") : t("hotelPage.room.noBreakfast")}</li>
        <li>
          {offer.refundable ? t("hotelPage.room.refundable") : t("hotelPage.room.nonRefundable")}
          {offer.cancellationPolicy ? `: ${offer.cancellationPolicy}` : null}
        </li>
        {offer.roomsLeft <= FEW_ROOMS ? <li className="hotel-room-few">{t("hotelPage.room.left", { count: offer.roomsLeft })}</li> : null}
      </ul>
      <p className="hotel-room-price">
        <span className="hotel-room-total" data-total={offer.total}>
          {t("hotelPage.room.total", { nights: t("search.nights", { count: offer.nights }), price: money(offer.total) })}
        </span>
        <span className="hotel-room-night">
          {t(sameEveryNight ? "hotelPage.room.perNight" : "hotelPage.room.perNightAverage", { price: money(perNight) })}
        </span>
        {foreignTotal !== null ? (
          <span className="hotel-room-foreign">{t("hotelPage.room.foreign", { price: money(foreignTotal) })}</span>
        ) : null}
      </p>
    </li>
  );
}

/** One select per room of the search, among the offers that sleep its guests; the cheapest is chosen first. */
function ChooseRooms({ stay, action }: { stay: StayRooms; action: string }) {
  const { t } = useI18n();
  const money = useMoney();
  const choices = stay.rooms.map((room) =>
    stay.offers
      .filter((offer) => fits(offer, room))
      .map((offer) => ({ offer, ...roomPrice(offer, room) }))
      .sort((a, b) => a.total - b.total),
  );
  const unfit = choices.findIndex((choice) => choice.length === 0);
  const guests = (room: Room) =>
    [t("search.pax.adultsCount", { count: room.adults }), room.children ? t("search.pax.childrenCount", { count: room.children }) : null]
      .filter(Boolean)
      .join(t("search.listSeparator"));
  if (unfit >= 0) {
    return (
      <p className="hotel-notice" role="note">
        {t("hotelPage.choose.noneFits", { room: unfit + 1, guests: guests(stay.rooms[unfit]!) })}
      </p>
    );
  }
  return (
    <form method="get" action={action} className="hotel-choose" aria-labelledby="hotel-choose-heading">
      <h3 id="hotel-choose-heading" className="hotel-subtitle">
        {t("hotelPage.choose.heading")}
      </h3>
      {stay.rooms.map((room, index) => {
        const id = `choose-room-${index + 1}`;
        return (
          <div key={id} className="booking-field hotel-choose-room">
            <input type="hidden" name="room" value={`${room.adults}-${room.children}`} />
            <label htmlFor={id} className="booking-label">
              {t("hotelPage.choose.room", { room: index + 1, guests: guests(room) })}
            </label>
            <select id={id} name="offer" defaultValue={choices[index]![0]!.offer.offerId}>
              {choices[index]!.map(({ offer, total, extraBed }) => (
                <option key={offer.offerId} value={offer.offerId}>
                  {t(extraBed ? "hotelPage.choose.optionExtraBed" : "hotelPage.choose.option", {
                    room: offer.roomName,
                    price: money(total),
                  })}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <button type="submit" className="hotel-button">
        {t("hotelPage.choose.submit")}
      </button>
    </form>
  );
}

/** The rooms free for the stay the URL names, what each includes and costs, and the form that books them. */
export function HotelRooms({ page }: { page: HotelPageData }) {
  const { t, locale } = useI18n();
  const stay = page.stay;
  if (!stay) return null;
  const action = localizePath(locale, page.service === "hotel" ? "/hotel/reserve/passengers" : "/internationalhotel/reserve");
  return (
    <section id="rooms" className="hotel-section hotel-rooms" aria-labelledby="hotel-rooms-heading">
      <h2 id="hotel-rooms-heading" className="hotel-section-title">
        {t("hotelPage.rooms.heading")}
      </h2>
      {!stay.ok ? (
        <p className="hotel-notice" role="alert">
          {t("hotelPage.rooms.unavailable")}
        </p>
      ) : (
        <>
          <p className="hotel-stay">
            {t("hotelPage.rooms.stay", {
              checkIn: readableDate(stay.checkIn, locale, page.calendar),
              checkOut: readableDate(stay.checkOut, locale, page.calendar),
              nights: t("search.nights", { count: stay.nights }),
            })}
          </p>
          {stay.offers.length === 0 ? (
            <p className="hotel-notice" role="note">
              {t("hotelPage.rooms.none")}
            </p>
          ) : (
            <>
              <ul className="hotel-room-list">
                {stay.offers.map((offer) => (
                  <RoomOfferCard key={offer.offerId} offer={offer} />
                ))}
              </ul>
              <ChooseRooms stay={stay} action={action} />
            </>
          )}
        </>
      )}
    </section>
  );
}
