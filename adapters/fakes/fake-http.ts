import type { IncomingMessage } from "node:http";

/** The most a local fake of a vendor's API reads of a request: its callers send small forms or JSON. */
const MAX_FAKE_BODY_BYTES = 64 * 1024;

/** A request's body as text, for the local fakes of vendors' HTTP APIs (tests and development). */
export async function readFakeRequestBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FAKE_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The query's parameters, with a form body's on top: how form-posting vendors read a request. */
export function formParams(req: IncomingMessage, url: URL, rawBody: string): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  if ((req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
    Object.assign(params, Object.fromEntries(new URLSearchParams(rawBody)));
  return params;
}
