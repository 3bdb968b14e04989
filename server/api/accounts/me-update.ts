import { patchProfile } from "#core/accounts/profile-rules.ts";
import { tehranToday } from "#core/search/dates.ts";
import { frontDoorProblem } from "../problem.ts";
import { defineRoute, json } from "../route.ts";
import { fieldProblems, PROFILE_ERROR_MESSAGE, PROFILE_FIELD_CODES } from "./field-messages.ts";
import { apiUser, profilePatchSchema, userSchema } from "./schemas.ts";

/**
 * `PATCH /api/v1/me`: profile fields. The change is laid over the stored profile and judged by
 * the profile rules (core/accounts), the same the panel's form obeys; null or blank clears a field.
 */
export const updateMeRoute = defineRoute({
  operationId: "updateMe",
  method: "patch",
  path: "/api/v1/me",
  summary: "Change profile fields",
  description:
    "Only the fields sent change; null (or an empty string) clears one. Each field given is checked by the booking form's rules for a passenger; the fields of a 422 name each refusal.",
  tags: ["accounts"],
  auth: "required",
  body: profilePatchSchema,
  responses: {
    200: { description: "The updated user.", schema: userSchema },
    422: {
      description: `VALIDATION_FAILED: fields name each field refused: by its shape (REQUIRED, INVALID, TOO_LONG, UNKNOWN_FIELD), or by the rules (${PROFILE_FIELD_CODES.join(", ")}).`,
      codes: ["VALIDATION_FAILED"],
    },
  },
  async handler({ body, signedIn, deps, tenant, now, auth, locale, problem, field }) {
    const checked = patchProfile(signedIn.account.profile, body, tehranToday(now));
    if (!checked.ok)
      return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", fieldProblems(field, checked.errors, PROFILE_ERROR_MESSAGE));
    const updated = await deps.auth.accounts.updateProfile(tenant.id, signedIn.account.id, checked.profile, now);
    // The account went between the session check and the write.
    if (!updated) return frontDoorProblem(locale, "UNAUTHORIZED");
    // A browser's name in the header follows the change.
    if (signedIn.via === "cookie") auth.refreshDisplay(updated);
    return json(apiUser(updated));
  },
});
