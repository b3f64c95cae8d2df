import { CollaborationEnv, generateTask, type Task, type Trace } from "@cosir/env";
import { cosirPreset, outcomeOnlyPreset, scoreEpisode } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import { errorReply } from "../server/error-reply";
import { ScoringPool } from "./scoring-pool";

function episode(seed: number): { task: Task; trace: Trace } {
  const task = generateTask({ family: "random", seed, options: 3, attributes: 3, agents: 3, rounds: 2 });
  const env = new CollaborationEnv(task, { surface: "canonical" });
  const texts = ["SHARE o0 a0 2", "ASK o1 a1", "CHOOSE o0", "PASS"];
  let k = seed;
  while (!env.done) env.step(texts[k++ % texts.length] as string);
  return { task, trace: env.trace() };
}

describe("ScoringPool", () => {
  it("scores on worker threads exactly as in-process, in order, across concurrent batches", async () => {
    const pool = new ScoringPool(2);
    try {
      const episodes = Array.from({ length: 12 }, (_, k) => episode(k));
      const batches = [episodes.slice(0, 5), episodes.slice(5, 6), episodes.slice(6)];
      const results = await Promise.all(
        batches.map((b, i) =>
          pool.score(b.map(({ task, trace }) => ({ task, trace, config: i === 1 ? outcomeOnlyPreset : cosirPreset }))),
        ),
      );
      batches.forEach((b, i) =>
        b.forEach(({ task, trace }, k) =>
          expect(results[i]![k]).toEqual(scoreEpisode(task, trace, i === 1 ? outcomeOnlyPreset : cosirPreset)),
        ),
      );
      expect(pool.load).toEqual({ queued: 0, busy: 0 });
    } finally {
      await pool.close();
    }
  });

  it("keeps a job's typed error (code and field) across the thread boundary", async () => {
    const pool = new ScoringPool(1);
    try {
      const { task, trace } = episode(1);
      const forged = { ...trace, choices: [...trace.choices, { agent: 7, text: "CHOOSE o0", choice: 0 }] };
      const error = await pool
        .score([{ task, trace: forged, config: cosirPreset, options: { untrusted: true } }])
        .catch((e: unknown) => e);
      expect(errorReply(error)).toEqual({
        status: 422,
        body: {
          error: {
            code: "trace_protocol",
            message: "trace.choices.length: expected at most 3 final choices (one per agent), got 4",
            field: "trace.choices.length",
          },
        },
      });
      // The thread is still usable after a failed job.
      expect(await pool.score([{ task, trace, config: cosirPreset }])).toEqual([scoreEpisode(task, trace)]);
    } finally {
      await pool.close();
    }
  });

  it("scores in-process with 0 threads, refuses a bad thread count, and fails queued work on close with 503", async () => {
    const { task, trace } = episode(2);
    const inline = new ScoringPool(0);
    expect(await inline.score([{ task, trace, config: cosirPreset }])).toEqual([scoreEpisode(task, trace)]);
    expect(() => new ScoringPool(-1)).toThrow(/^threads: /);
    expect(() => new ScoringPool(1.5)).toThrow(/^threads: /);
    const pool = new ScoringPool(1);
    const pending = Array.from({ length: 3 }, () => pool.score([{ task, trace, config: cosirPreset }]).catch((e) => e));
    await pool.close();
    for (const result of await Promise.all(pending)) {
      if (Array.isArray(result)) expect(result).toEqual([scoreEpisode(task, trace)]);
      else expect(errorReply(result)?.status).toBe(503);
    }
    expect(errorReply(await pool.score([{ task, trace, config: cosirPreset }]).catch((e) => e))?.status).toBe(503);
  });
});
