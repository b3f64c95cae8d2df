import { defineConfig } from "tsup";

export default defineConfig({
  // The scoring worker and the cluster worker are their own files (node:worker_threads, node:cluster).
  entry: {
    index: "src/index.ts",
    "score-worker": "src/scoring/score-worker.mjs",
    "env-cluster-worker": "src/server/env-cluster-worker.ts",
  },
  format: ["esm"],
  target: "node20",
  dts: { entry: { index: "src/index.ts" } },
  sourcemap: true,
  clean: true,
});
