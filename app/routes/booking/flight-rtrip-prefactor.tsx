/**
 * The pre-invoice of a held round trip (spec §2 `/flightRtrip/prefactor/{payId?}/{hashId}`): the
 * same page as a one-way flight's, found by the same `hashId`.
 */
export { action, default, handle, headers, loader, meta } from "./flight-prefactor.tsx";
