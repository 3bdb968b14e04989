/**
 * Our invoice in the Moadian invoice schema's field names (header, body lines, payments), and
 * the compact JWS (RS256) both sides use: the adapter signs with the seller's private key, the
 * local fake verifies with the public key registered for the client id.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { CompactEncrypt, CompactSign, compactVerify } from "jose";
import type { InvoicePacket } from "#core/tax/ports.ts";

/** Invoice subject (ins): 1 original, 2 corrective. */
const SUBJECT = { original: 1, corrective: 2 } as const;
/** Settlement method (setm): 1 cash; payment method (pmt): 2 card (gateway), 6 other (wallet), 3 card-to-card. */
const PAYMENT_METHOD = { gateway: 2, "card-to-card": 3, wallet: 6 } as const;

export interface MoadianLine {
  sstid: string;
  sstt: string;
  am: number;
  fee: number;
  prdis: number;
  dis: number;
  adis: number;
  vra: number;
  vam: number;
  tsstam: number;
}

export interface MoadianInvoice {
  header: Record<string, string | number | null>;
  body: MoadianLine[];
  payments: Record<string, string | number | null>[];
}

/** The service id a travel agency files its sales under (a generic "services" code until the tenant sets its own). */
export const DEFAULT_SERVICE_ID = "2330000000000";

export function toMoadianInvoice(packet: InvoicePacket): MoadianInvoice {
  const { header, lines, payment, totals } = packet.body;
  const body = lines.map((line) => {
    // Our prices carry their VAT; the schema's amounts are before it, so the discount is too.
    const netDiscount = Math.round((line.discount * 100) / (100 + line.vatRate));
    const prdis = line.taxable + netDiscount;
    return {
      sstid: DEFAULT_SERVICE_ID,
      sstt: `${line.service} ${line.code}${line.from && line.to ? ` ${line.from}-${line.to}` : ""}`,
      am: 1,
      fee: prdis,
      prdis,
      dis: netDiscount,
      adis: line.taxable,
      vra: line.vatRate,
      vam: line.vat,
      tsstam: line.total,
    };
  });
  const sum = (pick: (line: MoadianLine) => number) => body.reduce((total, line) => total + pick(line), 0);
  const buyer = header.buyer;
  return {
    header: {
      taxid: header.taxId,
      indatim: Date.parse(header.issuedAt),
      inty: header.type,
      inno: header.serial.toString(16).padStart(10, "0"),
      ins: SUBJECT[header.subject],
      irtaxid: header.refersToTaxId,
      tins: packet.profile.economicCode,
      tob: buyer.kind === "company" ? 2 : 1,
      bid: buyer.kind === "company" ? buyer.nationalId : null,
      tinb: buyer.kind === "company" ? buyer.economicCode : null,
      bpc: buyer.kind === "company" ? buyer.postalCode : null,
      bbc: buyer.kind === "company" ? buyer.branchCode : null,
      tprdis: sum((line) => line.prdis),
      tdis: sum((line) => line.dis),
      tadis: sum((line) => line.adis),
      tvam: sum((line) => line.vam),
      tbill: totals.total,
      setm: 1,
      cap: totals.total,
    },
    body,
    payments: payment
      ? [
          {
            trn: payment.reference,
            pdt: Date.parse(payment.paidAt),
            pv: payment.amount,
            pmt: PAYMENT_METHOD[payment.method],
          },
        ]
      : [],
  };
}

const asPrivateKey = (key: KeyObject | string) => (typeof key === "string" ? createPrivateKey(key) : key);
const asPublicKey = (key: KeyObject | string) => (typeof key === "string" ? createPublicKey(key) : key);

/** A compact JWS of `payload`, RS256, with the signing time as a critical header (as Moadian asks). */
export function signJws(payload: unknown, privateKey: KeyObject | string, signedAt: Date): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: "RS256", typ: "jose", sigT: signedAt.toISOString(), crit: ["sigT"] })
    .sign(asPrivateKey(privateKey), { crit: { sigT: true } });
}

/** The payload of a compact JWS whose RS256 signature the public key verifies; null otherwise. */
export async function verifyJws(token: string, publicKey: KeyObject | string): Promise<unknown> {
  try {
    // sigT is the one critical header Moadian defines; any other critical header is refused.
    const { payload } = await compactVerify(token, asPublicKey(publicKey), { algorithms: ["RS256"], crit: { sigT: true } });
    return JSON.parse(new TextDecoder().decode(payload)) as unknown;
  } catch {
    return null;
  }
}

/** The registry's encryption key, as `GET /server-information` names it. */
export interface RegistryKey {
  id: string;
  key: KeyObject;
}

/** How a packet is encrypted for the registry: RSA-OAEP-256 for the content key, A256GCM for the content. */
export const PACKET_ENCRYPTION = { alg: "RSA-OAEP-256", enc: "A256GCM" } as const;

/**
 * The signed packet (a compact JWS) encrypted for the registry's own public key as a compact JWE,
 * as Moadian asks: only the registry can read an invoice in transit or in a log along the way.
 */
export async function encryptForRegistry(jws: string, registryKey: RegistryKey): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(jws))
    .setProtectedHeader({ ...PACKET_ENCRYPTION, kid: registryKey.id })
    .encrypt(registryKey.key);
}
