import { createAutoReserve } from "#core/alerts/auto-reserve.ts";
import { walletAvailable } from "#core/payments/wallet-part.ts";
import { defineRoute, json } from "../route.ts";
import {
  apiAutoReserve,
  autoReserveInputSchema,
  autoReserveSchema,
  AUTO_RESERVES_PATH,
  WATCH_ORDER_FIELD_CODES,
  watchOrderFieldProblems,
} from "./schemas.ts";

/**
 * `POST /api/v1/me/auto-reserves` (issue 22 §2, §6): an auto-reserve item for the signed-in
 * traveller. A visitor who is not signed in is told, in their language, to sign in first (spec §6).
 */
export const createAutoReserveRoute = defineRoute({
  operationId: "createAutoReserve",
  method: "post",
  path: AUTO_RESERVES_PATH,
  summary: "Add an auto-reserve item: book and pay from the wallet when seats open within the cap",
  description:
    "The worker checks the item every five minutes; when seats for the party open at no more than the cap it holds them, pays the fare (never more) from the wallet, issues the tickets and sends an SMS. Ends with an SMS when the date passes, the fares are all above the cap, or the wallet no longer covers the cap.",
  tags: ["alerts"],
  auth: "optional",
  body: autoReserveInputSchema,
  responses: {
    201: { description: "Added (Location names it).", schema: autoReserveSchema },
    401: { description: "UNAUTHORIZED: 'You must log in first to use the automatic booking service'.", codes: ["UNAUTHORIZED"] },
    422: {
      description: `VALIDATION_FAILED: fields name each field refused (${WATCH_ORDER_FIELD_CODES.join(", ")}; the shape's REQUIRED, INVALID, UNKNOWN_FIELD).`,
      codes: ["VALIDATION_FAILED"],
    },
    503: { description: "UNAVAILABLE: this deployment has no auto-reserve store.", codes: ["UNAVAILABLE"] },
  },
  async handler({ body, signedIn, deps, tenant, locale, problem, field }) {
    if (!signedIn) return problem(401, "UNAUTHORIZED", "autoReserve.error.loginRequired");
    if (!deps.autoReserves) return problem(503, "UNAVAILABLE", "api.error.UNAVAILABLE");
    const userId = signedIn.account.id;
    const created = await createAutoReserve(
      { tenantId: tenant.id, userId, locale, input: { ...body, ...body.route } },
      { autoReserves: deps.autoReserves, accounts: deps.auth.accounts, ledger: deps.ledger, clock: deps.clock },
    );
    if (!created.ok) {
      const available = created.errors.cap === "WALLET_BELOW_CAP" ? await walletAvailable(deps, tenant.id, userId) : 0;
      return problem(
        422,
        "VALIDATION_FAILED",
        "api.error.VALIDATION_FAILED",
        watchOrderFieldProblems(field, locale, created.errors, available),
      );
    }
    const history = await deps.autoReserves.history([created.item.id]);
    return json(apiAutoReserve(created.item, history.get(created.item.id)), 201, { Location: `${AUTO_RESERVES_PATH}/${created.item.id}` });
  },
});
