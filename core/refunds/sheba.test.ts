import { describe, expect, it } from "vitest";
import { normalizeSheba, shebaBank } from "./sheba.ts";

/**
 * A Sheba built by the IBAN rule (ISO 13616 / ISO 7064 mod 97-10), independently of persian-tools:
 * move "IR00" to the end, letters as numbers (I = 18, R = 27), check digits = 98 − (number mod 97).
 */
function shebaFor(bban: string): string {
  const check = 98n - (BigInt(`${bban}182700`) % 97n);
  return `IR${String(check).padStart(2, "0")}${bban}`;
}

/** persian-tools' documented example, a Parsian Bank account. */
const PARSIAN = "IR820540102680020817909002";
const MELLAT = shebaFor("0120000000001234567890");
const UNKNOWN_BANK = shebaFor("9990000000001234567890");

describe("normalizeSheba", () => {
  it("accepts valid Shebas as they are", () => {
    expect(normalizeSheba(PARSIAN)).toBe(PARSIAN);
    expect(MELLAT).toBe("IR160120000000001234567890");
    expect(normalizeSheba(MELLAT)).toBe(MELLAT);
    expect(normalizeSheba(shebaFor("0170000000123456789012"))).toBe("IR050170000000123456789012");
  });

  it("reads spaces, dashes, lower case, a missing IR and the other digit sets", () => {
    expect(normalizeSheba("IR82 0540 1026 8002 0817 9090 02")).toBe(PARSIAN);
    expect(normalizeSheba("  ir82-0540-1026-8002-0817-9090-02 ")).toBe(PARSIAN);
    expect(normalizeSheba("Ir820540102680020817909002")).toBe(PARSIAN);
    expect(normalizeSheba("820540102680020817909002")).toBe(PARSIAN);
    expect(normalizeSheba("IR۸۲۰۵۴۰۱۰۲۶۸۰۰۲۰۸۱۷۹۰۹۰۰۲")).toBe(PARSIAN);
    expect(normalizeSheba("٨٢٠٥٤٠١٠٢٦٨٠٠٢٠٨١٧٩٠٩٠٠٢")).toBe(PARSIAN);
    expect(normalizeSheba("\u200fIR82\u00a00540\u200e1026–8002 0817 9090 02\u200f")).toBe(PARSIAN);
  });

  it("rejects a wrong check, a wrong length, another country and stray characters", () => {
    expect(normalizeSheba("IR820540102680020817909003")).toBeNull();
    expect(normalizeSheba("IR830540102680020817909002")).toBeNull();
    expect(normalizeSheba("IR82054010268002081790900")).toBeNull();
    expect(normalizeSheba("IR8205401026800208179090021")).toBeNull();
    expect(normalizeSheba("82054010268002081790900")).toBeNull();
    expect(normalizeSheba("DE89370400440532013000")).toBeNull();
    expect(normalizeSheba("IRIR820540102680020817909002")).toBeNull();
    expect(normalizeSheba("IR82054010268002081790900A")).toBeNull();
    expect(normalizeSheba("IR82.0540.1026.8002.0817.9090.02")).toBeNull();
    expect(normalizeSheba("IR")).toBeNull();
    expect(normalizeSheba("")).toBeNull();
  });
});

describe("shebaBank", () => {
  it("names the bank in Persian, or in English for en", () => {
    expect(shebaBank(PARSIAN)).toBe("بانک پارسیان");
    expect(shebaBank(MELLAT, "fa")).toBe("بانک ملت");
    expect(shebaBank(MELLAT, "ar")).toBe("بانک ملت");
    expect(shebaBank(MELLAT, "en")).toBe("Mellat Bank");
  });

  it("reads the Sheba as normalizeSheba does", () => {
    expect(shebaBank("ir82 0540 1026 8002 0817 9090 02")).toBe("بانک پارسیان");
    expect(shebaBank("۸۲۰۵۴۰۱۰۲۶۸۰۰۲۰۸۱۷۹۰۹۰۰۲", "en")).toBe("Parsian Bank");
  });

  it("is null for an invalid Sheba or an unknown bank code", () => {
    expect(shebaBank("IR820540102680020817909003")).toBeNull();
    expect(normalizeSheba(UNKNOWN_BANK)).toBe(UNKNOWN_BANK);
    expect(shebaBank(UNKNOWN_BANK)).toBeNull();
  });
});
