import { defineConfig } from "tsup";

export default defineConfig({
  // demo-arm-child: the demo forks it for each RL arm, found beside the chunk that runs the demo (dist/).
  entry: { index: "src/index.ts", cli: "src/cli.ts", "demo-arm-child": "src/demo/demo-arm-child.ts" },
  format: ["esm"],
  target: "node20",
  dts: { entry: { index: "src/index.ts" } },
  sourcemap: true,
  clean: true,
  external: [/^@tensorflow\//],
});
