import { Rng, runEpisodes, type Policy, type Task } from "@cosir/env";
import * as tf from "@tensorflow/tfjs-core";
import { replayObservations } from "../rollout/replay-observations";
import { promptIds, type PolicyModel } from "./policy-model";

/** One given-cell probe: an observation's prompt ids, one cell its agent holds, and that cell's level. */
export interface GivenCellProbe {
  prompt: number[];
  option: number;
  attribute: number;
  level: number;
}

/**
 * Given-cell probes from `policy`'s play on `tasks`: per discussion observation, one held cell drawn by `seed` (not
 * always the first, so every row and column of a table is probed), at most `maxProbes` in all.
 */
export async function givenCellProbes(
  pm: PolicyModel,
  tasks: readonly Task[],
  policy: Policy,
  options: { maxNewTokens: number; maxProbes: number; seed: number },
): Promise<GivenCellProbe[]> {
  const traces = await runEpisodes(tasks, policy, { surface: "canonical" });
  const rng = new Rng(options.seed);
  const probes: GivenCellProbe[] = [];
  traces.forEach((trace, k) => {
    for (const step of replayObservations(tasks[k] as Task, trace)) {
      if (step.kind !== "message" || probes.length >= options.maxProbes) continue;
      const cells = step.observation.ownCells;
      if (cells.length === 0) continue;
      const [option, attribute, level] = cells[rng.int(cells.length)] as [number, number, number];
      probes.push({ prompt: promptIds(pm, step.observation, options.maxNewTokens), option, attribute, level });
    }
  });
  return probes;
}

/** The ids of a probe's prompt followed by `SHARE o<k> a<m>`: the model's next token should be the level. */
function probeIds(pm: PolicyModel, probe: GivenCellProbe): number[] {
  return [...probe.prompt, ...pm.tokenizer.encode(`SHARE o${probe.option} a${probe.attribute}`)];
}

/**
 * Given-cell level skill on `probes`: `accuracy`, the share whose most likely next token after
 * `SHARE o<k> a<m>` is the cell's level (greedy copying), and `probability`, the mean probability of that level
 * (what base.json's givenCellLevel reports). One forward pass per batch of right-padded rows.
 */
export function givenCellAccuracy(
  pm: PolicyModel,
  probes: readonly GivenCellProbe[],
  batchSize = 32,
): { accuracy: number; probability: number } {
  let hits = 0;
  let probability = 0;
  for (let i = 0; i < probes.length; i += batchSize) {
    const part = probes.slice(i, i + batchSize);
    const rows = part.map((p) => probeIds(pm, p));
    const time = Math.max(...rows.map((r) => r.length));
    const ids = new Int32Array(rows.length * time).fill(pm.tokenizer.pad);
    rows.forEach((r, b) => ids.set(r, b * time));
    const vocab = pm.model.config.vocabSize;
    const probs = tf.tidy(() =>
      tf.softmax(pm.model.forward(tf.tensor2d(ids, [rows.length, time], "int32"))).dataSync(),
    );
    part.forEach((probe, b) => {
      const at = (b * time + (rows[b] as number[]).length - 1) * vocab;
      const row = probs.subarray(at, at + vocab);
      const target = pm.tokenizer.encode(`${probe.level}`)[0] as number;
      let best = 0;
      for (let v = 1; v < vocab; v++) if ((row[v] as number) > (row[best] as number)) best = v;
      if (best === target) hits++;
      probability += row[target] as number;
    });
  }
  const n = Math.max(1, probes.length);
  return { accuracy: hits / n, probability: probability / n };
}
