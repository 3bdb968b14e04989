import { z } from "zod";
import { frontDoorProblem } from "../problem.ts";
import { defineRoute, noContent } from "../route.ts";
import { AUTO_RESERVES_PATH } from "./schemas.ts";

/** `DELETE /api/v1/me/auto-reserves/{id}`: removes a waiting item (spec §4: items are added and removed). */
export const deleteAutoReserveRoute = defineRoute({
  operationId: "deleteAutoReserve",
  method: "delete",
  path: `${AUTO_RESERVES_PATH}/{id}`,
  summary: "Remove an auto-reserve item",
  tags: ["alerts"],
  auth: "optional",
  params: z.object({ id: z.string().max(64).describe("The item's id, as listed.") }),
  responses: {
    204: { description: "Removed." },
    401: { description: "UNAUTHORIZED: 'You must log in first to use the automatic booking service'.", codes: ["UNAUTHORIZED"] },
    404: { description: "NOT_FOUND: no waiting item of this account by that id (another account's included).", codes: ["NOT_FOUND"] },
    409: { description: "BUSY: the worker is booking it right now; ask again in a few minutes.", codes: ["BUSY"] },
    503: { description: "UNAVAILABLE: this deployment has no auto-reserve store.", codes: ["UNAVAILABLE"] },
  },
  async handler({ params, signedIn, deps, tenant, locale, now, problem }) {
    if (!signedIn) return problem(401, "UNAUTHORIZED", "autoReserve.error.loginRequired");
    if (!deps.autoReserves) return problem(503, "UNAVAILABLE", "api.error.UNAVAILABLE");
    const removed = await deps.autoReserves.remove(tenant.id, signedIn.account.id, params.id, now);
    if (removed === "busy") return problem(409, "BUSY", "autoReserve.error.busy");
    return removed === "removed" ? noContent() : frontDoorProblem(locale, "NOT_FOUND");
  },
});
