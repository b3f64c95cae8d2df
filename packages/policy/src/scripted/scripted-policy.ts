import {
  applyClaim,
  cellIndex,
  cloneBeliefs,
  entropy,
  expectedInformationGain,
  InvalidArgumentError,
  mapAnswer,
  type Beliefs,
  type DecisionModel,
} from "@cosir/bayes";
import {
  Rng,
  decisionModelForTask,
  hashSeed,
  renderChoice,
  renderMessage,
  type Act,
  type Observation,
  type Policy,
  type PolicyAction,
} from "@cosir/env";
import { observationBeliefs, publicBeliefs } from "./observation-beliefs";
import { pendingAnswers } from "./pending-answers";

export const SCRIPTED_KINDS = ["silent", "random", "greedyShare", "oracle"] as const;
export type ScriptedKind = (typeof SCRIPTED_KINDS)[number];

export interface ScriptedPolicyOptions {
  /** Seed for the `random` agent; every decision is a function of (seed, task, agent, turn). */
  seed?: number;
  /** Most SHARE acts in one message (answers included). Default 2. */
  maxShares?: number;
  /** The oracle asks only while its own P(MAP) is below this. Default 0.9. */
  confident?: number;
  /** The oracle asks only for cells whose EIG exceeds this (nats). Default 0.01. */
  minGain?: number;
}

interface Ctx {
  obs: Observation;
  model: DecisionModel;
  beliefs: Beliefs;
}

/** Cells the agent holds that nobody has shared yet, ranked by how much they lower the public entropy about the answer. */
function rankedShares(ctx: Ctx): { option: number; attribute: number; level: number; gain: number }[] {
  const { obs, model } = ctx;
  const pub = publicBeliefs(obs);
  const base = entropy(model.posterior(pub).pmf);
  const shared = new Set<number>();
  for (const m of obs.messages)
    for (const act of m.acts)
      if (act.kind === "share") shared.add(cellIndex(act.option, act.attribute, obs.task.attributes));
  const out: { option: number; attribute: number; level: number; gain: number }[] = [];
  for (const [option, attribute, level] of obs.ownCells) {
    const cell = cellIndex(option, attribute, obs.task.attributes);
    if (shared.has(cell)) continue;
    const probe = cloneBeliefs(pub);
    applyClaim(probe, cell, level, obs.task.noise);
    out.push({ option, attribute, level, gain: base - entropy(model.posterior(probe).pmf) });
  }
  return out.sort((x, y) => y.gain - x.gain || x.option - y.option || x.attribute - y.attribute);
}

function discussActs(
  kind: ScriptedKind,
  ctx: Ctx,
  opts: Required<Omit<ScriptedPolicyOptions, "seed">>,
  rng: Rng,
): Act[] {
  const { obs, model, beliefs } = ctx;
  const t = obs.task;
  if (kind === "silent") return [{ kind: "pass" }];
  if (kind === "random") {
    const choice = rng.int(4);
    if (choice === 0 && obs.ownCells.length > 0) {
      const [option, attribute, level] = rng.pick(obs.ownCells);
      return [{ kind: "share", option, attribute, level }];
    }
    if (choice === 1) return [{ kind: "ask", option: rng.int(t.options), attribute: rng.int(t.attributes) }];
    if (choice === 2 && t.decision.kind === "argmax") return [{ kind: "propose", option: rng.int(t.options) }];
    return [{ kind: "pass" }];
  }
  const acts: Act[] = [];
  const chosen = new Set<number>();
  if (kind === "oracle") {
    for (const answer of pendingAnswers(ctx.obs)) {
      if (acts.length >= opts.maxShares) break;
      acts.push({ kind: "share", ...answer });
      chosen.add(cellIndex(answer.option, answer.attribute, t.attributes));
    }
  }
  for (const s of rankedShares(ctx)) {
    if (acts.length >= opts.maxShares || !(s.gain > 1e-9)) break;
    if (chosen.has(cellIndex(s.option, s.attribute, t.attributes))) continue;
    acts.push({ kind: "share", option: s.option, attribute: s.attribute, level: s.level });
  }
  if (kind === "oracle") {
    const post = model.posterior(beliefs).pmf;
    if ((post[mapAnswer(post)] as number) < opts.confident) {
      const known = new Set<number>();
      for (const [o, a] of obs.ownCells) known.add(cellIndex(o, a, t.attributes));
      for (const m of obs.messages)
        for (const act of m.acts) {
          if (act.kind === "share") known.add(cellIndex(act.option, act.attribute, t.attributes));
          if (act.kind === "ask" && m.speaker === obs.agent)
            known.add(cellIndex(act.option, act.attribute, t.attributes));
        }
      let best = -1;
      let bestGain = opts.minGain;
      for (let cell = 0; cell < t.options * t.attributes; cell++) {
        if (known.has(cell)) continue;
        const gain = expectedInformationGain(model, beliefs, cell);
        if (gain > bestGain) {
          bestGain = gain;
          best = cell;
        }
      }
      if (best >= 0)
        acts.push({ kind: "ask", option: Math.floor(best / t.attributes), attribute: best % t.attributes });
    }
  }
  return acts.length > 0 ? acts : [{ kind: "pass" }];
}

/**
 * Scripted agents (docs/design.md §4), deterministic given a seed; they see only their observation.
 * - silent: always PASS; chooses the MAP of its own evidence.
 * - random: one uniformly random act per turn (a truthful SHARE of a random own cell, an ASK of a
 *   random cell, a PROPOSE of a random option, or PASS); chooses uniformly at random.
 * - greedyShare: shares its not-yet-shared cells that most lower the public entropy about the
 *   answer (up to maxShares), never asks; chooses MAP.
 * - oracle: first answers open questions for its cells, then shares like greedyShare, and while
 *   unsure (P(MAP) < confident) asks for the unknown cell of maximum EIG; chooses MAP.
 */
export function scriptedPolicy(kind: ScriptedKind, options: ScriptedPolicyOptions = {}): Policy {
  if (!SCRIPTED_KINDS.includes(kind))
    throw new InvalidArgumentError("kind", kind, `expected one of ${SCRIPTED_KINDS.join(", ")}`);
  const seed = options.seed ?? 0;
  const opts = {
    maxShares: options.maxShares ?? 2,
    confident: options.confident ?? 0.9,
    minGain: options.minGain ?? 0.01,
  };
  if (!Number.isInteger(opts.maxShares) || opts.maxShares < 1)
    throw new InvalidArgumentError("maxShares", opts.maxShares, "expected a positive integer");

  function actOne(obs: Observation): PolicyAction {
    const model = decisionModelForTask(obs.task);
    const rng = new Rng(hashSeed(seed, kind, obs.taskId, obs.agent, obs.phase, obs.turn));
    if (obs.phase === "discuss") {
      const ctx: Ctx = { obs, model, beliefs: observationBeliefs(obs) };
      return { text: renderMessage(discussActs(kind, ctx, opts, rng), obs.surface, obs.task) };
    }
    const choice = kind === "random" ? rng.int(model.answers) : mapAnswer(model.posterior(observationBeliefs(obs)).pmf);
    return { text: renderChoice(choice, obs.surface, obs.task) };
  }

  return {
    name: kind,
    async act(observations: readonly Observation[]): Promise<PolicyAction[]> {
      return observations.map(actOne);
    },
  };
}
