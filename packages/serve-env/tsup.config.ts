import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", "env-cluster-worker": "src/server/env-cluster-worker.ts" },
  format: ["esm"],
  target: "node20",
  dts: true,
  sourcemap: true,
  clean: true,
});
