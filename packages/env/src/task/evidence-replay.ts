import {
  applyClaim,
  cellIndex,
  cloneBeliefs,
  copyBeliefsInto,
  InvalidArgumentError,
  mapAnswer,
  surprisal,
  type Beliefs,
  type DecisionModel,
} from "@cosir/bayes";
import type { AskAct, ShareAct } from "../messages/act";
import { actCell } from "./act-cell";
import type { SpokenMessage } from "./agent-beliefs";
import { decisionModelForTask } from "./decision-model-for-task";
import { isTaskAgent } from "./is-task-agent";
import { ownBeliefs } from "./own-beliefs";
import type { Task } from "./task";
import { validShareCell } from "./valid-share-cell";

/** A message as the replay reads it: a trace message, or any speaker and acts (turn defaults to its position). */
export interface ReplayMessage extends SpokenMessage {
  turn?: number;
}

/** One claim a recipient heard: a valid SHARE of a teammate, in the order it was spoken. */
export interface HeardClaim {
  cell: number;
  level: number;
  speaker: number;
  turn: number;
}

/** One SHARE act of a message, judged against what its speaker knew before the message. */
export interface ShareEvidence {
  act: ShareAct;
  /** The cell it names, or -1 when the cell or the level lies outside the task (then nobody hears it). */
  cell: number;
  /** The level is the true table's level of the cell. */
  truthful: boolean;
  /** The speaker sees the cell itself. */
  seen: boolean;
  /** The speaker saw the cell or heard it from a teammate before this message. */
  known: boolean;
  /** DESIGN.md §3: invalid, a level other than the truth, or a cell the speaker neither saw nor heard. */
  falseClaim: boolean;
}

/** One ASK of a message: the first ask of each distinct cell inside the task, in act order. */
export interface AskEvidence {
  act: AskAct;
  cell: number;
}

/** What one message contributed to the replay. */
export interface MessageEvidence {
  speaker: number;
  turn: number;
  /** False when the speaker is not an agent of the task: nothing it says is judged or heard. */
  fromAgent: boolean;
  shares: ShareEvidence[];
  asks: AskEvidence[];
  /** The valid SHAREs, as every other agent heard them, in act order. */
  claims: HeardClaim[];
}

/**
 * The evidence replay of an episode (DESIGN.md §1-3), the one that env, rewards and metrics share.
 * Agent j's evidence starts as the prior plus its own cells (point masses, immune to claims); each
 * message is broadcast, so every valid SHARE of a speaker is applied as a claim through the task's
 * noise channel to every other agent, in act order (at eps = 0 the later conflicting claim wins).
 * Messages of a speaker that is not an agent of the task are heard by nobody.
 *
 * Feed messages in order with `hear`; between calls the accessors show every agent's evidence
 * before the next message. Beliefs are updated in place (no per-message copies); posteriors,
 * surprisals and MAPs are computed lazily and cached until the agent's evidence changes.
 */
export class EvidenceReplay {
  readonly task: Task;
  readonly agents: number;
  readonly cells: number;
  private readonly evidence: Beliefs[];
  /** seen[agent * cells + cell] = 1 when the agent sees the cell; heard likewise for claims received. */
  private readonly seen: Uint8Array;
  private readonly heard: Uint8Array;
  /** True level per cell; NaN where the table has none. */
  private readonly truth: Float64Array;
  private readonly claims: HeardClaim[] = [];
  private messagesHeard = 0;
  private model: DecisionModel | undefined;
  private readonly pmfs: Float64Array[] = [];
  private readonly cached: Uint8Array;
  private readonly surprisals: Float64Array;
  private readonly maps: Int32Array;
  private probe: Beliefs | undefined;
  private probePmf: Float64Array | undefined;

  constructor(task: Task) {
    this.task = task;
    this.agents = task.agents;
    this.cells = task.options * task.attributes;
    const { agents, cells } = this;
    this.evidence = Array.from({ length: agents }, (_, j) => ownBeliefs(task, j));
    this.seen = new Uint8Array(agents * cells);
    this.heard = new Uint8Array(agents * cells);
    for (let j = 0; j < agents; j++)
      for (const cell of task.visibility[j] ?? []) if (cell >= 0 && cell < cells) this.seen[j * cells + cell] = 1;
    this.truth = new Float64Array(cells).fill(Number.NaN);
    task.table.forEach((row, o) =>
      row.forEach((level, a) => {
        if (o < task.options && a < task.attributes) this.truth[cellIndex(o, a, task.attributes)] = level;
      }),
    );
    this.cached = new Uint8Array(agents);
    this.surprisals = new Float64Array(agents);
    this.maps = new Int32Array(agents);
  }

  /** Whether `agent` is an agent of the task (a possible speaker and recipient). */
  isAgent(agent: number): boolean {
    return isTaskAgent(this.task, agent);
  }

  /** Agent's current evidence E_j; a live view, updated in place by `hear`: copy it to keep it. */
  beliefs(agent: number): Beliefs {
    return this.evidence[this.checkAgent(agent)] as Beliefs;
  }

  /** Whether the agent sees the cell itself (false for a non-agent or a cell outside the table). */
  sees(agent: number, cell: number): boolean {
    return this.isAgent(agent) && this.inTable(cell) && this.seen[agent * this.cells + cell] === 1;
  }

  /** Whether the agent has heard a valid claim about the cell from a teammate. */
  hasHeard(agent: number, cell: number): boolean {
    return this.isAgent(agent) && this.inTable(cell) && this.heard[agent * this.cells + cell] === 1;
  }

  /** Whether some agent other than `agent` sees the cell (someone who could answer an ASK of it). */
  seenByTeammate(agent: number, cell: number): boolean {
    if (!this.inTable(cell)) return false;
    for (let j = 0; j < this.agents; j++) if (j !== agent && this.seen[j * this.cells + cell] === 1) return true;
    return false;
  }

  /** The claims the agent has heard so far, with speaker and turn, in order. */
  heardClaims(agent: number): HeardClaim[] {
    this.checkAgent(agent);
    return this.claims.filter((c) => c.speaker !== agent);
  }

  /** The true table's level at a cell (NaN outside the table). */
  trueLevel(cell: number): number {
    return this.inTable(cell) ? (this.truth[cell] as number) : Number.NaN;
  }

  /** The task's decision model (DESIGN.md §1). */
  get decisionModel(): DecisionModel {
    if (this.model === undefined) this.model = decisionModelForTask(this.task);
    return this.model;
  }

  /** P(answer | E_j), cached until the agent's evidence changes: copy it to keep it. */
  posterior(agent: number): Float64Array {
    const j = this.checkAgent(agent);
    if (this.cached[j] === 1) return this.pmfs[j] as Float64Array;
    const model = this.decisionModel;
    let out = this.pmfs[j];
    if (out === undefined) this.pmfs[j] = out = new Float64Array(model.answers);
    const pmf = model.posterior(this.evidence[j] as Beliefs, out).pmf;
    if (pmf !== out) out.set(pmf);
    this.surprisals[j] = surprisal(out, this.task.correct);
    this.maps[j] = mapAnswer(out);
    this.cached[j] = 1;
    return out;
  }

  /** s_j = -log P(correct | E_j) in nats (DESIGN.md §1). */
  surprisal(agent: number): number {
    this.posterior(agent);
    return this.surprisals[agent] as number;
  }

  /** The MAP answer of E_j (lowest index on ties). */
  map(agent: number): number {
    this.posterior(agent);
    return this.maps[agent] as number;
  }

  /**
   * How much one more claim "cell has level" (through the task's noise channel) would lower the agent's
   * surprisal: s_j(E_j) - s_j(E_j + claim). Negative when the claim misleads. Leaves the replay unchanged.
   */
  surprisalReduction(agent: number, cell: number, level: number): number {
    const before = this.surprisal(agent);
    const model = this.decisionModel;
    const evidence = this.evidence[agent] as Beliefs;
    if (this.probe === undefined) {
      this.probe = cloneBeliefs(evidence);
      this.probePmf = new Float64Array(model.answers);
    } else copyBeliefsInto(this.probe, evidence);
    applyClaim(this.probe, cell, level, this.task.noise);
    return before - surprisal(model.posterior(this.probe, this.probePmf).pmf, this.task.correct);
  }

  /**
   * Hears one message: judges its SHAREs against what the speaker knew before it, lists its ASKs, and
   * applies its valid SHAREs as claims to every other agent. The speaker's own evidence never changes.
   */
  hear(message: ReplayMessage): MessageEvidence {
    const speaker = message.speaker;
    const turn = message.turn ?? this.messagesHeard;
    this.messagesHeard++;
    const result: MessageEvidence = {
      speaker,
      turn,
      fromAgent: this.isAgent(speaker),
      shares: [],
      asks: [],
      claims: [],
    };
    if (!result.fromAgent) return result;
    const { task, cells } = this;
    for (const act of message.acts) {
      if (act.kind === "ask") {
        const cell = actCell(task, act);
        if (cell >= 0 && !result.asks.some((a) => a.cell === cell)) result.asks.push({ act, cell });
      } else if (act.kind === "share") {
        const cell = validShareCell(task, act);
        if (cell < 0) {
          result.shares.push({ act, cell, truthful: false, seen: false, known: false, falseClaim: true });
          continue;
        }
        const truthful = act.level === this.truth[cell];
        const seen = this.seen[speaker * cells + cell] === 1;
        const known = seen || this.heard[speaker * cells + cell] === 1;
        result.shares.push({ act, cell, truthful, seen, known, falseClaim: !truthful || !known });
        result.claims.push({ cell, level: act.level, speaker, turn });
      }
    }
    if (result.claims.length === 0) return result;
    for (let j = 0; j < this.agents; j++) {
      if (j === speaker) continue;
      const evidence = this.evidence[j] as Beliefs;
      for (const claim of result.claims) {
        applyClaim(evidence, claim.cell, claim.level, task.noise);
        this.heard[j * cells + claim.cell] = 1;
      }
      this.cached[j] = 0;
    }
    for (const claim of result.claims) this.claims.push(claim);
    return result;
  }

  /** Hears every message in order; returns the replay, now at the end of them. */
  hearAll(messages: readonly ReplayMessage[]): this {
    for (const message of messages) this.hear(message);
    return this;
  }

  private inTable(cell: number): boolean {
    return Number.isInteger(cell) && cell >= 0 && cell < this.cells;
  }

  private checkAgent(agent: number): number {
    if (!this.isAgent(agent))
      throw new InvalidArgumentError("agent", agent, `expected an integer in 0..${this.agents - 1}`);
    return agent;
  }
}
