/** `npm run dev`: the same server with Vite's middleware and hot reload. */
import { createServer } from "vite";
import type { ServerBuild } from "react-router";
import { PROJECT_ROOT, createLogger, loadEnvOrExit, serve } from "./runtime.ts";

process.env.NODE_ENV ??= "development";
const env = loadEnvOrExit();
const log = createLogger(env.LOG_LEVEL);
const vite = await createServer({ root: PROJECT_ROOT, server: { middlewareMode: true }, appType: "custom" });
await serve({
  env,
  log,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  devMiddleware: vite.middlewares,
  onClose: () => vite.close(),
});
