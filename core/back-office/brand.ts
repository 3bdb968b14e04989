import type { ImageVariant } from "#core/blog/ports.ts";
import { sniffImageFormat } from "#core/blog/write-posts.ts";
import type { Clock } from "#core/ports.ts";
import { audited, type Actor, type AuditLog } from "./audit.ts";
import { LOGO_FIELDS, type LogoField, type SiteSettings } from "./site-settings.ts";

/*
 * The agency's brand beyond the settings form (issue 25 §1): its uploaded logos, its host names and
 * the live preview of unsaved settings (ADR 0036 "Preview tokens", ADR 0037).
 */

// ---------------------------------------------------------------- logos

/** An upload larger than this is refused before it is decoded: a logo is a small picture. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export type LogoUploadError =
  | "IMAGE_REQUIRED"
  | "IMAGE_TOO_LARGE"
  | "IMAGE_TYPE"
  | "IMAGE_SVG"
  | "IMAGE_UNREADABLE"
  | "IMAGE_TOO_SMALL"
  | "IMAGE_DIMENSIONS"
  | "FIELD_INVALID";

/** Decodes a logo and writes it at a size the storefront's header and footer show; sharp is the real one. */
export interface LogoImageProcessor {
  process(
    bytes: Uint8Array,
  ): Promise<
    | { ok: true; width: number; height: number; variant: ImageVariant }
    | { ok: false; error: "IMAGE_UNREADABLE" | "IMAGE_TOO_SMALL" | "IMAGE_DIMENSIONS" }
  >;
}

/** Where uploaded pictures are kept (the blog covers' table: one store of a tenant's images, ADR 0037). */
export interface LogoImageStore {
  save(input: { tenantId: string; width: number; height: number; variants: ImageVariant[]; createdAt: Date }): Promise<string>;
}

export interface LogoFieldStore {
  /** Points one logo field at an address and moves the tenant's `updated_at` (cached pages drop). */
  setLogo(tenantId: string, field: LogoField, url: string, now: Date): Promise<void>;
}

export function isLogoField(value: unknown): value is LogoField {
  return typeof value === "string" && (LOGO_FIELDS as readonly string[]).includes(value);
}

/** An SVG is text that starts (after an optional BOM, XML prologue or comments) with `<svg` or `<?xml`. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return head.startsWith("<?xml") || head.startsWith("<svg") || head.startsWith("<!--") || head.startsWith("<!doctype svg");
}

/** The address an uploaded logo is served at (server/blog-routes.ts serves the images table). */
export function logoUrl(id: string, width: number): string {
  return `/blog-images/${id}/${width}.png`;
}

export type LogoUploadResult = { ok: true; url: string } | { ok: false; error: LogoUploadError };

/**
 * Checks an uploaded logo by its bytes (PNG, JPEG or WebP; SVG refused, ADR 0037), decodes and
 * resizes it and stores it. With `apply`, the tenant's field points at it at once (the API);
 * without, the settings form carries the address until the owner saves (or previews) it.
 * Audited either way: an upload is a change of the tenant's files.
 */
export async function uploadLogo(
  deps: { images: LogoImageStore; processor: LogoImageProcessor; logos: LogoFieldStore; audit: AuditLog; clock: Clock },
  actor: Actor,
  input: { tenantId: string; field: unknown; bytes: Uint8Array | null; apply: boolean; current?: string | null },
): Promise<LogoUploadResult> {
  if (!isLogoField(input.field)) return { ok: false, error: "FIELD_INVALID" };
  const field = input.field;
  const bytes = input.bytes;
  if (!bytes || bytes.length === 0) return { ok: false, error: "IMAGE_REQUIRED" };
  if (bytes.length > MAX_LOGO_BYTES) return { ok: false, error: "IMAGE_TOO_LARGE" };
  if (!sniffImageFormat(bytes)) return { ok: false, error: looksLikeSvg(bytes) ? "IMAGE_SVG" : "IMAGE_TYPE" };
  const processed = await deps.processor.process(bytes);
  if (!processed.ok) return { ok: false, error: processed.error };
  const stored = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "logo.upload", subject: { type: "tenant", id: input.tenantId } },
    async () => {
      const now = deps.clock.now();
      const id = await deps.images.save({
        tenantId: input.tenantId,
        width: processed.width,
        height: processed.height,
        variants: [processed.variant],
        createdAt: now,
      });
      const url = logoUrl(id, processed.variant.width);
      if (input.apply) await deps.logos.setLogo(input.tenantId, field, url, now);
      return {
        result: { ok: true as const, url },
        before: input.apply ? { [field]: input.current ?? null } : null,
        after: { field, url, width: processed.width, height: processed.height, applied: input.apply },
      };
    },
  );
  return stored ?? { ok: false, error: "IMAGE_UNREADABLE" };
}

// ---------------------------------------------------------------- domains

export interface TenantDomain {
  host: string;
  isPrimary: boolean;
  createdAt: Date;
}

export interface DomainStore {
  list(tenantId: string): Promise<TenantDomain[]>;
  /** The tenant that answers on a host, or null. */
  ownerOf(host: string): Promise<string | null>;
  /** Adds a host (primary when the tenant has none); false when any tenant already holds it. */
  add(tenantId: string, host: string, now: Date): Promise<boolean>;
  /** Removes a host; when it was the primary one, the oldest remaining becomes primary. */
  remove(tenantId: string, host: string): Promise<boolean>;
}

export type DomainError = "HOST_INVALID" | "HOST_TAKEN" | "HOST_EXISTS" | "NOT_FOUND" | "CURRENT_HOST" | "LAST_DOMAIN";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name as typed (any case, Unicode letters, a trailing dot) in the form tenant_domains
 * keeps: lower case, IDN labels in punycode (the WHATWG URL parser's IDNA), no port, no path,
 * at least two labels, a top-level label that is not all digits (no IP addresses).
 */
export function normalizeHostname(input: unknown): { ok: true; host: string } | { ok: false; error: "HOST_INVALID" } {
  if (typeof input !== "string") return { ok: false, error: "HOST_INVALID" };
  const typed = input.trim().replace(/\.$/, "");
  if (!typed || typed.length > 253 || /[\s/:?#@\\[\]%]/.test(typed)) return { ok: false, error: "HOST_INVALID" };
  let host: string;
  try {
    host = new URL(`http://${typed}/`).hostname;
  } catch {
    return { ok: false, error: "HOST_INVALID" };
  }
  const labels = host.split(".");
  if (host.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1) ?? ""))
    return { ok: false, error: "HOST_INVALID" };
  return { ok: true, host };
}

type DomainDeps = { domains: DomainStore; audit: AuditLog; clock: Clock };

export async function addDomain(
  deps: DomainDeps,
  actor: Actor,
  input: { tenantId: string; host: unknown },
): Promise<{ ok: true; host: string } | { ok: false; error: DomainError }> {
  const normal = normalizeHostname(input.host);
  if (!normal.ok) return normal;
  const host = normal.host;
  const owner = await deps.domains.ownerOf(host);
  if (owner) return { ok: false, error: owner === input.tenantId ? "HOST_EXISTS" : "HOST_TAKEN" };
  const added = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "domain.add", subject: { type: "domain", id: host } },
    async () => {
      // Another tenant may have taken it between the check and the insert: the primary key decides (nothing recorded).
      if (!(await deps.domains.add(input.tenantId, host, deps.clock.now()))) return null;
      return { result: { ok: true as const, host }, before: null, after: { host } };
    },
  );
  return added ?? { ok: false, error: "HOST_TAKEN" };
}

/** Removes a host, never the one the owner is using right now nor the tenant's last one. */
export async function removeDomain(
  deps: DomainDeps,
  actor: Actor,
  input: { tenantId: string; host: unknown; currentHost: string },
): Promise<{ ok: true } | { ok: false; error: DomainError }> {
  if (typeof input.host !== "string") return { ok: false, error: "NOT_FOUND" };
  // A stored host may predate the rules (the demo's `localhost`): it is found as written, too.
  const normal = normalizeHostname(input.host);
  const host = normal.ok ? normal.host : input.host.trim().toLowerCase();
  const domains = await deps.domains.list(input.tenantId);
  const domain = domains.find((row) => row.host === host);
  if (!domain) return { ok: false, error: "NOT_FOUND" };
  if (domains.length <= 1) return { ok: false, error: "LAST_DOMAIN" };
  if (host === input.currentHost.toLowerCase()) return { ok: false, error: "CURRENT_HOST" };
  const removed = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "domain.remove", subject: { type: "domain", id: host } },
    async () => {
      if (!(await deps.domains.remove(input.tenantId, host))) return null;
      return { result: { ok: true as const }, before: { host, isPrimary: domain.isPrimary }, after: null };
    },
  );
  return removed ?? { ok: false, error: "NOT_FOUND" };
}

// ---------------------------------------------------------------- previews

/** A preview lives this long: long enough to look, short enough that a leaked link soon dies. */
export const PREVIEW_TTL_MS = 10 * 60 * 1000;

/** Signs and checks (HMAC-SHA256) and hashes (SHA-256); the node:crypto adapter is the real one. */
export interface PreviewCrypto {
  sign(payload: string): string;
  digest(text: string): string;
  /** Compares in constant time. */
  same(a: string, b: string): boolean;
}

/** Unsaved settings kept for a preview's life only, never in the tenants table. */
export interface PreviewStore {
  put(input: { tenantId: string; digest: string; settings: SiteSettings; expiresAt: Date }): Promise<void>;
  get(tenantId: string, digest: string, now: Date): Promise<SiteSettings | null>;
}

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): string | null {
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
}

/** Stores checked, unsaved settings and returns the token of their preview (tenant, digest, expiry, signature). */
export async function createPreview(
  deps: { previews: PreviewStore; crypto: PreviewCrypto; clock: Clock },
  input: { tenantId: string; settings: SiteSettings },
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(deps.clock.now().getTime() + PREVIEW_TTL_MS);
  const digest = deps.crypto.digest(JSON.stringify(input.settings));
  await deps.previews.put({ tenantId: input.tenantId, digest, settings: input.settings, expiresAt });
  const payload = base64url(`${input.tenantId}.${digest}.${expiresAt.getTime()}`);
  return { token: `${payload}.${deps.crypto.sign(payload)}`, expiresAt };
}

export type PreviewRefusal = "MALFORMED" | "SIGNATURE" | "OTHER_TENANT" | "EXPIRED" | "GONE";

/** The unsaved settings a token shows, only at the tenant it was made for and only until it expires. */
export async function readPreview(
  deps: { previews: PreviewStore; crypto: PreviewCrypto; clock: Clock },
  input: { tenantId: string; token: string },
): Promise<{ ok: true; settings: SiteSettings } | { ok: false; error: PreviewRefusal }> {
  const [payload, signature, extra] = input.token.split(".");
  if (!payload || !signature || extra !== undefined || input.token.length > 512) return { ok: false, error: "MALFORMED" };
  if (!deps.crypto.same(deps.crypto.sign(payload), signature)) return { ok: false, error: "SIGNATURE" };
  const [tenantId, digest, expires] = (fromBase64url(payload) ?? "").split(".");
  if (!tenantId || !digest || !expires || !/^\d+$/.test(expires)) return { ok: false, error: "MALFORMED" };
  if (tenantId !== input.tenantId) return { ok: false, error: "OTHER_TENANT" };
  const now = deps.clock.now();
  if (Number(expires) <= now.getTime()) return { ok: false, error: "EXPIRED" };
  const settings = await deps.previews.get(tenantId, digest, now);
  return settings ? { ok: true, settings } : { ok: false, error: "GONE" };
}
