import express, { Router, type Request, type Response } from "express";
import type { z } from "zod";
import type { Locale } from "#core/i18n/locales.ts";
import { isServiceEnabled, type Tenant } from "#core/tenants/site-config.ts";
import { apiSessionMayAct, requestAuth, type SignedIn } from "../auth.ts";
import type { Logger } from "../logger.ts";
import type { ApiDeps } from "./deps.ts";
import { translate, type MessageKey, type Params } from "./i18n.ts";
import { requestLocale } from "./locale.ts";
import { ApiProblem, frontDoorProblem, sendProblem, type FieldProblem } from "./problem.ts";
import type { AnyRoute, Reply, RouteContext } from "./route.ts";
import { staffAccess } from "#core/back-office/access.ts";
import { actingTenant, mayChooseTenant } from "#core/back-office/platform.ts";
import type { StaffMember } from "#core/back-office/staff.ts";

/** Largest body a route accepts unless it says otherwise. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;
const JSON_TYPES = ["application/json", "application/*+json"];
/** Answers of the API vary by these request headers (tenant, language, session). */
const VARY = "Host, Authorization, Cookie, language, Accept-Language";

interface Locals {
  log: Logger;
  site?: { tenant: Tenant; configLoaded: boolean };
  /** The request came to PLATFORM_ADMIN_HOST (server/app.ts). */
  onPlatformHost?: boolean;
}

/** The header a platform operator names another tenant by (ADR 0036): its slug. */
export const ADMIN_TENANT_HEADER = "x-admin-tenant";

/** Field codes of schema refusals, with their messages. */
const FIELD_MESSAGES = {
  REQUIRED: "api.field.REQUIRED",
  UNKNOWN_FIELD: "api.field.UNKNOWN_FIELD",
  TOO_LONG: "api.field.TOO_LONG",
  TOO_SMALL: "api.field.TOO_SMALL",
  TOO_BIG: "api.field.TOO_BIG",
  INVALID: "api.field.INVALID",
} as const satisfies Record<string, MessageKey>;

type FieldCode = keyof typeof FIELD_MESSAGES;

/** Issues carry the value refused, so a field sent with the wrong type is told apart from one left out. */
const REPORT_INPUT = { reportInput: true } as const;

function fieldCodeOf(issue: z.core.$ZodIssue): FieldCode {
  switch (issue.code) {
    case "invalid_type":
    case "invalid_value":
      // A value missing altogether, whatever the field takes (a string, one of a list …).
      return issue.input === undefined ? "REQUIRED" : "INVALID";
    case "unrecognized_keys":
      return "UNKNOWN_FIELD";
    case "too_big":
      return issue.origin === "string" || issue.origin === "array" ? "TOO_LONG" : "TOO_BIG";
    case "too_small":
      return "TOO_SMALL";
    case "invalid_format":
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "not_multiple_of":
    case "custom":
      return "INVALID";
  }
}

/** One entry per field a schema refused (the first issue of each), in the request's language. */
export function schemaFields(locale: Locale, error: z.ZodError): FieldProblem[] {
  const fields = new Map<string, FieldProblem>();
  for (const issue of error.issues) {
    const names =
      issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key].join(".")) : [issue.path.join(".") || "body"];
    const code = fieldCodeOf(issue);
    for (const name of names)
      if (!fields.has(name)) fields.set(name, { field: name, code, message: translate(locale, FIELD_MESSAGES[code]) });
  }
  return [...fields.values()];
}

/** Query parameters by their first value; a parameter given empty counts as absent. */
function queryOf(req: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(req.originalUrl, "http://localhost").searchParams)
    if (!(name in query) && value !== "") query[name] = value;
  return query;
}

function readJsonBody(req: Request, res: Response, limit: number): Promise<unknown> {
  return new Promise((resolve) => {
    express.json({ limit, type: () => true, strict: true, inflate: false })(req, res, (error?: unknown) => resolve(error ?? null));
  });
}

function bodyProblem(locale: Locale, error: unknown): ApiProblem {
  const type = (error as { type?: string }).type;
  if (type === "entity.too.large") return frontDoorProblem(locale, "BODY_TOO_LARGE");
  if (type === "encoding.unsupported" || type === "charset.unsupported") return frontDoorProblem(locale, "UNSUPPORTED_MEDIA_TYPE");
  return frontDoorProblem(locale, "BAD_JSON");
}

function send(res: Response, reply: Reply | ApiProblem, cache: string): void {
  if (reply instanceof ApiProblem) return sendProblem(res, reply);
  res.setHeader("Cache-Control", cache);
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if (reply.kind === "json") res.status(reply.status).json(reply.body);
  else if (reply.kind === "file") res.status(reply.status).type(reply.contentType).send(Buffer.from(reply.body));
  else res.status(204).end();
}

/** `/api/v1/bookings/{hashId}` as Express writes it: `/api/v1/bookings/:hashId`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

/**
 * The JSON API's front door: mounts every route after tenant resolution and gives each handler
 * the tenant, language, session and a parsed, validated request, answering every refusal in the
 * one envelope. Paths under /api/ that no route claims are 404 (or 405 with Allow) here too.
 */
export function apiRouter(routes: readonly AnyRoute[], deps: ApiDeps): Router {
  const router = Router();
  const methodsByPath = new Map<string, string[]>();

  for (const route of routes) {
    const path = expressPath(route.path);
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), route.method.toUpperCase()]);
    router[route.method](path, async (req: Request, res: Response) => {
      const locals = res.locals as Locals;
      const locale = requestLocale(req);
      res.setHeader("Vary", VARY);
      res.setHeader("Cache-Control", "no-store");
      try {
        const outcome = await handle(route, req, res, locale);
        if (!res.headersSent) send(res, outcome, route.cache ?? "no-store");
      } catch (error) {
        // A fault of ours or of a system behind us (database, supplier): the client may try again.
        locals.log.error({ err: error, operation: route.operationId }, "API request failed");
        if (!res.headersSent) sendProblem(res, frontDoorProblem(locale, "UNAVAILABLE", undefined, { "Retry-After": "5" }));
      }
    });
  }

  async function handle(route: AnyRoute, req: Request, res: Response, locale: Locale): Promise<Reply | ApiProblem> {
    const locals = res.locals as Locals;
    const site = locals.site;
    if (!site?.configLoaded) return frontDoorProblem(locale, "UNAVAILABLE", undefined, { "Retry-After": "30" });
    let tenant = site.tenant;
    if (route.service && !isServiceEnabled(tenant, route.service)) return frontDoorProblem(locale, "SERVICE_UNAVAILABLE");

    let params: unknown;
    if (route.params) {
      const parsed = (route.params as z.ZodType).safeParse(req.params, REPORT_INPUT);
      // A path that names nothing that could exist is the same answer as one that names nothing that does.
      if (!parsed.success) return frontDoorProblem(locale, "NOT_FOUND");
      params = parsed.data;
    }
    let query: unknown;
    if (route.query) {
      const parsed = (route.query as z.ZodType).safeParse(queryOf(req), REPORT_INPUT);
      if (!parsed.success) return frontDoorProblem(locale, "INVALID_PARAMETERS", schemaFields(locale, parsed.error));
      query = parsed.data;
    }

    let headers: Record<string, string | undefined> = {};
    if (route.headers) {
      const given = Object.fromEntries(Object.keys(route.headers.shape).map((name) => [name, req.get(name)]));
      const parsed = route.headers.safeParse(given, REPORT_INPUT);
      if (!parsed.success) return frontDoorProblem(locale, "INVALID_PARAMETERS", schemaFields(locale, parsed.error));
      headers = parsed.data as Record<string, string | undefined>;
    }

    const auth = requestAuth(deps.auth, req, res, tenant);
    let signedIn: SignedIn | null = null;
    if (route.auth !== "none") {
      signedIn = await auth.current();
      if (route.auth === "required" && !signedIn)
        return frontDoorProblem(locale, "UNAUTHORIZED", undefined, { "WWW-Authenticate": 'Bearer realm="hamsafar"' });
      // A cookie rides along on any request a page makes: on a write it counts only with the CSRF
      // header. Without it the write is refused, also where signing in is optional: a signed-in
      // browser's write is never taken for a guest's (a booking would not be the account's).
      if (signedIn && !apiSessionMayAct(req, signedIn.via)) return frontDoorProblem(locale, "CSRF");
    }

    // Back-office routes: the staff role at this host's tenant, before anything of the request is read.
    let staff: StaffMember | null = null;
    if (route.admin) {
      const access = await staffAccess(deps.backOffice.staff, {
        tenantId: tenant.id,
        userId: signedIn?.account.id ?? null,
        action: route.admin,
      });
      if (!access.ok) return frontDoorProblem(locale, access.reason === "SIGNED_OUT" ? "UNAUTHORIZED" : "FORBIDDEN");
      staff = access.member;
      // A platform operator on the platform host may name the tenant to act on; nobody else may.
      const chosen = req.get(ADMIN_TENANT_HEADER);
      if (chosen !== undefined) {
        if (!mayChooseTenant(staff, locals.onPlatformHost === true)) return frontDoorProblem(locale, "FORBIDDEN");
        const acting = await actingTenant({
          member: staff,
          onPlatformHost: true,
          hostTenant: tenant,
          chosenSlug: chosen.trim(),
          directory: deps.backOffice.tenants,
        });
        if (!acting.ok) return frontDoorProblem(locale, "NOT_FOUND");
        tenant = acting.tenant;
      }
    }

    let body: unknown;
    if (route.body) {
      const hasBody =
        req.headers["content-length"] !== undefined
          ? req.headers["content-length"] !== "0"
          : req.headers["transfer-encoding"] !== undefined;
      if (!hasBody && route.bodyOptional) body = undefined;
      else {
        if (!req.is([...(route.bodyTypes ?? JSON_TYPES)])) return frontDoorProblem(locale, "UNSUPPORTED_MEDIA_TYPE");
        const failure = await readJsonBody(req, res, route.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES);
        if (failure) return bodyProblem(locale, failure);
        const parsed = (route.body as z.ZodType).safeParse(req.body, REPORT_INPUT);
        if (!parsed.success) return frontDoorProblem(locale, "VALIDATION_FAILED", schemaFields(locale, parsed.error));
        body = parsed.data;
      }
    }

    const t = (key: MessageKey, values?: Params) => translate(locale, key, values);
    const context: RouteContext<unknown, unknown, unknown, "optional"> = {
      req,
      res,
      deps,
      log: locals.log,
      tenant,
      locale,
      now: deps.clock.now(),
      origin: `${req.protocol}://${req.get("host") ?? "localhost"}`,
      query: query as never,
      params: params as never,
      headers,
      body: body as never,
      signedIn,
      staff,
      auth,
      t,
      problem: (status, code, key, fields, values) => new ApiProblem(status, code, t(key, values), fields),
      field: (field, code, key, values) => ({ field, code, message: t(key, values) }),
      async rateLimit(input) {
        const verdict = await deps.rateLimiter.hit({ ...input, now: deps.clock.now() });
        return verdict.allowed
          ? null
          : frontDoorProblem(locale, "RATE_LIMITED", undefined, { "Retry-After": String(verdict.retryAfterSeconds) });
      },
    };
    return await route.handler(context as never);
  }

  // A route outside /api/ (the spec's client error report): other methods on its path are 405 in the envelope too.
  for (const [path, methods] of methodsByPath) {
    if (path.startsWith("/api/")) continue;
    router.all(path, (req: Request, res: Response) =>
      sendProblem(res, frontDoorProblem(requestLocale(req), "METHOD_NOT_ALLOWED", undefined, { Allow: methods.join(", ") })),
    );
  }

  // Whatever else is asked under /api/: 405 on a known path, else 404, in the envelope.
  router.use("/api", (req: Request, res: Response) => {
    const locale = requestLocale(req);
    const known = [...methodsByPath.entries()].find(([path]) => matches(path, req.path === "/" ? "/api" : `/api${req.path}`));
    if (known) sendProblem(res, frontDoorProblem(locale, "METHOD_NOT_ALLOWED", undefined, { Allow: known[1].join(", ") }));
    else sendProblem(res, frontDoorProblem(locale, "NOT_FOUND"));
  });
  return router;
}

function matches(expressRoute: string, path: string): boolean {
  const routeParts = expressRoute.split("/");
  const pathParts = path.replace(/\/+$/, "").split("/");
  return routeParts.length === pathParts.length && routeParts.every((part, index) => part.startsWith(":") || part === pathParts[index]);
}
