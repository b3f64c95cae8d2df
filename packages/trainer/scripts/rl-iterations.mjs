#!/usr/bin/env node
// Runs a few demo RL iterations from the committed base on today's step, for `node --cpu-prof` (README, "The RL
// step"): iteration 0 warms up, then `--iterations N` (default 4) more; prints each one's wall and CPU seconds.
//   pnpm build && node --cpu-prof --cpu-prof-dir=/tmp/prof packages/trainer/scripts/rl-iterations.mjs
import { rlIteration } from "@cosir/trainer";
import { demoRlContext } from "./demo-rl-context.mjs";

const at = process.argv.indexOf("--iterations");
const iterations = at >= 0 ? Number(process.argv[at + 1]) : 4;
const context = await demoRlContext();
for (let it = 0; it <= iterations; it++) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const line = await rlIteration(context, it);
  const used = process.cpuUsage(cpu);
  console.log(
    `iteration ${it}: wall ${((performance.now() - start) / 1000).toFixed(2)} s, cpu ${((used.user + used.system) / 1e6).toFixed(2)} s, rollout ${line.timing.rolloutSeconds.toFixed(2)} s, episodes ${line.episodes}`,
  );
}
