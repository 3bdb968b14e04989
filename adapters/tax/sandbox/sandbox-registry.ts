/**
 * The development tax registry: a complete TaxRegistry without a network. It checks an invoice as
 * the registry would (the tax id's form and check digit, the seller's memory id, every sum) and
 * writes its verdict into the reference it answers, so an inquiry from any process, days later,
 * reads the same verdict. Deterministic: the same invoice always gets the same answer.
 */
import { createHash } from "node:crypto";
import { bodyProblems } from "#core/tax/invoice.ts";
import type { InquiryResult, RegistryError, TaxRegistry } from "#core/tax/ports.ts";
import { parseTaxId } from "#core/tax/tax-id.ts";

const PREFIX = "sandbox";

function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 12);
}

export function createSandboxTaxRegistry(): TaxRegistry {
  return {
    name: "sandbox",

    submit(packet) {
      const problems: string[] = [];
      const parsed = parseTaxId(packet.taxId);
      if (!parsed) problems.push("TAXID_INVALID");
      else if (parsed.memoryId !== packet.profile.memoryId.toUpperCase()) problems.push("TAXID_MEMORY");
      if (packet.body.header.taxId !== packet.taxId) problems.push("TAXID_MISMATCH");
      problems.push(...bodyProblems(packet.body));
      // accepted: "sandbox.A.<tax id>.<digest>"; refused: "sandbox.R.<codes>.<tax id>.<digest>".
      const verdict = problems.length === 0 ? "A" : `R.${problems.join(",")}`;
      return Promise.resolve({ ok: true, reference: `${PREFIX}.${verdict}.${packet.taxId}.${digest(JSON.stringify(packet.body))}` });
    },

    inquire(reference): Promise<InquiryResult> {
      return Promise.resolve(verdictOf(reference));
    },
  };
}

/** The verdict a sandbox reference carries. */
function verdictOf(reference: string): InquiryResult {
  const unknown: InquiryResult = {
    ok: true,
    status: "refused",
    errors: [{ code: "UNKNOWN_REFERENCE", message: "Not a sandbox reference." }],
  };
  const parts = reference.split(".");
  if (parts[0] !== PREFIX) return unknown;
  if (parts[1] === "A" && parts.length === 4) return { ok: true, status: "accepted" };
  if (parts[1] === "R" && parts.length === 5) {
    const errors: RegistryError[] = (parts[2] ?? "").split(",").map((code) => ({ code, message: "Refused by the sandbox registry." }));
    return { ok: true, status: "refused", errors };
  }
  return unknown;
}
