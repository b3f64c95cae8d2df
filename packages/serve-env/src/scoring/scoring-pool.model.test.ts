import { CollaborationEnv, generateTask, type Task, type Trace } from "@cosir/env";
import { cosirPreset, type EpisodeRewards, scoreEpisode } from "@cosir/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorReply } from "../server/error-reply";
import { ScoringPool, type ScoringJob } from "./scoring-pool";

// Model-based test of ScoringPool: the model is "scoreEpisode in-process, one batch at a time"; the real pool
// takes batches concurrently on 1-2 threads. Every batch must settle to the model's answer (or, once the pool
// is closing, a 503), threads never exceed the pool's width, and nothing stays queued once all have settled.
// Small: four tiny episodes, a handful of commands, few runs (each run starts real threads).

function episode(seed: number): { task: Task; trace: Trace } {
  const task = generateTask({ family: "random", seed, options: 2, attributes: 2, agents: 2, rounds: 1 });
  const env = new CollaborationEnv(task, { surface: "canonical" });
  const texts = ["SHARE o0 a0 2", "CHOOSE o1", "PASS", "CHOOSE o0"];
  let k = seed;
  while (!env.done) env.step(texts[k++ % texts.length] as string);
  return { task, trace: env.trace() };
}

const episodes = Array.from({ length: 4 }, (_, k) => episode(k));
const expected = episodes.map(({ task, trace }) => scoreEpisode(task, trace, cosirPreset));
/** A job the protocol check refuses (one choice too many): a typed error, not a dead thread. */
const forged: ScoringJob = {
  task: episodes[0]!.task,
  trace: {
    ...episodes[0]!.trace,
    choices: [...episodes[0]!.trace.choices, { agent: 5, text: "CHOOSE o0", choice: 0 }],
  },
  config: cosirPreset,
  options: { untrusted: true },
};

interface Model {
  closed: boolean;
  /** Batches submitted and not yet awaited: the promise, what it must resolve to, and whether close may fail it. */
  inFlight: { promise: Promise<unknown>; want: EpisodeRewards[] | "typed-error"; closable: boolean }[];
}

class Submit implements fc.AsyncCommand<Model, ScoringPool> {
  constructor(
    readonly picks: number[],
    readonly bad: boolean,
  ) {}
  check = () => true;
  async run(m: Model, pool: ScoringPool): Promise<void> {
    const jobs: ScoringJob[] = this.picks.map((k) => ({ ...episodes[k]!, config: cosirPreset }));
    if (this.bad) jobs.push(forged);
    const promise = pool.score(jobs).catch((error: unknown) => error);
    if (m.closed) {
      expect(errorReply(await promise)?.status).toBe(503);
      return;
    }
    const want = this.bad ? "typed-error" : this.picks.map((k) => expected[k]!);
    m.inFlight.push({ promise, want, closable: jobs.length > 0 });
    const load = pool.load;
    expect(load.busy).toBeLessThanOrEqual(pool.threads);
    expect(load.queued + load.busy).toBeLessThanOrEqual(m.inFlight.length);
  }
  toString = () => `submit([${this.picks}]${this.bad ? " + forged" : ""})`;
}

class Settle implements fc.AsyncCommand<Model, ScoringPool> {
  check = () => true;
  async run(m: Model, pool: ScoringPool): Promise<void> {
    for (const { promise, want, closable } of m.inFlight.splice(0)) {
      const got = await promise;
      const status = errorReply(got)?.status;
      if (m.closed && closable && status === 503) continue;
      if (want === "typed-error")
        expect(errorReply(got)).toMatchObject({ status: 422, body: { error: { code: "trace_protocol" } } });
      else expect(got).toEqual(want);
    }
    expect(pool.load).toEqual({ queued: 0, busy: 0 });
  }
  toString = () => "settle";
}

class Close implements fc.AsyncCommand<Model, ScoringPool> {
  check = (m: Readonly<Model>) => !m.closed;
  async run(m: Model, pool: ScoringPool): Promise<void> {
    await pool.close();
    m.closed = true;
    expect(pool.load).toEqual({ queued: 0, busy: 0 });
  }
  toString = () => "close";
}

const submit = fc
  .tuple(fc.array(fc.nat(episodes.length - 1), { maxLength: 3 }), fc.boolean())
  .map(([picks, bad]) => new Submit(picks, bad && picks.length > 0));
const commands = [submit, submit, fc.constant(new Settle()), fc.constant(new Close())];

describe("ScoringPool (model-based)", () => {
  it("settles every concurrent batch to the in-process scores, in order, and fails only with 503 once closing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 }),
        fc.commands(commands, { maxCommands: 10 }),
        async (threads, cmds) => {
          const pool = new ScoringPool(threads);
          expect(pool.threads).toBe(threads);
          const model: Model = { closed: false, inFlight: [] };
          try {
            await fc.asyncModelRun(() => ({ model, real: pool }), cmds);
            await new Settle().run(model, pool);
          } finally {
            await pool.close();
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 30_000);

  it("fails a batch still queued behind a busy thread with 503 on close (shrunk case)", async () => {
    const pool = new ScoringPool(1);
    const model: Model = { closed: false, inFlight: [] };
    try {
      const cmds = [new Submit([0], false), new Submit([0], false), new Close(), new Settle()];
      await fc.asyncModelRun(() => ({ model, real: pool }), cmds);
    } finally {
      await pool.close();
    }
  });
});
