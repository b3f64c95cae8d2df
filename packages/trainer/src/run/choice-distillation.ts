import { runEpisodes, type Task } from "@cosir/env";
import { nextTokenLoss, packSequences, type PromptCompletion, type TransformerTrainer } from "@cosir/policy/tfjs";
import * as tf from "@tensorflow/tfjs-core";
import type { TrainConfig } from "../config/train-config";
import { replayObservations } from "../rollout/replay-observations";
import { derivedSeed, trainingTask } from "../rollout/training-data";
import { shapeTask } from "../rollout/shape-task";
import type { TotalScratchpad } from "../teacher/choice-scratchpad";
import { teacherFromConfig, teacherPolicy } from "../teacher/teacher-policy";
import { actionIds, promptIds, type PolicyModel } from "./policy-model";
import type { RlRollout } from "./rl-rollout";

/**
 * The distillation examples of a rollout (docs/design.md §5.4): every final choice's observation as the prompt, and
 * as the target the choice the tally teacher writes for it (teacherPolicy with `choice: "tally"`: the TALLY
 * scratchpad of the agent's own evidence, seen and heard, then its argmax; the 0..100 scratchpad for a base taught
 * it, `sft.teacherChoice: "scratchpad"`), so the target is the MAP of the agent's
 * evidence as the base was taught to reach it, whatever the sampled choice was.
 */
export async function choiceDistillationExamples(
  pm: PolicyModel,
  rollout: RlRollout,
  maxNewTokens: number,
  /** The scratchpad the base was taught: "scratchpad" for a shapes base (sft.teacherChoice), else the demo's tally. */
  choice: "tally" | "scratchpad" = "tally",
  /** With "scratchpad": how a total decision's scratchpad is written (sft.totalScratchpad). */
  totalScratchpad?: TotalScratchpad,
): Promise<PromptCompletion[]> {
  const teacher = teacherPolicy({ choice, totalScratchpad });
  const observations = rollout.traces.flatMap((trace, e) =>
    replayObservations(rollout.tasks[e] as Task, trace)
      .filter((r) => r.kind === "choice")
      .map((r) => r.observation),
  );
  if (observations.length === 0) return [];
  const targets = await teacher.act(observations);
  return observations.map((observation, k) => ({
    prompt: promptIds(pm, observation, maxNewTokens),
    completion: actionIds(pm, targets[k]?.text ?? ""),
  }));
}

/**
 * The rehearsal examples of iteration `iteration` (`rl.choiceRehearsal` > 0): the config's teacher (its own choice
 * style) plays that many fresh tasks, training tasks or, with `rl.rehearsalShapes` (else `rl.shapes`), shapes (seeded by seed, iteration and
 * index, never the rollout's; with `rl.rehearsalMix` its share of them, the last, over the mix's shapes), and every
 * final choice is an example: prompt and the teacher's choice; with
 * `rl.talkRehearsal` every message and pre-discussion choice of those episodes too (with "asks", the messages that
 * ask only), each kept with probability `rl.talkRehearsalShare`.
 */
/** Is a replayed action a message with an ASK act (the rehearsal plays on the canonical surface)? */
function asks(r: { kind: string; text: string }): boolean {
  return r.kind === "message" && /(?:^|;)\s*ASK\b/.test(r.text);
}

export async function choiceRehearsalExamples(
  pm: PolicyModel,
  config: TrainConfig,
  iteration: number,
): Promise<PromptCompletion[]> {
  const { rl } = config;
  if (rl.choiceRehearsal === 0) return [];
  const shapes = rl.rehearsalShapes ?? rl.shapes;
  const mixed = rl.rehearsalMix === undefined ? 0 : Math.round(rl.rehearsalMix.share * rl.choiceRehearsal);
  const tasks = Array.from({ length: rl.choiceRehearsal }, (_, k) => {
    if (rl.rehearsalMix !== undefined && k >= rl.choiceRehearsal - mixed)
      return shapeTask(rl.rehearsalMix.shapes, derivedSeed(config.seed, "choice-rehearsal-mix", iteration, k));
    return shapes === undefined
      ? trainingTask(config, "choice-rehearsal", iteration, k)
      : shapeTask(shapes, derivedSeed(config.seed, "choice-rehearsal-shapes", iteration, k));
  });
  const traces = await runEpisodes(tasks, teacherFromConfig(config), { surface: "canonical" });
  const talk = (r: { kind: string; text: string }) =>
    rl.talkRehearsal === true || (rl.talkRehearsal === "asks" && asks(r));
  return traces.flatMap((trace, e) =>
    replayObservations(tasks[e] as Task, trace)
      .filter((r, i) => r.kind === "choice" || (talk(r) && talkKept(config, iteration, e, i)))
      .map((r) => ({ prompt: promptIds(pm, r.observation, rl.maxNewTokens), completion: actionIds(pm, r.text) })),
  );
}

/**
 * Is the talk example at replay index `index` of rehearsal episode `episode` kept under `rl.talkRehearsalShare`? A
 * draw of its own (seeded by seed, iteration, episode and index) below the share, so a larger share keeps a superset.
 */
function talkKept(config: TrainConfig, iteration: number, episode: number, index: number): boolean {
  const share = config.rl.talkRehearsalShare;
  if (share >= 1) return true;
  return derivedSeed(config.seed, "talk-rehearsal-share", iteration, episode, index) / 0x80000000 < share;
}

/**
 * `rl.choiceDistillSteps` optimizer steps (one by default) of `rl.choiceDistillCoef` x the next-token loss of the tally teacher's choice on every final
 * choice of the rollout (choiceDistillationExamples), at the iteration's learning rate (set by the PPO update),
 * with the rehearsal's (choiceRehearsalExamples) when `rl.choiceRehearsal` > 0, accumulated over length-sorted micro-batches of `rl.microbatchSize`. Applied to both arms alike. Returns the first
 * step's loss (per target token, before the coefficient), or undefined when the coefficient is 0 or there is no choice.
 */
export async function choiceDistillation(
  context: { config: TrainConfig; policy: PolicyModel; trainer: TransformerTrainer },
  rollout: RlRollout,
  iteration = 0,
): Promise<number | undefined> {
  const { rl } = context.config;
  if (rl.choiceDistillCoef === 0) return undefined;
  const pm = context.policy;
  const examples = [
    ...(await choiceDistillationExamples(
      pm,
      rollout,
      rl.maxNewTokens,
      context.config.sft.teacherChoice === "scratchpad" ? "scratchpad" : "tally",
      context.config.sft.totalScratchpad,
    )),
    ...(await choiceRehearsalExamples(pm, context.config, iteration)),
  ];
  if (examples.length === 0) return undefined;
  const sorted = [...examples].sort(
    (a, b) => a.prompt.length + a.completion.length - (b.prompt.length + b.completion.length),
  );
  const tokens = examples.reduce((n, s) => n + s.completion.length, 0);
  const parts = [];
  for (let m = 0; m < sorted.length; m += rl.microbatchSize) {
    const micro = sorted.slice(m, m + rl.microbatchSize);
    const batch = packSequences(micro, { padToken: pm.tokenizer.pad });
    parts.push({ batch, weight: micro.reduce((n, s) => n + s.completion.length, 0) / tokens });
  }
  try {
    let first: number | undefined;
    for (let k = 0; k < rl.choiceDistillSteps; k++) {
      const step = context.trainer.trainStepAccumulated(parts, (model, batch) =>
        tf.mul(nextTokenLoss(model, batch), rl.choiceDistillCoef),
      );
      first ??= step.loss / rl.choiceDistillCoef;
    }
    return first;
  } finally {
    for (const { batch } of parts) {
      batch.tokens.dispose();
      batch.mask.dispose();
    }
  }
}
