import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", "demo-arm-child": "src/demo-arm-child.ts" },
  format: ["esm"],
  target: "node20",
  dts: true,
  sourcemap: true,
  clean: true,
  external: [/^@tensorflow\//],
});
