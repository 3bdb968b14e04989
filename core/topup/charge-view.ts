import type { MobileCharge } from "./charge.ts";
import { pinDialFor } from "./operators.ts";

/** What a buyer sees of a top-up (its page and the API): never the failure's inner details nor its account. */
export interface ChargeView {
  hashId: string;
  mobile: string;
  operator: MobileCharge["operator"];
  kind: MobileCharge["kind"];
  amount: number;
  status: MobileCharge["status"];
  reference: string | null;
  pin: string | null;
  serial: string | null;
  /** What to dial to load a voucher's PIN (*140*#PIN# for MCI). */
  dial: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export function chargeView(charge: MobileCharge): ChargeView {
  const delivered = charge.status === "delivered";
  return {
    hashId: charge.hashId,
    mobile: charge.mobile,
    operator: charge.operator,
    kind: charge.kind,
    amount: charge.amount,
    status: charge.status,
    reference: delivered ? charge.providerReference : null,
    pin: delivered ? charge.pin : null,
    serial: delivered ? charge.pinSerial : null,
    dial: delivered && charge.pin ? pinDialFor(charge.operator, charge.pin) : null,
    createdAt: charge.createdAt.toISOString(),
    deliveredAt: charge.deliveredAt?.toISOString() ?? null,
  };
}

/** The result page of a top-up (spec §2 `/charge/GetCharge`), by its hash in the query. */
export const chargeResultPath = (hashId: string) => `/charge/GetCharge?id=${encodeURIComponent(hashId)}`;
