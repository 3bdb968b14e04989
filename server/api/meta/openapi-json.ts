import { z } from "zod";
import { openApiDocument } from "../openapi.ts";
import { defineRoute, json, type AnyRoute } from "../route.ts";

/** `GET /api/v1/openapi.json`: the document generated from every route, itself included. */
export function openApiJsonRoute(allRoutes: () => readonly AnyRoute[]): AnyRoute {
  let document: ReturnType<typeof openApiDocument> | null = null;
  return defineRoute({
    operationId: "getOpenApiDocument",
    method: "get",
    path: "/api/v1/openapi.json",
    summary: "This document",
    tags: ["meta"],
    auth: "none",
    cache: "public, max-age=300",
    responses: {
      200: { description: "The OpenAPI 3.1 document of this API.", schema: z.object({ openapi: z.literal("3.1.0") }).passthrough() },
    },
    handler() {
      document ??= openApiDocument(allRoutes());
      return json(document);
    },
  });
}
