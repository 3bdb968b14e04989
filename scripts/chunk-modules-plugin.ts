/**
 * Issue 24 §1: `npm run bench` splits each route's JavaScript into framework, libraries, our own
 * code and messages. Which module went into which chunk is known only while bundling, so the
 * client build writes it down: build/client-chunks.json (beside build/client, so never served),
 * each chunk's file with the size each module takes in it.
 */
import { writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import type { Plugin } from "vite";

export const CHUNK_MODULES_FILE = "client-chunks.json";

/** One chunk: its file under build/client and, per module (a path from the project, or a package's), the bytes it renders to. */
export interface ChunkModules {
  file: string;
  modules: Record<string, number>;
}

export function chunkModules(): Plugin {
  let root = process.cwd();
  return {
    name: "hamsafar:chunk-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const chunks: ChunkModules[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, module] of Object.entries(output.modules)) {
          // Virtual modules (the bundler's runtime, Vite's preload helper) start with \0; a query
          // stays, as it says what the module is (`fa.json?url` is a file's address, not its content).
          const name = id.startsWith("\0") ? id.slice(1) : relative(root, id);
          modules[name] = (modules[name] ?? 0) + module.renderedLength;
        }
        chunks.push({ file: `/${output.fileName}`, modules });
      }
      await writeFile(join(dirname(dir), CHUNK_MODULES_FILE), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
