import type { ContentSlug } from "#core/content/content-page.ts";
import type { MessageKey } from "../e2e/support/messages.ts";

/**
 * The storefront's fixed pages (spec §1's route table, without the purchase path) and each one's
 * h1: a catalog message, or the h1 of a default content page. The HTTP test checks every one in
 * every language; the browser test hydrates them.
 */
export const STOREFRONT_PAGES: { path: string; heading: MessageKey | { content: ContentSlug } }[] = [
  { path: "/", heading: "home.heading" },
  { path: "/flight", heading: "service.flight.title" },
  { path: "/flight/international", heading: "service.internationalflight.title" },
  { path: "/internationalflight", heading: "service.internationalflight.title" },
  { path: "/train", heading: "service.train.title" },
  { path: "/bus", heading: "service.bus.title" },
  { path: "/hotel", heading: "service.hotel.title" },
  { path: "/outHotel", heading: "service.intHotel.title" },
  { path: "/tour", heading: "service.tour.title" },
  { path: "/insurance", heading: "service.insurance.title" },
  { path: "/contact", heading: { content: "contact" } },
  { path: "/contact/aboutus", heading: { content: "aboutus" } },
  { path: "/faq", heading: { content: "faq" } },
  { path: "/faq/tips", heading: { content: "tips" } },
  { path: "/rules", heading: { content: "rules" } },
  { path: "/test", heading: "test.title" },
  { path: "/testLang", heading: "testLang.title" },
  { path: "/pages/cooperation", heading: { content: "cooperation" } },
  { path: "/pages/flightinformation", heading: { content: "flightinformation" } },
  { path: "/pages/hostrate", heading: { content: "hostrate" } },
  { path: "/pages/jobs", heading: { content: "jobs" } },
  { path: "/pages/refund", heading: { content: "refund" } },
  { path: "/pages/sheba", heading: { content: "sheba" } },
];
