/**
 * A signed-up traveller for the watchers' tests: an account, one saved passenger and, when asked,
 * money in the wallet (a top-up from the gateway's clearing account, as after a paid top-up).
 */
import type { Database } from "#adapters/db/client.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { addDays } from "#core/search/dates.ts";
import { creditWallet } from "#core/wallet/wallet.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import type { databaseAdapters } from "#server/database-adapters.ts";

export async function travellerWithWallet(
  adapters: Pick<ReturnType<typeof databaseAdapters>, "accounts" | "ledger">,
  input: { tenantId: string; mobile: string; walletAmount: number; now: Date },
) {
  const { tenantId, mobile, now } = input;
  const { account } = await adapters.accounts.findOrCreate({ tenantId, mobile, now });
  const saved = await adapters.accounts.savePassenger(
    account.id,
    {
      iranian: true,
      nationality: "IR",
      firstName: "علی",
      lastName: "رضایی",
      gender: "male",
      birthDate: "1990-05-01",
      nationalCode: "0499370899",
      wheelchair: false,
    },
    now,
  );
  if (input.walletAmount > 0)
    await creditWallet(adapters.ledger, {
      tenantId,
      userId: account.id,
      amount: input.walletAmount,
      from: "gateway_clearing",
      kind: "topup",
      idempotencyKey: `test-topup:${account.id}`,
      reason: "test top-up",
      createdBy: "test",
      at: now,
    });
  return { account, mobile, passengerId: saved.id };
}

/** The demo agencies, the reference places and three days of house flights around `date`: the watchers' tests' world. Returns the hamsafar tenant's id. */
export async function seedWatchedFlights(db: Database, date: string): Promise<string> {
  await seedTenants(db, DEMO_TENANTS);
  const tenantId = (await tenantIdBySlug(db, "hamsafar"))!;
  await seedFlightInventory(db, {
    airlines: AIRLINES,
    refundRules: REFUND_RULES,
    flights: generateFlights({ firstDate: addDays(date, -1), days: 3 }),
  });
  await seedPlaces(db, referencePlaces());
  return tenantId;
}
