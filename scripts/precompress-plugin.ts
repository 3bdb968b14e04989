/**
 * Issue 24 §1: the browser's files are compressed once, at build, with brotli (quality 11) and
 * gzip (level 9), next to each file (`app.js.br`, `app.js.gz`), so the server sends them without
 * spending a core per request (server/static-assets.ts). Only the client build, only text that
 * shrinks; fonts (woff2) and images are compressed already.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/i;
/** Below this a compressed copy saves less than the header that announces it. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export async function precompressFile(path: string): Promise<{ br: number; gz: number } | null> {
  const source = await readFile(path);
  if (source.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller would only cost a lookup.
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
  return { br: br.length, gz: gz.length };
}

export function precompress(): Plugin {
  return {
    name: "hamsafar:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map((file) => precompressFile(join(dir, file))));
    },
  };
}
