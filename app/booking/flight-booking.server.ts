import type { PlaceService } from "#core/places/place.ts";
import { data, redirect, type AppLoadContext } from "react-router";
import { isHashId, type Booking } from "#core/booking/booking.ts";
import { isPayable, visibleStatus } from "#core/booking/booking-state.ts";
import { saveBookingPassengers } from "#core/booking/save-passengers.ts";
import { editBookingDetails, partyErrors, placeBooking, type PartyError } from "#core/booking/place-booking.ts";
import type { ChoiceError, OfferSelection } from "#core/booking/selection.ts";
import { flightSelection } from "#core/flights/flight-selection.ts";
import type { FlightOffer } from "#core/flights/flight.ts";
import { FLIGHT_SERVICE } from "#core/flights/flight-service.ts";
import type { ServiceId } from "#core/services/service-ids.ts";
import type { DescribeContext, ItemSummary } from "#core/services/service-module.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { addDays, dateText, tehranToday, type CalendarKind } from "#core/search/dates.ts";
import type { Gender, PassengerType } from "#core/passengers/passenger-rules.ts";
import type { PassengerRequirements } from "#core/services/service-module.ts";
import { tenantOffers } from "#core/tenants/options.ts";
import type { Passengers } from "#core/search/search-forms.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { requireService } from "#app/service-guard.server.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { passengerFieldValues, passengerTypes, readBookingForm, valuesOfBooking, type FormValues } from "./booking-form.ts";
import { refuseBadCsrf, requireBookingAccess } from "./access.server.ts";
import { countryOptions, passportCountryOptions } from "./countries.ts";
import { prefactorPath } from "./paths.ts";
import { walletAvailable } from "./payment.server.ts";
import { prefactorFormAction, prefactorPanel, type PayByOthersPanel } from "./pay-by-others.server.ts";
import { NO_STORE, refusalStatus } from "./answers.server.ts";
import { travellersOf, type PriceGroup, type PurchaseChoices } from "./purchase-choices.ts";

/**
 * The passengers page (`/flight/{route}/passengers`, `/internationalflight/{offerId}/passengers`)
 * and the pre-invoice (`/flight/prefactor/{reference}/{hashId}`, `/flightRtrip/prefactor/…`,
 * `/internationalflight/prefactor/…`) of issues 6 and 17. The route modules stay thin: this file
 * reads the request, calls one core use case and shapes the page. What differs per service is a
 * {@link PurchasePages} the route passes in; everything else is shared.
 */

/**
 * What one service's purchase pages do their own way. `View` is what the passengers page shows of
 * the service's own choices (none for flights).
 */
export interface PurchasePages<View = never> {
  /** The service whose switch guards the pages (a tenant without it gets 404). */
  service: ServiceId;
  /** The chosen offers from the passengers page's path key and query; null when a round trip's pair is incomplete. */
  offerIds(routeKey: string, query: URLSearchParams): string[] | null;
  /**
   * The party of the page's query when the service does not take `adults`/`children`/`infants`
   * (a hotel: one lead guest, an adult, per room chosen).
   */
  partyOf?(query: URLSearchParams): Passengers;
  /** The core's per-service step of placing a booking (core/booking/selection.ts). */
  selection(context: AppLoadContext): OfferSelection;
  /**
   * The flight cards of domestic flights, from the offers as held or revalidated; a service
   * without them is shown through its module's summary (legs, layovers).
   */
  offerSummaries?(offers: readonly unknown[], calendar: CalendarKind, locale: Locale): OfferSummary[];
  /**
   * Locale-free "search again": the results of the offers' route (a party: with its date and
   * travellers), else the path's key; `query` is the passengers page's own (a hotel's rooms and guests).
   */
  searchPath(offers: readonly unknown[], routeKey: string, party: Passengers | null, today: string, query?: URLSearchParams): string;
  /** Locale-free path of the passengers page that edits a held booking. */
  editPath(booking: Booking): string;
  /** The service's own additions to the purchase (a train's meals and car), chosen on the passengers page. */
  choices?: PurchaseChoices<View>;
}

/** Domestic flights: one flight, or an outbound and its return, chosen by `outbound`/`inbound` ids. */
export const FLIGHT_PAGES: PurchasePages = {
  service: "flight",
  offerIds(_routeKey, query) {
    const ids = offerIdsOf(query);
    // A round trip is chosen as a pair; with one leg missing, back to the results to choose it.
    return query.get("trip") === "round" && ids.length !== 2 ? null : ids;
  },
  selection: (context) => flightSelection(context.flights),
  offerSummaries: (offers, calendar, locale) => offers.map((offer) => summary(FLIGHT_SERVICE.parseOffer(offer), calendar, locale)),
  searchPath(offers, routeKey, party, today) {
    const first = offers[0] === undefined ? undefined : FLIGHT_SERVICE.parseOffer(offers[0]);
    const path = `/flight/${encodeURIComponent(first ? `${first.from}-${first.to}` : routeKey)}`;
    if (!party) return path;
    return `${path}?date=${first?.departAt.slice(0, 10) ?? addDays(today, 1)}&adults=${party.adults}&children=${party.children}&infants=${party.infants}`;
  },
  editPath(booking) {
    const first = booking.items[0] ? FLIGHT_SERVICE.parseOffer(booking.items[0].offer) : undefined;
    return `/flight/${first ? `${first.from}-${first.to}` : ""}/passengers?edit=${booking.hashId}`;
  },
};

/**
 * How the offers are described in the page's language and calendar (any service): place names
 * looked up once, a code without a name shown as the code.
 */
async function describeContext(
  context: AppLoadContext,
  service: ServiceId,
  offers: readonly unknown[],
  calendar: CalendarKind,
): Promise<DescribeContext> {
  const module = moduleOfBooking({ service });
  const locale = context.locale.locale;
  // Each code once, looked up where its item's places are (a hotel abroad: the foreign-hotel cities).
  const codes = new Map<string, PlaceService>();
  for (const offer of offers) {
    const { from, to } = module.facts(offer);
    for (const code of [from, to, ...module.namedPlaces(offer)]) if (code) codes.set(code, module.placesOf(offer));
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...codes].map(async ([code, places]) => {
      const place = await context.places.byRouteCode(code, places, locale).catch(() => null);
      if (place) names.set(code, place.name);
    }),
  );
  return { locale, calendar, placeName: (code) => names.get(code) };
}

/** An offer as the pages show it: what the traveller needs to recognise the flight. */
export interface OfferSummary {
  airline: string;
  airlineCode: string;
  flightNumber: string;
  from: string;
  to: string;
  departAt: string;
  arriveAt: string;
  fareClass: string;
  cabin: string;
  baggageKg: number;
  refundable: boolean;
  charter: boolean;
  /** The departure day, written in the page's calendar. */
  date: string;
}

export function summary(offer: FlightOffer, calendar: CalendarKind, locale: Locale): OfferSummary {
  return {
    airline: offer.airline.name,
    airlineCode: offer.airline.code,
    flightNumber: offer.flightNumber,
    from: offer.from,
    to: offer.to,
    departAt: offer.departAt,
    arriveAt: offer.arriveAt,
    fareClass: offer.fareClass,
    cabin: offer.cabin,
    baggageKg: offer.baggageKg,
    refundable: offer.refundable,
    charter: offer.charter,
    date: localizeDigits(locale, dateText(offer.departAt.slice(0, 10), calendar)),
  };
}

function count(query: URLSearchParams, name: string, fallback: number): number {
  const value = Number(latinDigits(query.get(name) ?? ""));
  return query.has(name) && Number.isInteger(value) && value >= 0 && value <= 9 ? value : fallback;
}

/** The party of a purchase page's query (`adults`, `children`, `infants`), one adult when absent or not a count. */
export function partyOfQuery(query: URLSearchParams): Passengers {
  return { adults: count(query, "adults", 1), children: count(query, "children", 0), infants: count(query, "infants", 0) };
}

function offerIdsOf(query: URLSearchParams): string[] {
  return [query.get("outbound"), query.get("inbound")].filter(
    (id): id is string => typeof id === "string" && id.length > 0 && id.length <= 64,
  );
}

function dateExample(locale: Locale, calendar: CalendarKind): string {
  return localizeDigits(locale, calendar === "persian" ? "1369/02/11" : "1990/05/01");
}

interface PageBasics {
  /** The service whose pages these are (its own words in the purchase steps). */
  service: ServiceId;
  calendar: CalendarKind;
  dateExample: string;
  /** Passports print Gregorian dates: the expiry example is one. */
  passportExample: string;
  countries: [string, string][];
  /** Earliest birth date the page will suggest: 100 years before today (a hint only). */
  today: string;
  /** This browser's CSRF token, carried back by the form. */
  csrf: string;
}

/** A person of the signed-in traveller's previous-passengers list, ready to fill a passenger in (issue 9). */
export interface SavedPassengerOption {
  id: string;
  /** The name as the list shows it. */
  label: string;
  /** Field name (without the passenger's prefix) → value, as the form shows it. */
  values: Record<string, string>;
}

function basics(request: Request, context: AppLoadContext, service: ServiceId): PageBasics {
  const locale = context.locale.locale;
  const calendar = calendarOf(request, locale);
  return {
    service,
    calendar,
    dateExample: dateExample(locale, calendar),
    passportExample: localizeDigits(locale, "2030/01/31"),
    countries: countryOptions(locale),
    today: tehranToday(context.now()),
    csrf: context.csrf.token(),
  };
}

/**
 * The signed-in traveller's previous passengers, and the form's starting values: their mobile as
 * the contact, and any passenger chosen from the list by a `fill{n}` link (the form without JavaScript).
 */
async function savedPassengerOptions(
  context: AppLoadContext,
  calendar: CalendarKind,
  query: URLSearchParams,
  party: Passengers,
): Promise<{ saved: SavedPassengerOption[]; values: FormValues }> {
  const signedIn = await context.auth.current();
  if (!signedIn) return { saved: [], values: {} };
  const locale = context.locale.locale;
  const people = await context.accounts.savedPassengers(signedIn.account.id);
  const saved = people.map((person) => ({
    id: person.id,
    label: person.iranian
      ? `${person.firstName} ${person.lastName}`
      : `${person.firstNameLatin ?? person.firstName} ${person.lastNameLatin ?? person.lastName}`,
    values: passengerFieldValues(person, calendar, locale),
  }));
  const values: FormValues = { "contact.mobile": localizeDigits(locale, signedIn.account.mobile) };
  passengerTypes(party).forEach((_type, index) => {
    const chosen = saved.find((person) => person.id === query.get(`fill${index}`));
    if (chosen) for (const [name, value] of Object.entries(chosen.values)) values[`passengers.${index}.${name}`] = value;
  });
  return { saved, values };
}

/** What the pages show of the trip: domestic flight cards, or any service's module summary. */
export interface TripView {
  /** Domestic flights' own cards (empty for a service described by its module). */
  offers: OfferSummary[];
  /** The items as their service's module describes them (international flights: legs and layovers). */
  items: ItemSummary[];
  /** The trip's first origin and destination for the heading (flight cards: codes; otherwise names); null when unknown. */
  route: { from: string; to: string } | null;
}

async function tripView<View>(
  pages: PurchasePages<View>,
  context: AppLoadContext,
  service: ServiceId,
  offers: readonly unknown[],
  calendar: CalendarKind,
): Promise<{ trip: TripView; describe: DescribeContext }> {
  const locale = context.locale.locale;
  const module = moduleOfBooking({ service });
  const facts = offers[0] === undefined ? null : module.facts(offers[0]);
  const describe = await describeContext(context, service, offers, calendar);
  return {
    trip: {
      offers: pages.offerSummaries ? pages.offerSummaries(offers, calendar, locale) : [],
      items: pages.offerSummaries ? [] : offers.map((offer) => module.summary(offer, describe)),
      // Flight cards name airports by code; a module-described trip by its places' names (a station slug tells nobody anything).
      route:
        facts?.from && facts.to
          ? pages.offerSummaries
            ? { from: facts.from, to: facts.to }
            : { from: describe.placeName?.(facts.from) ?? facts.from, to: describe.placeName?.(facts.to) ?? facts.to }
          : null,
    },
    describe,
  };
}

/** Rules of the trip the page explains before anything is typed (a train that refuses foreigners, a one-gender compartment). */
export interface TripRules {
  foreignersAllowed: boolean;
  genderOnly: Gender | null;
}

function rulesOf(requirements: PassengerRequirements): TripRules {
  return { foreignersAllowed: requirements.foreignersAllowed !== false, genderOnly: requirements.genderOnly ?? null };
}

export type PassengersPage<View = never> =
  | (PageBasics &
      TripView & {
        kind: "form";
        routeKey: string;
        party: Passengers;
        latinNamesRequired: boolean;
        /** Every traveller gives a passport, Iranians too (travel abroad): the passport fields are shown for all. */
        passportForEveryone: boolean;
        /** Months a passport must stay valid after the last flight (0: no such rule). */
        passportValidMonths: number;
        /** Issuers a passport may name: with Iran when Iranians give one too. */
        passportCountries: [string, string][];
        /** Who may travel, said before anything is typed; the server judges it on the fields. */
        rules: TripRules;
        price: { base: number; taxes: number; discount: number; total: number };
        /** The fare the traveller is shown now (without the service's own choices), sent back with the form to catch a change. */
        fare: number;
        fareChanged: { previous: number; fare: number } | null;
        values: FormValues;
        edit: { hashId: string; reference: string } | null;
        /** The signed-in traveller's previous passengers (empty for a guest). */
        saved: SavedPassengerOption[];
        searchHref: string;
        /** The tenant offers company purchase (optionActive `companyPurchase`): only then are its fields shown. */
        companyPurchase: boolean;
        /** What the service offers to add to the purchase (a train's meals and car); null for a service without choices. */
        choices: View | null;
      })
  | (PageBasics & {
      kind: "unavailable";
      reason: "SOLD_OUT" | "SEAT_TAKEN" | "OFFER_NOT_FOUND" | "NOT_EDITABLE" | "PARTY" | "PAIR_INCOMPLETE" | "INVALID";
      partyError?: PartyError;
      /** INVALID: what the selection refused of the offers as chosen (a stay abroad longer than 9 nights). */
      refusal?: ChoiceError;
      searchHref: string;
      prefactorHref?: string;
    });

export async function passengersLoader<View>(pages: PurchasePages<View>, request: Request, context: AppLoadContext, routeKey: string) {
  requireService(context, pages.service);
  const locale = context.locale.locale;
  const query = new URL(request.url).searchParams;
  const base = basics(request, context, pages.service);
  const editHash = query.get("edit");
  const searchHref = (offers: readonly unknown[]) => localizePath(locale, pages.searchPath(offers, routeKey, null, base.today, query));

  if (editHash !== null) {
    const booking = await requireBookingAccess(
      request,
      context,
      isHashId(editHash) ? await context.bookings.findByHashId(context.tenant.id, editHash) : null,
    );
    const offers = booking.items.map((item) => item.offer);
    if (booking.status !== "held" || booking.holdExpiresAt <= context.now()) {
      const page: PassengersPage<View> = {
        ...base,
        kind: "unavailable",
        reason: "NOT_EDITABLE",
        searchHref: searchHref(offers),
        prefactorHref: prefactorPath(locale, booking),
      };
      return data(page, { status: 409, headers: NO_STORE });
    }
    const requirements = moduleOfBooking(booking).passengerRequirements(offers);
    const { trip, describe } = await tripView(pages, context, booking.service, offers, base.calendar);
    // The choices were priced into the hold: an edit shows them as they stand and does not change them.
    const choices = pages.choices?.view(offers, describe, null);
    const page: PassengersPage<View> = {
      ...base,
      ...trip,
      kind: "form",
      routeKey,
      party: booking.party,
      latinNamesRequired: requirements.latinNamesRequired,
      passportForEveryone: requirements.passportForEveryone === true,
      passportValidMonths: requirements.passportValidMonths ?? 0,
      passportCountries: requirements.passportForEveryone === true ? passportCountryOptions(locale) : base.countries,
      rules: rulesOf(requirements),
      price: booking.price,
      fare: booking.price.base + booking.price.taxes,
      fareChanged: null,
      values: { ...choices?.values, ...valuesOfBooking(booking, base.calendar, locale) },
      edit: { hashId: booking.hashId, reference: booking.reference },
      saved: (await savedPassengerOptions(context, base.calendar, query, booking.party)).saved,
      searchHref: searchHref(offers),
      companyPurchase: tenantOffers(context.tenant, "companyPurchase"),
      choices: choices?.data ?? null,
    };
    return data(page, { headers: NO_STORE });
  }

  const party = (pages.partyOf ?? partyOfQuery)(query);
  const partyError = partyErrors(party);
  if (partyError) {
    const page: PassengersPage<View> = { ...base, kind: "unavailable", reason: "PARTY", partyError, searchHref: searchHref([]) };
    return data(page, { status: 400, headers: NO_STORE });
  }
  const ids = pages.offerIds(routeKey, query);
  if (ids === null) {
    const page: PassengersPage<View> = { ...base, kind: "unavailable", reason: "PAIR_INCOMPLETE", searchHref: searchHref([]) };
    return data(page, { status: 400, headers: NO_STORE });
  }
  // The same step that places the booking: revalidated with the supplier, seats counted, priced for the party.
  const offerSelection = pages.selection(context);
  const chosenBefore = pages.choices?.fromQuery?.(query);
  let prepared = ids.length === 0 ? null : await offerSelection.prepare(ids, party, locale, chosenBefore);
  // Choices the page will refuse on their own fields (guests a room does not sleep) do not hide the offers.
  if (chosenBefore !== undefined && prepared?.ok === false && prepared.error === "INVALID")
    prepared = await offerSelection.prepare(ids, party, locale);
  if (!prepared?.ok) {
    // Without choices a selection refuses the offers themselves, or what they are together (a stay abroad too long).
    const refusal = prepared?.ok === false && prepared.error === "INVALID" ? Object.values(prepared.errors)[0] : undefined;
    const reason = prepared && prepared.error !== "INVALID" ? prepared.error : refusal ? "INVALID" : "OFFER_NOT_FOUND";
    const page: PassengersPage<View> = { ...base, kind: "unavailable", reason, refusal, searchHref: searchHref([]) };
    const status = reason === "SOLD_OUT" || reason === "SEAT_TAKEN" ? 409 : reason === "INVALID" ? 400 : 404;
    return data(page, { status, headers: NO_STORE });
  }
  const { selection } = prepared;
  const offers = selection.offers.map((chosen) => chosen.offer);
  // What the choices made before this page add (a hotel's extra beds) is listed beside them, not in the fare.
  const baseTotal = selection.itemPrices.reduce((sum, price) => sum + price.base, 0) - (pages.choices?.price(offers) ?? 0);
  const taxes = selection.itemPrices.reduce((sum, price) => sum + price.taxes, 0);
  const fare = baseTotal + taxes;
  const shown = Number(latinDigits(query.get("fare") ?? ""));
  const account = await savedPassengerOptions(context, base.calendar, query, party);
  const { trip, describe } = await tripView(pages, context, selection.service, offers, base.calendar);
  const choices = pages.choices?.view(offers, describe, query);
  const rules = rulesOf(selection.requirements);
  const page: PassengersPage<View> = {
    ...base,
    ...trip,
    kind: "form",
    routeKey,
    party,
    latinNamesRequired: selection.requirements.latinNamesRequired,
    passportForEveryone: selection.requirements.passportForEveryone === true,
    passportValidMonths: selection.requirements.passportValidMonths ?? 0,
    passportCountries: selection.requirements.passportForEveryone === true ? passportCountryOptions(locale) : base.countries,
    rules,
    price: { base: baseTotal, taxes, discount: 0, total: fare },
    fare,
    // The results page said another price: say so before anything is typed or held.
    fareChanged: Number.isSafeInteger(shown) && shown > 0 && shown !== fare ? { previous: shown, fare } : null,
    values: { ...choices?.values, ...genderValues(party, rules), ...account.values },
    edit: null,
    saved: account.saved,
    searchHref: searchHref(offers),
    companyPurchase: tenantOffers(context.tenant, "companyPurchase"),
    choices: choices?.data ?? null,
  };
  return data(page, { headers: NO_STORE });
}

/** A one-gender compartment: every traveller starts with its gender chosen (still theirs to change, and judged by the server). */
function genderValues(party: Passengers, rules: TripRules): FormValues {
  const values: FormValues = {};
  if (rules.genderOnly) passengerTypes(party).forEach((_type, index) => (values[`passengers.${index}.gender`] = rules.genderOnly!));
  return values;
}

export interface PassengersActionData {
  values: FormValues;
  errors: Record<string, string>;
  failure: "SOLD_OUT" | "SEAT_TAKEN" | "OFFER_NOT_FOUND" | "FARE_CHANGED" | "NOT_EDITABLE" | "INVALID" | null;
  fareChanged: { previous: number; fare: number } | null;
}

/**
 * Refusals on the fields the visitor typed into: a foreign passenger who left nationality empty
 * gets "required", not "unknown country"; a service's choice refused by its selection's path
 * (`passengers.0.services.1`) lands on the form field that chose it.
 */
function fieldErrors(errors: Record<string, string>, values: FormValues, fields: Record<string, string> = {}): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, code] of Object.entries(errors)) {
    const field = fields[path] ?? path;
    // Two paths on one field (a meal chosen twice): the first refusal is the one shown.
    if (result[field]) continue;
    result[field] = code === "COUNTRY_INVALID" && !values[field] ? "REQUIRED" : code;
  }
  return result;
}

export async function passengersAction<View>(pages: PurchasePages<View>, request: Request, context: AppLoadContext, routeKey: string) {
  requireService(context, pages.service);
  const locale = context.locale.locale;
  const query = new URL(request.url).searchParams;
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const deps = { suppliers: context.suppliers, bookings: context.bookings, clock: { now: () => context.now() } };
  const reply = (body: Omit<PassengersActionData, "fareChanged"> & { fareChanged?: PassengersActionData["fareChanged"] }, status: number) =>
    data<PassengersActionData>({ fareChanged: null, ...body }, { status: refusalStatus(context, status), headers: NO_STORE });

  const editHash = form.get("edit");
  if (typeof editHash === "string" && editHash) {
    const booking = await requireBookingAccess(
      request,
      context,
      isHashId(editHash) ? await context.bookings.findByHashId(context.tenant.id, editHash) : null,
    );
    const offers = booking.items.map((item) => item.offer);
    const { input, values: typed } = readBookingForm(form, booking.party, {
      passportForEveryone: moduleOfBooking(booking).passengerRequirements(offers).passportForEveryone === true,
    });
    // The choices are not edited: shown again as held.
    const held = pages.choices ? pages.choices.view(offers, { locale, calendar: calendarOf(request, locale) }, null).values : {};
    const values = { ...held, ...typed };
    const edited = await editBookingDetails(
      { ...input, booking, cause: "traveller edit (web)", tenantOptions: context.tenant.optionActive },
      deps,
    );
    if (edited.ok) throw redirect(`${prefactorPath(locale, booking)}?saved=1`, { status: 303 });
    if (edited.error === "NOT_EDITABLE") return reply({ values, errors: {}, failure: "NOT_EDITABLE" }, 409);
    if (edited.error === "OPTION_NOT_ACTIVE") return reply({ values, errors: { [edited.field]: edited.error }, failure: "INVALID" }, 422);
    return reply({ values, errors: fieldErrors(edited.errors, values), failure: "INVALID" }, 400);
  }

  const party = (pages.partyOf ?? partyOfQuery)(query);
  // The page said every traveller gives a passport; whatever the form says, the selection's requirements are what is checked.
  const {
    input,
    values: typed,
    expectedFare,
  } = readBookingForm(form, party, { passportForEveryone: form.get("passportForEveryone") === "1" });
  const choices = pages.choices?.fromForm(form, party, query);
  const values = { ...choices?.values, ...typed };
  const signedIn = await context.auth.current();
  const result = await placeBooking(
    {
      ...input,
      tenantId: context.tenant.id,
      tenantOptions: context.tenant.optionActive,
      locale,
      offerIds: pages.offerIds(routeKey, query) ?? [],
      expectedFare,
      ...(pages.choices && choices ? { choices: choices.input, fareLeftOut: (offers) => pages.choices!.price(offers) } : {}),
      cause: "traveller (web)",
      userId: signedIn?.account.id ?? null,
    },
    pages.selection(context),
    deps,
  );
  if (result.ok) {
    if (signedIn) await rememberPassengers(context, signedIn.account.id, result.booking);
    throw redirect(prefactorPath(locale, result.booking), { status: 303 });
  }
  switch (result.error) {
    case "INVALID":
      return reply({ values, errors: fieldErrors(result.errors, values, choices?.fields), failure: "INVALID" }, 400);
    case "FARE_CHANGED":
      return reply({ values, errors: {}, failure: "FARE_CHANGED", fareChanged: { previous: result.previousFare, fare: result.fare } }, 409);
    case "SOLD_OUT":
    case "SEAT_TAKEN":
      return reply({ values, errors: {}, failure: result.error }, 409);
    case "OFFER_NOT_FOUND":
      return reply({ values, errors: {}, failure: "OFFER_NOT_FOUND" }, 404);
    case "OPTION_NOT_ACTIVE":
      // A feature this tenant does not offer (a form from before the option was switched off, or made by hand).
      return reply({ values, errors: { [result.field]: result.error }, failure: "INVALID" }, 422);
  }
}

/** The booking's people join the traveller's previous-passengers list; a failure there never undoes the booking. */
async function rememberPassengers(context: AppLoadContext, userId: string, booking: Booking): Promise<void> {
  const failures = await saveBookingPassengers(booking, userId, { accounts: context.accounts, now: context.now() });
  for (const { error } of failures)
    context.log.warn({ err: error, reference: booking.reference }, "saving a passenger to the account failed");
}

// --- The pre-invoice ------------------------------------------------------------------------------

export interface PrefactorPage {
  reference: string;
  hashId: string;
  service: string;
  /** As stored, except that a hold past its time reads as expired before the job has run. */
  status: Booking["status"];
  payable: boolean;
  expiresAt: string;
  serverNow: string;
  offers: OfferSummary[];
  items: ItemSummary[];
  party: Passengers;
  price: Booking["price"];
  /** The price part by part when the service has its own choices (beds, meals, a car); null otherwise. */
  breakdown: PriceGroup[] | null;
  discountCode: string | null;
  passengers: {
    name: string;
    latinName: string | null;
    type: PassengerType;
    gender: Gender;
    birthDate: string;
    id: string | null;
    passport: string | null;
    wheelchair: boolean;
  }[];
  contact: Booking["contact"];
  company: Booking["company"];
  editHref: string;
  searchHref: string;
  saved: boolean;
  calendar: CalendarKind;
  /** Gateways to pay through, the default first. */
  gateways: string[];
  /** What the last payment attempt of this booking came to, when it did not go through. */
  lastPayment: "cancelled" | "failed" | null;
  csrf: string;
  /**
   * The signed-in owner's wallet (issue 10), when it has money to spend: what it can give now,
   * whether that covers the total, and the part it would give to a split. Null for guests.
   */
  wallet: { available: number; covers: boolean; part: number; rest: number } | null;
  /** Issue 23 §2: payment by others (a link by SMS, card-to-card); null when the agency does not offer it or the booking is not payable. */
  payByOthers: PayByOthersPanel | null;
}

async function bookingOf(request: Request, context: AppLoadContext, hashId: string | undefined): Promise<Booking> {
  return requireBookingAccess(
    request,
    context,
    hashId && isHashId(hashId) ? await context.bookings.findByHashId(context.tenant.id, hashId) : null,
  );
}

export async function prefactorLoader<View>(
  pages: PurchasePages<View>,
  request: Request,
  context: AppLoadContext,
  hashId: string | undefined,
) {
  const booking = await bookingOf(request, context, hashId);
  // The booking's own service decides: one pre-invoice page serves hotels at home and abroad.
  requireService(context, booking.service);
  const locale = context.locale.locale;
  const now = context.now();
  const calendar = calendarOf(request, locale);
  const offers = booking.items.map((item) => item.offer);
  const { trip, describe } = await tripView(pages, context, booking.service, offers, calendar);
  const payable = isPayable(booking.status, booking.holdExpiresAt, now);
  const date = (iso: string) => localizeDigits(locale, dateText(iso, calendar));
  const page: PrefactorPage = {
    reference: booking.reference,
    hashId: booking.hashId,
    service: booking.service,
    status: visibleStatus(booking, now),
    payable,
    expiresAt: booking.holdExpiresAt.toISOString(),
    serverNow: now.toISOString(),
    offers: trip.offers,
    items: trip.items,
    party: booking.party,
    price: booking.price,
    breakdown: pages.choices ? pages.choices.breakdown(booking.items, travellersOf(booking), describe) : null,
    discountCode: booking.discountCode,
    passengers: booking.passengers.map((passenger) => ({
      name: `${passenger.firstName} ${passenger.lastName}`,
      // A foreign passenger's name is the Latin one: it is not shown twice.
      latinName:
        passenger.iranian && passenger.firstNameLatin && passenger.lastNameLatin
          ? `${passenger.firstNameLatin} ${passenger.lastNameLatin}`
          : null,
      type: passenger.type,
      gender: passenger.gender,
      birthDate: date(passenger.birthDate),
      id: passenger.nationalCode ? localizeDigits(locale, passenger.nationalCode) : null,
      passport: passenger.passportNumber ?? null,
      wheelchair: passenger.wheelchair,
    })),
    contact: { mobile: localizeDigits(locale, booking.contact.mobile), email: booking.contact.email },
    company: booking.company,
    editHref: localizePath(locale, pages.editPath(booking)),
    searchHref: localizePath(locale, pages.searchPath(offers, "", booking.party, tehranToday(now))),
    saved: new URL(request.url).searchParams.get("saved") === "1",
    calendar,
    gateways: context.tenant.paymentGateways,
    lastPayment: null,
    csrf: context.csrf.token(),
    wallet: payable ? await walletOption(context, booking) : null,
    payByOthers: prefactorPanel(context, booking),
  };
  return data(page, { headers: NO_STORE });
}

/** The wallet choice of the pre-invoice: only for the booking's own signed-in account, with something to spend. */
async function walletOption(context: AppLoadContext, booking: Booking): Promise<PrefactorPage["wallet"]> {
  const signedIn = booking.userId ? await context.auth.current() : null;
  if (!signedIn || signedIn.account.id !== booking.userId) return null;
  const available = await walletAvailable(context, signedIn.account.id);
  if (available <= 0) return null;
  const total = booking.price.total;
  // As the action decides it: a split leaves the bank at least one toman.
  const part = Math.min(available, total - 1);
  return { available, covers: available >= total, part, rest: total - part };
}

/** The pay button: to the bank chosen (issue 7). */
export async function prefactorAction<View>(
  pages: PurchasePages<View>,
  request: Request,
  context: AppLoadContext,
  hashId: string | undefined,
) {
  const booking = await bookingOf(request, context, hashId);
  requireService(context, booking.service);
  // Issue 23 §2: the payment-by-others forms post here too; the pay button goes on to payAction.
  return prefactorFormAction(request, context, booking);
}
