/**
 * Issue 24 §1: what goes over the wire is compressed. The browser's built files are sent as the
 * brotli or gzip copy made at build (scripts/precompress-plugin.ts), chosen by Accept-Encoding;
 * pages and JSON are compressed as they are written. Each write is flushed through the
 * compressor, so a page that streams (React's shell first, deferred data later) still reaches
 * the browser piece by piece instead of waiting for the compressor's buffer to fill.
 */
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import type { RequestHandler } from "express";
import { constants } from "node:zlib";

/** Pages, JSON and other text, compressed on the fly: brotli at a quality cheap enough per request, else gzip. */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: 1024,
    flush: constants.Z_SYNC_FLUSH,
    brotli: { flush: constants.BROTLI_OPERATION_FLUSH, params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

/** Hashed build files under /assets: the precompressed copy the browser accepts (brotli first), cached for a year. */
export function precompressedAssets(folder: string): RequestHandler {
  return expressStaticGzip(folder, {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    index: false,
    serveStatic: { immutable: true, maxAge: "1y", index: false, fallthrough: true },
  });
}
