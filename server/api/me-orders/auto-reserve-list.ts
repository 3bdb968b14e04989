import { z } from "zod";
import { defineRoute, json } from "../route.ts";
import { apiAutoReserve, autoReserveSchema, AUTO_RESERVES_PATH } from "./schemas.ts";

/** `GET /api/v1/me/auto-reserves`: the traveller's items, newest first, each with its state and history. */
export const listAutoReservesRoute = defineRoute({
  operationId: "listAutoReserves",
  method: "get",
  path: AUTO_RESERVES_PATH,
  summary: "The traveller's auto-reserve items with their state and history",
  tags: ["alerts"],
  auth: "optional",
  responses: {
    200: { description: "The items, newest first.", schema: z.object({ autoReserves: z.array(autoReserveSchema) }).strict() },
    401: { description: "UNAUTHORIZED: 'You must log in first to use the automatic booking service'.", codes: ["UNAUTHORIZED"] },
    503: { description: "UNAVAILABLE: this deployment has no auto-reserve store.", codes: ["UNAVAILABLE"] },
  },
  async handler({ signedIn, deps, tenant, problem }) {
    if (!signedIn) return problem(401, "UNAUTHORIZED", "autoReserve.error.loginRequired");
    if (!deps.autoReserves) return problem(503, "UNAVAILABLE", "api.error.UNAVAILABLE");
    const items = await deps.autoReserves.listForUser(tenant.id, signedIn.account.id);
    const history = await deps.autoReserves.history(items.map((item) => item.id));
    return json({ autoReserves: items.map((item) => apiAutoReserve(item, history.get(item.id))) });
  },
});
