/**
 * The storefront's route table (spec §2), written out once. Each entry exists in Persian without
 * a prefix and under /en/ and /ar/; its route id is `{lang}-{name}` (spec §2: localised named
 * routes carry a {lang}- prefix). Later issues add their screens here, and their module in
 * route-files.ts. Links are built from this table in the browser too, so it holds names and paths
 * only: which module serves a route is for the build and the server.
 */
export interface PageRoute {
  name: string;
  /** Path without a locale prefix and without a leading slash; "" is the home page. */
  path: string;
}

export const CONTENT_PAGE_SLUGS = ["cooperation", "flightinformation", "hostrate", "jobs", "refund", "sheba"] as const;
export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number];

export const PAGE_ROUTES = [
  { name: "home", path: "" },
  { name: "flight", path: "flight" },
  { name: "flight-international", path: "flight/international" },
  { name: "internationalflight", path: "internationalflight" },
  { name: "train", path: "train" },
  { name: "bus", path: "bus" },
  { name: "hotel", path: "hotel" },
  { name: "outHotel", path: "outHotel" },
  { name: "tour", path: "tour" },
  { name: "insurance", path: "insurance" },
  // Results routes of spec §2; each shows an honest notice until its service's results are built (RESULTS_READY).
  { name: "flight-results", path: "flight/:id" },
  { name: "internationalflight-search", path: "internationalflight/search/:from?/:to" },
  // The purchase path (spec §2): two or more segments, so before the one-segment landing page and
  // never taken by /internationalflight/search/… ("search" is no offer id: its second segment is no "passengers").
  { name: "internationalflight-passengers", path: "internationalflight/:offerId/passengers" },
  { name: "internationalflight-prefactor", path: "internationalflight/prefactor/:id?/:hashId" },
  { name: "internationalflight-factor", path: "internationalflight/factor/:payId?/:hashId?/:status?" },
  // A route's landing page (IKA-IST). One segment, so it never takes /internationalflight/search/… (two or three).
  { name: "internationalflight-route", path: "internationalflight/:id" },
  { name: "train-results", path: "train/:id" },
  { name: "bus-results", path: "bus/:id" },
  { name: "hotel-results", path: "hotel/:destination" },
  { name: "internationalhotel-search", path: "internationalhotel/search/:country?/:city" },
  // A hotel's page (issue 20 §3): one more segment than its city's list, so neither takes the other.
  { name: "hotel-page", path: "hotel/:destination/:hotel" },
  { name: "internationalhotel-page", path: "internationalhotel/search/:country/:city/:hotel" },
  // Packages by transport (issue 21): two segments, so never taken by a city's page (one).
  { name: "tour-searchCariage", path: "tour/searchCariage/:carriagesType" },
  { name: "tour-results", path: "tour/:city" },
  { name: "internationaltour-search", path: "internationaltour/search/:from?/:to" },
  { name: "insurance-services", path: "insurance/services/:countryCode" },
  // The purchase path of spec §2: passengers, then the pre-invoice (verify information).
  { name: "flight-passengers", path: "flight/:id/passengers" },
  { name: "flight-prefactor", path: "flight/prefactor/:id?/:hashId" },
  { name: "flightRtrip-prefactor", path: "flightRtrip/prefactor/:payId?/:hashId" },
  // Invoice and tickets (issue 8).
  { name: "flight-factor", path: "flight/factor/:idPay?/:hashId?/:status?" },
  { name: "flightRtrip-factor", path: "flightRtrip/factor/:payId?/:hashId?/:status?" },
  // Trains (issue 18): passengers with meals, services and a car; the pre-invoice; the invoice and
  // its print layouts of spec §2 (`…/desktopFactor`, `…/mobileFactor`: their last segment is
  // static, so it outranks the plain invoice's optional `:status`).
  { name: "train-passengers", path: "train/:id/passengers" },
  { name: "train-prefactor", path: "train/prefactor/:id?/:hashId" },
  { name: "train-factor", path: "train/factor/:idPay?/:hashId?/:status?" },
  { name: "train-factor-desktop", path: "train/factor/:idPay?/:hashId?/:status?/desktopFactor" },
  { name: "train-factor-mobile", path: "train/factor/:idPay?/:hashId?/:status?/mobileFactor" },
  // Buses (issue 19): passengers with each one's seat from the seat map; the pre-invoice; the
  // invoice and its print layouts (as the train's).
  { name: "bus-passengers", path: "bus/:id/passengers" },
  { name: "bus-prefactor", path: "bus/prefactor/:id?/:hashId" },
  { name: "bus-factor", path: "bus/factor/:idPay?/:hashId?/:status?" },
  { name: "bus-factor-desktop", path: "bus/factor/:idPay?/:hashId?/:status?/desktopFactor" },
  { name: "bus-factor-mobile", path: "bus/factor/:idPay?/:hashId?/:status?/mobileFactor" },
  // Hotels (issue 20): a lead guest per room in Iran and abroad; one pre-invoice for both; the
  // invoices with each room's voucher.
  { name: "hotel-passengers", path: "hotel/reserve/passengers" },
  { name: "internationalhotel-reserve", path: "internationalhotel/reserve" },
  { name: "hotel-prefactor", path: "hotel/prefactor/:id?/:hashId" },
  { name: "hotel-factor", path: "hotel/factor/:payId?/:hashId?/:status?" },
  { name: "internationalhotel-factor", path: "internationalhotel/factor/:payId?/:hashId?/:status?" },
  // Travel insurance (issue 21): each insured traveller of the chosen plan; the pre-invoice; the
  // invoice with each insured's policy number.
  { name: "insurance-reserve", path: "insurance/reserve" },
  { name: "insurance-prefactor", path: "insurance/prefactor/:id?/:hashId" },
  { name: "insurance-factor", path: "insurance/factor/:payId?/:hashId?/:status?" },
  // Tours (issue 21): a departure's hotels, then rooms and who sleeps in each (static second
  // segments, so /tour/{city} takes neither); the travellers at home and abroad; one pre-invoice for
  // both (its last segment says which); the invoices with each traveller's voucher.
  { name: "tour-hotels", path: "tour/searchHotels/:tourId" },
  { name: "tour-rooms", path: "tour/searchRooms/:tourId" },
  { name: "tour-passengers", path: "tour/reserve/passengers" },
  { name: "internationaltour-reserve", path: "internationaltour/reserve" },
  { name: "tour-prefactor", path: "tour/prefactor/:id?/:hashId?/:kind" },
  { name: "tour-factor", path: "tour/factor/:payId?/:hashId?/:status?" },
  { name: "internationaltour-factor", path: "internationaltour/factor/:id?/:hashId" },
  // Official invoices (issue 23 §1): a booking's invoices filed with the tax registry, by its hashId.
  { name: "official-invoice", path: "invoice/official/:hashId" },
  // Booking tracking and refund (issue 8).
  { name: "follow", path: "follow" },
  // Payment (issue 7): a payment's status by its hash, its result page, and the banks' callback.
  { name: "payment", path: "payment" },
  { name: "payment-result", path: "payment/paymentp/:id?/:hash?/:status?" },
  { name: "payment-callback", path: "payment/callback/:gateway" },
  // Issue 23 §2, payment by others: the page of a payment link sent by SMS.
  { name: "payment-link", path: "payment/link/:token" },
  // Accounts (spec §2, §6; issue 9): sign in or register by mobile and SMS code, then the user panel.
  { name: "login", path: "login" },
  { name: "login-code", path: "login/index2" },
  { name: "register", path: "register" },
  { name: "logout", path: "logout" },
  { name: "account", path: "account" },
  { name: "account-passengers", path: "account/passengers" },
  { name: "account-bookings", path: "account/bookings" },
  // Wallet (issue 10): balance, credit and every entry; top-up through the gateway.
  { name: "account-wallet", path: "account/wallet" },
  { name: "account-wallet-topup", path: "account/wallet/topup" },
  // Notify-me alerts (issue 22 §1): set from the results pages, confirmed by the sign-in code, removed by an SMS's link or the panel.
  { name: "account-alerts", path: "account/alerts" },
  { name: "alerts-new", path: "alerts/new" },
  { name: "alerts-confirm", path: "alerts/confirm/:id" },
  { name: "alerts-remove", path: "alerts/remove/:token" },
  // Issue 22: auto-reserve items and orders at a desired price, bought by the worker from the wallet.
  { name: "account-auto-reserve", path: "account/auto-reserve" },
  { name: "account-desired-price", path: "account/desired-price" },
  // Issue 23 §3: mobile top-up (the `chargemobile` option) and a top-up's result page by its hash (`?id=`).
  { name: "chargemobile", path: "chargemobile" },
  { name: "charge-result", path: "charge/GetCharge" },
  // Issue 25: the agency's back-office (ADR 0036; docs/back-office.md), for its staff only: never cached or indexed.
  { name: "admin", path: "admin" },
  { name: "admin-audit", path: "admin/audit" },
  { name: "admin-staff", path: "admin/staff" },
  // Issue 25 §1: the write-only secrets (gateways, SMS sender, reCAPTCHA) and the content pages' editor.
  { name: "admin-secrets", path: "admin/secrets" },
  { name: "admin-pages", path: "admin/pages" },
  { name: "admin-page", path: "admin/pages/:slug/:lang" },
  { name: "admin-settings", path: "admin/settings" },
  { name: "admin-bookings", path: "admin/bookings" },
  { name: "admin-booking", path: "admin/bookings/:hashId" },
  { name: "admin-refunds", path: "admin/refunds" },
  { name: "admin-discounts", path: "admin/discounts" },
  { name: "admin-credit", path: "admin/credit" },
  { name: "admin-client-errors", path: "admin/client-errors" },
  { name: "admin-sms", path: "admin/sms" },
  { name: "admin-blog", path: "admin/blog" },
  { name: "admin-blog-new", path: "admin/blog/new" },
  { name: "admin-blog-post", path: "admin/blog/:id" },
  { name: "contact", path: "contact" },
  { name: "contact-aboutus", path: "contact/aboutus" },
  { name: "faq", path: "faq" },
  { name: "faq-tips", path: "faq/tips" },
  { name: "rules", path: "rules" },
  { name: "pages", path: "pages/:slug" },
  // The blog (issue 25): the list, a category's list, a post; any other /blog/* path is the blog's own 404.
  { name: "blog", path: "blog" },
  { name: "blog-category", path: "blog/category/:category" },
  { name: "blog-post", path: "blog/:slug" },
  { name: "blog-catchall", path: "blog/*" },
  { name: "test", path: "test" },
  { name: "testLang", path: "testLang" },
  // An error status in the first segment (/500, /404, /en/503…) renders that error page.
  { name: "status", path: ":status" },
  // Anything else is not found, answered inside the site's frame so header, footer and language stay.
  { name: "not-found", path: "*" },
] as const satisfies readonly PageRoute[];

export type RouteName = (typeof PAGE_ROUTES)[number]["name"];
