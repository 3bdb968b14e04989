import { defineRoute, json } from "../route.ts";
import { apiUser, userSchema } from "./schemas.ts";

/** `GET /api/v1/me`: the signed-in traveller. */
export const getMeRoute = defineRoute({
  operationId: "getMe",
  method: "get",
  path: "/api/v1/me",
  summary: "The signed-in traveller",
  description: "With `Authorization: Bearer <token>` (apps) or the session cookie (the site's own pages).",
  tags: ["accounts"],
  auth: "required",
  responses: { 200: { description: "The user.", schema: userSchema } },
  handler({ signedIn }) {
    return json(apiUser(signedIn.account));
  },
});
