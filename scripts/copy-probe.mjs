#!/usr/bin/env node
// Copy probe (issue 24): trains the shapes preset's model from scratch on copy examples only (SHARE a held cell)
// for --steps steps (or --copy-steps of them, then the preset's mixed steps), through pretrainBase itself (so
// pretrain.copyCurriculum and every other setting apply), and every --every steps prints the given-cell level
// accuracy (argmax = the level) and mean probability on held-out prompts: teacher observations of pretraining shapes
// at seeds pretraining never draws ("long": those over 150 tokens), and of each held-out family at its default size.
// The learning-rate schedule is the full preset's (stopAfter), so a probe's steps are the full run's first steps.
// Usage (build first):
//   nice -n 10 node scripts/copy-probe.mjs --steps 800 --every 100 [--set pretrain.copyCurriculum='{...}' ...]
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const load = (pkg, sub = "index.js") => import(pathToFileURL(join(root, "packages", pkg, "dist", sub)).href);
const trainer = await load("trainer");
const { heldOutFamilies } = await load("bench");
const { selectBackend } = await load("policy", "tfjs/index.js");

const args = process.argv.slice(2);
const value = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const steps = Number(value("--steps", "600"));
const every = Number(value("--every", "100"));
// Copy-only steps; the rest of --steps are the preset's mixed steps (copy, talk and choose examples).
const copySteps = Number(value("--copy-steps", String(steps)));
const shapeProbes = Number(value("--shape-probes", "300"));
const familyTasks = Number(value("--family-tasks", "20"));
const familyProbes = Number(value("--family-probes", "40"));
const overrides = args.flatMap((a, i) => (args[i - 1] === "--set" ? [trainer.parseOverride(a)] : []));
const config = trainer.resolveTrainConfig({
  preset: "shapes",
  // A probe's copy stage is its whole length; the mixed steps after it only set the learning-rate schedule.
  overrides: [{ pretrain: { copySteps, episodes: 2000 } }, ...overrides],
});
await selectBackend({ log: null });
const pm = trainer.createPolicyModel(config.model, trainer.derivedSeed(config.seed, "init"));
const teacher = trainer.teacherFromConfig(config);
const max = config.rl.maxNewTokens;
const heldShapes = Array.from({ length: 200 }, (_, k) =>
  trainer.shapeTask(config.pretrain.shapes, trainer.derivedSeed(config.seed, "copy-probe-shapes", k)),
);
const sets = {
  shapes: await trainer.givenCellProbes(pm, heldShapes, teacher, {
    maxNewTokens: max,
    maxProbes: shapeProbes,
    seed: 1,
  }),
};
for (const [name, generate] of Object.entries(heldOutFamilies)) {
  const tasks = Array.from({ length: familyTasks }, (_, k) => generate({ seed: config.eval.seedOffset + k }));
  sets[name.replace("heldout.", "")] = await trainer.givenCellProbes(pm, tasks, teacher, {
    maxNewTokens: max,
    maxProbes: familyProbes,
    seed: 2,
  });
}
const long = sets.shapes.filter((p) => p.prompt.length > 150);
console.log(
  `# ${JSON.stringify(config.model)} ${JSON.stringify({ lr: config.pretrain.learningRate, warmup: config.pretrain.warmupSteps, copyCurriculum: config.pretrain.copyCurriculum, copyShares: config.pretrain.copyShares, seed: config.seed })}`,
);
console.log(
  `# probes: shapes ${sets.shapes.length} (${long.length} over 150 tokens), ${Object.entries(sets)
    .slice(1)
    .map(([n, s]) => `${n} ${s.length}`)
    .join(", ")}`,
);
const started = Date.now();
const report = (step, loss) => {
  const acc = Object.fromEntries(Object.entries(sets).map(([n, s]) => [n, trainer.givenCellAccuracy(pm, s)]));
  const fam = Object.entries(acc)
    .slice(1)
    .map(([, a]) => a.accuracy);
  const longAcc = trainer.givenCellAccuracy(pm, long).accuracy;
  console.log(
    `step ${String(step).padStart(5)}  loss ${loss.toFixed(3)}  shapes acc ${acc.shapes.accuracy.toFixed(3)} p ${acc.shapes.probability.toFixed(3)}  long ${longAcc.toFixed(3)}  families min ${Math.min(...fam).toFixed(3)} mean ${(fam.reduce((a, b) => a + b, 0) / fam.length).toFixed(3)}  [${Object.entries(
      acc,
    )
      .slice(1)
      .map(([n, a]) => `${n} ${a.accuracy.toFixed(2)}`)
      .join(" ")}]  ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
};
let window = [];
await trainer.pretrainBase(
  pm,
  config,
  { progress: { stream: process.stderr, quiet: true } },
  (line) => {
    window.push(line.loss);
    if ((line.step + 1) % every === 0 || line.step + 1 === steps) {
      report(line.step + 1, window.reduce((a, b) => a + b, 0) / window.length);
      window = [];
    }
  },
  { stopAfter: steps },
);
pm.model.dispose();
