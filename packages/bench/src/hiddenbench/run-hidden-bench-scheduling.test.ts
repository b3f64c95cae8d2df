import type { ChatMessage } from "@cosir/env";
import { describe, expect, it } from "vitest";
import type { ChatReply, ChatResponder } from "../chat/chat-responder";
import type { HiddenBenchTask } from "./hidden-bench-task";
import { VOTE_JSON_SCHEMA } from "./request-ladder";
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

function responder(
  name: string,
  answer: (m: readonly ChatMessage[]) => ChatReply = () => ({ text: '{"vote": "Charlie", "rationale": "r"}' }),
) {
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
      runs: 1,
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
    const r = await runHiddenBench(tasks, a.r, { rounds: 1, runs: 1, signal: stop.signal });
    expect(a.calls).toEqual([]);
    expect([r.unfinished, r.calls, r.accuracy.value, r.stopped]).toEqual([6, 0, null, "interrupted"]);
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
        return { text: '{"vote": "Charlie", "rationale": "r"}' };
      },
    };
    // a task run asks its two agents' votes at once, so concurrency 1 means at most 2 calls in flight
    await runHiddenBench(tasks, slow, { rounds: 1, runs: 1, conditions: ["hidden"], concurrency: 1 });
    expect(most).toBe(2);
  });

  it("an empty task list is an error, not a table of dashes", async () => {
    await expect(runHiddenBench([], responder("a").r, { rounds: 1 })).rejects.toThrow(
      /^tasks: expected at least one HiddenBench task/,
    );
  });

  it("stops early with one line when the first calls all fail the same way (an endpoint refusing the model)", async () => {
    const a = responder("a", () => ({ error: "HTTP 400: model 'nope' not found (not retried)" }));
    const run = runHiddenBench(tasks, a.r, { rounds: 15, runs: 10, concurrency: 2 });
    await expect(run).rejects.toThrow(
      /^the first 8 chat calls all failed the same way, so the run stopped: HTTP 400: model 'nope' not found \(not retried\)$/,
    );
    // 8 answered calls, each stepping the request ladder down at most twice, plus those in flight: far from the 3,060 planned
    expect(a.calls.length).toBeLessThan(40);
  });

  it("different failures, or a success among the first calls, do not stop the run", async () => {
    let n = 0;
    const a = responder("a", () =>
      ++n <= 6 ? { error: `HTTP 50${n % 2}` } : { text: '{"vote": "Charlie", "rationale": "r"}' },
    );
    const r = await runHiddenBench(tasks, a.r, { rounds: 1, runs: 1, conditions: ["hidden"], tries: 3 });
    expect(r.unfinished).toBe(0);
    expect(r.errors).toBe(6);
  });

  it("asks for a JSON vote through response_format with thinking off, stepping down after HTTP 400", async () => {
    const bodies: (Record<string, unknown> | undefined)[] = [];
    const r0: ChatResponder = {
      name: "strict",
      complete: async () => [],
      reply: async (_m, _s, request) => {
        bodies.push(request?.body);
        // this endpoint knows response_format but not the thinking switch
        if (request?.body?.enable_thinking !== undefined) return { error: "HTTP 400: unknown field (not retried)" };
        return { text: '{"vote": "Charlie", "rationale": "r"}' };
      },
    };
    const r = await runHiddenBench(tasks, r0, { rounds: 1, runs: 1, conditions: ["hidden"], concurrency: 1 });
    expect(bodies[0]).toMatchObject({
      response_format: { type: "json_schema" },
      enable_thinking: false,
      chat_template_kwargs: { enable_thinking: false },
    });
    // both agents' first votes went out at once; every later request is stepped down, votes keeping the format
    expect(bodies[2]).toEqual({ response_format: VOTE_JSON_SCHEMA });
    expect(bodies.slice(2).every((b) => b === undefined || b.enable_thinking === undefined)).toBe(true);
    expect(bodies.filter((b) => b?.response_format !== undefined).length).toBeGreaterThan(2 * 3 * 2 - 1);
    expect(r.settings.responseFormat).toEqual({ asked: "json_schema", used: "json_schema" });
    expect(r.settings.thinkingOff).toEqual({ asked: true, used: false });
    expect(r.individualAccuracy.value).toBe(1);
    // the cosir protocol sends no extra fields
    bodies.length = 0;
    await runHiddenBench(tasks, r0, { protocol: "cosir", rounds: 1 });
    expect(bodies.every((b) => b === undefined)).toBe(true);
  });

  it("an interrupt half-way returns a partial result marked interrupted, finished task runs scored", async () => {
    const stop = new AbortController();
    let n = 0;
    const a = responder("a", () => {
      if (++n === 40) stop.abort();
      return { text: '{"vote": "Charlie", "rationale": "r"}' };
    });
    const r = await runHiddenBench(tasks, a.r, { rounds: 1, runs: 4, signal: stop.signal, concurrency: 1 });
    expect(r.stopped).toBe("interrupted");
    expect(r.unfinished).toBeGreaterThan(0);
    expect(r.individualAccuracy.value).toBe(1);
    // interleaved conditions: as many finished hidden as full task runs, give or take one
    const done = r.episodes.filter((e) => e.finished);
    const hidden = done.filter((e) => e.condition === "hidden").length;
    expect(Math.abs(2 * hidden - done.length)).toBeLessThanOrEqual(1);
  });
});
