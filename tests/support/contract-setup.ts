import { checkApiResponse } from "./api-contract.ts";

/**
 * Integration tests' fetch, checked: an answer from this machine on an API path must be what the
 * OpenAPI document says (tests/support/api-contract.ts); rawRequest is checked the same way.
 */
const CHECKED = Symbol.for("hamsafar.contractCheckedFetch");

// Files that share a worker (isolate: false) run this setup again: fetch is wrapped only once.
if (!(CHECKED in globalThis.fetch)) {
  const unchecked = globalThis.fetch;
  const checked = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await unchecked(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const { hostname, pathname } = new URL(url);
    // Only API answers are read here: a page's body is left to stream to the test as it arrives.
    if ((hostname === "127.0.0.1" || hostname === "localhost") && pathname.startsWith("/api/")) {
      const method = init?.method ?? (input instanceof Request ? input.method : "GET");
      checkApiResponse({
        method,
        url,
        status: response.status,
        contentType: response.headers.get("content-type") ?? undefined,
        body: await response.clone().text(),
      });
    }
    return response;
  };
  globalThis.fetch = Object.assign(checked, { [CHECKED]: true });
}
