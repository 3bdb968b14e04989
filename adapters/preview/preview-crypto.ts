import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { PreviewCrypto } from "#core/back-office/brand.ts";

/**
 * Preview tokens' signatures (ADR 0036): HMAC-SHA256 under a key derived from the deployment's
 * signing secret (IP_HASH_SECRET), so the secret itself never signs two kinds of thing.
 */
export function createPreviewCrypto(secret: string): PreviewCrypto {
  const key = createHmac("sha256", secret).update("hamsafar:settings-preview:v1").digest();
  return {
    sign: (payload) => createHmac("sha256", key).update(payload).digest("base64url"),
    digest: (text) => createHash("sha256").update(text).digest("base64url").slice(0, 32),
    same(a, b) {
      const left = Buffer.from(a);
      const right = Buffer.from(b);
      return left.length === right.length && timingSafeEqual(left, right);
    },
  };
}
