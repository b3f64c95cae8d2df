import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    "tfjs/index": "src/tfjs/index.ts",
    "hf/index": "src/hf/index.ts",
    // not exported: the benchmarks open llama.cpp through the same code as the comparison tests
    "test-support/open-llama-cpp": "src/test-support/open-llama-cpp.ts",
  },
  format: ["esm"],
  target: "node20",
  dts: true,
  sourcemap: true,
  clean: true,
  external: [/^@tensorflow\//, "node-llama-cpp"],
});
