import { z } from "zod";
import { frontDoorProblem } from "../problem.ts";
import { defineRoute, noContent } from "../route.ts";
import { MY_PASSENGERS_PATH } from "./passengers.ts";

/** `DELETE /api/v1/me/passengers/{id}`: one entry of the traveller's own list. */
export const deleteMyPassengerRoute = defineRoute({
  operationId: "deleteMyPassenger",
  method: "delete",
  path: `${MY_PASSENGERS_PATH}/{id}`,
  summary: "Remove a saved passenger",
  tags: ["accounts"],
  auth: "required",
  params: z.object({ id: z.string().max(64).describe("The entry's id, as listed.") }),
  responses: {
    204: { description: "Removed." },
    404: { description: "NOT_FOUND: no such entry in this account's list (another account's entry included).", codes: ["NOT_FOUND"] },
  },
  async handler({ params, signedIn, deps, locale }) {
    // Scoped by the account: another traveller's entry is as unknown as an id that never was.
    const deleted = await deps.auth.accounts.deletePassenger(signedIn.account.id, params.id);
    return deleted ? noContent() : frontDoorProblem(locale, "NOT_FOUND");
  },
});
