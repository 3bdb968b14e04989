import type { Request, Response } from "express";
import type { z } from "zod";
import type { Locale } from "#core/i18n/locales.ts";
import type { ServiceId } from "#core/services/service-ids.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import type { AdminAction } from "#core/back-office/roles.ts";
import type { StaffMember } from "#core/back-office/staff.ts";
import type { requestAuth, SignedIn } from "../auth.ts";
import type { Logger } from "../logger.ts";
import type { ApiDeps } from "./deps.ts";
import type { MessageKey, Params } from "./i18n.ts";
import type { ApiProblem, FieldProblem } from "./problem.ts";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call a route. `required`: a session (bearer token, or the session cookie plus the CSRF
 * header on a write) or 401/403. `optional`: the session when there is one (a booking made signed
 * in belongs to the account); a cookie session on a write without the CSRF header is 403 here too.
 * `none`: the session is not looked at.
 */
export type AuthMode = "none" | "optional" | "required";

/** One documented answer of a route. A status of 400 or more always carries the error envelope. */
export interface ResponseSpec {
  description: string;
  /** The JSON body of a success; omitted for 204 and for non-JSON answers. */
  schema?: z.ZodType;
  /** The error codes a refusal with this status may carry (documented as the `code` enum). */
  codes?: readonly string[];
  /** A non-JSON success (a PDF): its media type. */
  contentType?: string;
}

export interface JsonReply {
  kind: "json";
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FileReply {
  kind: "file";
  status: number;
  contentType: string;
  body: Uint8Array;
  headers?: Record<string, string>;
}

export interface EmptyReply {
  kind: "empty";
  status: 204;
  headers?: Record<string, string>;
}

export type Reply = JsonReply | FileReply | EmptyReply;

export const json = (body: unknown, status = 200, headers?: Record<string, string>): JsonReply => ({ kind: "json", status, body, headers });
export const file = (body: Uint8Array, contentType: string, headers?: Record<string, string>): FileReply => ({
  kind: "file",
  status: 200,
  contentType,
  body,
  headers,
});
export const noContent = (headers?: Record<string, string>): EmptyReply => ({ kind: "empty", status: 204, headers });

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<Q, P, B, A extends AuthMode> {
  req: Request;
  res: Response;
  deps: ApiDeps;
  log: Logger;
  tenant: Tenant;
  locale: Locale;
  /** The instant the request is handled at, from the injected clock. */
  now: Date;
  /** `scheme://host` of the request, for links a client follows (bank callbacks, PDFs). */
  origin: string;
  query: Parsed<Q>;
  params: Parsed<P>;
  /** The headers the route's `headers` schema names, checked. */
  headers: Record<string, string | undefined>;
  body: Parsed<B>;
  signedIn: A extends "required" ? SignedIn : A extends "optional" ? SignedIn | null : null;
  /** The session's staff membership at this tenant, checked against the route's `admin` action; null on other routes. */
  staff: StaffMember | null;
  /** The visitor's session handle, for the routes that sign in and out (cookies). */
  auth: ReturnType<typeof requestAuth>;
  t: (key: MessageKey, params?: Params) => string;
  /** A refusal in the envelope, its message in the request's language. */
  problem: (status: number, code: string, key: MessageKey, fields?: FieldProblem[], params?: Params) => ApiProblem;
  /** A field entry of a refusal, its message in the request's language. */
  field: (field: string, code: string, key: MessageKey, params?: Params) => FieldProblem;
  /** Counts one hit; over the limit it is the 429 to return (with Retry-After), else null. */
  rateLimit: (input: { bucket: string; limit: number; windowSeconds: number }) => Promise<ApiProblem | null>;
}

export interface RouteSpec<
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  A extends AuthMode,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI form: `/api/v1/bookings/{hashId}`. */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  auth: A;
  /**
   * A back-office route (issue 25; ADR 0036): the action the caller's staff role must allow at
   * the request's tenant, checked after the session and before the body is read (403 FORBIDDEN).
   */
  admin?: A extends "required" ? AdminAction : never;
  /** The service a tenant must sell for the route to exist for it (404 otherwise). */
  service?: ServiceId;
  query?: Q;
  params?: P;
  /** Request headers a route reads (e.g. Idempotency-Key), by their lower-case names; checked like the query. */
  headers?: z.ZodObject;
  body?: B;
  /** Largest body accepted (413 beyond it); 16 kB unless a route says otherwise. */
  bodyLimitBytes?: number;
  /** Media types the body may come as (all read as JSON); `application/json` unless a route says otherwise. */
  bodyTypes?: readonly string[];
  /**
   * A body that is a file, not JSON (a blog cover): the front door leaves it unread and the handler
   * reads it from `req`; listed in the OpenAPI document with its media types.
   */
  rawBody?: { types: readonly string[]; limitBytes: number };
  /** A body route that may also be called with no body at all (e.g. logout). */
  bodyOptional?: boolean;
  /** Cache-Control of a success; `no-store` unless a route says otherwise. */
  cache?: string;
  responses: Record<number, ResponseSpec>;
  /** May answer at once (a reply) or later (a promise of one). */
  handler(context: RouteContext<Q, P, B, A>): Reply | ApiProblem | Promise<Reply | ApiProblem>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds routes of every shape
export type AnyRoute = RouteSpec<any, any, any, AuthMode>;

/** Declares a route; the types of `query`, `params`, `body` and `signedIn` follow its schemas and auth mode. */
export function defineRoute<
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends AuthMode = "none",
>(spec: RouteSpec<Q, P, B, A>): AnyRoute {
  return spec;
}
