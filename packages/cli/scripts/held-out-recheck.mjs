#!/usr/bin/env node
// Re-checks a `cosir demo` run's held-out order on instances it has not seen: plays the base and every RL seed's
// two arms on the held-out families at another bench seed (new instances and sampling), then prints the held-out
// sum per RL seed with 95% stratified bootstrap intervals and the paired differences, as the demo does.
//   node packages/cli/scripts/held-out-recheck.mjs --run runs/shapes-demo --seeds 3 --bench-seed 1001 [--n 200]
//     [--only base,cosir@1,...] [--runs-out FILE.json] [--runs-in FILE.json,...] [--choice-temperature T]
//     [--talk-temperature T]
// --only plays a subset and --runs-out saves its runs, so two processes can share the work; --runs-in merges saved
// runs instead of playing. --choice-temperature decodes every policy's choices at T (0: greedy), its talk sampled as the
// demo samples it (temperature 1) unless --talk-temperature T. Writes nothing else.
import { writeFileSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { builtInBenchmarks, runBenchmark } from "@cosir/bench";
import { choiceTemperatureFlag, createPolicy, parsePolicySpecs } from "@cosir/policy";
import { formatHeldOutBySeed, heldOutBySeed } from "@cosir/cli";

const { values } = parseArgs({
  options: {
    run: { type: "string" },
    seeds: { type: "string", default: "3" },
    "bench-seed": { type: "string", default: "1001" },
    n: { type: "string", default: "200" },
    only: { type: "string" },
    "runs-out": { type: "string" },
    "runs-in": { type: "string" },
    "choice-temperature": { type: "string" },
    "talk-temperature": { type: "string" },
  },
});
const fail = (field, value, expected) => {
  console.error(`held-out-recheck: ${field}: expected ${expected}, got ${JSON.stringify(value)}`);
  process.exit(2);
};
const seeds = Number(values.seeds);
const benchSeed = Number(values["bench-seed"]);
const n = Number(values.n);
if (!Number.isInteger(seeds) || seeds < 1 || seeds > 16) fail("--seeds", values.seeds, "an integer in 1..16");
if (!Number.isInteger(benchSeed)) fail("--bench-seed", values["bench-seed"], "an integer");
if (!Number.isInteger(n) || n < 1) fail("--n", values.n, "a positive integer");
let choiceTemperature;
try {
  choiceTemperature = choiceTemperatureFlag(values["choice-temperature"]);
} catch {
  fail("--choice-temperature", values["choice-temperature"], "a number in 0..10");
}
let talkTemperature;
try {
  talkTemperature = choiceTemperatureFlag(values["talk-temperature"], "--talk-temperature");
} catch {
  fail("--talk-temperature", values["talk-temperature"], "a number in 0..10");
}
const armDir = (arm, k) =>
  k === 0 ? join(values.run, arm, "checkpoint") : join(values.run, `seed-${k}`, arm, "checkpoint");
const names = (arm, k) => (k === 0 ? arm : `${arm}@${k}`);
const runs = [];
if (values["runs-in"] !== undefined) {
  for (const file of values["runs-in"].split(",")) runs.push(...JSON.parse(readFileSync(file, "utf8")));
} else {
  if (values.run === undefined) fail("--run", values.run, "a cosir demo run folder");
  const specs = parsePolicySpecs(
    [
      `base=${join(values.run, "base")}`,
      ...Array.from({ length: seeds }, (_, k) =>
        ["outcomeOnly", "cosir"].map((arm) => `${names(arm, k)}=${armDir(arm, k)}`),
      ).flat(),
    ].join(","),
  );
  const only = values.only?.split(",");
  for (const spec of specs.filter((s) => only === undefined || only.includes(s.name))) {
    const { policy, surface } = await createPolicy(spec, {
      seed: benchSeed,
      endpoint: {},
      choiceTemperature,
      ...(talkTemperature === undefined ? {} : { talkTemperature }),
    });
    for (const benchmark of builtInBenchmarks.filter((b) => b.tags.includes("heldout"))) {
      runs.push(
        await runBenchmark(benchmark, policy, { seed: benchSeed, n, surface, batchSize: 50, policy: spec.name }),
      );
      console.error(`${benchmark.name} x ${spec.name}: ${runs.at(-1).accuracy.value}`);
    }
  }
  if (values["runs-out"] !== undefined) {
    writeFileSync(`${values["runs-out"]}.tmp`, JSON.stringify(runs));
    renameSync(`${values["runs-out"]}.tmp`, values["runs-out"]);
  }
}
if (values.only === undefined || values["runs-in"] !== undefined) {
  // The demo trains RL seed config.seed + k in the k-th pair of arms (cosir demo --set seed=2 trains seed 2 first);
  // without a readable run config (runs-in alone), seeds count from 1 as the default config's do.
  let first = 1;
  try {
    const { seed } = JSON.parse(readFileSync(join(values.run, "config.json"), "utf8"));
    if (Number.isInteger(seed)) first = seed;
  } catch {}
  const rows = heldOutBySeed(
    runs,
    Array.from({ length: seeds }, (_, k) => ({
      seed: first + k,
      outcomeOnly: names("outcomeOnly", k),
      cosir: names("cosir", k),
    })),
  );
  console.log(
    `Held-out sum by RL seed at bench seed ${benchSeed} (${n} episodes a family):\n${formatHeldOutBySeed(rows)}`,
  );
  // the behaviour the transfer issue asks about, each policy's mean over the families it played
  const mean = (xs) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
  const pct = (x) => (x === null ? "-" : `${(100 * x).toFixed(1)}%`);
  console.log("\nBehaviour, mean over the held-out families: false claims / disclosure / fail-to-ask");
  for (const policy of [...new Set(runs.map((r) => r.policy))]) {
    const of = (key) =>
      mean(
        runs
          .filter((r) => r.policy === policy)
          .map((r) => r.behaviour?.[key]?.value)
          .filter((v) => typeof v === "number"),
      );
    console.log(`  ${policy}: ${pct(of("falseClaim"))} / ${pct(of("disclosure"))} / ${pct(of("failToAsk"))}`);
  }
}
