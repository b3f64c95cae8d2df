import { describe, expect, it } from "vitest";
import { hiddenProfileTask } from "../generators/hidden-profile-task";
import { randomTask } from "../generators/random-task";
import type { Observation, Policy, PolicyAction } from "../policy/policy";
import { TraceSchema } from "../trace/trace";
import { runEpisode } from "./run-episode";
import { runEpisodes } from "./run-episodes";

/** Shares its first own cell, then chooses the option it was built with. */
function sharer(name: string, choice: number, calls: number[] = []): Policy {
  return {
    name,
    async act(observations: readonly Observation[]): Promise<PolicyAction[]> {
      calls.push(observations.length);
      return observations.map((o) => {
        if (o.phase !== "discuss")
          return { text: o.surface === "natural" ? `I choose ${o.task.domain.options[choice]}.` : `CHOOSE o${choice}` };
        const cell = o.ownCells[0];
        const text = cell === undefined ? "PASS" : `SHARE o${cell[0]} a${cell[1]} ${cell[2]}`;
        return {
          text: o.surface === "natural" && cell === undefined ? "Nothing to add." : text,
          tokens: [o.turn],
          logprobs: [-1],
        };
      });
    },
  };
}

describe("runEpisode", () => {
  const task = hiddenProfileTask({ seed: 8 });

  it("plays one policy in every seat", async () => {
    const trace = await runEpisode(task, sharer("s", 1));
    expect(TraceSchema.parse(trace)).toEqual(trace);
    expect(trace.messages).toHaveLength(task.rounds * task.agents);
    expect(trace.messages.map((m) => m.speaker)).toEqual([0, 1, 2, 0, 1, 2]);
    expect(trace.messages[4]?.tokens).toEqual([4]);
    expect(trace.choices.map((c) => c.choice)).toEqual([1, 1, 1]);
    expect(trace.teamDecision).toBe(1);
    expect(trace.correct).toBe(task.correct);
    expect(trace.seed).toBe(task.seed);
  });

  it("plays one policy per seat, on the natural surface, with a given seed", async () => {
    const trace = await runEpisode(task, [sharer("a", 0), sharer("b", 2), sharer("c", 2)], {
      surface: "natural",
      seed: 5,
    });
    expect(trace.surface).toBe("natural");
    expect(trace.seed).toBe(5);
    expect(trace.choices.map((c) => c.choice)).toEqual([0, 2, 2]);
    expect(trace.teamDecision).toBe(2);
  });

  it("records garbage as PASS with parseError and no majority as null", async () => {
    const garbage: Policy = { name: "g", act: async (obs) => obs.map(() => ({ text: "\u0000 ☃ blah" })) };
    const trace = await runEpisode(task, garbage);
    expect(trace.messages.every((m) => m.parseError !== undefined && m.acts[0]?.kind === "pass")).toBe(true);
    expect(trace.teamDecision).toBeNull();
  });
});

describe("runEpisodes", () => {
  it("calls each policy once per lock-step with the whole batch", async () => {
    const tasks = [
      hiddenProfileTask({ seed: 1 }),
      hiddenProfileTask({ seed: 2 }),
      randomTask({ seed: 3, agents: 2, rounds: 1 }),
    ];
    const calls: number[] = [];
    const traces = await runEpisodes(tasks, sharer("s", 0, calls), { seed: [10, 11, 12] });
    expect(traces.map((t) => t.seed)).toEqual([10, 11, 12]);
    expect(traces.map((t) => t.taskId)).toEqual(tasks.map((t) => t.id));
    // steps: 3-agent tasks take 9 steps, the 2-agent one-round task 4
    expect(calls).toEqual([3, 3, 3, 3, 2, 2, 2, 2, 2]);
    const single = await Promise.all(tasks.map((t, k) => runEpisode(t, sharer("s", 0), { seed: 10 + k })));
    expect(traces).toEqual(single);
  });

  it("groups seats by policy object", async () => {
    const callsA: number[] = [];
    const callsB: number[] = [];
    const a = sharer("a", 0, callsA);
    const b = sharer("b", 0, callsB);
    await runEpisodes([hiddenProfileTask({ seed: 1 }), hiddenProfileTask({ seed: 2 })], [a, b, a]);
    expect(callsA.reduce((s, n) => s + n, 0)).toBe(2 * 6);
    expect(callsB.reduce((s, n) => s + n, 0)).toBe(2 * 3);
    expect(Math.max(...callsA)).toBe(2);
  });

  it("rejects a policy returning the wrong number of actions", async () => {
    const bad: Policy = { name: "bad", act: async () => [] };
    await expect(runEpisodes([hiddenProfileTask({ seed: 1 })], bad)).rejects.toThrow(/bad\.act/);
  });

  it("lets a timer fire during a long run of policies that answer at once", async () => {
    // Without a turn of the event loop the run is one microtask chain: a timer set before it cannot fire until
    // the run has finished, so no act would ever see it (vitest's worker RPC starves the same way).
    let fired = false;
    let seenAt = -1;
    let calls = 0;
    const inner = sharer("s", 0);
    const watcher: Policy = {
      name: "watcher",
      async act(observations) {
        calls++;
        if (fired && seenAt < 0) seenAt = calls;
        const t0 = performance.now();
        while (performance.now() - t0 < 5); // 5 ms of work a call: 8 rounds of 3 seats last well past a 50 ms slice
        return inner.act(observations);
      },
    };
    setTimeout(() => {
      fired = true;
    }, 0);
    const task = randomTask({ seed: 3, agents: 3, rounds: 8 });
    const [trace] = await runEpisodes([task], watcher);
    expect(trace?.messages).toHaveLength(24);
    expect(seenAt, `no act of ${calls} saw the timer`).toBeGreaterThan(1);
    expect(seenAt).toBeLessThan(calls);
  });
});
