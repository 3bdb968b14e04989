import type { BookingSearch } from "./booking-search.ts";
import type { SmsLogSource } from "./sms-log.ts";

/**
 * What the back-office's operations screens (bookings, refunds, SMS log…) read beyond the ports of
 * the things they manage (issue 25 §1): kept apart from BackOfficePorts, which holds staff and audit.
 */
export interface OperationsPorts {
  smsLog: SmsLogSource;
  bookingSearch: BookingSearch;
}
