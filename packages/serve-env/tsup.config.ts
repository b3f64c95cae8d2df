import { defineConfig } from "tsup";

export default defineConfig({
  // The scoring worker is its own file so ScoringPool can start it with node:worker_threads.
  entry: { index: "src/index.ts", "score-worker": "src/scoring/score-worker.mjs" },
  format: ["esm"],
  target: "node20",
  dts: { entry: { index: "src/index.ts" } },
  sourcemap: true,
  clean: true,
});
