import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TraceProtocolError } from "../errors/trace-protocol-error";
import { randomTask } from "../generators/random-task";
import { CollaborationEnv } from "../protocol/collaboration-env";
import { replayMatches, validTaskAndTrace, type TaskAndTrace } from "../test/trace-arbitraries";
import { checkTraceProtocol } from "./check-trace-protocol";
import { findTraceViolation } from "./find-trace-violation";
import type { Trace } from "./trace";

/** A whole 6-turn episode (3 agents x 2 rounds) of canonical asks and votes. */
function sixTurnEpisode(): TaskAndTrace {
  const task = randomTask({ seed: 7, options: 3, attributes: 2, agents: 3, rounds: 2 });
  const env = new CollaborationEnv(task, { surface: "canonical" });
  while (!env.done) env.step(env.phase === "discuss" ? "ASK o0 a0" : `CHOOSE o${(task.correct + 1) % 3}`);
  return { task, trace: env.trace() };
}

type Mutation = (t: Trace, pick: number) => { trace: Trace; field: RegExp } | null;

const clone = (t: Trace): Trace => structuredClone(t);

/** Each mutation breaks one protocol rule; the field the validator must name first. */
const mutations: Record<string, Mutation> = {
  "forged asks past the turn count": (t) => {
    const trace = clone(t);
    for (let k = 0; k < 1000; k++)
      trace.messages.push({
        turn: k,
        round: 0,
        speaker: 0,
        text: "ASK o0 a0",
        acts: [{ kind: "ask", option: 0, attribute: 0 }],
      });
    return { trace, field: /^trace\.messages\.length$/ };
  },
  "a vote from an agent that does not exist": (t) => {
    const trace = clone(t);
    trace.choices.push({ agent: 99, text: "CHOOSE o0", choice: 0 });
    return {
      trace,
      field: /^trace\.(choices|messages)\.length$|^trace\.choices\[\d+\]\.agent$|^trace\.preChoices\.length$/,
    };
  },
  "a duplicate choice": (t) => {
    if (t.choices.length < 2) return null;
    const trace = clone(t);
    trace.choices[1] = { ...(trace.choices[0] as Trace["choices"][number]) };
    return { trace, field: /^trace\.choices\[1\]\.agent$/ };
  },
  "a speaker out of turn": (t, pick) => {
    if (t.messages.length === 0) return null;
    const k = pick % t.messages.length;
    const trace = clone(t);
    const m = trace.messages[k] as Trace["messages"][number];
    m.speaker += 1;
    return { trace, field: new RegExp(`^trace\\.messages\\[${k}\\]\\.speaker$`) };
  },
  "a turn renumbered": (t, pick) => {
    if (t.messages.length === 0) return null;
    const k = pick % t.messages.length;
    const trace = clone(t);
    (trace.messages[k] as Trace["messages"][number]).turn = k + 1;
    return { trace, field: new RegExp(`^trace\\.messages\\[${k}\\]\\.turn$`) };
  },
  "acts that the text does not say": (t, pick) => {
    if (t.messages.length === 0) return null;
    const k = pick % t.messages.length;
    const trace = clone(t);
    (trace.messages[k] as Trace["messages"][number]).acts.push({ kind: "ask", option: 0, attribute: 0 });
    return { trace, field: new RegExp(`^trace\\.messages\\[${k}\\]\\.acts$`) };
  },
  "a parse error hidden": (t, pick) => {
    const bad = t.messages.map((m, k) => (m.parseError !== undefined ? k : -1)).filter((k) => k >= 0);
    if (bad.length === 0) return null;
    const k = bad[pick % bad.length] as number;
    const trace = clone(t);
    delete (trace.messages[k] as Trace["messages"][number]).parseError;
    return { trace, field: new RegExp(`^trace\\.messages\\[${k}\\]\\.parseError$`) };
  },
  "a choice that the text does not say": (t, pick) => {
    if (t.choices.length === 0) return null;
    const k = pick % t.choices.length;
    const trace = clone(t);
    const c = trace.choices[k] as Trace["choices"][number];
    c.choice = c.choice === null ? 0 : c.choice + 1;
    return { trace, field: new RegExp(`^trace\\.choices\\[${k}\\]\\.choice$`) };
  },
  "another task's id": (t) => ({ trace: { ...clone(t), taskId: `${t.taskId}x` }, field: /^trace\.taskId$/ }),
  "a forged team decision": (t) => {
    const trace = clone(t);
    trace.teamDecision = 99; // no task here has 100 answers, so never the majority
    return { trace, field: /^trace\.teamDecision$/ };
  },
};

describe("findTraceViolation", () => {
  it("accepts every trace (whole or prefix) the protocol produces", () => {
    fc.assert(
      fc.property(validTaskAndTrace, ({ task, trace }) => {
        expect(findTraceViolation(task, trace)).toBeNull();
        expect(checkTraceProtocol(task, trace)).toBe(trace);
      }),
    );
  });

  for (const [name, mutate] of Object.entries(mutations)) {
    it(`refuses ${name}, naming the field`, () => {
      fc.assert(
        fc.property(validTaskAndTrace, fc.nat(), ({ task, trace }, pick) => {
          const mutated = mutate(trace, pick);
          fc.pre(mutated !== null);
          const violation = findTraceViolation(task, (mutated as { trace: Trace }).trace);
          expect(violation?.field).toMatch((mutated as { field: RegExp }).field);
        }),
      );
    });
  }

  it("agrees with replaying the texts through CollaborationEnv (the oracle), on valid and mutated traces", () => {
    const names = Object.keys(mutations);
    fc.assert(
      fc.property(validTaskAndTrace, fc.nat(), fc.nat(), ({ task, trace }, which, pick) => {
        const mutated =
          which % (names.length + 1) === 0
            ? trace
            : mutations[names[which % names.length] as string]!(trace, pick)?.trace;
        fc.pre(mutated !== undefined);
        expect(findTraceViolation(task, mutated as Trace) === null).toBe(replayMatches(task, mutated as Trace));
      }),
    );
  });

  it("refuses 1,000 ASKs on a 6-turn task before parsing any of them", () => {
    const { task, trace } = sixTurnEpisode();
    expect(trace.messages).toHaveLength(6);
    expect(findTraceViolation(task, trace)).toBeNull();
    const forged = clone(trace);
    forged.messages = Array.from({ length: 1000 }, (_, t) => ({
      turn: t,
      round: Math.floor(t / 3),
      speaker: t % 3,
      text: "ASK o0 a0",
      acts: [{ kind: "ask" as const, option: 0, attribute: 0 }],
    }));
    expect(() => checkTraceProtocol(task, forged)).toThrow(TraceProtocolError);
    expect(() => checkTraceProtocol(task, forged)).toThrow(
      "trace.messages.length: expected at most 6 messages (2 rounds x 3 agents), got 1000",
    );
  });

  it("accepts a team decision that is the majority of all N agents even before every choice is made (shrunk case)", () => {
    const { task, trace } = sixTurnEpisode();
    const partial = clone(trace);
    partial.choices = partial.choices.slice(0, 2);
    const majority = partial.choices[0]?.choice ?? null;
    expect(findTraceViolation(task, { ...partial, teamDecision: majority })).toBeNull();
    expect(findTraceViolation(task, { ...partial, teamDecision: null })).toBeNull();
    expect(findTraceViolation(task, { ...partial, teamDecision: (majority ?? 0) + 1 })?.field).toBe(
      "trace.teamDecision",
    );
  });

  it("refuses extra votes from agents that do not exist", () => {
    const { task, trace } = sixTurnEpisode();
    const forged = clone(trace);
    for (let k = 3; k < 9; k++)
      forged.choices.push({ agent: k, text: `CHOOSE o${task.correct}`, choice: task.correct });
    expect(findTraceViolation(task, forged)).toEqual({
      field: "trace.choices.length",
      value: 9,
      expectation: "expected at most 3 final choices (one per agent)",
    });
    const error = (() => {
      try {
        checkTraceProtocol(task, forged, "body.trace");
      } catch (e) {
        return e as TraceProtocolError;
      }
    })();
    expect(error?.code).toBe("trace_protocol");
    expect(error?.field).toBe("body.trace.choices.length");
  });
});
