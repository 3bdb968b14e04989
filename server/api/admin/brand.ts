import { z } from "zod";
import {
  MAX_LOGO_BYTES,
  addDomain,
  createPreview,
  removeDomain,
  uploadLogo,
  type DomainError,
  type LogoUploadError,
} from "#core/back-office/brand.ts";
import { LOGO_FIELDS, readSiteSettings, type SettingsError } from "#core/back-office/site-settings.ts";
import { createPreviewCrypto } from "#adapters/preview/preview-crypto.ts";
import type { MessageKey } from "../i18n.ts";
import { defineRoute, json, noContent } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";

/*
 * Issue 25 §1: the agency's logos, domains and settings previews over the API (ADR 0037), the
 * same use cases as the settings screen.
 */

const LOGO_MESSAGES: Record<LogoUploadError, MessageKey> = {
  IMAGE_REQUIRED: "admin.brand.error.IMAGE_REQUIRED",
  IMAGE_TOO_LARGE: "admin.brand.error.IMAGE_TOO_LARGE",
  IMAGE_TYPE: "admin.brand.error.IMAGE_TYPE",
  IMAGE_SVG: "admin.brand.error.IMAGE_SVG",
  IMAGE_UNREADABLE: "admin.brand.error.IMAGE_UNREADABLE",
  IMAGE_TOO_SMALL: "admin.brand.error.IMAGE_TOO_SMALL",
  IMAGE_DIMENSIONS: "admin.brand.error.IMAGE_DIMENSIONS",
  FIELD_INVALID: "admin.brand.error.FIELD_INVALID",
};

const DOMAIN_MESSAGES: Record<DomainError, MessageKey> = {
  HOST_INVALID: "admin.brand.domainError.HOST_INVALID",
  HOST_TAKEN: "admin.brand.domainError.HOST_TAKEN",
  HOST_EXISTS: "admin.brand.domainError.HOST_EXISTS",
  NOT_FOUND: "admin.brand.domainError.NOT_FOUND",
  CURRENT_HOST: "admin.brand.domainError.CURRENT_HOST",
  LAST_DOMAIN: "admin.brand.domainError.LAST_DOMAIN",
};

const SETTINGS_MESSAGES: Record<SettingsError, MessageKey> = {
  REQUIRED: "admin.settings.error.REQUIRED",
  TOO_LONG: "admin.settings.error.TOO_LONG",
  THEME_INVALID: "admin.settings.error.THEME_INVALID",
  COLOR_INVALID: "admin.settings.error.COLOR_INVALID",
  PHONE_INVALID: "admin.settings.error.PHONE_INVALID",
  EMAIL_INVALID: "admin.settings.error.EMAIL_INVALID",
  URL_INVALID: "admin.settings.error.URL_INVALID",
  SERVICE_INVALID: "admin.settings.error.SERVICE_INVALID",
  OPTION_INVALID: "admin.settings.error.OPTION_INVALID",
  NO_SERVICE: "admin.settings.error.NO_SERVICE",
};

const domainSchema = z.object({
  host: z.string().describe("Lower case; an IDN in punycode (xn--…)."),
  primary: z.boolean(),
  addedAt: z.string().describe("ISO 8601."),
});

/** `POST /api/v1/admin/settings/logos/{field}`: uploads a logo (base64 PNG, JPEG or WebP) and points the field at it. */
export const adminLogoUploadRoute = defineRoute({
  operationId: "adminLogoUpload",
  method: "post",
  path: "/api/v1/admin/settings/logos/{field}",
  summary: "Upload a logo",
  description:
    "The image's bytes in base64 (at most 2 MB decoded). Checked by its content (PNG, JPEG or WebP; SVG is refused), shrunk to fit 800×240 as PNG, stored, and the tenant's field points at it at once.",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "settings.write",
  params: z.object({ field: z.enum(LOGO_FIELDS) }),
  body: z.object({ data: z.string().max(Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 16) }).strict(),
  bodyLimitBytes: Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 1024,
  responses: {
    200: { description: "The logo's address on this site.", schema: z.object({ field: z.enum(LOGO_FIELDS), url: z.string() }) },
    422: { description: "VALIDATION_FAILED: not an accepted image, too large, too small.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, params, body, staff, signedIn, req, problem, field }) {
    const bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(body.data) ? new Uint8Array(Buffer.from(body.data, "base64")) : null;
    const result = await uploadLogo(
      { ...deps.backOffice.brand, audit: deps.backOffice.audit, clock: deps.clock },
      apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }),
      { tenantId: tenant.id, field: params.field, bytes, apply: true, current: tenant[params.field] },
    );
    if (!result.ok)
      return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field("data", result.error, LOGO_MESSAGES[result.error])]);
    return json({ field: params.field, url: result.url });
  },
});

/** `GET /api/v1/admin/domains`: the tenant's host names. */
export const adminDomainsRoute = defineRoute({
  operationId: "adminDomains",
  method: "get",
  path: "/api/v1/admin/domains",
  summary: "The agency's domains",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "settings.read",
  responses: { 200: { description: "Primary first, then by age.", schema: z.object({ domains: z.array(domainSchema) }) } },
  async handler({ deps, tenant }) {
    const domains = await deps.backOffice.brand.domains.list(tenant.id);
    return json({ domains: domains.map((row) => ({ host: row.host, primary: row.isPrimary, addedAt: row.createdAt.toISOString() })) });
  },
});

/** `POST /api/v1/admin/domains`: adds a host name, unique across agencies. */
export const adminDomainAddRoute = defineRoute({
  operationId: "adminDomainAdd",
  method: "post",
  path: "/api/v1/admin/domains",
  summary: "Add a domain",
  description: "Lower-cased, an IDN turned to punycode. Refused when any agency (this one included) already answers on it.",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "settings.write",
  body: z.object({ host: z.string().max(300) }).strict(),
  responses: {
    200: { description: "The host as stored.", schema: z.object({ host: z.string() }) },
    422: { description: "VALIDATION_FAILED: not a host name, or taken.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, body, staff, signedIn, req, problem, field }) {
    const result = await addDomain(
      { domains: deps.backOffice.brand.domains, audit: deps.backOffice.audit, clock: deps.clock },
      apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }),
      { tenantId: tenant.id, host: body.host },
    );
    if (!result.ok)
      return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field("host", result.error, DOMAIN_MESSAGES[result.error])]);
    return json({ host: result.host });
  },
});

/** `DELETE /api/v1/admin/domains/{host}`: removes a host name, never the one asked on nor the last. */
export const adminDomainRemoveRoute = defineRoute({
  operationId: "adminDomainRemove",
  method: "delete",
  path: "/api/v1/admin/domains/{host}",
  summary: "Remove a domain",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "settings.write",
  params: z.object({ host: z.string().max(300) }),
  responses: {
    204: { description: "Removed." },
    404: { description: "NOT_FOUND: not one of this agency's domains.", codes: ["NOT_FOUND"] },
    422: { description: "VALIDATION_FAILED: the host of this request, or the last domain.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, params, staff, signedIn, req, problem, field }) {
    const result = await removeDomain(
      { domains: deps.backOffice.brand.domains, audit: deps.backOffice.audit, clock: deps.clock },
      apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }),
      { tenantId: tenant.id, host: params.host, currentHost: req.hostname },
    );
    if (result.ok) return noContent();
    if (result.error === "NOT_FOUND") return problem(404, "NOT_FOUND", "api.error.NOT_FOUND");
    return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field("host", result.error, DOMAIN_MESSAGES[result.error])]);
  },
});

/** `POST /api/v1/admin/settings/preview`: keeps unsaved settings for ten minutes and answers the storefront address showing them. */
export const adminSettingsPreviewRoute = defineRoute({
  operationId: "adminSettingsPreview",
  method: "post",
  path: "/api/v1/admin/settings/preview",
  summary: "Preview unsaved settings",
  description:
    "The settings form's fields by name (`name.fa`, `colors.button`, `servicesActive`…; lists as arrays). Nothing is saved: the answer's address shows the home page with them, at this host only, for ten minutes.",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "settings.write",
  body: z.record(z.string().max(100), z.union([z.string().max(2000), z.array(z.string().max(2000)).max(50)])),
  responses: {
    200: {
      description: "The preview's address (relative to this host) and when it stops working.",
      schema: z.object({ url: z.string(), token: z.string(), expiresAt: z.string().describe("ISO 8601.") }),
    },
    422: { description: "VALIDATION_FAILED: a field is not valid.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, body, problem, field }) {
    const input = { ...body };
    for (const name of LOGO_FIELDS) input[name] ??= tenant[name] ?? "";
    const reading = readSiteSettings(input);
    if (!reading.ok)
      return problem(
        422,
        "VALIDATION_FAILED",
        "api.error.VALIDATION_FAILED",
        Object.entries(reading.errors).map(([name, error]) => field(name, error, SETTINGS_MESSAGES[error])),
      );
    const { token, expiresAt } = await createPreview(
      { previews: deps.backOffice.brand.previews, crypto: createPreviewCrypto(deps.ipHashSecret), clock: deps.clock },
      { tenantId: tenant.id, settings: reading.settings },
    );
    return json({ url: `/?preview=${encodeURIComponent(token)}`, token, expiresAt: expiresAt.toISOString() });
  },
});
