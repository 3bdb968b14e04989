import type { AccountRepository } from "../accounts/ports.ts";
import type { Booking } from "./booking.ts";

export interface PassengerSaveFailure {
  /** The passenger's place in the booking (0 for the first). */
  position: number;
  error: unknown;
}

/**
 * A booking made signed in: its people join the account's previous-passengers list (a person with
 * the same national code or passport is updated, not added twice). Each person is saved on its own
 * and a failure never undoes the booking: the failures are returned for the caller to log.
 */
export async function saveBookingPassengers(
  booking: Pick<Booking, "passengers">,
  userId: string,
  deps: { accounts: Pick<AccountRepository, "savePassenger">; now: Date },
): Promise<PassengerSaveFailure[]> {
  const failures: PassengerSaveFailure[] = [];
  for (const [position, { type: _type, ...person }] of booking.passengers.entries()) {
    try {
      await deps.accounts.savePassenger(userId, person, deps.now);
    } catch (error) {
      failures.push({ position, error });
    }
  }
  return failures;
}
