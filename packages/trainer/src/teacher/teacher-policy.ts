import { cellIndex, createBeliefs, mapAnswer, observeCell } from "@cosir/bayes";
import {
  Rng,
  choiceTally,
  decisionModelForTask,
  hashSeed,
  renderChoice,
  renderMessage,
  renderTally,
  type Act,
  type Observation,
  type Policy,
  type PolicyAction,
} from "@cosir/env";
import { observationBeliefs, pendingAnswers, scriptedPolicy } from "@cosir/policy";
import type { TrainConfig } from "../config/train-config";
import { scratchpadFor, type TotalScratchpad } from "./choice-scratchpad";

export interface TeacherOptions {
  seed?: number;
  /** Probability that a turn shares one of the agent's own cells (picked at random). Default 0.5. */
  shareRate?: number;
  /** Probability that a turn asks for a random cell the agent does not hold. Default 0.1. */
  askRate?: number;
  /** Probability that a whole episode seat is played by the oracle instead. Default 0. */
  oracleRate?: number;
  /**
   * "own": choose what the agent's own cells favour (default); "random": a uniformly random answer;
   * "tally": write the TALLY scratchpad of everything the agent has seen and heard (choiceTally) and choose its
   * argmax, lowest index among ties (tasks without a tally choose the MAP of the same evidence); "scratchpad": the
   * same over choiceScratchpad, whose values stay in 0..100 and which every aggregate, weighting and total decision
   * has (the shapes base).
   */
  choice?: "own" | "random" | "tally" | "scratchpad";
  /** With `choice: "scratchpad"`, how a total decision's scratchpad is written (scratchpadFor). Default "distance". */
  totalScratchpad?: TotalScratchpad;
  /**
   * Probability that a turn answers a teammate's open ASK: a cell the agent holds that a teammate asked for (of
   * anyone, or of this agent) and nobody has shared since. The turn then shares that cell. Default 0.
   */
  answerRate?: number;
  /**
   * Probability that a message which shares or asks carries a second act, so that a base has seen one message do
   * two things: a share gains another of the agent's own cells or an ask for a cell it lacks (even odds, where both
   * exist), an ask gains a share of an own cell. Shares come first. Default 0.
   */
  comboRate?: number;
  /**
   * With comboRate, the probability that a share's second act is an ask for a cell the agent lacks (where one exists)
   * rather than another of its own cells. The same draw is made whatever its value, so 0.5 writes what the teacher
   * wrote before the option existed. Default 0.5.
   */
  comboAsk?: number;
  /**
   * Shares and asks only cells nobody has stated yet (no SHARE of them in the history): a share picks at random
   * among the agent's own unstated cells, an ask among the unstated cells it lacks; a turn with nothing left passes.
   * Which cell stays random, so RL still has the strategy to learn. Default false (cells drawn with repeats).
   */
  fresh?: boolean;
  /** Probability that an ask names one teammate (`ASK o<k> a<m> @<i>`, the teammate drawn at random). Default 0. */
  askByName?: number;
}

/** Cells some message of the history has shared (by anyone, this agent included). */
function statedCells(obs: Observation): Set<number> {
  const out = new Set<number>();
  for (const m of obs.messages)
    for (const act of m.acts)
      if (act.kind === "share") out.add(cellIndex(act.option, act.attribute, obs.task.attributes));
  return out;
}

/**
 * The SFT teacher (issue 4): fluent but not strategic. Each turn it shares one of its own cells at
 * random with probability shareRate, seldom asks (askRate) for a random cell it lacks, otherwise
 * passes; it chooses what its OWN cells favour, ignoring what it heard. With answerRate > 0 it shares a cell a
 * teammate asked it for; with comboRate > 0 some messages carry two acts. With oracleRate > 0 a seat
 * is played by the scripted oracle for the whole episode (the "oracle as an option").
 */
export function teacherPolicy(options: TeacherOptions = {}): Policy {
  const seed = options.seed ?? 0;
  const shareRate = options.shareRate ?? 0.5;
  const askRate = options.askRate ?? 0.1;
  const oracleRate = options.oracleRate ?? 0;
  const answerRate = options.answerRate ?? 0;
  const comboRate = options.comboRate ?? 0;
  const comboAsk = options.comboAsk ?? 0.5;
  const askByName = options.askByName ?? 0;
  const oracle = scriptedPolicy("oracle", { seed });
  const scratchpad = scratchpadFor(options.totalScratchpad);

  function ownOnlyChoice(obs: Observation): number {
    const t = obs.task;
    const b = createBeliefs({ cells: t.options * t.attributes, levels: t.levels, prior: t.prior });
    for (const [o, a, level] of obs.ownCells) observeCell(b, cellIndex(o, a, t.attributes), level);
    return mapAnswer(decisionModelForTask(t).posterior(b).pmf);
  }

  function tallyChoice(obs: Observation): string {
    const beliefs = observationBeliefs(obs);
    const tally = obs.surface === "canonical" ? choiceTally(obs.task, beliefs) : null;
    if (tally === null)
      return renderChoice(mapAnswer(decisionModelForTask(obs.task).posterior(beliefs).pmf), obs.surface, obs.task);
    return renderTally(tally, tally.indexOf(Math.max(...tally)));
  }

  function scratchpadText(obs: Observation): string {
    if (obs.surface !== "canonical")
      return renderChoice(
        mapAnswer(decisionModelForTask(obs.task).posterior(observationBeliefs(obs)).pmf),
        obs.surface,
        obs.task,
      );
    const values = scratchpad.values(obs.task, observationBeliefs(obs));
    return renderTally(values, scratchpad.answer(obs.task, values), decisionModelForTask(obs.task).answers);
  }

  function actOne(obs: Observation): PolicyAction {
    const t = obs.task;
    const rng = new Rng(hashSeed(seed, "teacher", obs.taskId, obs.agent, obs.phase, obs.turn));
    if (obs.phase !== "discuss") {
      if (options.choice === "tally") return { text: tallyChoice(obs) };
      if (options.choice === "scratchpad") return { text: scratchpadText(obs) };
      const choice = options.choice === "random" ? rng.int(decisionModelForTask(t).answers) : ownOnlyChoice(obs);
      return { text: renderChoice(choice, obs.surface, t) };
    }
    const roll = rng.next();
    const own = new Set(obs.ownCells.map(([o, a]) => cellIndex(o, a, t.attributes)));
    const stated = options.fresh === true ? statedCells(obs) : new Set<number>();
    const ownCells = obs.ownCells.filter(([o, a]) => !stated.has(cellIndex(o, a, t.attributes)));
    const missing: number[] = [];
    for (let c = 0; c < t.options * t.attributes; c++) if (!own.has(c) && !stated.has(c)) missing.push(c);
    const askFor = (cell: number): Act => {
      const ask: Act = { kind: "ask", option: Math.floor(cell / t.attributes), attribute: cell % t.attributes };
      if (askByName > 0 && t.agents > 1) {
        // Its own stream, so a teacher that never names anyone asks exactly as before.
        const named = new Rng(hashSeed(seed, "teacher-ask-to", obs.taskId, obs.agent, obs.turn, cell));
        if (named.next() < askByName) return { ...ask, to: (obs.agent + 1 + named.int(t.agents - 1)) % t.agents };
      }
      return ask;
    };
    let acts: Act[] = [{ kind: "pass" }];
    if (roll < shareRate && ownCells.length > 0) {
      const [option, attribute, level] = rng.pick(ownCells);
      acts = [{ kind: "share", option, attribute, level }];
    } else if (roll < shareRate + askRate) {
      if (missing.length > 0) acts = [askFor(rng.pick(missing))];
    }
    // Answers and second acts draw from their own stream, so a teacher without them writes exactly what it did.
    if (answerRate > 0 || comboRate > 0) {
      const extra = new Rng(hashSeed(seed, "teacher-extra", obs.taskId, obs.agent, obs.phase, obs.turn));
      // A fresh teacher answers only asks for cells nobody has stated (an ask can repeat an answered cell).
      const open = pendingAnswers(obs).filter((p) => !stated.has(cellIndex(p.option, p.attribute, t.attributes)));
      if (open.length > 0 && extra.next() < answerRate) {
        const { option, attribute, level } = extra.pick(open);
        acts = [{ kind: "share", option, attribute, level }];
      }
      const first = acts[0] as Act;
      if (first.kind !== "pass" && extra.next() < comboRate) {
        if (first.kind === "share") {
          const others = ownCells.filter(([o, a]) => o !== first.option || a !== first.attribute);
          const second = others.length > 0 && (missing.length === 0 || extra.next() < 1 - comboAsk);
          if (second) {
            const [option, attribute, level] = extra.pick(others);
            acts.push({ kind: "share", option, attribute, level });
          } else if (missing.length > 0) acts.push(askFor(extra.pick(missing)));
        } else if (ownCells.length > 0) {
          const [option, attribute, level] = extra.pick(ownCells);
          acts.unshift({ kind: "share", option, attribute, level });
        }
      }
    }
    return { text: renderMessage(acts, obs.surface, t) };
  }

  return {
    name: "teacher",
    async act(observations: readonly Observation[]): Promise<PolicyAction[]> {
      const out: PolicyAction[] = [];
      for (const obs of observations) {
        const seatRng = new Rng(hashSeed(seed, "teacher-seat", obs.taskId, obs.agent));
        if (oracleRate > 0 && seatRng.next() < oracleRate) out.push(...(await oracle.act([obs])));
        else out.push(actOne(obs));
      }
      return out;
    },
  };
}

/** The teacher a config's `sft` section describes (the warm start's and the pretraining's), seeded by `config.seed`. */
export function teacherFromConfig(config: Pick<TrainConfig, "seed" | "sft">): Policy {
  const { sft } = config;
  return teacherPolicy({
    seed: config.seed,
    shareRate: sft.shareRate,
    askRate: sft.askRate,
    oracleRate: sft.oracleRate,
    answerRate: sft.answerRate,
    comboRate: sft.comboRate,
    comboAsk: sft.comboAsk,
    choice: sft.teacherChoice,
    totalScratchpad: sft.totalScratchpad,
    fresh: sft.fresh,
    askByName: sft.askByName,
  });
}
