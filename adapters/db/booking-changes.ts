import { and, eq } from "drizzle-orm";
import type { BookingChange } from "#core/booking/booking.ts";
import type { Database } from "./client.ts";
import { bookingEvents, bookings } from "./schema.ts";

/** A transaction of either driver. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Moves a booking from `change.from` to `change.to` and writes its history row, inside the caller's
 * transaction. Guarded by the state it expects: false, with nothing written, when the booking has
 * moved on (another process, another tab), so every state change of every repository goes here.
 */
export async function moveBookingState(tx: Tx, bookingId: string, change: BookingChange): Promise<boolean> {
  const at = new Date(change.at);
  const [row] = await tx
    .update(bookings)
    .set({ status: change.to, updatedAt: at })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, change.from)))
    .returning({ id: bookings.id });
  if (!row) return false;
  await tx
    .insert(bookingEvents)
    .values({ bookingId, fromStatus: change.from, toStatus: change.to, event: change.event, cause: change.cause, at });
  return true;
}

/** The constraint a unique violation broke, from either driver (pg puts the code on the error, drizzle wraps it in `cause`); null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "unique";
  }
  return null;
}
