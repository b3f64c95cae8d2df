import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, readdir, rm } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CosirError, InvalidConfigError } from "@cosir/bayes";
import { heldOutFamilies } from "@cosir/bench";
import { scriptedPolicy } from "@cosir/policy";
import { selectBackend } from "@cosir/policy/tfjs";
import { checkOutputPath, prepareOutputFolder } from "@cosir/policy";
import { rewardConfig, type RewardConfig, type RewardWeights } from "@cosir/rewards";
import {
  armConfig,
  basePaths,
  decodingLabel,
  evaluatePolicy,
  evaluationTasks,
  runPretrain,
  writeJsonAtomic,
  type PolicyEvaluation,
  type ProgressOptions,
  type TrainConfig,
} from "@cosir/trainer";
import { type CurvePoint, type DemoArmResult, type DemoArmSpec, evaluateCheckpoint, runDemoArm } from "./demo-arm";

/** Everything a demo writes at the top of its folder (besides seed-<s>/ folders). */
/** The demo's own files in --out (checked before anything runs). */
const DEMO_FILES = ["config.json", "summary.json", "report.html"] as const;
const DEMO_OUTPUTS = new Set([
  "base",
  "outcomeOnly",
  "cosir",
  "bench",
  "config.json",
  "summary.json",
  "report.html",
  "pretrained",
]);

export const DEMO_ARMS = ["outcomeOnly", "cosir"] as const;
export type DemoArm = (typeof DEMO_ARMS)[number];

export interface DemoOptions {
  /** RL seeds per arm (each a full outcome-only and CoSIR pair from the same base). Default 1. */
  seeds?: number;
  /**
   * The first RL seed's index (default 0): arms train with seeds config.seed + firstSeed + s, evaluated on the same
   * held-out tasks (config.seed) as ever, so `--seeds 1 --first-seed 2` trains exactly the third seed pair of
   * `--seeds 3` and a long evidence job can be split over runs or machines.
   */
  firstSeed?: number;
  /** Arms trained at once, each in its own process. Default: the machine's cores, at most 2 per seed pair. */
  parallel?: number;
  /**
   * Work for a free core once seed 0's outcome-only arm and the evaluation of the base are done (the CLI runs the
   * held-out families of the base and outcome-only there, beside the CoSIR arm). Its wall time is `seconds.beside`.
   */
  beside?: () => Promise<void>;
}

/** How many RL episodes CoSIR needed to reach outcome-only's final held-out accuracy (seed 0's curves). */
export interface EpisodeRatio {
  /** Outcome-only's final held-out accuracy on the curve tasks, and the episodes it trained on. */
  target: number;
  outcomeOnlyEpisodes: number;
  /** First curve point at which CoSIR's accuracy is at least the target; null if it never gets there. */
  cosirEpisodes: number | null;
  /** cosirEpisodes / outcomeOnlyEpisodes (null if not reached). */
  ratio: number | null;
}

export interface DemoResult {
  /** Held-out evaluations: base, outcomeOnly and cosir (seed 0), and the scripted silent and oracle teams. */
  policies: Record<string, PolicyEvaluation>;
  /** Every RL seed's two arms. */
  seeds: { seed: number; outcomeOnly: PolicyEvaluation; cosir: PolicyEvaluation }[];
  /** Seed 0's learning curves (held-out accuracy against RL episodes). */
  curves: Record<DemoArm, CurvePoint[]>;
  episodeRatio: EpisodeRatio;
  /**
   * Wall seconds: `base` (copy or pretrain), `rl` (every arm, the evaluation of the base and scripted teams and the
   * `beside` job included), `eval` (that evaluation alone; it runs beside the last arm), `beside` (when given).
   */
  seconds: Record<string, number>;
}

/**
 * The arms a demo trains, in the pool's order: for each RL seed s in 0..seeds-1 outcome-only then CoSIR, with seed
 * config.seed + firstSeed + s and the held-out tasks of config.seed (so a split job meets the same tasks).
 */
export function demoArmSpecs(
  config: TrainConfig,
  dir: string,
  base: string,
  seeds: number,
  firstSeed = 0,
): DemoArmSpec[] {
  const specs: DemoArmSpec[] = [];
  for (let s = 0; s < seeds; s++)
    for (const arm of DEMO_ARMS)
      specs.push({
        config: { ...demoArmConfig(config, arm), seed: config.seed + firstSeed + s },
        dir: demoArmDir(dir, arm, s),
        base,
        heldOutSeed: config.seed,
      });
  return specs;
}

/** Where the arm of RL seed `s` trains: seed 0 keeps the historical DIR/<arm>, others DIR/seed-<s>/<arm>. */
export function demoArmDir(dir: string, arm: DemoArm, s: number): string {
  return s === 0 ? join(dir, arm) : join(dir, `seed-${s}`, arm);
}

export function episodeRatio(curves: Record<DemoArm, readonly CurvePoint[]>): EpisodeRatio {
  const last = curves.outcomeOnly[curves.outcomeOnly.length - 1];
  const target = last?.teamAccuracy ?? Number.NaN;
  const outcomeOnlyEpisodes = last?.episodes ?? 0;
  const reached = curves.cosir.find((p) => p.teamAccuracy >= target);
  const cosirEpisodes = reached === undefined ? null : reached.episodes;
  return {
    target,
    outcomeOnlyEpisodes,
    cosirEpisodes,
    ratio: cosirEpisodes === null || outcomeOnlyEpisodes === 0 ? null : cosirEpisodes / outcomeOnlyEpisodes,
  };
}

/** The episode ratio in words, as the demo prints it and the report shows it. */
export function describeEpisodeRatio(r: EpisodeRatio): string {
  if (!Number.isFinite(r.target))
    return "No learning curve (eval.curveEpisodes is 0), so no episode ratio: set eval.curveEpisodes to measure one.";
  const final = `outcome-only's final held-out accuracy (${r.target.toFixed(3)} after ${r.outcomeOnlyEpisodes} episodes, curve tasks)`;
  if (r.ratio === null) return `CoSIR did not reach ${final}.`;
  if (r.cosirEpisodes === 0)
    return `The base already had ${final}: outcome-only RL did not improve on it, so the episode ratio is 0.`;
  return `CoSIR reached ${final} after ${r.cosirEpisodes} episodes: ratio ${r.ratio.toFixed(2)}.`;
}

/**
 * The config an arm trains with (armConfig): its preset's rewards, or `config.rewards` (weights and clipAskAtZero
 * included) for the arm whose preset it names, so `cosir demo --set rewards.weights.ask=3` changes the CoSIR arm (the
 * default preset is cosir) and leaves outcome-only as it is; then the arm's overlay (`arms.<arm>`). A preset the demo
 * does not train is an error, not silently dropped.
 */
export function demoArmConfig(config: TrainConfig, arm: DemoArm): TrainConfig {
  const { preset } = config.rewards;
  if (!(DEMO_ARMS as readonly string[]).includes(preset))
    throw new InvalidConfigError(
      "rewards.preset",
      preset,
      `the demo trains ${DEMO_ARMS.join(" and ")}; rewards.weights and rewards.clipAskAtZero apply to the arm of that preset`,
    );
  return armConfig(config, arm);
}

/** What `rewards` changes over its preset's own config: the weights that differ, and clipAskAtZero if it does. */
function rewardOverrides(rewards: RewardConfig): { weights?: Partial<RewardWeights>; clipAskAtZero?: boolean } | null {
  const preset = rewardConfig(rewards.preset);
  const weights = Object.entries(rewards.weights).filter(([k, w]) => preset.weights[k as keyof RewardWeights] !== w);
  const clip = rewards.clipAskAtZero !== preset.clipAskAtZero;
  if (weights.length === 0 && !clip) return null;
  return {
    ...(weights.length > 0 ? { weights: Object.fromEntries(weights) } : {}),
    ...(clip ? { clipAskAtZero: rewards.clipAskAtZero } : {}),
  };
}

const CHILD = fileURLToPath(new URL("./demo-arm-child.js", import.meta.url));

/** Runs one arm in a child process (its own core); in-process where the child entry is not built (tests). */
function runArm(spec: DemoArmSpec, progress: ProgressOptions, log: (line: string) => void): Promise<DemoArmResult> {
  if (!existsSync(CHILD)) return runDemoArm(spec, progress, log);
  return new Promise((done, fail) => {
    const child = fork(CHILD, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let result: DemoArmResult | undefined;
    let error: string | undefined;
    child.on("message", (m: { type: string; line?: string; result?: DemoArmResult; message?: string }) => {
      if (m.type === "log" && m.line !== undefined) log(m.line);
      else if (m.type === "result") result = m.result;
      else if (m.type === "error") error = m.message;
    });
    child.on("error", fail);
    child.on("exit", (code) => {
      if (result !== undefined) done(result);
      else
        fail(
          new CosirError(
            "demo_arm_failed",
            `${spec.config.rewards.preset} (seed ${spec.config.seed}): ${error ?? `child exited with ${code}`}`,
          ),
        );
    });
    child.send({ type: "run", spec });
  });
}

async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(width, jobs.length)) }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await (jobs[i] as () => Promise<T>)();
      }
    }),
  );
  return out;
}

/**
 * The main job (the evidence issue): a base (the committed checkpoint `config.base`, or pretrained here), then
 * outcome-only RL and CoSIR RL from that same base with equal iterations and seeds, each arm in its own process,
 * with held-out learning curves; then the base, both arms and the scripted silent and oracle teams on the same
 * held-out tasks (decoded at `eval.temperature`).
 */
export async function runDemo(
  config: TrainConfig,
  dir: string,
  progress: ProgressOptions,
  log: (line: string) => void,
  options: DemoOptions = {},
): Promise<DemoResult> {
  const seeds = options.seeds ?? 1;
  const firstSeed = options.firstSeed ?? 0;
  // checked before anything is written
  for (const arm of DEMO_ARMS) demoArmConfig(config, arm);
  await selectBackend();
  const seconds: Record<string, number> = {};
  // Only what an earlier demo wrote here is removed: --out may name a folder that holds other things.
  prepareOutputFolder(dir, "--out");
  // design §5.5: an output file that is a link, a folder or a device is refused, never removed and replaced.
  for (const name of DEMO_FILES) checkOutputPath(join(dir, name), "--out");
  const stale = (await readdir(dir)).filter((name) => DEMO_OUTPUTS.has(name) || /^seed-\d+$/.test(name));
  for (const name of stale) await rm(join(dir, name), { recursive: true, force: true });
  await writeJsonAtomic(join(dir, "config.json"), config);

  let started = Date.now();
  const base = join(dir, "base");
  if (config.base !== undefined && existsSync(resolve(config.base))) {
    log(`base: ${config.base} (pretrained with cosir pretrain)`);
    await cp(resolve(config.base), base, { recursive: true });
  } else {
    // The same job as `cosir pretrain`, so the base made here has its log and base.json (skills, hashes) too.
    if (config.base !== undefined) log(`base: ${config.base} not found, pretraining one here`);
    const pretrained = join(dir, "pretrained");
    const how = { command: "cosir demo (no committed base)", log, heldOut: heldOutFamilies };
    await runPretrain(config, pretrained, { progress }, how);
    await cp(basePaths(pretrained).checkpoint, base, { recursive: true });
  }
  seconds.base = (Date.now() - started) / 1000;

  started = Date.now();
  const specs = demoArmSpecs(config, dir, base, seeds, firstSeed);
  const width = options.parallel ?? Math.min(2, availableParallelism());
  const changed = rewardOverrides(config.rewards);
  if (changed !== null) log(`${config.rewards.preset} arm: rewards ${JSON.stringify(changed)} over its preset`);
  log(
    `RL: ${seeds} seed(s) x ${DEMO_ARMS.join(" and ")}, ${config.rl.iterations} iterations x ${config.rl.tasksPerIteration} tasks x ${config.rl.groupSize} episodes each, ${width} at a time`,
  );
  // The base and the scripted teams are evaluated as the pool's last job: it starts as soon as a core is free (with
  // one seed, when the outcome-only arm, the quicker one, is done) and runs beside the last arm.
  const tasks = evaluationTasks(config);
  const reference: Record<string, PolicyEvaluation> = {};
  const evaluateReference = async (): Promise<undefined> => {
    const evalStarted = Date.now();
    log(`evaluating base and scripted teams on ${tasks.length} held-out tasks (${decodingLabel(config)})`);
    reference.base = await evaluateCheckpoint(base, config, config.eval.dialogues);
    for (const team of ["silent", "oracle"] as const)
      reference[team] = await evaluatePolicy(scriptedPolicy(team, { seed: config.seed }), tasks);
    seconds.eval = (Date.now() - evalStarted) / 1000;
    return undefined;
  };
  let outcomeOnlyDone: () => void = () => {};
  const outcomeOnlyFinished = new Promise<void>((resolve) => {
    outcomeOnlyDone = resolve;
  });
  const jobs: (() => Promise<DemoArmResult | undefined>)[] = specs.map((spec, i) => async () => {
    const result = await runArm(spec, { ...progress, quiet: true }, log);
    if (i === DEMO_ARMS.indexOf("outcomeOnly")) outcomeOnlyDone();
    return result;
  });
  jobs.push(evaluateReference);
  const { beside } = options;
  if (beside !== undefined)
    jobs.push(async () => {
      // the pool starts jobs in order, but seed 0's outcome-only arm may still run if CoSIR's finished first
      await outcomeOnlyFinished;
      const besideStarted = Date.now();
      await beside();
      seconds.beside = (Date.now() - besideStarted) / 1000;
      return undefined;
    });
  const done = await pool(jobs, width);
  const arms = done.filter((a): a is DemoArmResult => a !== undefined);
  seconds.rl = (Date.now() - started) / 1000;

  const armOf = (preset: DemoArm, s: number) =>
    arms.find((a) => a.preset === preset && a.seed === config.seed + firstSeed + s) as DemoArmResult;
  const policies: Record<string, PolicyEvaluation> = {
    base: reference.base as PolicyEvaluation,
    outcomeOnly: armOf("outcomeOnly", 0).evaluation,
    cosir: armOf("cosir", 0).evaluation,
    silent: reference.silent as PolicyEvaluation,
    oracle: reference.oracle as PolicyEvaluation,
  };
  const curves = { outcomeOnly: armOf("outcomeOnly", 0).curve, cosir: armOf("cosir", 0).curve };
  const result: DemoResult = {
    policies,
    seeds: Array.from({ length: seeds }, (_, s) => ({
      seed: config.seed + firstSeed + s,
      outcomeOnly: armOf("outcomeOnly", s).evaluation,
      cosir: armOf("cosir", s).evaluation,
    })),
    curves,
    episodeRatio: episodeRatio(curves),
    seconds,
  };
  await writeJsonAtomic(join(dir, "summary.json"), {
    version: 2,
    config: config.preset,
    evalEpisodes: tasks.length,
    ...result,
  });
  return result;
}
