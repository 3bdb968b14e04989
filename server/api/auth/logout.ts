import { z } from "zod";
import { defineRoute, noContent } from "../route.ts";

/** `POST /api/v1/auth/logout[?everywhere=true]` ({everywhere: true}): this session ends, or every session of the account. */
export const signOutRoute = defineRoute({
  operationId: "signOut",
  method: "post",
  path: "/api/v1/auth/logout",
  summary: "End this session, or every session of the account",
  description: "A body is optional. With the session cookie, the cookies are cleared too.",
  tags: ["auth"],
  auth: "required",
  query: z.object({
    everywhere: z.enum(["true", "false"]).optional().describe("true: end every session of the account (every app and browser)."),
  }),
  body: z.object({ everywhere: z.boolean().optional().describe("As the everywhere parameter.") }).strict(),
  bodyOptional: true,
  responses: { 204: { description: "Signed out; the token (or cookie) no longer works." } },
  async handler({ query, body, auth }) {
    await auth.signOut({ everywhere: query.everywhere === "true" || body?.everywhere === true });
    return noContent();
  },
});
