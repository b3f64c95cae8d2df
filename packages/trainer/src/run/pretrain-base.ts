import { type Observation, Rng, runEpisodes, type Task } from "@cosir/env";
import {
  TransformerTrainer,
  nextTokenLoss,
  nextTokenLossWithNegatives,
  packNegatives,
  packSequences,
  type PromptCompletion,
  type Transformer,
} from "@cosir/policy/tfjs";
import type { TrainConfig } from "../config/train-config";
import { Progress } from "../metrics/progress";
import { derivedSeed, pretrainTasks } from "../rollout/training-data";
import { replayObservations } from "../rollout/replay-observations";
import { teacherFromConfig } from "../teacher/teacher-policy";
import { actionIds, promptIds, type PolicyModel } from "./policy-model";
import type { RunIo } from "./supervised-warm-start";

/** Version of the per-step pretraining log lines. */
export const PRETRAIN_LOG_VERSION = 1 as const;

/** One pretraining step as logged (pretrain-log.jsonl): the loss exactly as computed, for bit-for-bit replay. */
export interface PretrainLogLine {
  version: typeof PRETRAIN_LOG_VERSION;
  step: number;
  /** "copy": only SHARE-a-held-cell examples; "mix": copy examples, teacher messages and choices. */
  stage: "copy" | "mix";
  learningRate: number;
  loss: number;
  gradNorm: number;
}

/**
 * The examples the pretraining draws from: a SHARE of every held cell, the teacher's messages and its choices, and
 * (when `pretrain.mix.ask` > 0) an ASK of a cell the speaker lacks for each of its turns.
 */
export interface PretrainData {
  copy: PromptCompletion[];
  talk: PromptCompletion[];
  choose: PromptCompletion[];
  ask: PromptCompletion[];
}

/**
 * The cells an agent could usefully ask for before its turn: not among its own cells and not yet stated by anyone
 * (no SHARE of it in the history), in cell order. None when it has no teammate.
 */
export function askableCells(observation: Observation): number[] {
  const { options, attributes, agents } = observation.task;
  if (agents < 2) return [];
  const known = new Set(observation.ownCells.map(([o, a]) => o * attributes + a));
  for (const m of observation.messages)
    for (const act of m.acts) if (act.kind === "share") known.add(act.option * attributes + act.attribute);
  const out: number[] = [];
  for (let c = 0; c < options * attributes; c++) if (!known.has(c)) out.push(c);
  return out;
}

/**
 * The negative ids of a completion (`PromptCompletion.negatives`) for `pretrain.cellNegatives`: at the option and
 * attribute words of each `SHARE o<k> a<m>` of a cell the speaker holds, the words naming an option it holds no cell
 * of and the attributes of option k it does not hold; at those of each `ASK o<k> a<m>` of a cell it lacks, the options
 * all of whose cells it holds and the attributes of option k it holds. A share or ask of any other cell, and every
 * other word, gets none. Words missing from the vocabulary are skipped.
 */
export function cellNegatives(pm: PolicyModel, observation: Observation, completion: readonly number[]): number[][] {
  const { options, attributes } = observation.task;
  const own = new Set(observation.ownCells.map(([o, a]) => o * attributes + a));
  const ids = (words: string[]) => words.map((w) => pm.tokenizer.id(w)).filter((id) => id !== undefined) as number[];
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const ownIn = (o: number) => range(attributes).filter((a) => own.has(o * attributes + a)).length;
  const words = completion.map((id) => pm.tokenizer.word(id));
  const out: number[][] = completion.map(() => []);
  words.forEach((w, i) => {
    const o = /^o(\d+)$/.exec(words[i + 1] ?? "");
    const a = /^a(\d+)$/.exec(words[i + 2] ?? "");
    if ((w !== "SHARE" && w !== "ASK") || o === null || a === null) return;
    const k = Number(o[1]);
    const held = own.has(k * attributes + Number(a[1]));
    if (k >= options || held !== (w === "SHARE")) return;
    const wrongOption = (j: number) => (w === "SHARE" ? ownIn(j) === 0 : ownIn(j) === attributes);
    const wrongAttribute = (m: number) => own.has(k * attributes + m) !== (w === "SHARE");
    out[i + 1] = ids(
      range(options)
        .filter(wrongOption)
        .map((j) => `o${j}`),
    );
    out[i + 2] = ids(
      range(attributes)
        .filter(wrongAttribute)
        .map((m) => `a${m}`),
    );
  });
  return out;
}

/**
 * Plays the teacher on `pretrain.episodes` training tasks: every action is a teacher example, and every
 * discussion observation gives one copy example per held cell ("SHARE o<k> a<m> <level>"); messages and choices
 * (pre- and final) are kept apart so the batches can weigh them.
 */
export async function pretrainData(pm: PolicyModel, config: TrainConfig): Promise<PretrainData> {
  const teacher = teacherFromConfig(config);
  const tasks = pretrainTasks(config);
  const traces = await runEpisodes(tasks, teacher, { surface: "canonical" });
  const max = config.rl.maxNewTokens;
  const data: PretrainData = { copy: [], talk: [], choose: [], ask: [] };
  const negativeWeight = config.pretrain.cellNegatives;
  // Each share is 4 words, 5 with the ";" before it, and <eos> ends the action.
  const shares = Math.max(1, Math.min(config.pretrain.copyShares, Math.floor(max / 5)));
  traces.forEach((trace, k) => {
    const rng = shares > 1 ? new Rng(derivedSeed(config.seed, "copy-shares", k)) : undefined;
    // Its own stream, so the copy examples are the same with ask examples or without.
    const askRng = config.pretrain.mix.ask > 0 ? new Rng(derivedSeed(config.seed, "ask-cells", k)) : undefined;
    for (const step of replayObservations(tasks[k] as Task, trace)) {
      const prompt = promptIds(pm, step.observation, max);
      const example = (completion: number[]): PromptCompletion =>
        negativeWeight > 0
          ? { prompt, completion, negatives: cellNegatives(pm, step.observation, completion) }
          : { prompt, completion };
      (step.kind === "message" ? data.talk : data.choose).push(example(actionIds(pm, step.text).slice(0, max)));
      if (step.kind !== "message") continue;
      const askable = askRng === undefined ? [] : askableCells(step.observation);
      if (askRng !== undefined && askable.length > 0) {
        const cell = askable[askRng.int(askable.length)] as number;
        const { attributes } = step.observation.task;
        data.ask.push(example(actionIds(pm, `ASK o${Math.floor(cell / attributes)} a${cell % attributes}`)));
      }
      const cells = step.observation.ownCells;
      cells.forEach(([o, a, v], i) => {
        const text = [`SHARE o${o} a${a} ${v}`];
        if (rng !== undefined) {
          const others = cells.filter((_, j) => j !== i);
          for (let n = 1; n < shares && others.length > 0; n++) {
            const [oo, aa, vv] = others.splice(rng.int(others.length), 1)[0] as [number, number, number];
            text.push(`SHARE o${oo} a${aa} ${vv}`);
          }
        }
        data.copy.push(example(actionIds(pm, text.join(" ; "))));
      });
    }
  });
  return data;
}

/**
 * The pool a mixed batch's roll in [0, copy + talk + choose + ask) draws from, in that order; with no ask weight (or
 * no ask example made) the choice is the one the pretraining made before ask examples existed.
 */
export function mixPool(data: PretrainData, mix: TrainConfig["pretrain"]["mix"], roll: number): PromptCompletion[] {
  if (roll < mix.copy) return data.copy;
  if (roll < mix.copy + mix.talk) return data.talk;
  if (roll < mix.copy + mix.talk + mix.choose || data.ask.length === 0) return data.choose;
  return data.ask;
}

/**
 * Cuts `batch` into `parts` runs of its examples sorted by length (stable, so equal lengths keep their draw order);
 * each part's weight is its share of the batch's completion tokens, so the accumulated gradient of the token-mean
 * loss is the whole batch's. Exported for the equality test.
 */
export function lengthSortedParts(
  batch: readonly PromptCompletion[],
  parts: number,
): { items: PromptCompletion[]; weight: number }[] {
  const sorted = batch
    .map((item, index) => ({
      item,
      index,
      length: item.prompt.length + item.completion.length,
    }))
    .sort((a, b) => a.length - b.length || a.index - b.index)
    .map((e) => e.item);
  const k = Math.max(1, Math.min(parts, sorted.length));
  const total = sorted.reduce((n, s) => n + s.completion.length, 0);
  const out: { items: PromptCompletion[]; weight: number }[] = [];
  for (let i = 0; i < k; i++) {
    const items = sorted.slice(Math.floor((i * sorted.length) / k), Math.floor(((i + 1) * sorted.length) / k));
    const tokens = items.reduce((n, s) => n + s.completion.length, 0);
    out.push({ items, weight: total === 0 ? 1 / k : tokens / total });
  }
  return out;
}

/** One optimizer step on `batch`: one padded pass when `parts` is 1, else length-sorted parts accumulated. */
function trainOnBatch(
  trainer: TransformerTrainer,
  batch: readonly PromptCompletion[],
  parts: number,
  pad: number,
  negativeWeight: number,
) {
  const pack = (items: readonly PromptCompletion[]) => {
    const packed = packSequences(items, { padToken: pad });
    const negatives =
      negativeWeight > 0 ? packNegatives(items, packed.time, trainer.model.config.vocabSize) : undefined;
    return { tokens: packed.tokens, mask: packed.mask, negatives };
  };
  const loss = (model: Transformer, b: ReturnType<typeof pack>) =>
    b.negatives === undefined
      ? nextTokenLoss(model, b)
      : nextTokenLossWithNegatives(model, { ...b, negatives: b.negatives, weight: negativeWeight });
  const release = (b: ReturnType<typeof pack>) => {
    b.tokens.dispose();
    b.mask.dispose();
    b.negatives?.dispose();
  };
  if (parts <= 1) {
    const packed = pack(batch);
    try {
      return trainer.trainStep(packed, loss);
    } finally {
      release(packed);
    }
  }
  const packedParts = lengthSortedParts(batch, parts).map((part) => ({ batch: pack(part.items), weight: part.weight }));
  try {
    return trainer.trainStepAccumulated(packedParts, loss);
  } finally {
    for (const p of packedParts) release(p.batch);
  }
}

/**
 * The copy examples sorted by prompt length (stable: equal lengths keep their order), shortest first: the order the
 * copy curriculum draws its growing prefix from.
 */
export function copyByLength(copy: readonly PromptCompletion[]): PromptCompletion[] {
  return copy
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.prompt.length - b.item.prompt.length || a.index - b.index)
    .map((e) => e.item);
}

/**
 * How many of the `n` length-sorted copy examples copy step `step` may draw from under `pretrain.copyCurriculum`:
 * the shortest share `startShare`, growing linearly to all of them at `rampSteps` (at least one).
 */
export function copyCurriculumLimit(
  step: number,
  n: number,
  curriculum: NonNullable<TrainConfig["pretrain"]["copyCurriculum"]>,
): number {
  const share =
    curriculum.startShare + (1 - curriculum.startShare) * Math.min(1, Math.max(0, step) / curriculum.rampSteps);
  return Math.max(1, Math.min(n, Math.ceil(share * n)));
}

/** Warm-up then cosine decay to a tenth (per step). */
export function pretrainLearningRate(step: number, config: TrainConfig["pretrain"]): number {
  const total = config.copySteps + config.steps;
  if (step < config.warmupSteps) return (config.learningRate * (step + 1)) / config.warmupSteps;
  const progress = Math.min(1, (step - config.warmupSteps) / Math.max(1, total - config.warmupSteps));
  return config.learningRate * (0.1 + 0.9 * 0.5 * (1 + Math.cos(Math.PI * progress)));
}

/**
 * Pretrains the embedded base (the evidence issue): `pretrain.copySteps` steps on copy examples only (a model
 * must learn to read its own table before anything else; with `pretrain.copyCurriculum`, shortest prompts first),
 * then `pretrain.steps` steps whose examples are copy examples, teacher messages and teacher choices in the
 * proportions `pretrain.mix` (choosing from a tally is the slowest skill, so it gets the largest share by default).
 * Every batch is drawn from (seed, step), so the same config gives the same log line for line; `stopAfter` ends early
 * (the reproducibility test replays the first steps).
 */
export async function pretrainBase(
  pm: PolicyModel,
  config: TrainConfig,
  io: RunIo,
  onStep: (line: PretrainLogLine) => Promise<void> | void,
  options: { stopAfter?: number } = {},
): Promise<void> {
  const p = config.pretrain;
  const data = await pretrainData(pm, config);
  const trainer = new TransformerTrainer(pm.model, {
    learningRate: p.learningRate,
    clipNorm: config.rl.clipNorm,
  });
  const total = Math.min(p.copySteps + p.steps, options.stopAfter ?? Number.POSITIVE_INFINITY);
  const progress = new Progress("pretrain", total, io.progress);
  const curriculum = p.copyCurriculum;
  const copySorted = curriculum === undefined ? data.copy : copyByLength(data.copy);
  try {
    for (let step = 0; step < total; step++) {
      const stage = step < p.copySteps ? "copy" : "mix";
      const rng = new Rng(derivedSeed(config.seed, "pretrain-batch", step));
      const batch: PromptCompletion[] = [];
      for (let i = 0; i < p.batchSize; i++) {
        const roll = rng.next() * (p.mix.copy + p.mix.talk + p.mix.choose + p.mix.ask);
        if (stage === "copy" && curriculum !== undefined) {
          batch.push(copySorted[rng.int(copyCurriculumLimit(step, copySorted.length, curriculum))] as PromptCompletion);
          continue;
        }
        const pool = stage === "copy" ? data.copy : mixPool(data, p.mix, roll);
        batch.push(pool[rng.int(pool.length)] as PromptCompletion);
      }
      const learningRate = pretrainLearningRate(step, p);
      trainer.optimizer.learningRate = learningRate;
      const result = trainOnBatch(trainer, batch, p.lengthParts, pm.tokenizer.pad, p.cellNegatives);
      progress.update(step + 1, `${stage} loss ${result.loss.toFixed(3)}`);
      await onStep({
        version: PRETRAIN_LOG_VERSION,
        step,
        stage,
        learningRate,
        loss: result.loss,
        gradNorm: result.gradNorm,
      });
    }
  } finally {
    trainer.dispose();
  }
}
