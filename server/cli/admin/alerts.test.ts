import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlertRepository } from "#adapters/db/alert-repository.ts";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";
import { autoReserves, users } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { checkAlertRequest } from "#core/alerts/alert.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { alertsCommand, formatWatcherCounts } from "./alerts.ts";
import { runAdmin, type AdminContext } from "./commands.ts";

const NOW = new Date("2026-12-01T06:30:00Z");

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir: null });
  await database.migrate();
  await seedTenants(database.db, DEMO_TENANTS);
  const alerts = createAlertRepository(database.db);
  const checked = checkAlertRequest(
    { kind: "seats", service: "flight", from: "THR", to: "MHD", date: "2026-12-05", mobile: "09121234567" },
    NOW,
  );
  if (!checked.ok) throw new Error("the test alert is refused");
  const hamsafar = (await tenantIdBySlug(database.db, "hamsafar"))!;
  const parvaz = (await tenantIdBySlug(database.db, "parvaz-sabz"))!;
  const create = (tenantId: string, status: "pending" | "active") =>
    alerts.create({ tenantId, userId: null, locale: "fa", status, request: checked.alert, baselinePrice: null, lastSeats: 0, now: NOW });
  await create(hamsafar, "active");
  await create(hamsafar, "active");
  await create(hamsafar, "pending");
  const removed = await create(parvaz, "active");
  await alerts.removeByToken(removed.removeToken, NOW);
  const [user] = await database.db
    .insert(users)
    .values({ tenantId: hamsafar, publicId: "u-admin-test", mobile: "09121234567", createdAt: NOW, updatedAt: NOW })
    .returning({ id: users.id });
  await database.db.insert(autoReserves).values({
    tenantId: hamsafar,
    userId: user!.id,
    locale: "fa",
    service: "flight",
    fromCode: "THR",
    toCode: "MHD",
    travelDate: "2026-12-05",
    adults: 1,
    passengers: [],
    cap: 5_000_000,
    status: "waiting",
    nextCheckAt: NOW,
    createdAt: NOW,
    updatedAt: NOW,
  });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

async function admin(args: string[]) {
  const result = { stdout: "", stderr: "" };
  const context: AdminContext = {
    io: { out: (text) => void (result.stdout += text), err: (text) => void (result.stderr += text) },
    openDatabase: async () => ({ ...database, close: async () => {} }),
  };
  const code = await runAdmin(args, context, [alertsCommand]);
  return { code, ...result };
}

describe("admin alerts stats", () => {
  it("counts alerts, auto-reserve items and desired-price orders per tenant and state", async () => {
    const run = await admin(["alerts", "stats"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n").slice(2);
    expect(lines.map((line) => line.split(/\s+/))).toEqual([
      ["hamsafar", "alert", "active", "2"],
      ["hamsafar", "alert", "pending", "1"],
      ["hamsafar", "auto-reserve", "waiting", "1"],
      ["parvaz-sabz", "alert", "removed", "1"],
    ]);
  });

  it("narrows to one tenant and refuses an unknown one", async () => {
    const run = await admin(["alerts", "stats", "--tenant", "parvaz-sabz"]);
    expect(run.stdout).toContain("removed");
    expect(run.stdout).not.toContain("hamsafar");
    const unknown = await admin(["alerts", "stats", "--tenant", "nobody"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown tenant");
    expect((await admin(["alerts", "count"])).code).toBe(1);
    expect((await admin(["alerts", "stats", "--help"])).stdout).toContain("Usage: npm run admin -- alerts stats");
  });

  it("says so when there is nothing", () => {
    expect(formatWatcherCounts([])).toContain("No alerts");
  });
});
