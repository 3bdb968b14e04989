import { eq } from "drizzle-orm";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import type { Database } from "#adapters/db/client.ts";
import { staffMembers, tenants } from "#adapters/db/schema.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { createSessionRepository } from "#adapters/db/session-repository.ts";
import { hashSessionToken, newSessionToken } from "#core/accounts/session-token.ts";
import type { BackOfficeRole } from "#core/back-office/roles.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { rawRequest } from "./http.ts";

/** The two demo tenants the back-office tests play against: one's staff must never reach the other. */
export const HOST_A = "localhost";
export const HOST_B = "theme2.localhost";

/** A signed-in account at a host's tenant: its bearer token for the API, its cookies for the screens. */
export interface StaffVisitor {
  userId: string;
  mobile: string;
  host: string;
  token: string;
  csrf: string;
  cookie: string;
}

export interface Problem {
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
}

/** Seeds the demo tenants and answers each test host's tenant id. */
export async function seedBackOfficeTenants(db: Database): Promise<Map<string, string>> {
  await seedTenants(db, DEMO_TENANTS);
  const ids = new Map<string, string>();
  for (const [host, slug] of [
    [HOST_A, "hamsafar"],
    [HOST_B, "parvaz-sabz"],
  ] as const) {
    const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
    ids.set(host, row!.id);
  }
  return ids;
}

/**
 * An account signed in at a host's tenant, holding a staff role when given. The role is written
 * directly: the CLI's and the staff screen's own paths are tested apart.
 */
export async function signedInStaff(
  db: Database,
  options: { tenantId: string; host: string; mobile: string; role: BackOfficeRole | null; now: Date },
): Promise<StaffVisitor> {
  const { tenantId, mobile, now } = options;
  const { account } = await createAccountRepository(db).findOrCreate({ tenantId, mobile, now });
  if (options.role) await db.insert(staffMembers).values({ tenantId, userId: account.id, role: options.role });
  const token = newSessionToken();
  await createSessionRepository(db).create({
    tenantId,
    userId: account.id,
    tokenHash: await hashSessionToken(token),
    kind: "web",
    userAgent: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3600_000),
  });
  const csrf = newSessionToken();
  return { userId: account.id, mobile, host: options.host, token, csrf, cookie: `hs_session=${token}; hs_csrf=${csrf}` };
}

/**
 * The three ways a test talks to the back-office: the JSON API (bearer token, or the cookie when
 * asked), a screen (cookie), and a screen's form post (cookie, same-origin).
 */
export function backOfficeClient(port: () => number) {
  const api = (
    path: string,
    visitor: StaffVisitor | null,
    init: { method?: string; body?: unknown; cookie?: boolean; lang?: string; headers?: Record<string, string> } = {},
  ) =>
    rawRequest(port(), {
      method: init.method ?? "GET",
      path,
      host: visitor?.host ?? HOST_A,
      headers: {
        ...(visitor && !init.cookie ? { authorization: `Bearer ${visitor.token}` } : {}),
        ...(visitor && init.cookie ? { cookie: visitor.cookie } : {}),
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(init.lang ? { language: init.lang } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  const page = (path: string, visitor: StaffVisitor | null, host = visitor?.host ?? HOST_A) =>
    rawRequest(port(), { path, host, headers: visitor ? { cookie: visitor.cookie } : {} });
  const form = (path: string, visitor: StaffVisitor, fields: Record<string, string>) =>
    rawRequest(port(), {
      method: "POST",
      path,
      host: visitor.host,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: visitor.cookie, "sec-fetch-site": "same-origin" },
      body: new URLSearchParams(fields).toString(),
    });
  return { api, page, form };
}
