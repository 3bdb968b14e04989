import { request as httpRequest } from "node:http";
import { expect } from "vitest";
import { rawRequest } from "./http.ts";

/**
 * Paying a held booking through the API at the sandbox bank, and fetching what an issued booking
 * prints, as the booking tests of every service do.
 */

/** The hidden fields and action of the auto-submitting form a bank page answers with. */
export function bankForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const fields = Object.fromEntries(
    [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, "&")]),
  );
  return { action, fields };
}

function post(port: number, path: string, body: string, type: string) {
  return rawRequest(port, { method: "POST", path, headers: { "content-type": type }, body });
}

/** Pays a held booking at the sandbox bank; where the bank's callback sends the buyer. */
export async function payAtSandboxBank(port: number, hashId: string): Promise<string> {
  const pay = await post(port, `/api/v1/bookings/${hashId}/pay`, JSON.stringify({ gateway: "sandbox" }), "application/json");
  expect(pay.status, pay.body).toBe(200);
  const bankPath = new URL((JSON.parse(pay.body) as { redirectUrl: string }).redirectUrl).pathname;
  const paid = await post(port, bankPath, "action=pay", "application/x-www-form-urlencoded");
  const form = bankForm(paid.body);
  expect(form.fields.status).toBe("OK");
  const back = await post(
    port,
    "/payment/callback/sandbox",
    new URLSearchParams(form.fields).toString(),
    "application/x-www-form-urlencoded",
  );
  expect(back.status).toBe(303);
  return String(back.headers.location);
}

/**
 * Pays from a pre-invoice page at the sandbox bank, as a buyer's browser does (the page's form with
 * its CSRF cookie and field, the bank's page, its callback); where the callback sends the buyer.
 */
export async function payPrefactorAtSandboxBank(port: number, prefactorPath: string, csrf: string): Promise<string> {
  const pay = await rawRequest(port, {
    method: "POST",
    path: prefactorPath,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: `hs_csrf=${csrf}` },
    body: new URLSearchParams({ csrf, gateway: "sandbox" }).toString(),
  });
  expect(pay.status, pay.body.slice(0, 500)).toBe(303);
  const bankPath = new URL(String(pay.headers.location), "http://localhost").pathname;
  const paid = await post(port, bankPath, "action=pay", "application/x-www-form-urlencoded");
  const { fields } = bankForm(paid.body);
  expect(fields.status).toBe("OK");
  const back = await post(port, "/payment/callback/sandbox", new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded");
  return String(back.headers.location);
}

/** A binary answer (a PDF), read whole. */
export function getBinary(port: number, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { host: `localhost:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
