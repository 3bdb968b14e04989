import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChargeResellerProvider } from "./chargereseller-provider.ts";
import { startFakeChargeReseller, type FakeChargeReseller } from "./fake-chargereseller-server.ts";

const WEBSERVICE = "3f1c2b4a-9d8e-4f70-a1b2-c3d4e5f60718";

describe("Charge Reseller provider against a local fake", () => {
  let fake: FakeChargeReseller;
  const provider = () => createChargeResellerProvider({ webserviceId: WEBSERVICE, baseUrl: fake.baseUrl, timeoutMs: 5_000 });

  beforeAll(async () => {
    fake = await startFakeChargeReseller();
    fake.addWebservice(WEBSERVICE);
  });
  afterAll(() => fake.close());

  it("tops up a line in rials from the agency's credit and answers the transaction id", async () => {
    const before = fake.credit;
    const answer = await provider().topUp({ orderId: "direct-1", mobile: "09121234567", operator: "mci", amount: 20_000 });
    expect(answer).toMatchObject({ status: "delivered", reference: expect.stringMatching(/^CR\d{10}$/) });
    expect(fake.calls.at(-1)).toMatchObject({
      path: "/services/v3/EasyCharge/topup",
      body: { type: "MCI", amount: 200_000, cellphone: "09121234567" },
    });
    expect(before - fake.credit).toBe(200_000);
  });

  it("buys a voucher with its PIN and serial; the same order id again is charged once", async () => {
    const before = fake.credit;
    const first = await provider().buyPin({ orderId: "pin-1", mobile: "09351234567", operator: "irancell", amount: 50_000 });
    expect(first).toMatchObject({ status: "delivered", pin: expect.stringMatching(/^\d{16}$/), serial: expect.stringMatching(/^\d{12}$/) });
    expect(await provider().buyPin({ orderId: "pin-1", mobile: "09351234567", operator: "irancell", amount: 50_000 })).toEqual(first);
    expect(before - fake.credit).toBe(500_000);
  });

  it("reports the operator's refusal as final", async () => {
    fake.refuseNumber("09211110000");
    expect(await provider().topUp({ orderId: "refused-1", mobile: "09211110000", operator: "rightel", amount: 10_000 })).toMatchObject({
      status: "failed",
      retryable: false,
    });
    expect(await provider().inquire("refused-1")).toMatchObject({ status: "failed", retryable: false });
  });

  it("treats an outage as retryable, and finds by inquiry an order whose answer was lost", async () => {
    fake.failNext();
    expect(await provider().topUp({ orderId: "outage-1", mobile: "09121112233", operator: "mci", amount: 10_000 })).toMatchObject({
      status: "failed",
      retryable: true,
    });
    expect(await provider().inquire("outage-1")).toEqual({ status: "unknown" });

    fake.loseNextAnswer();
    const lost = await provider().topUp({ orderId: "lost-1", mobile: "09121112244", operator: "mci", amount: 100_000 });
    expect(lost).toMatchObject({ status: "failed", retryable: true });
    const found = await provider().inquire("lost-1");
    expect(found).toMatchObject({ status: "delivered", reference: fake.orders.get("lost-1")!.transactionId });
    // Ordering again after the lost answer delivers nothing new.
    const creditAfter = fake.credit;
    expect(await provider().topUp({ orderId: "lost-1", mobile: "09121112244", operator: "mci", amount: 100_000 })).toEqual(found);
    expect(fake.credit).toBe(creditAfter);
  });

  it("refuses an unknown web service id without echoing it", async () => {
    const stranger = createChargeResellerProvider({ webserviceId: "not-registered-id", baseUrl: fake.baseUrl });
    const answer = await stranger.topUp({ orderId: "x-1", mobile: "09121234567", operator: "mci", amount: 10_000 });
    expect(answer).toMatchObject({ status: "failed", retryable: false });
    expect(JSON.stringify(answer)).not.toContain("not-registered-id");
  });
});
