#!/usr/bin/env node
// CPU time by tfjs kernel of demo RL iterations (packages/trainer/README.md, "Figures, session 45"): one warm-up
// iteration from the committed base, then every tfjs-wasm kernel wrapped with process.cpuUsage and ITERATIONS (default 1)
// iterations run, each kernel's CPU time summed by name and by name and input shapes. rl-profile.mjs's tf.profile
// times kernels by the wall clock, which on a loaded machine counts other processes' time slices too; this counts the
// process's own CPU (the wrapper adds a few microseconds a call: compare kernels with similar call counts).
// `--previous`: the step before session 45's optimizer kernels (setFusedAdam and setGradientSumKernel off); `--copies`:
// the train step's saved tensors copied by tfjs' engine, as before session 46 (setSavedTensorViews off).
//   pnpm build && nice -n 10 node packages/trainer/scripts/rl-kernel-cpu.mjs [ITERATIONS] [--previous] [--copies]
import * as tf from "@tensorflow/tfjs-core";
import { setFusedAdam, setGradientSumKernel, setSavedTensorViews } from "@cosir/policy/tfjs";
import { rlIteration } from "@cosir/trainer";
import { demoRlContext } from "./demo-rl-context.mjs";

if (process.argv.includes("--previous")) {
  setFusedAdam(false);
  setGradientSumKernel(false);
}
if (process.argv.includes("--copies")) setSavedTensorViews(false);
const context = await demoRlContext();
await rlIteration(context, 0);
const stats = new Map();
let depth = 0;
const count = (key, micros) => {
  const entry = stats.get(key) ?? { micros: 0, calls: 0 };
  entry.micros += micros;
  entry.calls++;
  stats.set(key, entry);
};
// sizes other than the demo's widths (16, 64, 256) and vocabulary (198) print as t, so a kernel's calls group by kind
const shapesOf = (inputs) =>
  JSON.stringify(Object.values(inputs).map((t) => t?.shape ?? null)).replace(/\b(\d{2,4})\b/g, (d) =>
    [16, 64, 256, 198].includes(Number(d)) ? d : "t",
  );
for (const config of tf.getKernelsForBackend("wasm")) {
  const inner = config.kernelFunc;
  tf.unregisterKernel(config.kernelName, "wasm");
  tf.registerKernel({
    ...config,
    setupFunc: undefined,
    kernelFunc: (args) => {
      // a kernel another kernel calls is counted in its caller's time only
      if (depth > 0) return inner(args);
      depth++;
      const start = process.cpuUsage();
      try {
        return inner(args);
      } finally {
        const used = process.cpuUsage(start);
        depth--;
        count(config.kernelName, used.user + used.system);
        count(`${config.kernelName} ${shapesOf(args.inputs)}`, used.user + used.system);
      }
    },
  });
}
const iterations = Number(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? 1);
let cpuTotal = 0;
for (let it = 1; it <= iterations; it++) {
  const start = process.cpuUsage();
  await rlIteration(context, it);
  const used = process.cpuUsage(start);
  cpuTotal += (used.user + used.system) / 1e6;
}
const byName = [...stats].filter(([key]) => !key.includes(" ")).sort((a, b) => b[1].micros - a[1].micros);
const kernelSeconds = byName.reduce((s, [, e]) => s + e.micros, 0) / 1e6;
const calls = byName.reduce((s, [, e]) => s + e.calls, 0);
console.log(
  `== ${iterations} iteration(s): cpu ${cpuTotal.toFixed(3)} s, kernels ${kernelSeconds.toFixed(3)} s cpu in ${calls} calls`,
);
for (const [key, { micros, calls }] of byName.slice(0, 16))
  console.log(`${(micros / 1e6).toFixed(3)} s ${((100 * micros) / 1e6 / cpuTotal).toFixed(1)}% x${calls} ${key}`);
for (const [key, { micros, calls }] of [...stats]
  .filter(([key]) => key.includes(" "))
  .sort((a, b) => b[1].micros - a[1].micros)
  .slice(0, Number(process.env.TOP ?? 24)))
  console.log(`  ${(micros / 1e6).toFixed(3)} s x${calls} ${key}`);
