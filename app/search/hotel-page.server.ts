import { data, redirect, type AppLoadContext } from "react-router";
import { hotelPath } from "#core/hotels/hotel-paths.ts";
import { displayName } from "#core/accounts/account.ts";
import type { HotelDetails } from "#core/hotels/hotel.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { localizePath } from "#core/i18n/locales.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { daysBetween, tehranToday } from "#core/search/dates.ts";
import { readSearchFields, validateSearch, type Room } from "#core/search/search-forms.ts";
import { refuseBadCsrf } from "#app/booking/access.server.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { requireAccount } from "#app/account/panel.server.ts";
import { requireService } from "#app/service-guard.server.ts";
import {
  COMMENTS_PER_PAGE,
  COMMENT_MAX_LENGTH,
  COMMENT_MIN_LENGTH,
  type CommentRefusal,
  type HotelPageData,
  type HotelPageKey,
  type HotelPageService,
  type HotelStayRooms,
} from "#app/components/hotels/page-data.ts";
import type { SearchFormState } from "./search-state.ts";
import { calendarOf, resultsFormState, submitSearch } from "./search-page.server.ts";

/**
 * The hotel page of issue 20 §3 (`/hotel/{city}/{hotelId}`, `/internationalhotel/search/{cc}/{city}/{hotelId}`):
 * the hotel's details, its guests' comments (signed-in travellers who stayed may add one) and,
 * when the URL names a stay (`checkIn`, `checkOut`, `room=a-c` per room), its rooms for that stay.
 */

const searchServiceOf = (service: HotelPageService) => (service === "hotel" ? "hotel" : "outHotel");
/** The stay parameters of the URL; without any of them the page asks for dates instead of showing messages. */
const STAY_PARAMS = ["checkIn", "checkOut", "room"];

/** The hotel the path names, or the visitor's 404: an unknown hotel, another city's or country's, or the other service's. */
async function hotelOf(context: AppLoadContext, key: HotelPageKey): Promise<HotelDetails> {
  requireService(context, key.service);
  if (!context.hotels) throw data(null, { status: 503, headers: NO_STORE });
  const hotel = await context.hotels.hotel(key.city, key.hotelId, context.locale.locale);
  const region = key.service === "hotel" ? "iran" : "abroad";
  const countryMatches = key.country === undefined || key.country.toUpperCase() === hotel?.countryCode.toUpperCase();
  if (!hotel || hotel.city !== key.city || hotel.region !== region || !countryMatches) throw data(null, { status: 404 });
  return hotel;
}

/** The page itself (the path without the query), in the visitor's language. */
export function hotelPagePath(context: AppLoadContext, hotel: Pick<HotelDetails, "region" | "countryCode" | "city" | "hotelId">): string {
  return localizePath(context.locale.locale, hotelPath(hotel));
}

/**
 * The "change dates or guests" form sent to this page: a valid stay in this city comes back here
 * with the stay in the URL (ISO dates, `room=a-c`); another city goes to that city's list as any
 * search does; a refused one shows on the form.
 */
async function stayFormSubmission(
  request: Request,
  context: AppLoadContext,
  service: "hotel" | "outHotel",
  hotel: HotelDetails,
  city: PlaceSuggestion | null,
) {
  const params = new URL(request.url).searchParams;
  if (params.get("s") !== service) return null;
  const fields = readSearchFields(service, params);
  if (city && fields.city === city.id) {
    const outcome = validateSearch(service, fields, { today: tehranToday(context.now()), places: { city } });
    if (outcome.ok && outcome.search.checkIn && outcome.search.checkOut && outcome.search.rooms) {
      const query = new URLSearchParams({ checkIn: outcome.search.checkIn, checkOut: outcome.search.checkOut });
      for (const room of outcome.search.rooms) query.append("room", `${room.adults}-${room.children}`);
      throw redirect(`${hotelPagePath(context, hotel)}?${query.toString()}`, { headers: { "Cache-Control": "no-store" } });
    }
  }
  return submitSearch(request, context, service);
}

async function stayRooms(context: AppLoadContext, hotel: HotelDetails, stay: { checkIn: string; checkOut: string; rooms: Room[] }) {
  try {
    const offers = await context.hotels!.rooms(hotel.city, hotel.hotelId, stay, context.locale.locale);
    const nights = daysBetween(stay.checkIn, stay.checkOut);
    return { ok: true as const, ...stay, nights, offers: offers.filter((offer) => offer.roomsLeft > 0) };
  } catch (error) {
    context.log.error({ err: error }, "hotel rooms failed");
    return { ok: false as const, error: "UNAVAILABLE" as const };
  }
}

/** A whole number typed in any digit set, or null. */
function wholeNumber(value: FormDataEntryValue | string | null): number | null {
  if (typeof value !== "string" || !/^\d{1,6}$/.test(latinDigits(value.trim()))) return null;
  return Number(latinDigits(value.trim()));
}

async function commentsPage(context: AppLoadContext, hotel: HotelDetails, requested: number) {
  if (!context.hotelComments) return null;
  const key = { city: hotel.city, hotelId: hotel.hotelId };
  const list = (page: number) => context.hotelComments!.list(key, { limit: COMMENTS_PER_PAGE, offset: (page - 1) * COMMENTS_PER_PAGE });
  try {
    let page = requested;
    let answer = await list(page);
    const pages = Math.max(1, Math.ceil(answer.total / COMMENTS_PER_PAGE));
    // A page past the last (an old link, a comment removed) shows the last one rather than nothing.
    if (page > pages) {
      page = pages;
      answer = await list(page);
    }
    return { total: answer.total, page, pages, list: answer.comments };
  } catch (error) {
    context.log.warn({ err: error }, "hotel comments unavailable");
    return null;
  }
}

export async function hotelPageLoader(request: Request, context: AppLoadContext, key: HotelPageKey) {
  const hotel = await hotelOf(context, key);
  const service = searchServiceOf(key.service);
  const city = await context.places.byRouteCode(hotel.city, service, context.locale.locale);
  const refused = await stayFormSubmission(request, context, service, hotel, city);
  const query = new URL(request.url).searchParams;
  let form: SearchFormState | null = refused;
  let stay: Promise<HotelStayRooms> | null = null;
  if (!refused && city) {
    const asked = STAY_PARAMS.some((name) => query.has(name));
    const { state, search } = resultsFormState(request, context, service, { city });
    form = asked ? state : { ...state, errors: {} };
    if (search?.checkIn && search.checkOut && search.rooms)
      stay = stayRooms(context, hotel, { checkIn: search.checkIn, checkOut: search.checkOut, rooms: search.rooms });
  }
  // The rooms, the comments and the visitor's sign-in do not depend on one another: asked together.
  const [rooms, comments, signedIn] = await Promise.all([
    stay,
    commentsPage(context, hotel, Math.max(1, wholeNumber(query.get("comments")) ?? 1)),
    context.auth.current(),
  ]);
  const page: HotelPageData = {
    service: key.service,
    hotel,
    city,
    form,
    stay: rooms,
    comments,
    csrf: signedIn ? context.csrf.token() : null,
    calendar: calendarOf(request, context.locale.locale),
    hasMap: Boolean(context.tenant.mapToken),
    commented: query.get("commented") === "1",
  };
  // The page carries the visitor's own token and rooms that change by the minute: never kept by a shared cache.
  return data(page, { status: refused ? 400 : 200, headers: { "Cache-Control": "private, no-cache", Vary: "Cookie" } });
}

/** Reads and checks the comment form; the refusal says what is wrong on each field. */
function readComment(form: FormData): { score: number; text: string } | CommentRefusal {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { score: field("score").slice(0, 10), text: field("text").slice(0, COMMENT_MAX_LENGTH + 100) };
  const errors: CommentRefusal["errors"] = {};
  const score = wholeNumber(values.score);
  if (score === null || score < 1 || score > 10) errors.score = "SCORE_INVALID";
  const text = values.text.trim();
  if (text.length < COMMENT_MIN_LENGTH) errors.text = "TEXT_TOO_SHORT";
  else if (text.length > COMMENT_MAX_LENGTH) errors.text = "TEXT_TOO_LONG";
  return Object.keys(errors).length > 0 || score === null ? { values, errors } : { score, text };
}

/** Adds the signed-in traveller's comment, then shows the page again by GET with a notice. */
export async function hotelPageAction(request: Request, context: AppLoadContext, key: HotelPageKey) {
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const hotel = await hotelOf(context, key);
  const account = await requireAccount(request, context);
  const refuse = (refusal: CommentRefusal, status: number) => data(refusal, { status: refusalStatus(context, status), headers: NO_STORE });
  const comment = readComment(form);
  if ("errors" in comment) return refuse(comment, 400);
  const values = { score: String(comment.score), text: comment.text };
  if (!context.hotelComments) return refuse({ values, errors: { form: "UNAVAILABLE" } }, 503);
  const added = await context.hotelComments.add({
    tenantId: context.tenant.id,
    userId: account.id,
    city: hotel.city,
    hotelId: hotel.hotelId,
    author: displayName(account),
    ...comment,
  });
  if (!added.ok) return refuse({ values, errors: { form: added.error } }, added.error === "NOT_STAYED" ? 403 : 409);
  // Back to the page as it was (its stay and comments page kept), by GET so a reload sends nothing again.
  const query = new URL(request.url).searchParams;
  query.delete("comments");
  query.set("commented", "1");
  throw redirect(`${hotelPagePath(context, hotel)}?${query.toString()}#comments`, { status: 303, headers: NO_STORE });
}
