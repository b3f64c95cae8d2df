import { Rng } from "@cosir/env";
import { TransformerTrainer, nextTokenLoss, packSequences, type PromptCompletion } from "@cosir/policy/tfjs";
import type { TrainConfig } from "../config/train-config";
import { type SftMetricsLine, sftMetricsLine } from "../metrics/metrics-line";
import { Progress, type ProgressOptions } from "../metrics/progress";
import { derivedSeed, teacherExamples } from "../rollout/training-data";
import { teacherFromConfig } from "../teacher/teacher-policy";
import type { PolicyModel } from "./policy-model";

/** Where a run reports progress. */
export interface RunIo {
  progress: ProgressOptions;
}

/**
 * Supervised warm start on teacher actions (docs/design.md §5): `sft.episodes` teacher episodes, every
 * action one example, `sft.epochs` epochs of next-token loss on the action tokens only, in an order
 * drawn from (seed, epoch). Trains `pm` in place; reports one line per epoch.
 */
export async function supervisedWarmStart(
  pm: PolicyModel,
  config: TrainConfig,
  io: RunIo,
  onEpoch: (line: SftMetricsLine) => Promise<void>,
): Promise<void> {
  if (config.sft.episodes === 0 || config.sft.epochs === 0) return;
  const teacher = teacherFromConfig(config);
  const { examples } = await teacherExamples(pm, config, teacher, config.rl.maxNewTokens);
  const trainer = new TransformerTrainer(pm.model, {
    learningRate: config.sft.learningRate,
    clipNorm: config.rl.clipNorm,
  });
  const batches = Math.ceil(examples.length / config.sft.batchSize);
  const progress = new Progress("sft", batches * config.sft.epochs, io.progress);
  let done = 0;
  try {
    for (let epoch = 0; epoch < config.sft.epochs; epoch++) {
      const started = Date.now();
      const order = new Rng(derivedSeed(config.seed, "sft-order", epoch)).shuffle([...examples.keys()]);
      const losses: number[] = [];
      let tokens = 0;
      for (let b = 0; b < batches; b++) {
        const chunk = order
          .slice(b * config.sft.batchSize, (b + 1) * config.sft.batchSize)
          .map((i) => examples[i] as PromptCompletion);
        const packed = packSequences(chunk, { padToken: pm.tokenizer.pad });
        const result = trainer.trainStep({ tokens: packed.tokens, mask: packed.mask }, nextTokenLoss);
        tokens += packed.batch * packed.time;
        packed.tokens.dispose();
        packed.mask.dispose();
        losses.push(result.loss);
        progress.update(++done, `loss ${result.loss.toFixed(3)}`);
      }
      const seconds = (Date.now() - started) / 1000;
      await onEpoch(sftMetricsLine(epoch, examples.length, losses, tokens, seconds));
    }
  } finally {
    trainer.dispose();
  }
}
