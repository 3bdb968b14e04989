import { z } from "zod";
import { defineRoute, json } from "../route.ts";
import { apiSavedPassenger, savedPassengerSchema } from "./schemas.ts";

export const MY_PASSENGERS_PATH = "/api/v1/me/passengers";

/** `GET /api/v1/me/passengers`: the traveller's previous passengers. */
export const listMyPassengersRoute = defineRoute({
  operationId: "listMyPassengers",
  method: "get",
  path: MY_PASSENGERS_PATH,
  summary: "The traveller's saved passengers, most recently updated first",
  description: "Everyone they booked for while signed in, and everyone they added.",
  tags: ["accounts"],
  auth: "required",
  responses: { 200: { description: "The list.", schema: z.object({ passengers: z.array(savedPassengerSchema) }).strict() } },
  async handler({ signedIn, deps }) {
    const passengers = await deps.auth.accounts.savedPassengers(signedIn.account.id);
    return json({ passengers: passengers.map(apiSavedPassenger) });
  },
});
