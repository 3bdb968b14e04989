import { checkApiResponse } from "./api-contract.ts";

/**
 * Integration tests' fetch, checked: an answer from this machine on an API path must be what the
 * OpenAPI document says (tests/support/api-contract.ts); rawRequest is checked the same way.
 */
const unchecked = globalThis.fetch;

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await unchecked(input, init);
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const { hostname } = new URL(url);
  if (hostname === "127.0.0.1" || hostname === "localhost") {
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
