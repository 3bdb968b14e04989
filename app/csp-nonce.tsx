import { createContext, useContext } from "react";

/**
 * The request's Content-Security-Policy nonce, provided on the server only (entry.server).
 * react-aria reads it from `<meta property="csp-nonce">` to stamp the few <style> elements its
 * overlays insert (the calendar popover), which the policy would otherwise refuse.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function CspNonceMeta() {
  const nonce = useContext(CspNonceContext);
  // Browsers hide a nonce attribute's value from the DOM, so the client cannot render the same
  // value: it keeps the server's element (and its hidden nonce) as it is.
  return <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning />;
}
