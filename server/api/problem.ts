import type { Response } from "express";
import { z } from "zod";
import type { Locale } from "#core/i18n/locales.ts";
import { translate, type MessageKey } from "./i18n.ts";

/**
 * The JSON API's one error envelope (ADR 0016): every endpoint answers a problem as
 * `{"error": {"code", "message", "fields"?: [{"field", "code", "message"}]}}`. `code` is stable
 * and meant for programs; `message` is for people, in the request's language; `fields` names
 * the parameters or body fields a refusal is about (dotted paths, e.g. `passengers.0.birthDate`).
 */
export interface FieldProblem {
  field: string;
  code: string;
  message: string;
}

export interface ProblemBody {
  error: { code: string; message: string; fields?: FieldProblem[] };
}

/** A refusal a handler returns (or the front door produces): status, envelope and any headers. */
export class ApiProblem {
  readonly kind = "problem";
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
    readonly fields?: FieldProblem[],
    readonly headers: Record<string, string> = {},
  ) {}

  get body(): ProblemBody {
    return { error: { code: this.code, message: this.message, ...(this.fields?.length ? { fields: this.fields } : {}) } };
  }
}

export const fieldProblemSchema = z.object({ field: z.string(), code: z.string(), message: z.string() });

/** The envelope's schema; the OpenAPI document narrows `code` to the codes an operation declares. */
export function problemSchema(codes?: readonly string[]) {
  return z
    .object({
      error: z
        .object({
          code: codes?.length ? z.enum(codes as [string, ...string[]]) : z.string(),
          message: z.string(),
          fields: z.array(fieldProblemSchema).optional(),
        })
        .strict(),
    })
    .strict();
}

/** The generic refusals the front door produces, by status: their codes and catalog keys. */
export const FRONT_DOOR_PROBLEMS = {
  BAD_JSON: { status: 400, key: "api.error.BAD_JSON" },
  INVALID_PARAMETERS: { status: 400, key: "api.error.INVALID_PARAMETERS" },
  UNAUTHORIZED: { status: 401, key: "api.error.UNAUTHORIZED" },
  CSRF: { status: 403, key: "api.error.CSRF" },
  /** Issue 25: a back-office route the session's staff role does not allow (or no staff role at this tenant). */
  FORBIDDEN: { status: 403, key: "admin.api.forbidden" },
  CROSS_SITE_REQUEST: { status: 403, key: "api.error.CROSS_SITE_REQUEST" },
  NOT_FOUND: { status: 404, key: "api.error.NOT_FOUND" },
  SERVICE_UNAVAILABLE: { status: 404, key: "api.error.SERVICE_UNAVAILABLE" },
  METHOD_NOT_ALLOWED: { status: 405, key: "api.error.METHOD_NOT_ALLOWED" },
  BODY_TOO_LARGE: { status: 413, key: "api.error.BODY_TOO_LARGE" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: "api.error.UNSUPPORTED_MEDIA_TYPE" },
  VALIDATION_FAILED: { status: 422, key: "api.error.VALIDATION_FAILED" },
  RATE_LIMITED: { status: 429, key: "api.error.RATE_LIMITED" },
  UNAVAILABLE: { status: 503, key: "api.error.UNAVAILABLE" },
  TIMEOUT: { status: 504, key: "api.error.TIMEOUT" },
} as const satisfies Record<string, { status: number; key: MessageKey }>;

export type FrontDoorCode = keyof typeof FRONT_DOOR_PROBLEMS;

export function frontDoorProblem(
  locale: Locale,
  code: FrontDoorCode,
  fields?: FieldProblem[],
  headers?: Record<string, string>,
): ApiProblem {
  const { status, key } = FRONT_DOOR_PROBLEMS[code];
  return new ApiProblem(status, code, translate(locale, key), fields, headers);
}

/** Writes a problem: the one way any part of the server answers an API request with an error. */
export function sendProblem(res: Response, problem: ApiProblem): void {
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  res.status(problem.status).json(problem.body);
}
