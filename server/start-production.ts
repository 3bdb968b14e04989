/** Serves the production build, building it first when there is none (run through server/start.ts). */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { PROJECT_ROOT, createLogger, loadEnvOrExit, serve } from "./runtime.ts";

const env = loadEnvOrExit();
const log = createLogger(env.LOG_LEVEL);
const serverEntry = resolve(PROJECT_ROOT, "build/server/index.js");

if (!existsSync(serverEntry)) {
  log.info("no production build found; building it now (npm run build)");
  const result = spawnSync(process.platform === "win32" ? "npx.cmd" : "npx", ["react-router", "build"], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    log.fatal("the build failed; run `npm run build` to see why");
    process.exit(1);
  }
}

const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
await serve({ env, log, build, clientDir: resolve(PROJECT_ROOT, "build/client") });
