import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientChunkGroups } from "./scripts/client-chunks.ts";
import { chunkModules } from "./scripts/chunk-modules-plugin.ts";
import { precompress } from "./scripts/precompress-plugin.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress(), chunkModules()],
  build: { target: "es2022" },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: clientChunkGroups() } } } },
  },
});
