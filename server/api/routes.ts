import { getMeRoute } from "./accounts/me.ts";
import { updateMeRoute } from "./accounts/me-update.ts";
import { listMyBookingsRoute } from "./accounts/my-bookings.ts";
import { deleteMyPassengerRoute } from "./accounts/passenger-delete.ts";
import { saveMyPassengerRoute } from "./accounts/passenger-save.ts";
import { listMyPassengersRoute } from "./accounts/passengers.ts";
import { signOutRoute } from "./auth/logout.ts";
import { fareTrendRoute } from "./fares/trend.ts";
import { requestSignInCodeRoute } from "./auth/otp.ts";
import { verifySignInCodeRoute } from "./auth/verify.ts";
import { reportClientErrorRoute } from "./client-errors/report.ts";
import { createBookingRoute } from "./bookings/create.ts";
import { lookupBookingRoute } from "./bookings/lookup.ts";
import { payBookingRoute } from "./bookings/pay.ts";
import { readBookingRoute } from "./bookings/read.ts";
import { refundQuoteRoute } from "./bookings/refund-quote.ts";
import { refundBookingRoute } from "./bookings/refund.ts";
import { ticketPdfRoute } from "./bookings/ticket-pdf.ts";
import { taxInvoicePdfRoute, taxInvoicesRoute } from "./bookings/tax-invoice.ts";
import { searchFlightsRoute } from "./flights/search.ts";
import { searchInternationalFlightsRoute } from "./international-flights/search.ts";
import { openApiJsonRoute } from "./meta/openapi-json.ts";
import { suggestPlacesRoute } from "./places/places.ts";
import { searchTrainsRoute } from "./trains/search.ts";
import { searchBusesRoute } from "./buses/search.ts";
import { busSeatsRoute } from "./buses/seats.ts";
import { searchHotelsRoute } from "./hotels/search.ts";
import { hotelDetailsRoute } from "./hotels/details.ts";
import { searchToursRoute } from "./tours/search.ts";
import { tourDetailsRoute } from "./tours/details.ts";
import { insurancePlansRoute } from "./insurance/plans.ts";
import { createAlertRoute } from "./alerts/create.ts";
import { confirmAlertRoute } from "./alerts/confirm.ts";
import { listMyAlertsRoute } from "./alerts/my-alerts.ts";
import { deleteMyAlertRoute } from "./alerts/delete.ts";
import type { AnyRoute } from "./route.ts";
import { adminMeRoute } from "./admin/me.ts";
import { adminDashboardRoute } from "./admin/dashboard.ts";
import { adminAuditRoute } from "./admin/audit.ts";
import { adminStaffListRoute } from "./admin/staff-list.ts";
import { adminStaffPutRoute } from "./admin/staff-put.ts";
import { adminStaffRemoveRoute } from "./admin/staff-remove.ts";
import { adminRefundPaidRoute, adminRefundQueueRoute } from "./admin/refunds.ts";
import { adminSmsLogRoute } from "./admin/sms-log.ts";
import { adminBookingRoute, adminBookingsRoute } from "./admin/bookings.ts";
import {
  adminDomainAddRoute,
  adminDomainRemoveRoute,
  adminDomainsRoute,
  adminLogoUploadRoute,
  adminSettingsPreviewRoute,
} from "./admin/brand.ts";
import { adminBlogListRoute } from "./admin/blog-list.ts";
import { adminBlogReadRoute } from "./admin/blog-read.ts";
import { adminBlogCreateRoute } from "./admin/blog-create.ts";
import { adminBlogUpdateRoute } from "./admin/blog-update.ts";
import { adminBlogPublishRoute } from "./admin/blog-publish.ts";
import { adminBlogUnpublishRoute } from "./admin/blog-unpublish.ts";
import { adminBlogCoverRoute } from "./admin/blog-cover.ts";
import { adminSecretsPutRoute, adminSecretsRoute } from "./admin/secrets.ts";
import {
  adminContentPageDeleteRoute,
  adminContentPagePutRoute,
  adminContentPageRoute,
  adminContentPagesRoute,
} from "./admin/content-pages.ts";
import { adminDiscountCreateRoute, adminDiscountDisableRoute, adminDiscountListRoute } from "./admin/discounts.ts";
import { adminCreditSetRoute, adminCreditShowRoute } from "./admin/credit.ts";
import { adminClientErrorsRoute } from "./admin/client-errors.ts";
import { getMyWalletRoute } from "./wallet/wallet.ts";
import { topUpMyWalletRoute } from "./wallet/topup.ts";
import { createAutoReserveRoute } from "./me-orders/auto-reserve-create.ts";
import { deleteAutoReserveRoute } from "./me-orders/auto-reserve-delete.ts";
import { listAutoReservesRoute } from "./me-orders/auto-reserve-list.ts";
import { createDesiredPriceOrderRoute } from "./me-orders/desired-price-create.ts";
import { cancelDesiredPriceOrderRoute } from "./me-orders/desired-price-delete.ts";
import { listDesiredPriceOrdersRoute } from "./me-orders/desired-price-list.ts";
import { createPaymentLinkRoute, submitCardToCardRoute } from "./pay-by-others/routes.ts";
import { buyTopupRoute, readTopupRoute, topupOperatorsRoute } from "./topup/topup.ts";
import { listBlogPostsRoute, readBlogPostRoute } from "./blog/posts.ts";

/**
 * Every route of the JSON API, in one list: the front door mounts it and the OpenAPI document is
 * generated from it. A new route is a file under server/api/<area>/ and a line here.
 */
const ROUTES: AnyRoute[] = [
  suggestPlacesRoute,
  searchFlightsRoute,
  searchInternationalFlightsRoute,
  searchTrainsRoute,
  searchBusesRoute,
  busSeatsRoute,
  // The search before the details: "/api/v1/hotels/search" is no hotel.
  searchHotelsRoute,
  hotelDetailsRoute,
  // The search before the details: "/api/v1/tours/search" is no departure.
  searchToursRoute,
  tourDetailsRoute,
  insurancePlansRoute,
  // Issue 25: the blog's published posts.
  listBlogPostsRoute,
  readBlogPostRoute,
  fareTrendRoute,
  requestSignInCodeRoute,
  verifySignInCodeRoute,
  signOutRoute,
  getMeRoute,
  updateMeRoute,
  listMyBookingsRoute,
  listMyPassengersRoute,
  saveMyPassengerRoute,
  deleteMyPassengerRoute,
  getMyWalletRoute,
  topUpMyWalletRoute,
  createAlertRoute,
  confirmAlertRoute,
  listMyAlertsRoute,
  deleteMyAlertRoute,
  createAutoReserveRoute,
  listAutoReservesRoute,
  deleteAutoReserveRoute,
  createDesiredPriceOrderRoute,
  listDesiredPriceOrdersRoute,
  cancelDesiredPriceOrderRoute,
  // The spec's path outside /api/, answered by the same front door.
  reportClientErrorRoute,
  createBookingRoute,
  lookupBookingRoute,
  readBookingRoute,
  payBookingRoute,
  ticketPdfRoute,
  refundQuoteRoute,
  refundBookingRoute,
  // Issue 23 §2: payment by others (a link by SMS, a card-to-card receipt).
  createPaymentLinkRoute,
  submitCardToCardRoute,
  // Issue 23: official invoices.
  taxInvoicesRoute,
  taxInvoicePdfRoute,
  // Issue 23 §3: mobile top-ups (the operators before a top-up's hash: "operators" is no hash).
  topupOperatorsRoute,
  buyTopupRoute,
  readTopupRoute,
  // Issue 25: the back-office (ADR 0036; docs/back-office.md).
  adminMeRoute,
  adminDashboardRoute,
  adminAuditRoute,
  adminStaffListRoute,
  adminStaffPutRoute,
  adminStaffRemoveRoute,
  adminRefundQueueRoute,
  adminRefundPaidRoute,
  adminSmsLogRoute,
  adminBookingsRoute,
  adminBookingRoute,
  adminLogoUploadRoute,
  adminDomainsRoute,
  adminDomainAddRoute,
  adminDomainRemoveRoute,
  adminSettingsPreviewRoute,
  adminBlogListRoute,
  adminBlogReadRoute,
  adminBlogCreateRoute,
  adminBlogUpdateRoute,
  adminBlogPublishRoute,
  adminBlogUnpublishRoute,
  adminBlogCoverRoute,
  adminSecretsRoute,
  adminSecretsPutRoute,
  adminContentPagesRoute,
  adminContentPageRoute,
  adminContentPagePutRoute,
  adminContentPageDeleteRoute,
  adminDiscountListRoute,
  adminDiscountCreateRoute,
  adminDiscountDisableRoute,
  adminCreditShowRoute,
  adminCreditSetRoute,
  adminClientErrorsRoute,
];

export const API_ROUTES: readonly AnyRoute[] = [...ROUTES, openApiJsonRoute(() => API_ROUTES)];
