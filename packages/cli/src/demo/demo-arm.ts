import { loadCheckpoint } from "@cosir/policy/tfjs";
import {
  evaluatePolicy,
  evaluationTasks,
  samplingPolicy,
  TrainRun,
  type PolicyEvaluation,
  type PolicyModel,
  type ProgressOptions,
  type TrainConfig,
} from "@cosir/trainer";

/** Held-out team accuracy of an arm after some RL episodes (decoded as `eval.temperature` says). */
export interface CurvePoint {
  iteration: number;
  episodes: number;
  teamAccuracy: number;
  ci95: [number, number];
}

/** One RL arm of the demo: a reward preset trained from the base with one seed. */
export interface DemoArmSpec {
  /** The arm's config: its reward preset and seed already set. */
  config: TrainConfig;
  dir: string;
  /** Checkpoint the arm starts from (the base). */
  base: string;
  /** Seed of the held-out tasks: the demo's, whatever the arm's RL seed, so every arm meets the same tasks. */
  heldOutSeed: number;
}

export interface DemoArmResult {
  preset: string;
  seed: number;
  curve: CurvePoint[];
  evaluation: PolicyEvaluation;
  seconds: number;
}

/**
 * The held-out evaluation of a policy model the demo reports, at `eval.temperature` (0: greedy; the choices at
 * `eval.choiceTemperature` when set) with a fixed sampling seed, as in every table.
 */
export async function evaluateModel(
  pm: PolicyModel,
  config: TrainConfig,
  n: number,
  dialogues = 0,
): Promise<PolicyEvaluation> {
  const policy = samplingPolicy(pm, {
    temperature: config.eval.temperature,
    maxNewTokens: config.rl.maxNewTokens,
    seed: 0,
    choiceTemperature: config.eval.choiceTemperature,
  });
  return evaluatePolicy(policy, evaluationTasks(config, n), { dialogues });
}

/**
 * Trains one arm in slices of `eval.curveEvery` iterations, evaluating held-out team accuracy on the first
 * `eval.curveEpisodes` evaluation tasks before the first slice and after each (the learning curve), then on all
 * `eval.episodes` of them with a few dialogues kept for the report.
 */
export async function runDemoArm(
  spec: DemoArmSpec,
  progress: ProgressOptions,
  log: (line: string) => void = () => {},
): Promise<DemoArmResult> {
  const started = Date.now();
  const { config } = spec;
  const heldOut = { ...config, seed: spec.heldOutSeed };
  const perIteration = config.rl.tasksPerIteration * config.rl.groupSize;
  const run = await TrainRun.start(config, spec.dir, { progress }, { base: spec.base });
  const curve: CurvePoint[] = [];
  const point = async () => {
    const e = await evaluateModel(run.policyModel, heldOut, config.eval.curveEpisodes);
    const iteration = run.completedIterations;
    curve.push({ iteration, episodes: iteration * perIteration, teamAccuracy: e.teamAccuracy, ci95: e.ci95 });
    log(
      `${config.rewards.preset} seed ${config.seed}: ${iteration * perIteration} episodes, held-out accuracy ${e.teamAccuracy.toFixed(3)}`,
    );
  };
  try {
    if (config.eval.curveEpisodes > 0) await point();
    while (run.completedIterations < config.rl.iterations) {
      await run.train({ until: run.completedIterations + Math.max(1, config.eval.curveEvery) });
      if (config.eval.curveEpisodes > 0) await point();
    }
    const evaluation = await evaluateModel(run.policyModel, heldOut, config.eval.episodes, config.eval.dialogues);
    return {
      preset: config.rewards.preset,
      seed: config.seed,
      curve,
      evaluation,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    run.dispose();
  }
}

/** Loads a checkpoint and evaluates it like an arm (the base row of the demo table). */
export async function evaluateCheckpoint(path: string, config: TrainConfig, dialogues = 0): Promise<PolicyEvaluation> {
  const loaded = await loadCheckpoint(path);
  try {
    return await evaluateModel(
      { model: loaded.model, tokenizer: loaded.tokenizer },
      config,
      config.eval.episodes,
      dialogues,
    );
  } finally {
    loaded.model.dispose();
  }
}
