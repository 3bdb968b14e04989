import { z } from "zod";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { defineRoute, json } from "../route.ts";
import { TOUR_NOT_FOUND_MESSAGE, TOUR_SEARCH_MESSAGE as MESSAGE } from "./messages.ts";
import { presentDetails, tourDetailsSchema } from "./schemas.ts";

/** Longer than any departure's id; anything longer is no departure. */
const MAX_TOUR_ID = 100;

/**
 * `GET /api/v1/tours/{tourId}`: a departure's page: its itinerary, visa and cancellation policy,
 * and its hotels, each with its board, per-person prices by occupancy and the offerId a booking
 * takes, with the room limits a booking's rooms must keep. An unknown departure is a 404.
 */
export const tourDetailsRoute = defineRoute({
  operationId: "tourDetails",
  method: "get",
  path: "/api/v1/tours/{tourId}",
  summary: "A tour departure, its hotels and their occupancy prices",
  tags: ["tours"],
  auth: "none",
  params: z.object({ tourId: z.string().max(MAX_TOUR_ID).describe("A tourId of GET /api/v1/tours/search.") }),
  responses: {
    200: { description: "The departure and its hotels, cheapest double-room rate first.", schema: tourDetailsSchema },
    404: {
      description: "No such departure, or this agency does not sell tours of its scope.",
      codes: ["TOUR_NOT_FOUND", "SERVICE_UNAVAILABLE"],
    },
    503: { description: "This deployment has no tour inventory.", codes: ["UNAVAILABLE"] },
  },
  async handler({ params, deps, locale, problem, tenant }) {
    if (!deps.tours) return problem(503, "UNAVAILABLE", MESSAGE.UNAVAILABLE);
    const tour = await deps.tours.tour(params.tourId, locale);
    if (!tour) return problem(404, "TOUR_NOT_FOUND", TOUR_NOT_FOUND_MESSAGE);
    if (!isServiceEnabled(tenant, tour.scope === "international" ? "intTour" : "tour"))
      return problem(404, "SERVICE_UNAVAILABLE", "api.error.SERVICE_UNAVAILABLE");
    return json(presentDetails(tour));
  },
});
