import { request as httpRequest } from "node:http";
import { checkApiResponse } from "./api-contract.ts";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A plain HTTP request that can set any Host header (fetch cannot), to exercise tenant
 * resolution the way a browser on another domain would.
 */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; host?: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: {
          host: options.host ?? `localhost:${port}`,
          ...options.headers,
          ...(options.body !== undefined ? { "content-length": Buffer.byteLength(options.body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const answer = { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") };
          try {
            checkApiResponse({
              method: options.method ?? "GET",
              url: options.path,
              status: answer.status,
              contentType: res.headers["content-type"],
              body: answer.body,
            });
          } catch (violation) {
            reject(violation);
            return;
          }
          resolve(answer);
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
