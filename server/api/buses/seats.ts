import { z } from "zod";
import { gendersAllowed } from "#core/buses/seat-rules.ts";
import { GENDERS } from "#core/passengers/passenger-rules.ts";
import { defineRoute, json } from "../route.ts";
import { BUS_OFFER_NOT_FOUND_MESSAGE, BUS_SEARCH_MESSAGE } from "./messages.ts";

const seatMapSchema = z
  .object({
    layout: z
      .object({
        rows: z.number().int(),
        columns: z.number().int(),
        aisleColumn: z.number().int().describe("The column without seats (a back row may run across it)."),
        driverSide: z.enum(["left", "right"]).describe("The driver sits in front of row 1 on this side."),
      })
      .strict(),
    seats: z.array(
      z
        .object({
          number: z.number().int().describe("As printed on the seat and the ticket; book by it."),
          row: z.number().int().describe("From 1, the row behind the driver: not sold to women."),
          column: z.number().int(),
          status: z.enum(["free", "taken"]),
          gender: z.enum(GENDERS).optional().describe("On a taken seat: its traveller's gender, which the seats beside it follow."),
          allowedGenders: z
            .array(z.enum(GENDERS))
            .optional()
            .describe("On a free seat: who may still take it (first row: men only; beside a stranger: that stranger's gender)."),
        })
        .strict(),
    ),
  })
  .strict();

/**
 * `GET /api/v1/buses/{offerId}/seats`: the departure's seat map as it is now, for choosing seats
 * before `POST /api/v1/bookings` (which judges them again: a seat taken meanwhile is 409 SEAT_TAKEN).
 */
export const busSeatsRoute = defineRoute({
  operationId: "getBusSeats",
  method: "get",
  path: "/api/v1/buses/{offerId}/seats",
  summary: "A bus departure's seat map: layout, free and taken seats, and who may take each free one",
  tags: ["buses"],
  auth: "none",
  service: "bus",
  params: z.object({ offerId: z.string().max(200).describe("An offerId of GET /api/v1/buses/search.") }),
  responses: {
    200: { description: "The layout and every seat.", schema: seatMapSchema },
    404: { description: "No such departure on sale (gone, or never one).", codes: ["OFFER_NOT_FOUND"] },
    503: { description: "This deployment has no bus inventory.", codes: ["UNAVAILABLE"] },
  },
  async handler({ params, deps, locale, problem }) {
    if (!deps.buses) return problem(503, "UNAVAILABLE", BUS_SEARCH_MESSAGE.UNAVAILABLE);
    const map = await deps.buses.seatMap(params.offerId, locale);
    if (!map) return problem(404, "OFFER_NOT_FOUND", BUS_OFFER_NOT_FOUND_MESSAGE);
    const { rows, columns, aisleColumn, driverSide } = map.layout;
    return json({
      layout: { rows, columns, aisleColumn, driverSide },
      seats: map.seats.map((seat) =>
        seat.status === "taken"
          ? {
              number: seat.number,
              row: seat.row,
              column: seat.column,
              status: seat.status,
              ...(seat.gender ? { gender: seat.gender } : {}),
            }
          : { number: seat.number, row: seat.row, column: seat.column, status: seat.status, allowedGenders: gendersAllowed(map, seat) },
      ),
    });
  },
});
