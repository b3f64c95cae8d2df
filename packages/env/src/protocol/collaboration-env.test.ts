import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ProtocolError } from "../errors/protocol-error";
import { randomTask } from "../generators/random-task";
import type { Surface } from "../messages/act";
import { renderChoice } from "../messages/render-choice";
import { renderMessage } from "../messages/render-message";
import { TraceSchema } from "../trace/trace";
import type { Task } from "../task/task";
import { CollaborationEnv } from "./collaboration-env";

interface Model {
  task: Task;
  phase: "preChoice" | "discuss" | "choose" | "done";
  agent: number | null;
  turn: number;
  messages: number;
  preChoices: number;
  choices: number;
  parseErrors: number;
}

function advance(m: Model, parsedOk: boolean): void {
  const N = m.task.agents;
  if (!parsedOk) m.parseErrors++;
  if (m.phase === "preChoice") {
    m.preChoices++;
    if (m.preChoices < N) m.agent = m.preChoices;
    else {
      m.phase = m.task.rounds > 0 ? "discuss" : "choose";
      m.agent = 0;
    }
  } else if (m.phase === "discuss") {
    m.messages++;
    m.turn++;
    if (m.turn >= m.task.rounds * N) {
      m.phase = "choose";
      m.agent = 0;
    } else m.agent = m.turn % N;
  } else if (m.phase === "choose") {
    m.choices++;
    if (m.choices < N) m.agent = m.choices;
    else {
      m.phase = "done";
      m.agent = null;
    }
  }
}

function checkAgainst(m: Model, env: CollaborationEnv): void {
  expect(env.phase).toBe(m.phase);
  expect(env.agentSelection).toBe(m.agent);
  expect(env.turn).toBe(m.turn);
  const trace = env.trace();
  expect(trace.messages).toHaveLength(m.messages);
  expect(trace.preChoices).toHaveLength(m.preChoices);
  expect(trace.choices).toHaveLength(m.choices);
  expect(
    [...trace.messages, ...trace.preChoices, ...trace.choices].filter((x) => x.parseError !== undefined),
  ).toHaveLength(m.parseErrors);
  expect(env.terminations.every(Boolean)).toBe(m.phase === "done");
  expect(env.truncations.some(Boolean)).toBe(false);
}

class StepValid implements fc.Command<Model, CollaborationEnv> {
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>): boolean {
    return m.phase !== "done";
  }
  run(m: Model, env: CollaborationEnv): void {
    const t = m.task;
    const text =
      m.phase === "discuss"
        ? renderMessage(
            [{ kind: "share", option: this.pick % t.options, attribute: this.pick % t.attributes, level: t.levels[0] }],
            env.surface,
            t,
          )
        : renderChoice(this.pick % t.options, env.surface, t);
    env.step({ text, tokens: [1, 2], logprobs: [-0.5, -0.25] });
    advance(m, true);
    checkAgainst(m, env);
  }
  toString(): string {
    return `StepValid(${this.pick})`;
  }
}

class StepGarbage implements fc.Command<Model, CollaborationEnv> {
  constructor(readonly text: string) {}
  check(m: Readonly<Model>): boolean {
    return m.phase !== "done";
  }
  run(m: Model, env: CollaborationEnv): void {
    const before = env.trace();
    env.step(this.text);
    const after = env.trace();
    const last =
      m.phase === "discuss"
        ? after.messages.at(-1)
        : m.phase === "preChoice"
          ? after.preChoices.at(-1)
          : after.choices.at(-1);
    expect(last?.text).toBe(this.text);
    const failed = last?.parseError !== undefined;
    if (failed && m.phase === "discuss") expect(after.messages.at(-1)?.acts).toEqual([{ kind: "pass" }]);
    expect(after.messages.length + after.choices.length + after.preChoices.length).toBe(
      before.messages.length + before.choices.length + before.preChoices.length + 1,
    );
    advance(m, !failed);
    checkAgainst(m, env);
  }
  toString(): string {
    return `StepGarbage(${JSON.stringify(this.text)})`;
  }
}

class Observe implements fc.Command<Model, CollaborationEnv> {
  constructor(readonly agent: number) {}
  check(): boolean {
    return true;
  }
  run(m: Model, env: CollaborationEnv): void {
    const agent = this.agent % m.task.agents;
    const obs = env.observe(agent);
    expect(obs.agent).toBe(agent);
    expect(obs.phase).toBe(m.phase === "done" ? "choose" : m.phase);
    expect(obs.messages).toHaveLength(m.messages);
    expect(obs.turn).toBe(m.phase === "discuss" ? m.turn : -1);
    expect("table" in obs.task || "correct" in obs.task || "visibility" in obs.task).toBe(false);
    const last = env.last();
    expect(last.agent).toBe(m.agent);
    expect(last.done).toBe(m.phase === "done");
  }
  toString(): string {
    return `Observe(${this.agent})`;
  }
}

class StepAfterDone implements fc.Command<Model, CollaborationEnv> {
  check(m: Readonly<Model>): boolean {
    return m.phase === "done";
  }
  run(_m: Model, env: CollaborationEnv): void {
    expect(() => env.step("PASS")).toThrow(ProtocolError);
  }
  toString(): string {
    return "StepAfterDone";
  }
}

const commands = [
  fc.nat(100).map((k) => new StepValid(k)),
  fc
    .oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom("PASS", "Nothing to add.", "SHARE o9 a9 9", "CHOOSE o1", "I choose Restaurant A."),
    )
    .map((t) => new StepGarbage(t)),
  fc.nat(10).map((a) => new Observe(a)),
  fc.constant(new StepAfterDone()),
];

describe("CollaborationEnv (model-based)", () => {
  it("follows the protocol: pre-choices, rounds of turns, final choices, done", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.constantFrom<Surface>("canonical", "natural"),
        fc.commands(commands, { maxCommands: 40 }),
        (seed, agents, rounds, preDiscussionChoice, surface, cmds) => {
          const task = randomTask({ seed, agents, rounds, preDiscussionChoice });
          const env = new CollaborationEnv(task, { surface });
          const model: Model = {
            task,
            phase: preDiscussionChoice ? "preChoice" : rounds > 0 ? "discuss" : "choose",
            agent: 0,
            turn: 0,
            messages: 0,
            preChoices: 0,
            choices: 0,
            parseErrors: 0,
          };
          fc.modelRun(() => ({ model, real: env }), cmds);
          expect(TraceSchema.safeParse(env.trace()).success).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("CollaborationEnv", () => {
  const task = randomTask({ seed: 4, agents: 3, rounds: 2 });

  it("copies tokens and log-probs into the trace and decides by strict majority", () => {
    const env = new CollaborationEnv(task);
    for (let t = 0; t < 6; t++) env.step({ text: "PASS", tokens: [t], logprobs: [-t] });
    env.step("CHOOSE o1");
    env.step({ text: "CHOOSE o1", tokens: [7], logprobs: [-1] });
    env.step("garbage");
    const trace = env.trace();
    expect(trace.messages[2]).toMatchObject({ turn: 2, round: 0, speaker: 2, tokens: [2], logprobs: [-2] });
    expect(trace.messages[3]).toMatchObject({ turn: 3, round: 1, speaker: 0 });
    expect(trace.choices[1]).toMatchObject({ choice: 1, tokens: [7], logprobs: [-1] });
    expect(trace.choices[2]).toMatchObject({ choice: null, parseError: expect.any(String) });
    expect(trace.teamDecision).toBe(1);
    expect(env.last()).toMatchObject({
      agent: null,
      observation: null,
      done: true,
      terminated: true,
      truncated: false,
    });
    expect(() => env.step("PASS")).toThrow(/episode is over/);
  });

  it("reset starts over and records the seed", () => {
    const env = new CollaborationEnv(task);
    env.step("PASS");
    env.reset(99);
    expect(env.trace()).toMatchObject({ seed: 99, messages: [], choices: [], teamDecision: null });
    expect(env.agentSelection).toBe(0);
  });

  it("truncates (not terminates) at maxSteps", () => {
    const env = new CollaborationEnv(task, { maxSteps: 4 });
    for (let i = 0; i < 4; i++) env.step("PASS");
    expect(env.done).toBe(true);
    expect(env.truncations).toEqual([true, true, true]);
    expect(env.terminations).toEqual([false, false, false]);
    expect(env.trace().teamDecision).toBeNull();
  });

  it("rejects caller bugs clearly", () => {
    const env = new CollaborationEnv(task);
    expect(() => env.observe(3)).toThrow(ProtocolError);
    expect(() => env.step({} as unknown as string)).toThrow(/expected a string/);
    expect(() => new CollaborationEnv(task, { surface: "telepathy" as Surface })).toThrow(/^surface:/);
  });
});
