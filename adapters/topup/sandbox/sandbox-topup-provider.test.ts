import { describe, expect, it } from "vitest";
import { createSandboxTopupProvider } from "./sandbox-topup-provider.ts";

describe("sandbox top-up provider", () => {
  it("delivers a direct top-up with a reference derived from the order id, the same in another process", async () => {
    const first = createSandboxTopupProvider();
    const second = createSandboxTopupProvider();
    const order = { orderId: "order-1", mobile: "09121234567", operator: "mci" as const, amount: 20_000 };
    const delivered = await first.topUp(order);
    expect(delivered).toMatchObject({ status: "delivered" });
    expect(await second.topUp(order)).toEqual(delivered);
    expect(await first.topUp({ ...order, orderId: "order-2" })).not.toEqual(delivered);
  });

  it("answers a repeated order with the first answer and never delivers it twice", async () => {
    const provider = createSandboxTopupProvider();
    const order = { orderId: "pin-1", mobile: "09351234567", operator: "irancell" as const, amount: 50_000 };
    const first = await provider.buyPin(order);
    expect(first.status).toBe("delivered");
    if (first.status !== "delivered") return;
    expect(first.pin).toMatch(/^\d{16}$/);
    expect(first.serial).toMatch(/^\d{12}$/);
    expect(await provider.buyPin(order)).toEqual(first);
    expect(provider.orders.size).toBe(1);
  });

  it("knows what became of an order it saw, and nothing of one it did not", async () => {
    const provider = createSandboxTopupProvider();
    expect(await provider.inquire("never")).toEqual({ status: "unknown" });
    const delivered = await provider.topUp({ orderId: "seen", mobile: "09211234567", operator: "rightel", amount: 10_000 });
    expect(await provider.inquire("seen")).toEqual(delivered);
  });

  it("refuses numbers ending in 0000 for good and is unavailable for numbers ending in 0009", async () => {
    const provider = createSandboxTopupProvider();
    expect(await provider.topUp({ orderId: "a", mobile: "09120000000", operator: "mci", amount: 10_000 })).toMatchObject({
      status: "failed",
      retryable: false,
    });
    expect(await provider.inquire("a")).toMatchObject({ status: "failed" });
    expect(await provider.topUp({ orderId: "b", mobile: "09120000009", operator: "mci", amount: 10_000 })).toMatchObject({
      status: "failed",
      retryable: true,
    });
    expect(await provider.inquire("b")).toEqual({ status: "unknown" });
  });
});
