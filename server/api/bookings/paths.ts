/** Where the bookings API lives; other parts of the server link to it. */
export const BOOKINGS_PATH = "/api/v1/bookings";
export const BOOKING_LOOKUP_PATH = `${BOOKINGS_PATH}/lookup`;

/** The address of one booking (`GET` reads it; its actions hang below it). */
export function bookingPath(hashId: string): string {
  return `${BOOKINGS_PATH}/${hashId}`;
}
