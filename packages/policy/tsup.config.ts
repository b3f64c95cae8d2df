import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", "tfjs/index": "src/tfjs/index.ts", "hf/index": "src/hf/index.ts" },
  format: ["esm"],
  target: "node20",
  dts: true,
  sourcemap: true,
  clean: true,
  external: [/^@tensorflow\//],
});
