import { randomUUID } from "node:crypto";
import { createDesiredPriceOrder } from "#core/alerts/desired-price.ts";
import { defineRoute, json } from "../route.ts";
import {
  apiDesiredPriceOrder,
  desiredPriceInputSchema,
  desiredPriceOrderSchema,
  DESIRED_PRICE_ORDERS_PATH,
  WATCH_ORDER_FIELD_CODES,
  watchOrderFieldProblems,
} from "./schemas.ts";

/**
 * `POST /api/v1/me/desired-price-orders` (issue 22 §3, §6): an order at a desired price. The
 * wallet's available money must cover the full price (spec §5); it is reserved at once, in the
 * ledger, until the order is bought, expires or is cancelled.
 */
export const createDesiredPriceOrderRoute = defineRoute({
  operationId: "createDesiredPriceOrder",
  method: "post",
  path: DESIRED_PRICE_ORDERS_PATH,
  summary: "Place an order at a desired price: bought when an offer of the route and dates costs no more",
  description:
    "The price is the whole party's total; the cheapest offer at or below it within the dates is bought (paid from the wallet, tickets issued, an SMS sent). After the latest attempt date the reservation is released and an SMS says the order expired.",
  tags: ["alerts"],
  auth: "required",
  body: desiredPriceInputSchema,
  responses: {
    201: { description: "Placed and the price reserved (Location names it).", schema: desiredPriceOrderSchema },
    422: {
      description: `VALIDATION_FAILED: fields name each field refused (${WATCH_ORDER_FIELD_CODES.join(", ")}); the balance not covering the price is INSUFFICIENT_FUNDS on price.`,
      codes: ["VALIDATION_FAILED"],
    },
    503: { description: "UNAVAILABLE: this deployment has no order store.", codes: ["UNAVAILABLE"] },
  },
  async handler({ body, signedIn, deps, tenant, locale, problem, field }) {
    if (!deps.desiredPriceOrders) return problem(503, "UNAVAILABLE", "api.error.UNAVAILABLE");
    const created = await createDesiredPriceOrder(
      { tenantId: tenant.id, userId: signedIn.account.id, locale, newId: randomUUID, input: { ...body, ...body.route } },
      { orders: deps.desiredPriceOrders, accounts: deps.auth.accounts, ledger: deps.ledger, clock: deps.clock },
    );
    if (!created.ok)
      return problem(
        422,
        "VALIDATION_FAILED",
        "api.error.VALIDATION_FAILED",
        watchOrderFieldProblems(field, locale, created.errors, created.available),
      );
    const history = await deps.desiredPriceOrders.history([created.order.id]);
    return json(apiDesiredPriceOrder(created.order, history.get(created.order.id)), 201, {
      Location: `${DESIRED_PRICE_ORDERS_PATH}/${created.order.id}`,
    });
  },
});
