import { CosirError, InvalidArgumentError, InvalidConfigError } from "@cosir/bayes";
import { TaskOptionsSchema, describeZodError, generateTask, taskFamilies } from "@cosir/env";
import { RewardConfigSchema, RewardWeightsSchema, rewardConfig, rewardPresets } from "@cosir/rewards";
import { z } from "zod";
import { armConfig } from "./arm-config";
import { PretrainShapesSchema } from "./pretrain-shapes";
import { deepMerge } from "./deep-merge";
import { rejectArmTables } from "./reject-arm-tables";
import { DEFAULT_TRAIN_BUDGET, trainConfigCost } from "./train-config-cost";

export const TRAIN_CONFIG_VERSION = 1 as const;

const int = z.number().int();
const positive = z.number().finite().positive();
const nonNegative = z.number().finite().min(0);

/** The RL section (docs/design.md §5). */
const RlSchema = z
  .object({
    iterations: int.min(0).max(1_000_000).default(20),
    tasksPerIteration: int.min(1).max(4096).default(4),
    /**
     * RL over shapes (issue 24): each rollout task is a `random` task drawn over these shapes (shapeTask, as
     * `pretrain.shapes`) instead of `task`'s one shape; evaluation stays on `task`, and no held-out family is ever
     * drawn. Absent: `task`'s shape, as the demo.
     */
    shapes: PretrainShapesSchema.optional(),
    /**
     * With `rl.shapes`, the share of each iteration's rollout tasks drawn over the shapes; the rest are `task`'s
     * (issue 24: RL over shapes alone goes silent, RL on one shape wears the others down). The first
     * round(shapesRate x tasksPerIteration) tasks of an iteration are shapes. Default 1: every task (as before).
     */
    shapesRate: z.number().min(0).max(1).default(1),
    /** G: episodes per task (docs/design.md §5). */
    groupSize: int.min(2).max(256).default(4),
    gamma: z.number().min(0).max(1).default(1),
    /** Dr.GRPO: subtract the group mean only. */
    meanOnly: z.boolean().default(false),
    /** Advantage baseline: per trajectory (whole return) or per turn index (see computeAdvantages). */
    baseline: z.enum(["trajectory", "turn"]).default("trajectory"),
    dropZeroAdvantage: z.boolean().default(true),
    /**
     * Floor on the advantage normaliser: advantages divide by max(std, stdFloor) (docs/design.md §5.3), so a group
     * whose returns nearly tie gets small advantages rather than unit ones. 0: the group's std as it is.
     */
    stdFloor: nonNegative.default(0),
    /**
     * What a message's tokens are credited with (docs/design.md §5.3): "message", the message's weighted total on
     * every token; "act", each act's own tokens (";" with the act it opens) its own marginal reward and per-act
     * cost, compared with every act of that turn in the (task, seat) group.
     */
    credit: z.enum(["message", "act"]).default("message"),
    /**
     * Whether the final choice's tokens take part in the policy gradient (docs/design.md §5.4). false: they keep
     * advantage 0 and stay in the batch, so only the KL to the start policy (and the choice distillation) moves
     * them; both arms alike unless an arm overlay says otherwise.
     */
    choiceGradient: z.boolean().default(true),
    /**
     * Weight of the choice distillation (docs/design.md §5.4): after the PPO update, one optimizer step on this
     * times the next-token loss of the tally teacher's choice (the MAP of the agent's own evidence, with its TALLY)
     * on every final choice of the rollout, in both arms alike. 0: off.
     */
    choiceDistillCoef: nonNegative.max(100).default(0),
    /**
     * Optimizer steps of the choice distillation per iteration, each on the same examples (Adam normalises the
     * coefficient's scale away, so more steps, not a larger coefficient, is what pulls the choice back harder).
     */
    choiceDistillSteps: int.min(1).max(64).default(1),
    /**
     * Choice rehearsal: this many fresh teacher episodes an iteration (training tasks, or shapes with `rl.shapes`,
     * seeded by iteration) whose final choices join the distillation's examples, so the step is not fitted to one
     * rollout's few dozen choices (as PPO-ptx rehearses pretraining data). 0: the rollout's choices only.
     */
    choiceRehearsal: int.min(0).max(4096).default(0),
    /**
     * Talk rehearsal: the rehearsal episodes' messages (and pre-discussion choices) join the distillation's examples
     * too, not only their final choices: PPO-ptx over the teacher's whole play, so RL cannot drift into silence or
     * invented cells faster than its reward teaches which true cells to share. Needs `rl.choiceRehearsal` > 0.
     * `"asks"`: only the teacher's messages that ask (and the final choices) join, so the rehearsal holds up the asks
     * the CoSIR reward lets fall without holding every other message at the teacher's (session 68).
     */
    talkRehearsal: z.union([z.boolean(), z.literal("asks")]).default(false),
    /**
     * The share of the talk rehearsal's examples kept (each message or pre-discussion choice by a seeded draw of its
     * own; final choices always): with "asks", the teacher's asks shown at a fraction of its rate, since the whole of
     * them taught asking in four messages of five (session 68). 1: all.
     */
    talkRehearsalShare: z.number().min(0).max(1).default(1),
    /**
     * Shapes the rehearsal episodes are drawn over (PretrainShapesSchema, as `pretrain.shapes`), whatever the
     * rollouts play: RL on the training task from a base pretrained over shapes rehearses the choosing on those
     * shapes, which RL on one shape wears down (issue 24). Absent: `rl.shapes`, else training tasks.
     */
    rehearsalShapes: PretrainShapesSchema.optional(),
    /**
     * A second rehearsal shape set for a share of the rehearsal's episodes (`share` x `rl.choiceRehearsal`, rounded;
     * the last ones of each iteration, the others unchanged): e.g. one or two agents choosing with no discussion
     * (rounds 0), the state the soloFullInformation check plays, beside the preset's rehearsal over every shape, so
     * the no-discussion choice is held without narrowing the whole rehearsal to it (issue 24). Absent: none.
     */
    rehearsalMix: z
      .object({ share: z.number().min(0).max(1), shapes: PretrainShapesSchema })
      .strict()
      .optional(),
    /**
     * PPO's "old" log-probs: recomputed by the learner before the update (and compared with the sampler's:
     * `samplerMismatch`), or the sampler's own (the same model and tokens; saves one forward pass over every
     * action, and `samplerMismatch` is then 0).
     */
    oldLogprobs: z.enum(["recompute", "sampler"]).default("recompute"),
    ppoEpochs: int.min(1).max(32).default(2),
    minibatchSize: int.min(1).max(65_536).default(64),
    /**
     * Actions per forward/backward pass within a minibatch (one optimizer step per minibatch either way): the
     * minibatch is sorted by length and cut into micro-batches whose gradients are accumulated, weighted by
     * their action tokens, so the step is the same and each pass pads only to its own longest action.
     */
    microbatchSize: int.min(1).max(65_536).default(16),
    /**
     * How the update packs its sequences (docs/design.md §5): "prefixTree" stores each prefix the samples share once
     * (one seat's turns, one task's group episodes) and draws minibatches by whole trajectories; "none" pads every
     * sample to its own row and draws minibatches by sample (the update before packing, kept for comparison).
     */
    packing: z.enum(["prefixTree", "none"]).default("prefixTree"),
    /**
     * The kernel of the update's dense-layer backward products on tfjs-wasm: "simd" (the SIMD matmul of
     * @cosir/policy: 1-7x faster there, since XNNPACK packs a new operator for each backward product's fresh right
     * operand) or "xnnpack" (tf.matMul, as before). The gradients differ by float rounding only. Other back ends
     * run tf.matMul either way.
     */
    gradientMatMul: z.enum(["simd", "xnnpack"]).default("simd"),
    clipLow: z.number().min(0).max(1).default(0.2),
    clipHigh: z.number().min(0).max(10).default(0.28),
    klCoef: nonNegative.default(0.02),
    entropyCoef: nonNegative.default(0),
    learningRate: positive.max(1).default(5e-4),
    warmupIterations: int.min(0).default(2),
    decay: z.enum(["cosine", "linear", "none"]).default("cosine"),
    minLearningRate: nonNegative.default(5e-5),
    clipNorm: positive.default(1),
    temperature: positive.max(10).default(1),
    maxNewTokens: int.min(1).max(256).default(24),
  })
  .strict();

/** One arm's overlay: the RL settings in which it differs from the config (docs/design.md §5.6). */
const ArmOverlaySchema = z.object({ rl: RlSchema.partial().strict().optional() }).strict();

function isRewardPreset(name: string): boolean {
  return Object.hasOwn(rewardPresets, name);
}
const rewardPresetMessage = {
  message: `is not a reward preset; expected one of ${Object.keys(rewardPresets).join(", ")}`,
};

export const TrainConfigSchema = z
  .object({
    version: z.literal(TRAIN_CONFIG_VERSION).default(TRAIN_CONFIG_VERSION),
    /** Name of the preset the config started from. */
    preset: z.string().default("custom"),
    seed: int
      .min(0)
      .max(2 ** 31 - 1)
      .default(1),
    /**
     * env's own task options (TaskOptionsSchema), given to generateTask as they are, with the sizes the trainer's
     * model fits (a tighter bound where env allows more) and their defaults filled.
     */
    task: TaskOptionsSchema.extend({
      family: z.string().min(1).default("random"),
      options: int.min(2).max(16).default(3),
      attributes: int.min(1).max(16).default(4),
      agents: int.min(1).max(8).default(3),
      rounds: int.min(0).max(8).default(2),
    })
      .strict()
      .default({}),
    model: z
      .object({
        width: int.min(8).max(4096).default(64),
        layers: int.min(1).max(48).default(2),
        heads: int.min(1).max(64).default(4),
        context: int.min(32).max(4096).default(192),
        mlpRatio: int.min(1).max(8).default(4),
        /** Each position also embeds the one and two tokens before it (@cosir/policy's tokenShift). */
        tokenShift: z.boolean().default(false),
        /**
         * A fresh model's tokenizer reads and writes each cell `o<k> a<m>` (k, m < 8) as one word (trainerTokenizer's
         * `cellWords`), so finding one's own cell is copying a word, not binding two. Absent: false. A run from a
         * base keeps the base's tokenizer, whatever this says.
         */
        cellWords: z.boolean().optional(),
      })
      .strict()
      .default({}),
    sft: z
      .object({
        /** Teacher episodes generated for the warm start. */
        episodes: int.min(0).max(1_000_000).default(300),
        epochs: int.min(0).max(100).default(2),
        batchSize: int.min(1).max(4096).default(32),
        learningRate: positive.max(1).default(2e-3),
        shareRate: z.number().min(0).max(1).default(0.5),
        askRate: z.number().min(0).max(1).default(0.1),
        oracleRate: z.number().min(0).max(1).default(0),
        /** Probability that a teacher turn answers a teammate's open ASK for a cell it holds (teacherPolicy). */
        answerRate: z.number().min(0).max(1).default(0),
        /** Probability that a teacher message which shares or asks carries a second act (teacherPolicy). */
        comboRate: z.number().min(0).max(1).default(0),
        /**
         * With comboRate, the probability that a share's second act is an ask rather than another share (teacherPolicy);
         * absent: 0.5 (so the configs of bases made before it resolve as they did).
         */
        comboAsk: z.number().min(0).max(1).optional(),
        /** What the teacher chooses: what its own cells favour, or uniformly at random (format only). */
        teacherChoice: z.enum(["own", "random", "tally", "scratchpad"]).default("own"),
        /**
         * With `teacherChoice: "scratchpad"`, how a total decision's scratchpad is written (scratchpadFor): "distance",
         * a value per candidate; "running", the expected total added up a row at a time. Absent: "distance".
         */
        totalScratchpad: z.enum(["distance", "running"]).optional(),
        /** The teacher shares and asks only cells nobody has stated yet (teacherPolicy's `fresh`); absent: false. */
        fresh: z.boolean().optional(),
        /** Probability that a teacher's ask names one teammate (teacherPolicy's `askByName`); absent: 0. */
        askByName: z.number().min(0).max(1).optional(),
      })
      .strict()
      .default({}),
    /** Pretraining of the embedded base (`cosir pretrain`): a copy curriculum, then teacher actions. */
    pretrain: z
      .object({
        /** Teacher episodes played for the pretraining data. */
        episodes: int.min(1).max(1_000_000).default(2000),
        copySteps: int.min(0).max(1_000_000).default(250),
        /**
         * How the number words' embedding rows start (initNumberEmbedding): "random" as every other row, or "fourier"
         * (periodic features of the value, so n and n+1 start apart and adding is a rotation). Absent: "random".
         */
        numberEmbedding: z.enum(["random", "fourier"]).optional(),
        steps: int.min(0).max(1_000_000).default(1500),
        batchSize: int.min(1).max(4096).default(32),
        /**
         * Parts a pretraining batch is cut into, sorted by length, each padded only to its own longest sequence; their
         * gradients are accumulated with token weights, so a step's gradient is the whole batch's (to float rounding)
         * and mixed-length batches stop paying for padding. 1: one padded batch, as the demo's base was made.
         */
        lengthParts: int.min(1).max(4096).default(1),
        learningRate: positive.max(1).default(2e-3),
        warmupSteps: int.min(1).default(50),
        /**
         * Visibility of the teacher's pretraining tasks, when it differs from `task.visibility` (absent: the task's).
         * The demo's base was pretrained at 0.2 and RL trains and evaluates at 0.15.
         */
        visibility: z.number().min(0).max(1).optional(),
        /**
         * A length curriculum for the copy stage (opt-in; absent: every copy example from the first step): at copy step
         * s the batch is drawn from the shortest `startShare + (1 - startShare) * min(1, s / rampSteps)` of the copy
         * examples (by prompt length), so the model first finds its cell among few candidates in short prompts, then
         * in the longest (see the trainer README's copy probes).
         */
        copyCurriculum: z
          .object({
            startShare: z.number().gt(0).max(1),
            rampSteps: int.min(1).max(1_000_000),
          })
          .strict()
          .optional(),
        /**
         * Shares per copy example (1: `SHARE o<k> a<m> <level>`, as the demo's base was made). Above 1, the example for
         * each held cell goes on to share further held cells in a seeded random order (`SHARE x ; SHARE y ; ...`, as
         * many as fit in `rl.maxNewTokens`): several level targets for one prompt's forward pass.
         */
        copyShares: int.min(1).max(8).default(1),
        /**
         * Weight of an unlikelihood term on the cells of shares and asks (0, the default: none): in each copy,
         * teacher-message and ask example, at the option and attribute words of a `SHARE` of an own cell every word
         * that would name a cell the speaker does not hold, and at those of an `ASK` every word that would name one
         * it holds, are pushed down (`nextTokenLossWithNegatives`). A signal that ties a cell to the SEE list.
         */
        cellNegatives: nonNegative.default(0),
        /**
         * Relative weights of copy examples, teacher messages and teacher choices after the copy curriculum, and of
         * ask examples (`ASK o<k> a<m>` of a cell the speaker lacks and nobody has stated; default 0, none made).
         */
        mix: z
          .object({
            copy: nonNegative.default(0.2),
            talk: nonNegative.default(0.3),
            choose: nonNegative.default(0.5),
            ask: nonNegative.default(0),
          })
          .strict()
          .refine((m) => m.copy + m.talk + m.choose + m.ask > 0, "expected a positive weight")
          .default({}),
        /**
         * Pretrain over shapes (issue 24): the teacher plays `random` tasks of many sizes, level ranges, aggregates and
         * weightings (PretrainShapesSchema) instead of `task`'s one shape. Absent: `task`'s shape, as the demo's base.
         */
        shapes: PretrainShapesSchema.optional(),
        /** Episodes per held-out family (and for soloFullInformation) on which `cosir pretrain` measures the base. */
        heldOutEpisodes: int.min(0).max(100_000).optional(),
      })
      .strict()
      .default({}),
    rl: RlSchema.default({}),
    /**
     * @cosir/rewards' reward config input (a preset, weight overrides, clipping), resolved once here into the
     * RewardConfig every part of the run scores with; a resolved one validates to itself.
     */
    rewards: RewardConfigSchema.extend({
      preset: z.string().default("cosir").refine(isRewardPreset, rewardPresetMessage),
      weights: RewardWeightsSchema.partial().strict().optional(),
      clipAskAtZero: z.boolean().optional(),
    })
      .strict()
      .default({})
      .transform((section) => rewardConfig(section)),
    /**
     * What differs between the arms of one comparison, as overlays on the config keyed by reward preset (armConfig):
     * e.g. `{ cosir: { rl: { gamma: 0 } }, outcomeOnly: { rl: { klCoef: 0.2 } } }`.
     */
    arms: z.record(z.string().refine(isRewardPreset, rewardPresetMessage), ArmOverlaySchema).default({}),
    eval: z
      .object({
        episodes: int.min(0).max(1_000_000).default(100),
        /** Evaluation task seeds start here, far from every training seed. */
        seedOffset: int.min(0).default(1_000_000),
        /** Episodes per held-out benchmark in the demo's closing `cosir bench` table (0: skip it). */
        benchEpisodes: int.min(0).max(100_000).default(0),
        /** The demo's learning curve: held-out accuracy on this many evaluation tasks every curveEvery iterations. */
        curveEpisodes: int.min(0).max(100_000).default(0),
        curveEvery: int.min(1).default(10),
        /** Held-out dialogues kept per policy for the demo report. */
        dialogues: int.min(0).max(100).default(2),
        /**
         * Sampling temperature of every held-out evaluation of a model (the demo's tables and curves): 0 decodes
         * greedily; the RL temperature measures the policy RL trained.
         */
        temperature: z.number().finite().min(0).max(10).default(0),
        /**
         * Temperature of the choices in those evaluations (and of the base skills `cosir pretrain` measures), 0 for
         * greedy, while the discussion keeps `temperature`: a choice is the scratchpad's arithmetic, not a strategy
         * (TfjsPolicy's choiceTemperature). Every arm alike. Absent: `temperature` for every phase.
         */
        choiceTemperature: z.number().finite().min(0).max(10).optional(),
      })
      .strict()
      .default({}),
    /** Checkpoint RL starts from instead of training a base (the demo's committed base); relative to the cwd. */
    base: z.string().min(1).optional(),
    /** Write a checkpoint every this many RL iterations (and at the end). */
    checkpointEvery: int.min(1).default(5),
    /** Limits on the model's cost (trainConfigCost); absent fields take DEFAULT_TRAIN_BUDGET's. */
    budget: z
      .object({
        maxParameters: int.min(1).optional(),
        maxActivationBytes: z.number().finite().positive().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type TrainConfig = z.infer<typeof TrainConfigSchema>;
export type TrainConfigInput = z.input<typeof TrainConfigSchema>;
/** An arm's overlay on the config (`arms.<preset>`). */
export type ArmOverlay = z.infer<typeof ArmOverlaySchema>;

// The demo's task, RL run and arms, one constant each: the `shapes` preset trains RL and evaluates on the demo's task
// with the demo's RL settings, so the two cannot drift apart (train-config.test.ts checks they resolve alike).
// A table where talking matters: the scripted silent team is near 0.55, the oracle above 0.9 (see README).
// Visibility 0.15: silent 0.526, oracle 0.978 on the 3,000 held-out tasks (0.2 gave silent 0.572 on 1,000).
const demoTask = {
  options: 4,
  attributes: 2,
  agents: 3,
  rounds: 2,
  visibility: 0.15,
} as const satisfies TrainConfigInput["task"];

const demoRl = {
  // 1,152 episodes per arm: one PPO epoch on the sampler's own log-probs, micro-batched by length. lr 2e-4: at
  // 4e-4 outcome-only RL drifted below the base on held-out tasks (see README).
  iterations: 72,
  tasksPerIteration: 4,
  groupSize: 4,
  ppoEpochs: 1,
  oldLogprobs: "sampler",
  minibatchSize: 64,
  microbatchSize: 16,
  learningRate: 2e-4,
  minLearningRate: 2e-5,
  klCoef: 0.05,
  baseline: "turn",
} as const satisfies TrainConfigInput["rl"];

const demoArms = {
  // CoSIR's rewards are per message: each message is credited with its own reward. Per-message rewards need no
  // reward-to-go to credit a message, and the later terms only add noise to it; outcome-only's single terminal
  // reward reaches the messages only with gamma = 1.
  cosir: { rl: { gamma: 0 } },
  // Outcome-only's one terminal reward moves the policy mostly at random at this budget: a tighter pull to the
  // base keeps that walk short (seed 1: 0.694 at 0.2 against 0.649 at 0.05; see README).
  outcomeOnly: { rl: { klCoef: 0.2 } },
} as const satisfies TrainConfigInput["arms"];

/**
 * Presets: `smoke` runs in seconds (tests); `demo` is the main job on two CPU cores; `shapes` pretrains the base for
 * every shape (issue 24).
 */
export const trainPresets: Readonly<Record<string, TrainConfigInput>> = Object.freeze({
  smoke: {
    preset: "smoke",
    task: { rounds: 1 },
    model: { width: 32, layers: 1, heads: 2, context: 128 },
    sft: { episodes: 24, epochs: 1, batchSize: 16 },
    pretrain: {
      episodes: 20,
      copySteps: 3,
      steps: 5,
      batchSize: 8,
      warmupSteps: 2,
    },
    rl: {
      iterations: 3,
      tasksPerIteration: 2,
      groupSize: 2,
      ppoEpochs: 1,
      minibatchSize: 32,
      maxNewTokens: 12,
      warmupIterations: 0,
    },
    eval: { episodes: 8, curveEpisodes: 4, curveEvery: 2, dialogues: 1 },
    checkpointEvery: 1,
  },
  demo: {
    preset: "demo",
    // The committed base (`cosir pretrain --preset demo --out models/demo-base`); RL starts from it.
    base: "models/demo-base/checkpoint",
    task: demoTask,
    model: { width: 64, layers: 3, heads: 4, context: 192, tokenShift: true },
    // The teacher answers open asks and sometimes writes two acts in one message (share + share, share + ask), so the
    // base has seen a message that shares and asks at once: RL can then add asks without giving up a share.
    sft: {
      episodes: 400,
      epochs: 2,
      batchSize: 32,
      teacherChoice: "tally",
      shareRate: 0.4,
      askRate: 0.05,
      answerRate: 0.8,
      comboRate: 0.3,
    },
    pretrain: {
      episodes: 3000,
      copySteps: 200,
      steps: 3800,
      batchSize: 32,
      learningRate: 2e-3,
      warmupSteps: 50,
      mix: { copy: 0.15, talk: 0.25, choose: 0.6 },
      // The committed base's teacher data (models/demo-base/base.json): `cosir pretrain --preset demo` still makes it.
      visibility: 0.2,
    },
    rl: demoRl,
    arms: demoArms,
    // Evaluated as trained: sampled at the RL temperature (greedy decoding hides most of what RL moved).
    // The learning curve on 300 of those tasks (a 95% CI of about ±0.05; 100 gave ±0.09, wider than what RL moves).
    eval: {
      episodes: 3000,
      benchEpisodes: 20,
      curveEpisodes: 300,
      curveEvery: 24,
      dialogues: 2,
      temperature: 1,
    },
    checkpointEvery: 5,
  },
  // The base for every shape (issue 24): pretrained over shapes of the `random` family only (PretrainShapesSchema's
  // defaults: 2-6 options, 2-8 attributes, 1-5 agents, 1-3 rounds, four level ranges, sum and min, announced
  // weights, a choice before the discussion), with the 0..100 choice scratchpad and the fresh, answering,
  // asking-by-name teacher; context 320 holds every held-out family's longest prompt at its default size (bigTeam's
  // oracle team reaches 252 tokens) with 24 tokens of action. RL and evaluation keep the demo's task.
  // `cosir pretrain --preset shapes --out DIR` (see the trainer README for its time).
  shapes: {
    preset: "shapes",
    // The committed base this preset made (models/shapes-base, session 35): `cosir demo --preset shapes` starts from
    // it instead of a 70-minute pretraining; `cosir pretrain --preset shapes` still makes a new one.
    base: "models/shapes-base/checkpoint",
    task: demoTask,
    model: { width: 64, layers: 3, heads: 4, context: 320, tokenShift: true },
    sft: {
      episodes: 400,
      epochs: 2,
      batchSize: 32,
      teacherChoice: "scratchpad",
      shareRate: 0.5,
      askRate: 0.1,
      answerRate: 0.8,
      comboRate: 0.3,
      fresh: true,
      askByName: 0.3,
    },
    pretrain: {
      episodes: 6000,
      // Copy first, long enough to cross the jump from guessing a level to copying it (session 32's copy probes,
      // scripts/copy-probe.mjs: held-out given-cell accuracy 0.97 by copy step 500 with the two settings below, at
      // 0.88 after 800 without them; the 300 copy steps before were cut off before the jump): the shortest tenth of
      // the copy prompts first, all of them from step 600, four shares per copy example.
      copySteps: 700,
      copyCurriculum: { startShare: 0.1, rampSteps: 600 },
      copyShares: 4,
      // Session 33: 10,000 mixed steps against 6,000 lifted choice = MAP on the demo task from 0.67 to 0.82 and own-cell
      // shares from 0.68 to 0.89 (trainer README); the loss was still falling at 6,000.
      steps: 10000,
      batchSize: 32,
      // Prompts run from ~30 to ~250 tokens: four length-sorted parts pad each to its own longest (see README).
      lengthParts: 4,
      learningRate: 2e-3,
      warmupSteps: 50,
      mix: { copy: 0.15, talk: 0.3, choose: 0.55 },
      shapes: {},
      heldOutEpisodes: 200,
    },
    // The demo's RL, plus the choice rehearsed over the base's shapes (session 37: 64 teacher episodes an iteration,
    // four distillation steps, both arms alike). RL on the demo's one shape alone wore the base's choosing on the
    // other shapes down and the held-out families did not move; with this, CoSIR's held-out sum was above the base's
    // on every seed (trainer README, "Transfer").
    // Session 41: twice the demo's iterations (2,304 episodes an arm) with the choices judged greedily: on the
    // training family CoSIR 0.763-0.770 against 0.740-0.749 (36-38% of the gap against 32%), and its held-out sum above
    // the base's with the paired interval clear of 0 on every seed (trainer README, "Twice the RL").
    rl: {
      ...demoRl,
      iterations: 144,
      choiceDistillCoef: 1,
      choiceRehearsal: 64,
      choiceDistillSteps: 4,
      rehearsalShapes: {},
    },
    arms: demoArms,
    eval: {
      episodes: 3000,
      benchEpisodes: 200,
      curveEpisodes: 300,
      curveEvery: 24,
      dialogues: 2,
      temperature: 1,
      // Choices decoded greedily, every arm alike, while the talk is sampled at 1 (session 40): sampling each number
      // of a tally adds error to it; on session 37's checkpoints this lifted choice = MAP on five held-out families
      // by 0.04-0.11 and every arm's held-out sum (trainer README, "The same checkpoints with greedy choices").
      choiceTemperature: 0,
    },
    checkpointEvery: 5,
  },
});

/** Parses `a.b.c=value` overrides: numbers, booleans and JSON are decoded, anything else is a string. */
export function parseOverride(text: string): Record<string, unknown> {
  const eq = text.indexOf("=");
  if (eq <= 0) throw new InvalidConfigError("--set", text, "expected key.path=value");
  const path = text.slice(0, eq).split(".");
  const raw = text.slice(eq + 1);
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  let out: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i] as string;
    if (key === "" || key === "__proto__" || key === "constructor" || key === "prototype")
      throw new InvalidConfigError("--set", text, "expected a dotted key path");
    out = { [key]: out };
  }
  return out as Record<string, unknown>;
}

/**
 * Resolves preset -> file -> overrides into a validated config. Errors name the field path and
 * the value (`rl.groupSize: expected a number >= 2, got 1`).
 */
export function resolveTrainConfig(layers: {
  preset?: string;
  file?: unknown;
  overrides?: readonly Record<string, unknown>[];
}): TrainConfig {
  let merged: unknown = {};
  if (layers.preset !== undefined) {
    const preset = Object.hasOwn(trainPresets, layers.preset) ? trainPresets[layers.preset] : undefined;
    if (!preset)
      throw new InvalidConfigError("preset", layers.preset, `expected one of ${Object.keys(trainPresets).join(", ")}`);
    merged = deepMerge(merged, preset);
  }
  if (layers.file !== undefined) {
    if (layers.file === null || typeof layers.file !== "object" || Array.isArray(layers.file))
      throw new InvalidConfigError("config", layers.file, "expected an object");
    merged = deepMerge(merged, layers.file);
  }
  for (const o of layers.overrides ?? []) merged = deepMerge(merged, o);
  return validateTrainConfig(merged);
}

const own = (record: object, key: string): boolean => Object.hasOwn(record, key);

/** Bytes in words (`4.2 GB`). */
function formatBytes(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * Validates a whole config, as the schema and beyond it, before anything is built or written: the schema; heads
 * dividing the width; the task family, sizes and domain (one task is generated); the reward preset and weights,
 * resolved here once into the RewardConfig the run scores with (`config.rewards`); each arm's overlay; and the
 * model's cost (trainConfigCost) against `budget`, for every arm. Every error is one InvalidConfigError naming the
 * field path and its value. A config written with `rl.gammaByPreset` or `rl.klCoefByPreset` is refused with what to
 * write instead (rejectArmTables). A validated config validates to itself.
 */
export function validateTrainConfig(input: unknown): TrainConfig {
  rejectArmTables(input);
  const parsed = TrainConfigSchema.safeParse(input);
  if (!parsed.success) {
    const d = describeZodError("", parsed.error, input);
    // zod's "Expected number, received string" would read "..., got \"abc\"" twice over: say what was expected only.
    const message = d.message
      .replace(/^Expected ([^,]+), received [^(]*/, "expected $1 ")
      .replace(/^Required/, "is required")
      .trimEnd();
    throw new InvalidConfigError(d.field || "(config)", d.value, message, {
      cause: parsed.error,
    });
  }
  const config = parsed.data;
  if (config.model.width % config.model.heads !== 0)
    throw new InvalidConfigError(
      "model.heads",
      config.model.heads,
      `expected a divisor of model.width ${config.model.width}`,
    );
  if (config.rl.shapesRate < 1 && config.rl.shapes === undefined)
    throw new InvalidConfigError(
      "rl.shapesRate",
      config.rl.shapesRate,
      "expected rl.shapes with it: the share of rollout tasks drawn over rl.shapes",
    );
  if (config.rl.talkRehearsal && (config.rl.choiceRehearsal === 0 || config.rl.choiceDistillCoef === 0))
    throw new InvalidConfigError(
      "rl.talkRehearsal",
      config.rl.talkRehearsal,
      `expected rl.choiceRehearsal > 0 and rl.choiceDistillCoef > 0 with it (got ${config.rl.choiceRehearsal} and ${config.rl.choiceDistillCoef}): it adds the rehearsal episodes' messages to the distillation step`,
    );
  if (config.rl.talkRehearsalShare < 1 && !config.rl.talkRehearsal)
    throw new InvalidConfigError(
      "rl.talkRehearsalShare",
      config.rl.talkRehearsalShare,
      "expected rl.talkRehearsal with it: the share of the talk rehearsal's examples kept",
    );
  if (config.rl.rehearsalMix !== undefined && config.rl.choiceRehearsal === 0)
    throw new InvalidConfigError(
      "rl.rehearsalMix",
      JSON.stringify(config.rl.rehearsalMix),
      "expected rl.choiceRehearsal > 0 with it: it draws a share of the rehearsal's episodes",
    );
  checkTask(config);
  checkBudget(config);
  for (const arm of Object.keys(config.arms)) {
    try {
      checkBudget(armConfig(config, arm));
    } catch (error) {
      if (!(error instanceof InvalidConfigError)) throw error;
      throw new InvalidConfigError(`arms.${arm}`, error.value, `${error.field} ${error.expected}`, { cause: error });
    }
  }
  return config;
}

/** The task family and sizes, checked by generating one task (errors re-named under `task.`). */
function checkTask(config: TrainConfig): void {
  const t = config.task;
  if (!own(taskFamilies, t.family))
    throw new InvalidConfigError("task.family", t.family, `expected one of ${Object.keys(taskFamilies).join(", ")}`);
  try {
    generateTask({ ...t, seed: config.seed });
  } catch (error) {
    if (!(error instanceof CosirError)) throw error;
    const field = (error as { field?: unknown }).field;
    const value = (error as { value?: unknown }).value;
    const expected =
      error instanceof InvalidArgumentError || error instanceof InvalidConfigError ? error.expected : error.message;
    throw new InvalidConfigError(typeof field === "string" ? `task.${field}` : "task", value, expected, {
      cause: error,
    });
  }
}

/** The model's cost (trainConfigCost) against `budget` (absent limits take DEFAULT_TRAIN_BUDGET's). */
function checkBudget(config: TrainConfig): void {
  const budget = { ...DEFAULT_TRAIN_BUDGET, ...config.budget };
  const cost = trainConfigCost(config);
  if (cost.parameters > budget.maxParameters)
    throw new InvalidConfigError(
      "model",
      config.model,
      `builds ${cost.parameters.toLocaleString(
        "en-US",
      )} parameters, over budget.maxParameters ${budget.maxParameters.toLocaleString(
        "en-US",
      )} (raise it with --set budget.maxParameters=N)`,
    );
  if (cost.activationBytes > budget.maxActivationBytes)
    throw new InvalidConfigError(
      "model",
      { ...config.model, batch: cost.batch },
      `needs about ${formatBytes(cost.activationBytes)} of activations for a batch of ${
        cost.batch
      } sequences, over budget.maxActivationBytes ${formatBytes(
        budget.maxActivationBytes,
      )} (lower the batch sizes, model.context or model.width, or raise it with --set budget.maxActivationBytes=N)`,
    );
}
