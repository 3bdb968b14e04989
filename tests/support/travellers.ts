/**
 * A signed-up traveller for the watchers' tests: an account, one saved passenger and, when asked,
 * money in the wallet (a top-up from the gateway's clearing account, as after a paid top-up).
 */
import { creditWallet } from "#core/wallet/wallet.ts";
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
