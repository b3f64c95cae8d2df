import { InvalidArgumentError } from "@cosir/bayes";
import { ProtocolError } from "../errors/protocol-error";
import type { Surface } from "../messages/act";
import { parseChoice } from "../messages/parse-choice";
import { parseMessage } from "../messages/parse-message";
import type { Observation, Phase, PolicyAction } from "../policy/policy";
import type { Task } from "../task/task";
import { TRACE_VERSION, type Trace, type TraceChoice, type TraceMessage } from "../trace/trace";
import { renderObservation } from "./render-observation";
import { teamDecision } from "./team-decision";

export interface CollaborationEnvOptions {
  surface?: Surface;
  /**
   * Optional cap on steps (messages + choices). Reaching it ends the episode with every agent
   * truncated (not terminated); the team decision is then taken from the final choices made so far.
   */
  maxSteps?: number;
  /**
   * Natural surface: the system prompt shows one short form by example for a fact, a question, a proposal and a
   * pass (default true); false turns that guidance off (see ObservationState.guidance). Parsing is the same.
   */
  guidance?: boolean;
}

export interface LastResult {
  agent: number | null;
  /** Observation of the agent to act, or null when the episode is over. */
  observation: Observation | null;
  done: boolean;
  terminated: boolean;
  truncated: boolean;
}

/**
 * One episode of the protocol (docs/design.md §2), PettingZoo-AEC style: optional private pre-choices in
 * agent order, `task.rounds` rounds in which agents 0..N-1 speak in turn (broadcast), final private
 * choices in agent order, then the team decision by strict majority. Untrusted text never throws:
 * unparseable messages are kept with `parseError` and count as PASS; an unparseable choice is an abstention.
 */
export class CollaborationEnv {
  readonly task: Task;
  readonly surface: Surface;
  readonly maxSteps: number;
  readonly guidance: boolean;
  /** The seats, 0..N-1. */
  readonly agents: readonly number[];
  terminations: boolean[] = [];
  truncations: boolean[] = [];
  private seed = 0;
  private currentPhase: Phase | "done" = "done";
  private current: number | null = null;
  private turnIndex = 0;
  private steps = 0;
  private preChoices: TraceChoice[] = [];
  private messages: TraceMessage[] = [];
  private choices: TraceChoice[] = [];
  private decision: number | null = null;

  constructor(task: Task, opts: CollaborationEnvOptions = {}) {
    const surface = opts.surface ?? "canonical";
    if (surface !== "canonical" && surface !== "natural" && surface !== "tool")
      throw new InvalidArgumentError("surface", surface, 'expected "canonical", "natural" or "tool"');
    const maxSteps = opts.maxSteps ?? Number.POSITIVE_INFINITY;
    if (!(maxSteps === Number.POSITIVE_INFINITY || (Number.isInteger(maxSteps) && maxSteps >= 1))) {
      throw new InvalidArgumentError("maxSteps", maxSteps, "expected a positive integer");
    }
    this.task = task;
    this.surface = surface;
    this.maxSteps = maxSteps;
    if (opts.guidance !== undefined && typeof opts.guidance !== "boolean")
      throw new InvalidArgumentError("guidance", opts.guidance, "expected true or false");
    this.guidance = opts.guidance ?? true;
    this.agents = Array.from({ length: task.agents }, (_, i) => i);
    this.reset(task.seed);
  }

  /** Starts a new episode; `seed` is recorded in the trace (the protocol itself is deterministic). */
  reset(seed: number = this.task.seed): void {
    if (!Number.isInteger(seed)) throw new InvalidArgumentError("seed", seed, "expected an integer");
    this.seed = seed;
    this.terminations = this.agents.map(() => false);
    this.truncations = this.agents.map(() => false);
    this.turnIndex = 0;
    this.steps = 0;
    this.preChoices = [];
    this.messages = [];
    this.choices = [];
    this.decision = null;
    this.current = 0;
    this.currentPhase = this.task.preDiscussionChoice ? "preChoice" : this.task.rounds > 0 ? "discuss" : "choose";
  }

  /** The agent to act, or null when the episode is over. */
  get agentSelection(): number | null {
    return this.current;
  }

  get phase(): Phase | "done" {
    return this.currentPhase;
  }

  get done(): boolean {
    return this.currentPhase === "done";
  }

  /** Discussion round (0-based); 0 before the discussion, task.rounds after it. */
  get round(): number {
    if (this.currentPhase === "preChoice") return 0;
    if (this.currentPhase === "discuss") return Math.floor(this.turnIndex / this.task.agents);
    return this.task.rounds;
  }

  /** Global index of the next discussion message (= messages so far). */
  get turn(): number {
    return this.turnIndex;
  }

  /** What `agent` sees now. After the end, the final-choice view. */
  observe(agent: number): Observation {
    if (!Number.isInteger(agent) || agent < 0 || agent >= this.task.agents) {
      throw new ProtocolError(`observe: agent must be an integer in 0..${this.task.agents - 1}, got ${String(agent)}`);
    }
    const phase: Phase = this.currentPhase === "done" ? "choose" : this.currentPhase;
    return renderObservation(this.task, agent, {
      phase,
      round: this.round,
      turn: phase === "discuss" ? this.turnIndex : -1,
      messages: this.messages,
      surface: this.surface,
      guidance: this.guidance,
    });
  }

  last(): LastResult {
    const agent = this.current;
    return {
      agent,
      observation: agent === null ? null : this.observe(agent),
      done: this.done,
      terminated: agent === null ? this.terminations.every(Boolean) : (this.terminations[agent] ?? false),
      truncated: agent === null ? this.truncations.every(Boolean) : (this.truncations[agent] ?? false),
    };
  }

  /** Acts for the current agent with raw text (or a PolicyAction). Throws only when the episode is over or the action is not text. */
  step(action: PolicyAction | string): void {
    const agent = this.current;
    if (agent === null || this.currentPhase === "done")
      throw new ProtocolError("step: the episode is over; call reset() to start another");
    const text = typeof action === "string" ? action : action?.text;
    if (typeof text !== "string")
      throw new ProtocolError(`step: expected a string or {text: string}, got ${typeof text}`);
    const sampled = typeof action === "string" ? {} : sampledOf(action);
    const N = this.task.agents;
    this.steps++;
    if (this.currentPhase === "discuss") {
      const parsed = parseMessage(text, this.surface, this.task);
      const message: TraceMessage = {
        turn: this.turnIndex,
        round: Math.floor(this.turnIndex / N),
        speaker: agent,
        text,
        acts: parsed.acts,
        ...(parsed.error !== undefined ? { parseError: parsed.error } : {}),
        ...sampled,
      };
      this.messages.push(message);
      this.turnIndex++;
      if (this.turnIndex >= this.task.rounds * N) {
        this.currentPhase = "choose";
        this.current = 0;
      } else this.current = this.turnIndex % N;
    } else {
      const parsed = parseChoice(text, this.surface, this.task);
      const choice: TraceChoice = {
        agent,
        text,
        choice: parsed.choice,
        ...(parsed.error !== undefined ? { parseError: parsed.error } : {}),
        ...sampled,
      };
      if (this.currentPhase === "preChoice") {
        this.preChoices.push(choice);
        if (agent + 1 < N) this.current = agent + 1;
        else {
          this.currentPhase = this.task.rounds > 0 ? "discuss" : "choose";
          this.current = 0;
        }
      } else {
        this.choices.push(choice);
        if (agent + 1 < N) this.current = agent + 1;
        else {
          this.finish();
          this.terminations = this.agents.map(() => true);
          return;
        }
      }
    }
    if (this.steps >= this.maxSteps) {
      this.finish();
      this.truncations = this.agents.map(() => true);
    }
  }

  private finish(): void {
    this.currentPhase = "done";
    this.current = null;
    const finals: (number | null)[] = this.agents.map(() => null);
    for (const c of this.choices) finals[c.agent] = c.choice;
    this.decision = teamDecision(finals);
  }

  /** The episode so far as a Trace (a fresh copy; teamDecision is null until the end). */
  trace(): Trace {
    return {
      version: TRACE_VERSION,
      taskId: this.task.id,
      seed: this.seed,
      surface: this.surface,
      preChoices: this.preChoices.map((c) => ({ ...c })),
      messages: this.messages.map((m) => ({ ...m })),
      choices: this.choices.map((c) => ({ ...c })),
      teamDecision: this.decision,
      correct: this.task.correct,
    };
  }
}

function sampledOf(action: PolicyAction): { tokens?: number[]; logprobs?: number[] } {
  const out: { tokens?: number[]; logprobs?: number[] } = {};
  if (Array.isArray(action.tokens)) out.tokens = action.tokens.slice();
  if (Array.isArray(action.logprobs)) out.logprobs = action.logprobs.slice();
  return out;
}
