import { describe, expect, it } from "vitest";
import { audited, maskMobileForRecord, redactSecrets, type AuditLog, type NewAuditEntry } from "./audit.ts";

describe("what the audit log keeps", () => {
  it("keeps secrets only as set or not, wherever they are nested", () => {
    expect(
      redactSecrets(
        { gateway: "zarinpal", merchantId: "abc-123", nested: { apiKey: "k", password: "", token: null }, list: [{ clientSecret: "s" }] },
        ["pin"],
      ),
    ).toEqual({
      gateway: "zarinpal",
      merchantId: "set",
      nested: { apiKey: "set", password: null, token: null },
      list: [{ clientSecret: "set" }],
    });
    expect(redactSecrets({ sender: "kavenegar", key: "raw" }, ["key"])).toEqual({ sender: "kavenegar", key: "set" });
    expect(redactSecrets({ at: new Date("2026-11-26T00:00:00Z") })).toEqual({ at: "2026-11-26T00:00:00.000Z" });
  });

  it("masks the middle of a mobile", () => {
    expect(maskMobileForRecord("09121234567")).toBe("0912***4567");
    expect(maskMobileForRecord(null)).toBeNull();
  });

  it("records a write with its before and after, and nothing for a write that changed nothing", async () => {
    const recorded: NewAuditEntry[] = [];
    const log: AuditLog = {
      record: (entry) => Promise.resolve(void recorded.push(entry)),
      list: () => Promise.reject(new Error("unused")),
    };
    const deps = { audit: log, clock: { now: () => new Date("2026-11-26T10:00:00Z") } };
    const actor = { userId: "u1", mobile: "09121234567", role: "owner" as const, via: "web" as const, clientHash: "h" };
    const result = await audited(deps, { tenantId: "t1", actor, action: "secrets.set", subject: { type: "gateway", id: "zarinpal" } }, () =>
      Promise.resolve({ result: 7, before: null, after: { merchantId: "m" } }),
    );
    expect(result).toBe(7);
    expect(recorded).toEqual([
      {
        tenantId: "t1",
        actorUserId: "u1",
        actorMobile: "0912***4567",
        actorRole: "owner",
        via: "web",
        clientHash: "h",
        action: "secrets.set",
        subject: { type: "gateway", id: "zarinpal" },
        before: null,
        after: { merchantId: "set" },
        at: new Date("2026-11-26T10:00:00Z"),
      },
    ]);
    expect(
      await audited(deps, { tenantId: "t1", actor, action: "x", subject: { type: "y", id: "z" } }, () => Promise.resolve(null)),
    ).toBeNull();
    expect(recorded).toHaveLength(1);
  });
});
