import type { ChatMessage } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChatReply, ChatResponder } from "../chat/chat-responder";
import { HiddenBenchCaller } from "./hidden-bench-caller";
import type { HiddenBenchTask } from "./hidden-bench-task";
import type { HiddenBenchEpisode } from "./hidden-bench-types";
import { planHiddenBenchJobs } from "./plan-hidden-bench-jobs";
import { RunStoppedError } from "./run-stopped-error";

const task: HiddenBenchTask = {
  id: "t",
  name: "t",
  description: "d",
  shared_information: [],
  hidden_information: ["a", "b"],
  possible_answers: ["x", "y"],
  correct_answer: "x",
};
const episode = (): HiddenBenchEpisode =>
  planHiddenBenchJobs([task], { protocol: "original", conditions: ["hidden"], runs: 1, agents: undefined })[0]
    ?.episode as HiddenBenchEpisode;
const msgs: ChatMessage[] = [{ role: "user", content: "q" }];

/** A responder whose next reply (or thrown error) is set by the test. */
function scripted() {
  const state = { next: { text: "ok" } as ChatReply | Error, asked: 0 };
  const responder: ChatResponder = {
    name: "scripted",
    complete: async () => [],
    reply: async () => {
      state.asked++;
      if (state.next instanceof Error) throw state.next;
      return state.next;
    },
  };
  return { state, responder };
}

describe("HiddenBenchCaller", () => {
  it("counts calls and errors on the episode and reports progress against the plan", async () => {
    const { state, responder } = scripted();
    const progress: string[] = [];
    const c = new HiddenBenchCaller(() => responder, 5, { onProgress: (d, t) => progress.push(`${d}/${t}`) });
    const e = episode();
    expect(await c.ask(e, 0, msgs)).toEqual({ text: "ok" });
    state.next = { error: "HTTP 500" };
    expect(await c.ask(e, 1, msgs)).toEqual({ error: "HTTP 500" });
    expect([e.calls, e.errors]).toEqual([2, 1]);
    expect(progress).toEqual(["1/5", "2/5"]);
    c.dispose();
  });

  it("asks the seat of the agent", async () => {
    const seen: number[] = [];
    const c = new HiddenBenchCaller(
      (agent) => ({
        name: `s${agent}`,
        complete: async () => [],
        reply: async () => {
          seen.push(agent);
          return { text: "" };
        },
      }),
      2,
    );
    await c.ask(episode(), 3, msgs);
    expect(seen).toEqual([3]);
  });

  it("a thrown error becomes the fatal error, stops the run and is rethrown; later calls are stopped", async () => {
    const { state, responder } = scripted();
    const c = new HiddenBenchCaller(() => responder, 3);
    const boom = new Error("unreachable");
    state.next = boom;
    await expect(c.ask(episode(), 0, msgs)).rejects.toBe(boom);
    expect(c.fatal).toBe(boom);
    expect(c.stopped).toBe(true);
    c.fail(new Error("second"));
    expect(c.fatal).toBe(boom);
    const asked = state.asked;
    await expect(c.ask(episode(), 0, msgs)).rejects.toBeInstanceOf(RunStoppedError);
    expect(state.asked).toBe(asked);
  });

  it("the caller's signal stops the run, also when already aborted; dispose stops listening", async () => {
    const outer = new AbortController();
    const c = new HiddenBenchCaller(() => scripted().responder, 1, { signal: outer.signal });
    expect(c.stopped).toBe(false);
    outer.abort();
    expect(c.stopped).toBe(true);
    const aborted = new AbortController();
    aborted.abort();
    expect(new HiddenBenchCaller(() => scripted().responder, 1, { signal: aborted.signal }).stopped).toBe(true);
    const later = new AbortController();
    const d = new HiddenBenchCaller(() => scripted().responder, 1, { signal: later.signal });
    d.dispose();
    later.abort();
    expect(d.stopped).toBe(false);
  });

  it("the deadline stops the run and marks it reached; a call failing once stopped is not counted", async () => {
    let release: (r: ChatReply) => void = () => {};
    const c = new HiddenBenchCaller(
      () => ({ name: "slow", complete: async () => [], reply: () => new Promise<ChatReply>((r) => (release = r)) }),
      1,
      { deadlineMs: 5 },
    );
    const e = episode();
    const pending = c.ask(e, 0, msgs);
    await new Promise((r) => setTimeout(r, 30));
    expect([c.stopped, c.deadlineReached]).toEqual([true, true]);
    release({ error: "aborted" });
    await expect(pending).rejects.toBeInstanceOf(RunStoppedError);
    expect(e.calls).toBe(0);
    c.dispose();
  });

  it("model: calls, errors, progress, stop and the first fatal error follow any sequence of outcomes", async () => {
    type Model = { calls: number; errors: number; stopped: boolean; fatal: string | null };
    type Real = { c: HiddenBenchCaller; e: HiddenBenchEpisode; s: ReturnType<typeof scripted>; done: number };
    class Ask implements fc.AsyncCommand<Model, Real> {
      constructor(readonly outcome: "ok" | "error" | "throw") {}
      check = () => true;
      async run(m: Model, r: Real): Promise<void> {
        const id = `fatal-${m.calls}-${m.errors}`;
        r.s.state.next =
          this.outcome === "ok" ? { text: "t" } : this.outcome === "error" ? { error: "e" } : new Error(id);
        const p = r.c.ask(r.e, 0, msgs);
        if (m.stopped) {
          await expect(p).rejects.toBeInstanceOf(RunStoppedError);
        } else if (this.outcome === "throw") {
          await expect(p).rejects.toThrow(id);
          m.stopped = true;
          m.fatal ??= id;
        } else {
          await p;
          m.calls++;
          if (this.outcome === "error") m.errors++;
        }
        expect([r.e.calls, r.e.errors, r.done, r.c.stopped]).toEqual([m.calls, m.errors, m.calls, m.stopped]);
        expect((r.c.fatal as Error | null)?.message ?? null).toBe(m.fatal);
      }
      toString = () => `ask(${this.outcome})`;
    }
    class Fail implements fc.AsyncCommand<Model, Real> {
      check = () => true;
      async run(m: Model, r: Real): Promise<void> {
        r.c.fail(new Error("failed"));
        m.stopped = true;
        m.fatal ??= "failed";
        expect(r.c.stopped).toBe(true);
        expect((r.c.fatal as Error).message).toBe(m.fatal);
      }
      toString = () => "fail";
    }
    await fc.assert(
      fc.asyncProperty(
        fc.commands([
          fc.constantFrom("ok", "error", "throw").map((o) => new Ask(o as "ok" | "error" | "throw")),
          fc.constant(new Fail()),
        ]),
        async (cmds) => {
          const s = scripted();
          const real = { e: episode(), s, done: 0 } as Real;
          real.c = new HiddenBenchCaller(() => s.responder, 99, { onProgress: (d) => (real.done = d) });
          await fc.asyncModelRun(() => ({ model: { calls: 0, errors: 0, stopped: false, fatal: null }, real }), cmds);
          real.c.dispose();
        },
      ),
      { numRuns: 60 },
    );
  });
});
