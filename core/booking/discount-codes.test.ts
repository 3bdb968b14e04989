import { describe, expect, it } from "vitest";
import type { AuditLog, NewAuditEntry } from "../back-office/audit.ts";
import { CLI_ACTOR } from "../back-office/audit.ts";
import {
  createDiscountCode,
  disableDiscountCode,
  listDiscountCodes,
  readNewDiscountCode,
  type DiscountCodeStore,
  type StoredDiscountCode,
} from "./discount-codes.ts";

const NOW = new Date("2026-03-10T04:30:00Z");
const operator = () => "sara";

function fakes() {
  const codes: StoredDiscountCode[] = [];
  const recorded: NewAuditEntry[] = [];
  const store: DiscountCodeStore = {
    tenantIdBySlug: async () => "t1",
    tenantSlugs: async () => ["a"],
    async create(code) {
      if (codes.some((known) => known.tenantId === code.tenantId && known.code === code.code)) return { ok: false, error: "CODE_TAKEN" };
      const stored = { ...code, id: `id${codes.length}`, uses: 0, active: true, createdAt: NOW };
      codes.push(stored);
      return { ok: true, code: stored };
    },
    // A copy, as a database row is: a later write does not change what was read.
    find: async (tenantId, code) => {
      const found = codes.find((known) => known.tenantId === tenantId && known.code === code);
      return found ? { ...found } : null;
    },
    list: async ({ tenantId, includeEnded, now }) =>
      codes.filter((code) => code.tenantId === tenantId && (includeEnded || (code.active && code.validUntil > now))),
    async disable(tenantId, code) {
      const found = codes.find((known) => known.tenantId === tenantId && known.code === code);
      if (!found) return "not-found";
      if (!found.active) return "already-disabled";
      found.active = false;
      return "disabled";
    },
  };
  const audit: AuditLog = {
    record: async (entry) => {
      recorded.push(entry);
    },
  } as AuditLog;
  return { codes, recorded, deps: { discountCodes: store, audit, clock: { now: () => NOW } } };
}

describe("reading a new discount code", () => {
  it("reads a capped percentage with Persian digits and grouped thousands", () => {
    const read = readNewDiscountCode({ code: "noroz-۱۰", percent: "۱۰", max: "200,000", until: "2026-04-01" }, NOW, operator);
    expect(read).toMatchObject({
      ok: true,
      value: { code: "NOROZ10", kind: "percent", amount: 10, maxDiscount: 200_000, createdBy: "sara" },
    });
    if (read.ok) expect(read.value.validUntil.toISOString()).toBe("2026-04-01T20:30:00.000Z");
  });

  it("names every refused field, in the order the CLI reports them", () => {
    const read = readNewDiscountCode(
      {
        code: "a",
        percent: "0",
        minTotal: "-1",
        maxUses: "0",
        from: "1405-01-01",
        until: "2026-01-01",
        services: "blog",
        note: "x".repeat(501),
      },
      NOW,
      operator,
    );
    expect(read.ok).toBe(false);
    if (!read.ok)
      expect(read.errors.map((error) => [error.field, error.code])).toEqual([
        ["code", "INVALID"],
        ["percent", "OUT_OF_RANGE"],
        ["minTotal", "INVALID"],
        ["maxUses", "OUT_OF_RANGE"],
        ["from", "NOT_GREGORIAN"],
        ["until", "PASSED"],
        ["services", "UNKNOWN_SERVICE"],
        ["note", "TOO_LONG"],
      ]);
  });

  it("refuses a kind missing, a cap on a fixed amount, and an end before the start", () => {
    const codes = (values: Parameters<typeof readNewDiscountCode>[0]) => {
      const read = readNewDiscountCode({ code: "GOOD1", until: "2026-04-01", ...values }, NOW, operator);
      return read.ok ? [] : read.errors.map((error) => error.code);
    };
    expect(codes({})).toEqual(["NO_KIND"]);
    expect(codes({ percent: "5", amount: "5" })).toEqual(["BOTH_KINDS"]);
    expect(codes({ amount: "5", max: "5" })).toEqual(["MAX_WITH_AMOUNT"]);
    expect(codes({ amount: "5", from: "2026-05-01" })).toEqual(["BEFORE_FROM"]);
  });
});

describe("the discount use cases", () => {
  it("creates a code once, audited with before null; a taken code records nothing", async () => {
    const { deps, recorded } = fakes();
    const created = await createDiscountCode(deps, CLI_ACTOR, {
      tenantId: "t1",
      values: { code: "ABC", amount: "1000", until: "2026-04-01" },
      operator,
    });
    expect(created.ok).toBe(true);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ action: "discount.create", subject: { type: "discountCode", id: "ABC" }, before: null });
    const taken = await createDiscountCode(deps, CLI_ACTOR, {
      tenantId: "t1",
      values: { code: "abc", amount: "5", until: "2026-04-01" },
      operator,
    });
    expect(taken).toMatchObject({ ok: false, error: "CODE_TAKEN" });
    expect(recorded).toHaveLength(1);
  });

  it("disables a code once, audited; not found and already disabled record nothing", async () => {
    const { deps, recorded } = fakes();
    await createDiscountCode(deps, CLI_ACTOR, { tenantId: "t1", values: { code: "ABC", amount: "1000", until: "2026-04-01" }, operator });
    expect(await disableDiscountCode(deps, CLI_ACTOR, { tenantId: "t1", code: "NOPE" })).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await disableDiscountCode(deps, CLI_ACTOR, { tenantId: "t2", code: "ABC" })).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await disableDiscountCode(deps, CLI_ACTOR, { tenantId: "t1", code: "ABC" })).toMatchObject({ ok: true, result: "disabled" });
    expect(await disableDiscountCode(deps, CLI_ACTOR, { tenantId: "t1", code: "ABC" })).toMatchObject({
      ok: true,
      result: "already-disabled",
    });
    expect(recorded.map((entry) => entry.action)).toEqual(["discount.create", "discount.disable"]);
    expect(recorded[1]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it("lists by status: current, ended or used up, disabled", async () => {
    const { deps, codes } = fakes();
    for (const code of ["LIVE", "USED", "OFF"])
      await createDiscountCode(deps, CLI_ACTOR, {
        tenantId: "t1",
        values: { code, amount: "1000", until: "2026-04-01", maxUses: "1" },
        operator,
      });
    codes[1]!.uses = 1;
    await disableDiscountCode(deps, CLI_ACTOR, { tenantId: "t1", code: "OFF" });
    const list = async (status: Parameters<typeof listDiscountCodes>[1]["status"]) =>
      (await listDiscountCodes(deps.discountCodes, { tenantId: "t1", now: NOW, status })).map((code) => code.code);
    expect(await list("live")).toEqual(["LIVE", "USED"]);
    expect(await list("active")).toEqual(["LIVE"]);
    expect(await list("ended")).toEqual(["USED"]);
    expect(await list("disabled")).toEqual(["OFF"]);
    expect(await list("all")).toHaveLength(3);
  });
});
