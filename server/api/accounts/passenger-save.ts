import { checkSavedPassenger } from "#core/accounts/saved-passenger-rules.ts";
import { tehranToday } from "#core/search/dates.ts";
import { defineRoute, json } from "../route.ts";
import { fieldProblems, SAVED_PASSENGER_ERROR_MESSAGE, SAVED_PASSENGER_FIELD_CODES } from "./field-messages.ts";
import { MY_PASSENGERS_PATH } from "./passengers.ts";
import { apiSavedPassenger, savedPassengerInputSchema, savedPassengerSchema } from "./schemas.ts";

/**
 * `POST /api/v1/me/passengers`: a person for the booking forms, checked by the passenger rules as
 * of today (core/accounts/saved-passenger-rules.ts). The same person (national code or passport)
 * updates their entry rather than adding one.
 */
export const saveMyPassengerRoute = defineRoute({
  operationId: "saveMyPassenger",
  method: "post",
  path: MY_PASSENGERS_PATH,
  summary: "Save a passenger",
  tags: ["accounts"],
  auth: "required",
  body: savedPassengerInputSchema,
  responses: {
    201: { description: "Added (Location names the entry).", schema: savedPassengerSchema },
    200: {
      description: "The same person (by national code or passport) was saved already: their entry is updated.",
      schema: savedPassengerSchema,
    },
    422: {
      description: `VALIDATION_FAILED: fields name each field refused: by its shape (REQUIRED, INVALID, TOO_LONG, UNKNOWN_FIELD), or by the passenger rules (${SAVED_PASSENGER_FIELD_CODES.join(", ")}).`,
      codes: ["VALIDATION_FAILED"],
    },
  },
  async handler({ body, signedIn, deps, now, problem, field }) {
    const { wheelchair, ...person } = body;
    const checked = checkSavedPassenger({ ...person, ...(wheelchair == null ? {} : { wheelchair }) }, tehranToday(now));
    if (!checked.ok)
      return problem(
        422,
        "VALIDATION_FAILED",
        "api.error.VALIDATION_FAILED",
        fieldProblems(field, checked.errors, SAVED_PASSENGER_ERROR_MESSAGE),
      );
    const before = await deps.auth.accounts.savedPassengers(signedIn.account.id);
    const saved = await deps.auth.accounts.savePassenger(signedIn.account.id, checked.person, now);
    const existed = before.some((entry) => entry.id === saved.id);
    return existed
      ? json(apiSavedPassenger(saved))
      : json(apiSavedPassenger(saved), 201, { Location: `${MY_PASSENGERS_PATH}/${saved.id}` });
  },
});
