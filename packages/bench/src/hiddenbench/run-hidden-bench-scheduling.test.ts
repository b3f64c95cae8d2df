import type { ChatMessage } from "@cosir/env";
import { describe, expect, it } from "vitest";
import type { ChatReply, ChatResponder } from "../chat/chat-responder";
import type { HiddenBenchTask } from "./hidden-bench-task";
import { runHiddenBench } from "./run-hidden-bench";

// The orchestration alone, with in-process scripted responders (the scripted-server integration test is
// run-hidden-bench.test.ts).

const task = (id: string): HiddenBenchTask => ({
  id,
  name: id,
  description: `Task ${id}.`,
  shared_information: [],
  hidden_information: ["Alpha floods every spring.", "Charlie has deep wells."],
  possible_answers: ["Alpha", "Charlie"],
  correct_answer: "Charlie",
});
const tasks = ["a", "b", "c"].map(task);

function responder(name: string, answer: (m: readonly ChatMessage[]) => ChatReply = () => ({ text: "Charlie" })) {
  const calls: string[] = [];
  const r: ChatResponder = {
    name,
    complete: async () => [],
    reply: async (m) => {
      calls.push(m[0]?.content ?? "");
      return answer(m);
    },
  };
  return { r, calls };
}

describe("runHiddenBench orchestration", () => {
  it("seats a team round the table and plays every planned call, reporting progress", async () => {
    const a = responder("a");
    const b = responder("b");
    const progress: [number, number][] = [];
    const r = await runHiddenBench(tasks, [a.r, b.r], {
      rounds: 1,
      conditions: ["hidden"],
      onProgress: (d, t) => progress.push([d, t]),
    });
    expect(r.calls).toBe(3 * 2 * 3);
    expect([a.calls.length, b.calls.length]).toEqual([9, 9]);
    expect(progress.at(-1)).toEqual([18, 18]);
    expect(r.individualAccuracy.value).toBe(1);
    expect(r.unfinished).toBe(0);
  });

  it("a signal aborted before the run leaves every task run unfinished and asks nothing", async () => {
    const a = responder("a");
    const stop = new AbortController();
    stop.abort();
    const r = await runHiddenBench(tasks, a.r, { rounds: 1, signal: stop.signal });
    expect(a.calls).toEqual([]);
    expect([r.unfinished, r.calls, r.accuracy.value]).toEqual([6, 0, null]);
  });

  it("the first thrown error ends the run and is rethrown", async () => {
    const boom = new Error("boom");
    const a = responder("a", () => {
      throw boom;
    });
    await expect(runHiddenBench(tasks, a.r, { rounds: 1, concurrency: 3 })).rejects.toBe(boom);
  });

  it("the jobs are played under `concurrency`: at most that many task runs at once", async () => {
    let inFlight = 0;
    let most = 0;
    const slow: ChatResponder = {
      name: "slow",
      complete: async () => [],
      reply: async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((res) => setTimeout(res, 1));
        inFlight--;
        return { text: "Charlie" };
      },
    };
    // a task run asks its two agents' votes at once, so concurrency 1 means at most 2 calls in flight
    await runHiddenBench(tasks, slow, { rounds: 1, conditions: ["hidden"], concurrency: 1 });
    expect(most).toBe(2);
  });
});
