import type { AppLoadContext } from "react-router";

/** Headers of every booking page and answer: private to its hashId's holder, never cached or indexed. */
export const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/**
 * The status of a refused form (ADR 0011): the HTTP status for a browser without JavaScript, 200
 * for the router's own data request, whose page shows the refusal from the data.
 */
export function refusalStatus(context: Pick<AppLoadContext, "dataRequest">, status: number): number {
  return context.dataRequest ? 200 : status;
}
