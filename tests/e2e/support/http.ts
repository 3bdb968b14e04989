/**
 * HTTP without a browser, against the server of global-setup.ts.
 *
 * - fetchPath(): Node's fetch with redirect "manual". The URL is built by string concatenation,
 *   never `new URL(path, base)`, so "//double//slashes" stays a path instead of becoming a host.
 *   Fetch still applies WHATWG URL parsing: "%2e%2e" segments are resolved as ".." before sending.
 * - rawRequest(): node:http with the request target sent byte for byte and any Host header.
 *   Node's fetch silently drops a Host header (it is a forbidden header), so host variants and
 *   unknown hosts go through here.
 */
import { request } from "node:http";
import { inject } from "vitest";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function fetchPath(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${inject("baseURL")}${path}`, { redirect: "manual", signal: AbortSignal.timeout(15_000), ...init });
}

export function rawRequest(
  target: string,
  options: { host?: string; method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const port = inject("port");
  return new Promise((resolveResponse, reject) => {
    const req = request(
      {
        hostname: "localhost",
        port,
        method: options.method ?? "GET",
        path: target,
        setHost: false,
        headers: { Host: `${options.host ?? "localhost"}:${port}`, Connection: "close", ...options.headers },
        timeout: 15_000,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolveResponse({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer to ${target} within 15 s`)));
    req.on("error", reject);
    req.end();
  });
}
