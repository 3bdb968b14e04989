import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, isRouteErrorResponse, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
// The server renders every language: all three catalogs, registered when this module loads.
import "#core/i18n/catalogs.ts";
import { CspNonceContext } from "./csp-nonce.tsx";
import { PageMessageRecord, pageStreamWithMessages, recordingPageMessages } from "./i18n/page-messages.server.ts";

/**
 * How long a streamed page may wait for deferred data before its boundaries are flushed as errors.
 * Only international flight results defer data, and their suppliers may take 120 s (spec §9): the
 * page's own deadline answers first, this is the backstop just after it.
 */
export const streamTimeout = 125_000;
/** Other pages stream nothing deferred: a render still open after this is stuck and is aborted. */
const ABORT_AFTER_MS = 6_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  // Crawlers get the whole document at once; people get the shell as soon as it is ready.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    let settled = false;
    // The request's CSP nonce goes on every script: the router's own (and through its context on
    // <Scripts>, <ScrollRestoration>, modulepreload links) and React's streaming ones.
    const nonce = loadContext.cspNonce;
    // The browser is sent the messages this page rendered, not its language's whole catalog.
    const messages = new PageMessageRecord();
    const { pipe, abort } = recordingPageMessages(messages, () =>
      renderToPipeableStream(
        <CspNonceContext.Provider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CspNonceContext.Provider>,
        {
          nonce,
          // A finished <Suspense> boundary (the search form's island) stays in place in the HTML.
          // Past this size React would send it as a hidden copy that a script moves in: a page with
          // no form until JavaScript runs, and a late move of the page's largest block.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          [waitForAll ? "onAllReady" : "onShellReady"]() {
            settled = true;
            const body = pageStreamWithMessages(messages, nonce, {
              final(callback) {
                clearTimeout(abortTimer);
                callback();
              },
            });
            headers.set("Content-Type", "text/html; charset=utf-8");
            pipe(body);
            resolve(new Response(createReadableStreamFromReadable(body), { status: responseStatus, headers }));
          },
          onShellError(error: unknown) {
            reject(error);
          },
          onError(error: unknown) {
            responseStatus = 500;
            // Errors before the shell is ready reject above and are logged by handleError.
            if (settled) loadContext.log.warn({ err: error }, "error while streaming a page");
          },
        },
      ),
    );
    const slowSupplier = new URL(request.url).pathname.toLowerCase().includes("internationalflight");
    const abortTimer = setTimeout(abort, slowSupplier ? streamTimeout + 1_000 : ABORT_AFTER_MS);
  });
}

/**
 * Route errors with a status (404 for an unknown path, /500 asked for by name) are answers, not
 * faults; only real faults are logged as errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) return;
  if (error instanceof Error && /^No route matches URL/.test(error.message)) return;
  const log = (context as AppLoadContext | undefined)?.log;
  if (log) log.error({ err: error, url: request.url.slice(0, 512) }, "unhandled error in a route");
  else console.error(error);
};
