import type { Booking } from "#core/booking/booking.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import type { SignedIn } from "../../auth.ts";
import type { ApiDeps } from "../deps.ts";
import { frontDoorProblem, type ApiProblem } from "../problem.ts";

interface Context {
  deps: ApiDeps;
  tenant: Tenant;
  locale: Locale;
  params: { hashId: string };
  signedIn: SignedIn | null;
}

/**
 * The booking of the path's hashId at this agency, if this request may open it: a guest booking
 * opens with its hashId alone, an account's only for that account's session. Anyone else gets the
 * very 404 of a path that names no booking, so nothing tells that it exists.
 */
export async function openBooking({ deps, tenant, locale, params, signedIn }: Context): Promise<Booking | ApiProblem> {
  const booking = await deps.bookings.findByHashId(tenant.id, params.hashId);
  if (!booking || (booking.userId !== null && signedIn?.account.id !== booking.userId)) return frontDoorProblem(locale, "NOT_FOUND");
  return booking;
}

/** The refusal every route on a booking may answer for a booking it cannot open. */
export const BOOKING_NOT_FOUND = {
  description: "No such booking here, or it belongs to an account and this request is not that account's session.",
  codes: ["NOT_FOUND"],
} as const;
