#!/usr/bin/env node
// Where an RL iteration of the demo configuration spends its time (packages/trainer/README.md, "The RL step"): one
// warm-up iteration from the committed base, then a tfjs kernel profile (tf.profile) of the next iteration's rollout
// and of a whole iteration, each kernel's time summed by name, largest first, beside the wall and CPU seconds.
//   pnpm build && node packages/trainer/scripts/rl-profile.mjs [--shapes] [--in-place]
// `--in-place`: attention's heads read and written in place instead of rank-4 transposes (setAttentionInPlace(true),
// off by default).
import * as tf from "@tensorflow/tfjs-core";
import { setAttentionInPlace } from "@cosir/policy/tfjs";
import { rlIteration, rlRollout } from "@cosir/trainer";
import { demoRlContext } from "./demo-rl-context.mjs";

if (process.argv.includes("--in-place")) setAttentionInPlace(true);
const context = await demoRlContext();
const { config, policy } = context;
await rlIteration(context, 0);

// op scopes ("unnamed scope", "...__op") enclose kernels that are listed too: only the kernels themselves are summed
const isKernel = (k) => !k.name.includes("scope") && !k.name.includes("__op");
// `--shapes`: also the largest (kernel, input shapes) groups, e.g. to tell attention's products from the dense layers'
const byShape = process.argv.includes("--shapes");

function summary(label, profile, wall, cpu) {
  const byKernel = new Map();
  const kernels = profile.kernels.filter(isKernel);
  for (const k of kernels) {
    const entry = byKernel.get(k.name) ?? { ms: 0, calls: 0 };
    entry.ms += k.kernelTimeMs;
    entry.calls++;
    byKernel.set(k.name, entry);
  }
  const total = kernels.reduce((s, k) => s + k.kernelTimeMs, 0) / 1000;
  console.log(
    `== ${label}: wall ${wall.toFixed(2)} s, cpu ${cpu.toFixed(2)} s, kernels ${total.toFixed(2)} s, ${kernels.length} calls (profiling slows every kernel: compare shares, not seconds)`,
  );
  for (const [key, { ms, calls }] of [...byKernel].sort((a, b) => b[1].ms - a[1].ms).slice(0, 14))
    console.log(`${(ms / 1000).toFixed(3)} s x${calls} ${key}`);
  if (!byShape) return;
  const groups = new Map();
  for (const k of kernels) {
    // attention's per-head products have a batch of heads x rows; the dense layers' a batch of 1 (or 2-D shapes)
    const shapes = k.inputShapes ?? [];
    const kind =
      shapes.length > 0 && shapes[0]?.length === 3
        ? shapes[0][0] > 1
          ? "per-head"
          : "batch 1"
        : `rank ${shapes[0]?.length}`;
    const key = `${k.name} ${kind} ${JSON.stringify(shapes.map((s) => (s?.length === 3 ? [s[0] > 1 ? "b" : 1, s[1], s[2]] : s))).replace(/\b(\d{2,3})\b/g, (d) => (Number(d) === 16 || Number(d) === 64 || Number(d) === 256 || Number(d) === 198 ? d : "t"))}`;
    const entry = groups.get(key) ?? { ms: 0, calls: 0 };
    entry.ms += k.kernelTimeMs;
    entry.calls++;
    groups.set(key, entry);
  }
  for (const [key, { ms, calls }] of [...groups]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, Number(process.env.TOP ?? 24)))
    console.log(`  ${(ms / 1000).toFixed(3)} s x${calls} ${key}`);
}

async function timed(label, fn) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const profile = await tf.profile(fn);
  const used = process.cpuUsage(cpu);
  summary(label, profile, (performance.now() - start) / 1000, (used.user + used.system) / 1e6);
}

await timed("rollout (iteration 1)", async () => {
  await rlRollout(config, policy, 1);
});
const start = performance.now();
const cpu = process.cpuUsage();
await rlIteration(context, 2);
const used = process.cpuUsage(cpu);
console.log(
  `== iteration 2 unprofiled: wall ${((performance.now() - start) / 1000).toFixed(2)} s, cpu ${((used.user + used.system) / 1e6).toFixed(2)} s`,
);
await timed("whole iteration 3", async () => {
  await rlIteration(context, 3);
});
