import { describe, expect, it } from "vitest";
import { MASK, maskSmsMobile, maskSmsText, smsLog, type SmsLogEntry } from "./sms-log.ts";

describe("maskSmsText", () => {
  it("hides a sign-in code after its wording in Persian, English and Arabic, and the WebOTP line's code", () => {
    expect(maskSmsText("کد ورود شما به همسفر: 482913\nاین کد را به کسی ندهید.\n\n@localhost #482913")).toBe(
      `کد ورود شما به همسفر: ${MASK}\nاین کد را به کسی ندهید.\n\n@localhost #${MASK}`,
    );
    expect(maskSmsText("Your sign-in code for Hamsafar: 5521")).toBe(`Your sign-in code for Hamsafar: ${MASK}`);
    expect(maskSmsText("رمز التحقق الخاص بك: ٤٨٢٩١٣")).toBe(`رمز التحقق الخاص بك: ${MASK}`);
    expect(maskSmsText("کد تایید: ۱۲۳۴۵۶")).toBe(`کد تایید: ${MASK}`);
  });

  it("keeps what support needs: references, amounts, long numbers and numbers away from a code's wording", () => {
    const refund = "Your refund for booking K7M2Q9XA is paid: 1,250,000 tomans sent to your Sheba account. Bank reference: PAYA 77";
    expect(maskSmsText(refund)).toBe(refund);
    expect(maskSmsText("کد پیگیری K7M2Q9XA")).toBe("کد پیگیری K7M2Q9XA");
    expect(maskSmsText("Booking code 12345678901")).toBe("Booking code 12345678901");
  });

  it("hides a link's long token (a payment link is a bearer secret) but keeps the host", () => {
    expect(maskSmsText("Pay here: https://shop.example/pay/Ab3dEf6hIj9kLm2nOp5q")).toBe(`Pay here: https://shop.example/pay/${MASK}`);
  });
});

describe("the SMS log", () => {
  it("masks every entry's number and text, and asks for the tenant it is given", async () => {
    const entry: SmsLogEntry = {
      id: "1",
      mobile: "09127654321",
      text: "Your sign-in code: 123456",
      template: "login-code",
      sender: "outbox",
      status: "stored",
      createdAt: new Date("2026-03-10T04:30:00Z"),
    };
    const asked: string[] = [];
    const page = await smsLog({ list: async (tenantId) => (asked.push(tenantId), { entries: [entry], total: 1 }) }, "tenant-a", {
      limit: 50,
      offset: 0,
    });
    expect(asked).toEqual(["tenant-a"]);
    expect(page.entries[0]).toMatchObject({ mobile: "0912***4321", text: `Your sign-in code: ${MASK}` });
    expect(maskSmsMobile("0912")).toBe("***");
  });
});
