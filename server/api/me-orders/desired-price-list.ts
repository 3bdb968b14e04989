import { z } from "zod";
import { defineRoute, json } from "../route.ts";
import { apiDesiredPriceOrder, desiredPriceOrderSchema, DESIRED_PRICE_ORDERS_PATH } from "./schemas.ts";

/** `GET /api/v1/me/desired-price-orders`: the traveller's orders, newest first, each with its state and history. */
export const listDesiredPriceOrdersRoute = defineRoute({
  operationId: "listDesiredPriceOrders",
  method: "get",
  path: DESIRED_PRICE_ORDERS_PATH,
  summary: "The traveller's orders at a desired price with their state and history",
  tags: ["alerts"],
  auth: "required",
  responses: {
    200: { description: "The orders, newest first.", schema: z.object({ orders: z.array(desiredPriceOrderSchema) }).strict() },
    503: { description: "UNAVAILABLE: this deployment has no order store.", codes: ["UNAVAILABLE"] },
  },
  async handler({ signedIn, deps, tenant, problem }) {
    if (!deps.desiredPriceOrders) return problem(503, "UNAVAILABLE", "api.error.UNAVAILABLE");
    const orders = await deps.desiredPriceOrders.listForUser(tenant.id, signedIn.account.id);
    const history = await deps.desiredPriceOrders.history(orders.map((order) => order.id));
    return json({ orders: orders.map((order) => apiDesiredPriceOrder(order, history.get(order.id))) });
  },
});
