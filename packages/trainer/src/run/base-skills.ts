import { cellIndex, mapAnswer, type Beliefs } from "@cosir/bayes";
import { agentBeliefs, decisionModelForTask, runEpisodes, type Task, type Trace, type TraceChoice } from "@cosir/env";
import { packSequences, tokenLogprobs, unpackCompletions, type PromptCompletion } from "@cosir/policy/tfjs";
import * as tf from "@tensorflow/tfjs-core";
import { wilson95 } from "../metrics/wilson95";
import { promptIds, samplingPolicy, type PolicyModel } from "./policy-model";
import { replayObservations } from "../rollout/replay-observations";

/** What a base must do before RL can teach it anything (the evidence issue's targets), on held-out tasks. */
export interface BaseSkills extends Omit<TraceSkills, "shares"> {
  episodes: number;
  /** Mean probability (at temperature 1) of the right level after "SHARE o<k> a<m>" for a cell the agent holds. */
  givenCellLevel: number;
}

export interface BaseSkillOptions {
  temperature: number;
  /** Temperature of the choices (samplingPolicy's choiceTemperature); absent: `temperature`. */
  choiceTemperature?: number;
  maxNewTokens: number;
  seed: number;
  /** At most this many given-cell probes (one per discussion observation, its first held cell). Default 400. */
  maxProbes?: number;
  batchSize?: number;
}

/** What a team's traces show of sharing and choosing (pure; the model-free part of measureBaseSkills). */
export interface TraceSkills {
  /** SHARE acts written. */
  shares: number;
  /** Share of the SHARE acts that name a cell their agent holds. */
  ownCellShares: number;
  /** Share of the SHARE acts whose level is the true one. */
  trueShares: number;
  /** Share of discussion messages that contain a SHARE. */
  shareRate: number;
  /** Share of final choices equal to the MAP of the agent's evidence (own cells and teammates' claims). */
  choiceIsMap: number;
  teamAccuracy: number;
  ci95: [number, number];
}

/** One final choice of a trace with its agent's evidence (own cells and every teammate's claim) and its MAP. */
export interface FinalChoice {
  task: Task;
  choice: TraceChoice;
  beliefs: Beliefs;
  /** The posterior over the task's answers given `beliefs`. */
  pmf: ArrayLike<number>;
  map: number;
}

/** Every final choice of `traces` (trace k played `tasks[k]`) in order, with its evidence and that evidence's MAP. */
export function* finalChoices(tasks: readonly Task[], traces: readonly Trace[]): Generator<FinalChoice> {
  for (const [k, trace] of traces.entries()) {
    const task = tasks[k] as Task;
    const model = decisionModelForTask(task);
    for (const choice of trace.choices) {
      const beliefs = agentBeliefs(task, choice.agent, trace.messages);
      const { pmf } = model.posterior(beliefs);
      yield { task, choice, beliefs, pmf, map: mapAnswer(pmf) };
    }
  }
}

/**
 * Counts over traces: SHARE acts that name a cell the speaker holds and that state its true level, messages with a
 * SHARE, final choices equal to the MAP of the agent's evidence (own cells and every teammate's claim), and team
 * accuracy with its Wilson interval.
 */
export function traceSkills(tasks: readonly Task[], traces: readonly Trace[]): TraceSkills {
  let shares = 0;
  let own = 0;
  let truthful = 0;
  let sharing = 0;
  let messages = 0;
  let choices = 0;
  let mapChoices = 0;
  let correct = 0;
  traces.forEach((trace, k) => {
    const task = tasks[k] as Task;
    for (const m of trace.messages) {
      messages++;
      let any = false;
      for (const act of m.acts) {
        if (act.kind !== "share") continue;
        any = true;
        shares++;
        if ((task.visibility[m.speaker] ?? []).includes(cellIndex(act.option, act.attribute, task.attributes))) own++;
        if (task.table[act.option]?.[act.attribute] === act.level) truthful++;
      }
      if (any) sharing++;
    }
    if (trace.teamDecision === task.correct) correct++;
  });
  for (const { choice, map } of finalChoices(tasks, traces)) {
    choices++;
    if (choice.choice === map) mapChoices++;
  }
  const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    shares,
    ownCellShares: ratio(own, shares),
    trueShares: ratio(truthful, shares),
    shareRate: ratio(sharing, messages),
    choiceIsMap: ratio(mapChoices, choices),
    teamAccuracy: ratio(correct, traces.length),
    ci95: wilson95(correct, traces.length),
  };
}

/**
 * Plays the model against itself at the RL temperature on held-out tasks and measures the skills a base needs:
 * copying a held cell's level, sharing its own cells truthfully, and choosing what its evidence favours.
 */
export async function measureBaseSkills(
  pm: PolicyModel,
  tasks: readonly Task[],
  options: BaseSkillOptions,
  /** Receives the played traces (held-out skills count false claims from them). */
  played?: (traces: readonly Trace[]) => void,
): Promise<BaseSkills> {
  const policy = samplingPolicy(pm, {
    temperature: options.temperature,
    maxNewTokens: options.maxNewTokens,
    seed: options.seed,
    choiceTemperature: options.choiceTemperature,
  });
  const traces = await runEpisodes(tasks, policy, { surface: "canonical", seed: tasks.map((_, k) => k) });
  played?.(traces);
  const probes: PromptCompletion[] = [];
  const maxProbes = options.maxProbes ?? 400;
  traces.forEach((trace, k) => {
    for (const step of replayObservations(tasks[k] as Task, trace)) {
      if (step.kind !== "message" || probes.length >= maxProbes) continue;
      const cell = step.observation.ownCells[0];
      if (cell === undefined) continue;
      const [o, a, v] = cell;
      probes.push({
        prompt: promptIds(pm, step.observation, options.maxNewTokens),
        completion: pm.tokenizer.encode(`SHARE o${o} a${a} ${v}`),
      });
    }
  });
  let probability = 0;
  const batchSize = options.batchSize ?? 32;
  for (let i = 0; i < probes.length; i += batchSize) {
    const packed = packSequences(probes.slice(i, i + batchSize), { padToken: pm.tokenizer.pad });
    const values = tf.tidy(() => tokenLogprobs(pm.model, packed.tokens).logprobs.dataSync());
    packed.tokens.dispose();
    packed.mask.dispose();
    for (const lp of unpackCompletions(packed, values)) probability += Math.exp(lp[lp.length - 1] as number);
  }
  const { shares: _, ...skills } = traceSkills(tasks, traces);
  return { episodes: traces.length, givenCellLevel: probes.length === 0 ? 0 : probability / probes.length, ...skills };
}
