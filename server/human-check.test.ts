import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeRecaptcha, type FakeRecaptcha } from "#adapters/captcha/recaptcha/fake-recaptcha-server.ts";
import { createRecaptchaVerifier } from "#adapters/captcha/recaptcha/recaptcha-verifier.ts";
import { createLogger } from "./logger.ts";
import { createHumanCheck, MIN_RECAPTCHA_SCORE, RECAPTCHA_ACTION, RECAPTCHA_CREDENTIAL_KIND, type HumanCheckLog } from "./human-check.ts";

const TENANT_A = { id: "0b6c5c2e-1111-4a5b-8c7d-000000000001", recaptchaV3SiteKey: "6LcSiteKeyOfTenantA00000000000000000000a" };
const TENANT_B = { id: "0b6c5c2e-2222-4a5b-8c7d-000000000002", recaptchaV3SiteKey: "6LcSiteKeyOfTenantB00000000000000000000b" };
const SECRET_A = "6LcSecretOfTenantA000000000000000000000a";
const SECRET_B = "6LcSecretOfTenantB000000000000000000000b";

let fake: FakeRecaptcha;
const stored = new Map<string, Record<string, string>>();
const warnings: { details: Record<string, unknown>; message: string }[] = [];
const log: HumanCheckLog = { warn: (details, message) => void warnings.push({ details, message }) };
const credentials = { get: async (tenantId: string, kind: string) => stored.get(`${tenantId}/${kind}`) ?? null };

beforeAll(async () => {
  fake = await startFakeRecaptcha({
    keys: [
      { siteKey: TENANT_A.recaptchaV3SiteKey, secret: SECRET_A },
      { siteKey: TENANT_B.recaptchaV3SiteKey, secret: SECRET_B },
    ],
  });
  stored.set(`${TENANT_A.id}/${RECAPTCHA_CREDENTIAL_KIND}`, { secret: SECRET_A });
  stored.set(`${TENANT_B.id}/${RECAPTCHA_CREDENTIAL_KIND}`, { secret: SECRET_B });
});

afterAll(async () => {
  await fake?.close();
});

const humanCheck = () =>
  createHumanCheck({ verifier: createRecaptchaVerifier({ baseUrl: fake.baseUrl, timeoutMs: 500 }), credentials, log });

describe("human check: which tenants have one", () => {
  it("is null without a site key, or with one but no secret", async () => {
    expect(await humanCheck().forTenant({ id: TENANT_A.id, recaptchaV3SiteKey: null })).toBeNull();
    expect(await humanCheck().forTenant({ id: TENANT_A.id, recaptchaV3SiteKey: "  " })).toBeNull();
    warnings.length = 0;
    expect(await humanCheck().forTenant({ id: "0b6c5c2e-3333-4a5b-8c7d-000000000003", recaptchaV3SiteKey: "6LcOrphanSiteKey" })).toBeNull();
    expect(warnings).toEqual([
      { details: { tenantId: "0b6c5c2e-3333-4a5b-8c7d-000000000003" }, message: expect.stringContaining("no readable secret") },
    ]);
  });

  it("gives the tenant's site key for the page", async () => {
    expect((await humanCheck().forTenant(TENANT_A))?.siteKey).toBe(TENANT_A.recaptchaV3SiteKey);
  });

  it("takes a logger as the server makes it", () => {
    const pino: HumanCheckLog = createLogger("silent");
    expect(pino).toBeDefined();
  });
});

describe("human check: the verdict", () => {
  it(`passes a login token scored ${MIN_RECAPTCHA_SCORE} or more, and fails a lower one`, async () => {
    const check = (await humanCheck().forTenant(TENANT_A))!;
    expect(await check.verify(fake.issueToken({ siteKey: TENANT_A.recaptchaV3SiteKey, score: 0.9 }), "5.160.10.20")).toBe("pass");
    expect(await check.verify(fake.issueToken({ siteKey: TENANT_A.recaptchaV3SiteKey, score: MIN_RECAPTCHA_SCORE }), null)).toBe("pass");
    expect(await check.verify(fake.issueToken({ siteKey: TENANT_A.recaptchaV3SiteKey, score: 0.3 }), null)).toBe("fail");
    const call = fake.calls.at(-1)!;
    expect(call.params.secret).toBe(SECRET_A);
  });

  it(`fails a token made for another action than "${RECAPTCHA_ACTION}", a reused one and an empty one`, async () => {
    const check = (await humanCheck().forTenant(TENANT_A))!;
    expect(await check.verify(fake.issueToken({ siteKey: TENANT_A.recaptchaV3SiteKey, action: "checkout" }), null)).toBe("fail");
    const token = fake.issueToken({ siteKey: TENANT_A.recaptchaV3SiteKey });
    expect(await check.verify(token, null)).toBe("pass");
    expect(await check.verify(token, null)).toBe("fail");
    const calls = fake.calls.length;
    expect(await check.verify("", null)).toBe("fail");
    expect(fake.calls).toHaveLength(calls);
  });

  it("keeps tenants apart: another tenant's token fails with this tenant's secret", async () => {
    const checkA = (await humanCheck().forTenant(TENANT_A))!;
    const checkB = (await humanCheck().forTenant(TENANT_B))!;
    expect(await checkA.verify(fake.issueToken({ siteKey: TENANT_B.recaptchaV3SiteKey }), null)).toBe("fail");
    expect(await checkB.verify(fake.issueToken({ siteKey: TENANT_B.recaptchaV3SiteKey }), null)).toBe("pass");
    expect(fake.calls.at(-1)!.params.secret).toBe(SECRET_B);
  });

  it("is unavailable, with a warning and no secret or token in it, when Google is down, slow or refuses the secret", async () => {
    const check = (await humanCheck().forTenant(TENANT_A))!;
    warnings.length = 0;
    fake.failNext(502);
    const token = fake.issueToken({ siteKey: TENANT_A.recaptchaV3SiteKey });
    expect(await check.verify(token, null)).toBe("unavailable");
    fake.hangNext();
    expect(await check.verify(fake.issueToken({ siteKey: TENANT_A.recaptchaV3SiteKey }), null)).toBe("unavailable");
    stored.set(`${TENANT_A.id}/${RECAPTCHA_CREDENTIAL_KIND}`, { secret: "6LcRevokedSecret" });
    try {
      const revoked = (await humanCheck().forTenant(TENANT_A))!;
      expect(await revoked.verify(fake.issueToken({ siteKey: TENANT_A.recaptchaV3SiteKey }), null)).toBe("unavailable");
    } finally {
      stored.set(`${TENANT_A.id}/${RECAPTCHA_CREDENTIAL_KIND}`, { secret: SECRET_A });
    }
    expect(warnings.map((warning) => warning.details)).toEqual([
      { tenantId: TENANT_A.id, reason: "reCAPTCHA answered HTTP 502" },
      { tenantId: TENANT_A.id, reason: "reCAPTCHA did not answer within 500 ms" },
      { tenantId: TENANT_A.id, reason: "reCAPTCHA refused the request: invalid-input-secret" },
    ]);
    const logged = JSON.stringify(warnings);
    for (const secret of [SECRET_A, "6LcRevokedSecret", token]) expect(logged).not.toContain(secret);
  });
});
