import { z } from "zod";
import { DEFAULT_BODY_LIMIT_BYTES } from "./mount.ts";
import { FRONT_DOOR_PROBLEMS, type FrontDoorCode } from "./problem.ts";
import { problemSchema } from "./problem.ts";
import type { AnyRoute, ResponseSpec } from "./route.ts";

type JsonSchema = Record<string, unknown>;

/**
 * Schemas shared by several operations, named in `components.schemas`: a schema registered here
 * (`schema.register(apiSchemas, { id: "FlightOffer" })`) is written once and referenced.
 */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

const COMPONENT = (id: string) => `#/components/schemas/${id}`;

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/** A request part as the client writes it (before transforms and defaults). */
function inputSchema(schema: z.ZodType): JsonSchema {
  return withoutDialect(z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }));
}

/** An answer as the server writes it. Each is written whole (no cross-references), so any part of the document stands alone. */
function outputSchema(schema: z.ZodType): JsonSchema {
  return withoutDialect(z.toJSONSchema(schema, { io: "output", unrepresentable: "any", target: "draft-2020-12" }));
}

/** The front door's own refusals a route can meet, by status, from what the route declares. */
function frontDoorCodes(route: AnyRoute): FrontDoorCode[] {
  // Any request can meet these: a host no agency serves (404), a slow answer (504), a fault behind us (503).
  const codes: FrontDoorCode[] = ["NOT_FOUND", "TIMEOUT", "UNAVAILABLE"];
  if (route.service) codes.push("SERVICE_UNAVAILABLE");
  if (route.query || route.headers) codes.push("INVALID_PARAMETERS");
  if (route.auth === "required") codes.push("UNAUTHORIZED", "CSRF");
  if (route.admin) codes.push("FORBIDDEN");
  else if (route.auth === "optional" && route.method !== "get") codes.push("CSRF");
  if (route.body) codes.push("BAD_JSON", "BODY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_FAILED");
  if (route.method !== "get") codes.push("CROSS_SITE_REQUEST");
  return codes;
}

/** Every answer of a route: its own, and the front door's merged in by status. */
export function routeResponses(route: AnyRoute): Record<number, ResponseSpec> {
  const responses: Record<number, ResponseSpec> = { ...route.responses };
  for (const code of frontDoorCodes(route)) {
    const { status } = FRONT_DOOR_PROBLEMS[code];
    const own = responses[status];
    responses[status] = own
      ? { ...own, codes: own.codes ? [...new Set([...own.codes, code])] : undefined }
      : { description: `Refused by the front door: ${code}.`, codes: [code] };
  }
  return responses;
}

function parametersOf(route: AnyRoute) {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", route.params],
    ["query", route.query],
    ["header", route.headers],
  ] as const) {
    if (!schema) continue;
    const converted = inputSchema(schema as z.ZodType) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(converted.properties ?? {})) {
      const { description, ...propertySchema } = property;
      parameters.push({
        name,
        in: where,
        required: where === "path" || (converted.required ?? []).includes(name),
        schema: propertySchema,
        ...(description ? { description } : {}),
      });
    }
  }
  if (!parameters.some((parameter) => parameter.name === "lang"))
    parameters.push({
      name: "lang",
      in: "query",
      required: false,
      schema: { type: "string", enum: ["fa", "en", "ar"] },
      description: "Language of messages; else the language header, else the locale cookie, else Persian.",
    });
  if (route.admin)
    parameters.push({
      name: "X-Admin-Tenant",
      in: "header",
      required: false,
      schema: { type: "string", pattern: "^[a-z0-9][a-z0-9-]{0,62}$" },
      description:
        "A platform operator on PLATFORM_ADMIN_HOST only: the slug of the agency to act on (404 NOT_FOUND when none has it). Anyone else sending it is refused 403.",
    });
  return parameters;
}

/**
 * The OpenAPI 3.1 document of the API, generated from the routes' own zod schemas: what is
 * documented is what is validated and what is answered (the contract test checks the latter).
 */
export function openApiDocument(routes: readonly AnyRoute[]) {
  const schemas: Record<string, JsonSchema> = {};
  const named = new Map<z.ZodType, string>();
  const component = (schema: z.ZodType, fallbackId: string): string => {
    let id = named.get(schema);
    if (!id) {
      id = apiSchemas.get(schema)?.id ?? fallbackId;
      named.set(schema, id);
      schemas[id] = outputSchema(schema);
    }
    return COMPONENT(id);
  };
  const paths: Record<string, Record<string, unknown>> = {};

  for (const route of routes) {
    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(routeResponses(route))) {
      const numeric = Number(status);
      let content: Record<string, unknown> | undefined;
      if (numeric >= 400) {
        content = { "application/json": { schema: { $ref: component(problemSchema(spec.codes), `${route.operationId}_${status}`) } } };
      } else if (spec.contentType) {
        content = { [spec.contentType]: { schema: { type: "string", contentEncoding: "binary" } } };
      } else if (spec.schema) {
        content = { "application/json": { schema: { $ref: component(spec.schema, `${route.operationId}_${status}`) } } };
      }
      responses[status] = { description: spec.description, ...(content ? { content } : {}) };
    }
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [...route.tags],
      ...(route.auth === "required"
        ? { security: [{ bearerAuth: [] }, { cookieAuth: [] }] }
        : route.auth === "optional"
          ? { security: [{}, { bearerAuth: [] }, { cookieAuth: [] }] }
          : {}),
      parameters: parametersOf(route),
      ...(route.body
        ? {
            requestBody: {
              required: !route.bodyOptional,
              description: `JSON, at most ${route.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES} bytes.`,
              content: Object.fromEntries(
                (route.bodyTypes ?? ["application/json"]).map((type) => [type, { schema: inputSchema(route.body as z.ZodType) }]),
              ),
            },
          }
        : route.rawBody
          ? {
              requestBody: {
                required: true,
                description: `The file itself, at most ${route.rawBody.limitBytes} bytes.`,
                content: Object.fromEntries(route.rawBody.types.map((type) => [type, { schema: { type: "string", format: "binary" } }])),
              },
            }
          : {}),
      responses,
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Hamsafar storefront API",
      version: "1",
      description:
        "Every answer is scoped to the agency of the request's host. Money is integer tomans. Every refusal is the envelope {error: {code, message, fields?}}: code for programs, message in the request's language, fields naming what is wrong.",
    },
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The token of POST /api/v1/auth/verify (apps)." },
        cookieAuth: {
          type: "apiKey",
          in: "cookie",
          name: "hs_session",
          description: "The storefront's own pages: the session cookie, with X-CSRF-Token on POST, PATCH and DELETE.",
        },
      },
      schemas,
    },
  };
}
