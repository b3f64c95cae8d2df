import { Rng, runEpisodes, type Task } from "@cosir/env";
import { HfPolicy, LoraTrainer, type WeightedSequence } from "@cosir/policy/hf";
import type { TrainConfig } from "../config/train-config";
import { type SftMetricsLine, sftMetricsLine } from "../metrics/metrics-line";
import { Progress, type ProgressOptions } from "../metrics/progress";
import { replayObservations } from "../rollout/replay-observations";
import { derivedSeed, trainingTask } from "../rollout/training-data";
import { teacherFromConfig } from "../teacher/teacher-policy";
import { yieldToEventLoop } from "./hf-ppo-update";
import type { HfRunContext } from "./hf-rl-iteration";

/**
 * Teacher actions on the tool surface as LoRA training sequences: `sft.episodes` teacher episodes (teacherFromConfig,
 * the same teacher as `cosir train`'s warm start), each action the prompt the policy would read (HfPolicy.promptIds)
 * then the teacher's text and the end-of-turn token, weight 1 on the reply's tokens only (at most `rl.maxNewTokens`).
 */
export async function hfTeacherSequences(learner: HfRunContext, config: TrainConfig): Promise<WeightedSequence[]> {
  const tasks: Task[] = Array.from({ length: config.sft.episodes }, (_, k) => trainingTask(config, "sft", k));
  const traces = await runEpisodes(tasks, teacherFromConfig(config), { surface: "tool" });
  const reader = new HfPolicy({
    model: learner.model,
    tokenizer: learner.tokenizer,
    enableThinking: false,
    toolSchemas: learner.toolSchemas,
  });
  const end = learner.model.config.eosTokenIds[0];
  const out: WeightedSequence[] = [];
  traces.forEach((trace, k) => {
    for (const step of replayObservations(tasks[k]!, trace)) {
      const prompt = reader.promptIds(step.observation);
      const reply = [...learner.tokenizer.encode(step.text), ...(end === undefined ? [] : [end])].slice(
        0,
        config.rl.maxNewTokens,
      );
      out.push({ tokens: [...prompt, ...reply], weights: [...prompt.map(() => 0), ...reply.map(() => 1)] });
    }
  });
  return out;
}

/**
 * A short supervised warm start of the adapter on the teacher's tool calls (docs/design.md §5's SFT, on the tool
 * surface): `sft.epochs` epochs of the reply tokens' mean negative log-likelihood (LoraTrainer, Adam at
 * `sft.learningRate`) in batches of `sft.batchSize`, in an order drawn from (seed, epoch). One line per epoch.
 */
export async function hfWarmStart(
  learner: HfRunContext,
  config: TrainConfig,
  progress: ProgressOptions,
  onEpoch: (line: SftMetricsLine) => Promise<void>,
): Promise<void> {
  const { sft } = config;
  if (sft.episodes === 0 || sft.epochs === 0) return;
  const sequences = await hfTeacherSequences(learner, config);
  const trainer = new LoraTrainer(learner.model, learner.adapter, { learningRate: sft.learningRate });
  const batches = Math.ceil(sequences.length / sft.batchSize);
  const bar = new Progress("sft", batches * sft.epochs, progress);
  let done = 0;
  for (let epoch = 0; epoch < sft.epochs; epoch++) {
    const started = Date.now();
    const order = new Rng(derivedSeed(config.seed, "sft-order", epoch)).shuffle([...sequences.keys()]);
    const losses: number[] = [];
    let tokens = 0;
    for (let b = 0; b < batches; b++) {
      const batch = order.slice(b * sft.batchSize, (b + 1) * sft.batchSize).map((i) => sequences[i]!);
      await yieldToEventLoop();
      losses.push(trainer.step(batch));
      tokens += batch.reduce((n, s) => n + s.tokens.length, 0);
      bar.update(++done, `loss ${losses.at(-1)!.toFixed(3)}`);
    }
    const seconds = (Date.now() - started) / 1000;
    await onEpoch(sftMetricsLine(epoch, sequences.length, losses, tokens, seconds));
  }
}
