import { z } from "zod";
import { cancelDesiredPriceOrder } from "#core/alerts/desired-price.ts";
import { frontDoorProblem } from "../problem.ts";
import { defineRoute, noContent } from "../route.ts";
import { DESIRED_PRICE_ORDERS_PATH } from "./schemas.ts";

/** `DELETE /api/v1/me/desired-price-orders/{id}`: cancels an open order; its reservation goes back to the wallet. */
export const cancelDesiredPriceOrderRoute = defineRoute({
  operationId: "cancelDesiredPriceOrder",
  method: "delete",
  path: `${DESIRED_PRICE_ORDERS_PATH}/{id}`,
  summary: "Cancel an order at a desired price (the reserved price is released)",
  tags: ["alerts"],
  auth: "required",
  params: z.object({ id: z.string().max(64).describe("The order's id, as listed.") }),
  responses: {
    204: { description: "Cancelled (again: nothing more happens)." },
    404: { description: "NOT_FOUND: no order of this account by that id (another account's included).", codes: ["NOT_FOUND"] },
    409: { description: "BUSY: the worker is buying it right now, or it was bought or expired already.", codes: ["BUSY"] },
    503: { description: "UNAVAILABLE: this deployment has no order store.", codes: ["UNAVAILABLE"] },
  },
  async handler({ params, signedIn, deps, tenant, locale, problem }) {
    if (!deps.desiredPriceOrders) return problem(503, "UNAVAILABLE", "api.error.UNAVAILABLE");
    const cancelled = await cancelDesiredPriceOrder(
      { tenantId: tenant.id, userId: signedIn.account.id, id: params.id },
      { orders: deps.desiredPriceOrders, accounts: deps.auth.accounts, ledger: deps.ledger, clock: deps.clock, payments: deps.payments },
    );
    if (cancelled === "not-found") return frontDoorProblem(locale, "NOT_FOUND");
    if (cancelled === "busy" || cancelled === "closed") return problem(409, "BUSY", "desiredPrice.error.busy");
    return noContent();
  },
});
