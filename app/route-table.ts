/**
 * The storefront's route table (spec §2), written out once. Each entry exists in Persian without
 * a prefix and under /en/ and /ar/; its route id is `{lang}-{name}` (spec §2: localised named
 * routes carry a {lang}- prefix). Later issues add their screens here.
 */
import type { ServiceId } from "#core/services/service-ids.ts";

export interface PageRoute {
  name: string;
  /** Path without a locale prefix and without a leading slash; "" is the home page. */
  path: string;
  file: string;
  /** The service whose switch turns this page off (404) for a tenant. */
  service?: ServiceId;
}

export const CONTENT_PAGE_SLUGS = ["cooperation", "flightinformation", "hostrate", "jobs", "refund", "sheba"] as const;
export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number];

export const PAGE_ROUTES = [
  { name: "home", path: "", file: "routes/home.tsx" },
  { name: "flight", path: "flight", file: "routes/services/flight.tsx", service: "flight" },
  {
    name: "flight-international",
    path: "flight/international",
    file: "routes/services/flight-international.tsx",
    service: "internationalflight",
  },
  {
    name: "internationalflight",
    path: "internationalflight",
    file: "routes/services/internationalflight.tsx",
    service: "internationalflight",
  },
  { name: "train", path: "train", file: "routes/services/train.tsx", service: "train" },
  { name: "bus", path: "bus", file: "routes/services/bus.tsx", service: "bus" },
  { name: "hotel", path: "hotel", file: "routes/services/hotel.tsx", service: "hotel" },
  { name: "outHotel", path: "outHotel", file: "routes/services/out-hotel.tsx", service: "intHotel" },
  { name: "tour", path: "tour", file: "routes/services/tour.tsx", service: "tour" },
  { name: "insurance", path: "insurance", file: "routes/services/insurance.tsx", service: "insurance" },
  // Results routes of spec §2; each shows an honest notice until its service's results are built (RESULTS_READY).
  { name: "flight-results", path: "flight/:id", file: "routes/results/flight.tsx", service: "flight" },
  {
    name: "internationalflight-search",
    path: "internationalflight/search/:from?/:to",
    file: "routes/results/internationalflight.tsx",
    service: "internationalflight",
  },
  // The purchase path (spec §2): two or more segments, so before the one-segment landing page and
  // never taken by /internationalflight/search/… ("search" is no offer id: its second segment is no "passengers").
  {
    name: "internationalflight-passengers",
    path: "internationalflight/:offerId/passengers",
    file: "routes/booking/internationalflight-passengers.tsx",
    service: "internationalflight",
  },
  {
    name: "internationalflight-prefactor",
    path: "internationalflight/prefactor/:id?/:hashId",
    file: "routes/booking/internationalflight-prefactor.tsx",
    service: "internationalflight",
  },
  {
    name: "internationalflight-factor",
    path: "internationalflight/factor/:payId?/:hashId?/:status?",
    file: "routes/booking/internationalflight-factor.tsx",
    service: "internationalflight",
  },
  // A route's landing page (IKA-IST). One segment, so it never takes /internationalflight/search/… (two or three).
  {
    name: "internationalflight-route",
    path: "internationalflight/:id",
    file: "routes/results/internationalflight-route.tsx",
    service: "internationalflight",
  },
  { name: "train-results", path: "train/:id", file: "routes/results/train.tsx", service: "train" },
  { name: "bus-results", path: "bus/:id", file: "routes/results/bus.tsx", service: "bus" },
  { name: "hotel-results", path: "hotel/:destination", file: "routes/results/hotel.tsx", service: "hotel" },
  {
    name: "internationalhotel-search",
    path: "internationalhotel/search/:country?/:city",
    file: "routes/results/international-hotel.tsx",
    service: "intHotel",
  },
  // A hotel's page (issue 20 §3): one more segment than its city's list, so neither takes the other.
  { name: "hotel-page", path: "hotel/:destination/:hotel", file: "routes/results/hotel-page.tsx", service: "hotel" },
  {
    name: "internationalhotel-page",
    path: "internationalhotel/search/:country/:city/:hotel",
    file: "routes/results/international-hotel-page.tsx",
    service: "intHotel",
  },
  // Packages by transport (issue 21): two segments, so never taken by a city's page (one).
  {
    name: "tour-searchCariage",
    path: "tour/searchCariage/:carriagesType",
    file: "routes/results/tour-carriage.tsx",
    service: "tour",
  },
  { name: "tour-results", path: "tour/:city", file: "routes/results/tour.tsx", service: "tour" },
  {
    name: "internationaltour-search",
    path: "internationaltour/search/:from?/:to",
    file: "routes/results/international-tour.tsx",
    service: "intTour",
  },
  { name: "insurance-services", path: "insurance/services/:countryCode", file: "routes/results/insurance.tsx", service: "insurance" },
  // The purchase path of spec §2: passengers, then the pre-invoice (verify information).
  { name: "flight-passengers", path: "flight/:id/passengers", file: "routes/booking/flight-passengers.tsx", service: "flight" },
  { name: "flight-prefactor", path: "flight/prefactor/:id?/:hashId", file: "routes/booking/flight-prefactor.tsx", service: "flight" },
  {
    name: "flightRtrip-prefactor",
    path: "flightRtrip/prefactor/:payId?/:hashId",
    file: "routes/booking/flight-rtrip-prefactor.tsx",
    service: "flightRtrip",
  },
  // Invoice and tickets (issue 8).
  { name: "flight-factor", path: "flight/factor/:idPay?/:hashId?/:status?", file: "routes/booking/flight-factor.tsx", service: "flight" },
  {
    name: "flightRtrip-factor",
    path: "flightRtrip/factor/:payId?/:hashId?/:status?",
    file: "routes/booking/flight-rtrip-factor.tsx",
    service: "flightRtrip",
  },
  // Trains (issue 18): passengers with meals, services and a car; the pre-invoice; the invoice and
  // its print layouts of spec §2 (`…/desktopFactor`, `…/mobileFactor`: their last segment is
  // static, so it outranks the plain invoice's optional `:status`).
  { name: "train-passengers", path: "train/:id/passengers", file: "routes/booking/train-passengers.tsx", service: "train" },
  { name: "train-prefactor", path: "train/prefactor/:id?/:hashId", file: "routes/booking/train-prefactor.tsx", service: "train" },
  { name: "train-factor", path: "train/factor/:idPay?/:hashId?/:status?", file: "routes/booking/train-factor.tsx", service: "train" },
  {
    name: "train-factor-desktop",
    path: "train/factor/:idPay?/:hashId?/:status?/desktopFactor",
    file: "routes/booking/train-factor-desktop.tsx",
    service: "train",
  },
  {
    name: "train-factor-mobile",
    path: "train/factor/:idPay?/:hashId?/:status?/mobileFactor",
    file: "routes/booking/train-factor-mobile.tsx",
    service: "train",
  },
  // Buses (issue 19): passengers with each one's seat from the seat map; the pre-invoice; the
  // invoice and its print layouts (as the train's).
  { name: "bus-passengers", path: "bus/:id/passengers", file: "routes/booking/bus-passengers.tsx", service: "bus" },
  { name: "bus-prefactor", path: "bus/prefactor/:id?/:hashId", file: "routes/booking/bus-prefactor.tsx", service: "bus" },
  { name: "bus-factor", path: "bus/factor/:idPay?/:hashId?/:status?", file: "routes/booking/bus-factor.tsx", service: "bus" },
  {
    name: "bus-factor-desktop",
    path: "bus/factor/:idPay?/:hashId?/:status?/desktopFactor",
    file: "routes/booking/bus-factor-desktop.tsx",
    service: "bus",
  },
  {
    name: "bus-factor-mobile",
    path: "bus/factor/:idPay?/:hashId?/:status?/mobileFactor",
    file: "routes/booking/bus-factor-mobile.tsx",
    service: "bus",
  },
  // Hotels (issue 20): a lead guest per room in Iran and abroad; one pre-invoice for both; the
  // invoices with each room's voucher.
  { name: "hotel-passengers", path: "hotel/reserve/passengers", file: "routes/booking/hotel-passengers.tsx", service: "hotel" },
  {
    name: "internationalhotel-reserve",
    path: "internationalhotel/reserve",
    file: "routes/booking/international-hotel-reserve.tsx",
    service: "intHotel",
  },
  { name: "hotel-prefactor", path: "hotel/prefactor/:id?/:hashId", file: "routes/booking/hotel-prefactor.tsx", service: "hotel" },
  { name: "hotel-factor", path: "hotel/factor/:payId?/:hashId?/:status?", file: "routes/booking/hotel-factor.tsx", service: "hotel" },
  {
    name: "internationalhotel-factor",
    path: "internationalhotel/factor/:payId?/:hashId?/:status?",
    file: "routes/booking/international-hotel-factor.tsx",
    service: "intHotel",
  },
  // Travel insurance (issue 21): each insured traveller of the chosen plan; the pre-invoice; the
  // invoice with each insured's policy number.
  { name: "insurance-reserve", path: "insurance/reserve", file: "routes/booking/insurance-reserve.tsx", service: "insurance" },
  {
    name: "insurance-prefactor",
    path: "insurance/prefactor/:id?/:hashId",
    file: "routes/booking/insurance-prefactor.tsx",
    service: "insurance",
  },
  {
    name: "insurance-factor",
    path: "insurance/factor/:payId?/:hashId?/:status?",
    file: "routes/booking/insurance-factor.tsx",
    service: "insurance",
  },
  // Tours (issue 21): a departure's hotels, then rooms and who sleeps in each (static second
  // segments, so /tour/{city} takes neither); the travellers at home and abroad; one pre-invoice for
  // both (its last segment says which); the invoices with each traveller's voucher.
  { name: "tour-hotels", path: "tour/searchHotels/:tourId", file: "routes/results/tour-hotels.tsx", service: "tour" },
  { name: "tour-rooms", path: "tour/searchRooms/:tourId", file: "routes/results/tour-rooms.tsx", service: "tour" },
  { name: "tour-passengers", path: "tour/reserve/passengers", file: "routes/booking/tour-passengers.tsx", service: "tour" },
  {
    name: "internationaltour-reserve",
    path: "internationaltour/reserve",
    file: "routes/booking/international-tour-reserve.tsx",
    service: "intTour",
  },
  { name: "tour-prefactor", path: "tour/prefactor/:id?/:hashId?/:kind", file: "routes/booking/tour-prefactor.tsx", service: "tour" },
  { name: "tour-factor", path: "tour/factor/:payId?/:hashId?/:status?", file: "routes/booking/tour-factor.tsx", service: "tour" },
  {
    name: "internationaltour-factor",
    path: "internationaltour/factor/:id?/:hashId",
    file: "routes/booking/international-tour-factor.tsx",
    service: "intTour",
  },
  // Official invoices (issue 23 §1): a booking's invoices filed with the tax registry, by its hashId.
  { name: "official-invoice", path: "invoice/official/:hashId", file: "routes/booking/official-invoice.tsx" },
  // Booking tracking and refund (issue 8).
  { name: "follow", path: "follow", file: "routes/booking/follow.tsx" },
  // Payment (issue 7): a payment's status by its hash, its result page, and the banks' callback.
  { name: "payment", path: "payment", file: "routes/payment/payment.tsx" },
  { name: "payment-result", path: "payment/paymentp/:id?/:hash?/:status?", file: "routes/payment/payment-result.tsx" },
  { name: "payment-callback", path: "payment/callback/:gateway", file: "routes/payment/payment-callback.tsx" },
  // Issue 23 §2, payment by others: the page of a payment link sent by SMS.
  { name: "payment-link", path: "payment/link/:token", file: "routes/payment/payment-link.tsx" },
  // Accounts (spec §2, §6; issue 9): sign in or register by mobile and SMS code, then the user panel.
  { name: "login", path: "login", file: "routes/account/login.tsx" },
  { name: "login-code", path: "login/index2", file: "routes/account/login-code.tsx" },
  { name: "register", path: "register", file: "routes/account/register.tsx" },
  { name: "logout", path: "logout", file: "routes/account/logout.tsx" },
  { name: "account", path: "account", file: "routes/account/profile.tsx" },
  { name: "account-passengers", path: "account/passengers", file: "routes/account/passengers.tsx" },
  { name: "account-bookings", path: "account/bookings", file: "routes/account/bookings.tsx" },
  // Wallet (issue 10): balance, credit and every entry; top-up through the gateway.
  { name: "account-wallet", path: "account/wallet", file: "routes/account/wallet.tsx" },
  { name: "account-wallet-topup", path: "account/wallet/topup", file: "routes/account/wallet-topup.tsx" },
  // Notify-me alerts (issue 22 §1): set from the results pages, confirmed by the sign-in code, removed by an SMS's link or the panel.
  { name: "account-alerts", path: "account/alerts", file: "routes/account/alerts.tsx" },
  { name: "alerts-new", path: "alerts/new", file: "routes/alerts/new.tsx" },
  { name: "alerts-confirm", path: "alerts/confirm/:id", file: "routes/alerts/confirm.tsx" },
  { name: "alerts-remove", path: "alerts/remove/:token", file: "routes/alerts/remove.tsx" },
  // Issue 22: auto-reserve items and orders at a desired price, bought by the worker from the wallet.
  { name: "account-auto-reserve", path: "account/auto-reserve", file: "routes/account/auto-reserve.tsx" },
  { name: "account-desired-price", path: "account/desired-price", file: "routes/account/desired-price.tsx" },
  // Issue 23 §3: mobile top-up (the `chargemobile` option) and a top-up's result page by its hash (`?id=`).
  { name: "chargemobile", path: "chargemobile", file: "routes/topup/chargemobile.tsx" },
  { name: "charge-result", path: "charge/GetCharge", file: "routes/topup/get-charge.tsx" },
  { name: "contact", path: "contact", file: "routes/content/contact.tsx" },
  { name: "contact-aboutus", path: "contact/aboutus", file: "routes/content/about-us.tsx" },
  { name: "faq", path: "faq", file: "routes/content/faq.tsx" },
  { name: "faq-tips", path: "faq/tips", file: "routes/content/faq-tips.tsx" },
  { name: "rules", path: "rules", file: "routes/content/rules.tsx" },
  { name: "pages", path: "pages/:slug", file: "routes/content/pages.tsx" },
  { name: "test", path: "test", file: "routes/diagnostics/test.tsx" },
  { name: "testLang", path: "testLang", file: "routes/diagnostics/test-lang.tsx" },
  // An error status in the first segment (/500, /404, /en/503…) renders that error page.
  { name: "status", path: ":status", file: "routes/status.tsx" },
  // Anything else is not found, answered inside the site's frame so header, footer and language stay.
  { name: "not-found", path: "*", file: "routes/not-found.tsx" },
] as const satisfies readonly PageRoute[];

export type RouteName = (typeof PAGE_ROUTES)[number]["name"];
