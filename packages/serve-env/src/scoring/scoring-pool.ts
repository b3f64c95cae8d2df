import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { CosirError, InvalidArgumentError } from "@cosir/bayes";
import type { Task, Trace } from "@cosir/env";
import { scoreEpisode, type EpisodeRewards, type RewardConfig, type ScoreEpisodeOptions } from "@cosir/rewards";
import { HttpError } from "../server/http-error";

/** One trace to score with its task and reward config (plain data: it crosses a thread boundary). */
export interface ScoringJob {
  task: Task;
  trace: Trace;
  config: RewardConfig;
  options?: ScoreEpisodeOptions;
}

interface Pending {
  id: number;
  jobs: ScoringJob[];
  resolve: (results: EpisodeRewards[]) => void;
  reject: (error: unknown) => void;
  /** Detaches the abort listener once the batch is settled. */
  settle?: () => void;
}

/** Scoring abandoned because its request was (the client disconnected, or the server stopped waiting). */
export class ScoringCancelledError extends HttpError {
  constructor() {
    super(503, "cancelled", "scoring was cancelled (the client went away or the server is closing)");
  }
}

interface Slot {
  worker: Worker;
  busy: Pending | undefined;
}

/** Default thread count: the cores but one for the event loop, at least 1, at most 8. */
export function defaultScoringThreads(): number {
  return Math.max(1, Math.min(8, availableParallelism() - 1));
}

function workerUrl(): URL | undefined {
  // dist/: tsup writes the worker next to index.js; src/ (tests): the .mjs beside this file. Bundled into
  // another package's single file, neither exists: the pool then scores in-process.
  for (const name of ["./score-worker.js", "./score-worker.mjs"]) {
    const url = new URL(name, import.meta.url);
    if (url.protocol === "file:" && existsSync(fileURLToPath(url))) return url;
  }
  return undefined;
}

/**
 * Scores traces on node:worker_threads (docs/design.md §7.1), so a maximum-budget request never blocks the
 * server's event loop (`/healthz` and every other route keep answering). Batches queue FIFO and go to the
 * first idle thread; threads start on first use, are unref'd while idle, and are replaced if one dies (its
 * batch fails with a 503). `threads: 0` scores in-process, on the caller's thread (as does a pool whose
 * worker file is missing; `threads` then reads 0).
 */
export class ScoringPool {
  readonly threads: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;
  private closed = false;

  private readonly worker: URL | undefined;

  constructor(threads: number = defaultScoringThreads()) {
    if (!Number.isInteger(threads) || threads < 0 || threads > 256)
      throw new InvalidArgumentError("threads", threads, "expected an integer in 0..256");
    this.worker = threads > 0 ? workerUrl() : undefined;
    this.threads = this.worker === undefined ? 0 : threads;
  }

  /**
   * Scores every job (in order); rejects with the first error a job raised. When `signal` aborts, a queued
   * batch leaves the queue and a running one stops at once (its thread is terminated and replaced on
   * demand): ScoringCancelledError. In-process (`threads: 0`) the check comes between jobs.
   */
  score(jobs: ScoringJob[], signal?: AbortSignal): Promise<EpisodeRewards[]> {
    if (this.closed) return Promise.reject(new HttpError(503, "closing", "the server is closing; retry later"));
    if (signal?.aborted) return Promise.reject(new ScoringCancelledError());
    if (jobs.length === 0) return Promise.resolve([]);
    if (this.threads === 0) return scoreInProcess(jobs, signal);
    return new Promise((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, jobs, resolve, reject };
      if (signal !== undefined) {
        const onAbort = () => this.cancel(pending);
        signal.addEventListener("abort", onAbort, { once: true });
        pending.settle = () => signal.removeEventListener("abort", onAbort);
      }
      this.queue.push(pending);
      this.pump();
    });
  }

  /** Drops a queued batch, or terminates the thread running it; the batch fails with ScoringCancelledError. */
  private cancel(pending: Pending): void {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = this.slots.find((s) => s.busy === pending);
    if (slot !== undefined) {
      this.slots.splice(this.slots.indexOf(slot), 1);
      slot.busy = undefined;
      void slot.worker.terminate();
    }
    if (queued >= 0 || slot !== undefined) {
      pending.settle?.();
      pending.reject(new ScoringCancelledError());
      if (!this.closed) this.pump();
    }
  }

  /**
   * Starts every thread now rather than on first use: starting one blocks the event loop for tens of
   * milliseconds (more on a loaded machine), which a server would rather pay before its first burst.
   */
  warm(): void {
    while (!this.closed && this.worker !== undefined && this.slots.length < this.threads) this.spawn();
  }

  /** Batches waiting for a thread, and threads busy. */
  get load(): { queued: number; busy: number } {
    return { queued: this.queue.length, busy: this.slots.filter((s) => s.busy !== undefined).length };
  }

  /** Stops every thread; queued and running batches fail with 503. */
  async close(): Promise<void> {
    this.closed = true;
    const gone = new HttpError(503, "closing", "the server is closing; retry later");
    for (const p of this.queue.splice(0)) p.reject(gone);
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        slot.busy?.reject(gone);
        slot.busy = undefined;
        await slot.worker.terminate();
      }),
    );
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.busy === undefined);
      if (slot === undefined) {
        if (this.slots.length >= this.threads) return;
        slot = this.spawn();
      }
      const pending = this.queue.shift() as Pending;
      slot.busy = pending;
      slot.worker.ref();
      slot.worker.postMessage({ id: pending.id, jobs: pending.jobs });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.worker as URL);
    const slot: Slot = { worker, busy: undefined };
    worker.on("message", (reply: { id: number; results?: EpisodeRewards[]; error?: WorkerErrorReply }) => {
      const pending = slot.busy;
      if (pending === undefined || pending.id !== reply.id) return;
      slot.busy = undefined;
      worker.unref();
      pending.settle?.();
      if (reply.error !== undefined) pending.reject(errorFromWorker(reply.error));
      else pending.resolve(reply.results ?? []);
      this.pump();
    });
    const fail = (error: unknown) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      const pending = slot.busy;
      slot.busy = undefined;
      pending?.settle?.();
      pending?.reject(
        new HttpError(503, "scoring_failed", `a scoring thread stopped (${describe(error)}); retry later`),
      );
      if (!this.closed) this.pump();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (this.slots.includes(slot)) fail(`exit code ${code}`);
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }
}

/** Scores on the caller's thread, yielding to the event loop between jobs so an abort is seen. */
async function scoreInProcess(jobs: ScoringJob[], signal: AbortSignal | undefined): Promise<EpisodeRewards[]> {
  const out: EpisodeRewards[] = [];
  for (const j of jobs) {
    if (signal?.aborted) throw new ScoringCancelledError();
    out.push(scoreEpisode(j.task, j.trace, j.config, j.options));
    if (jobs.length > 1) await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}

interface WorkerErrorReply {
  name: string;
  code: string;
  message: string;
  field?: string;
}

/** A job's error as the service reports it: typed errors keep their code and field; anything else is a 500. */
class WorkerCosirError extends CosirError {
  readonly field?: string;
  constructor(reply: WorkerErrorReply) {
    super(reply.code, reply.message);
    this.name = reply.name;
    if (reply.field !== undefined) this.field = reply.field;
  }
}

function errorFromWorker(reply: WorkerErrorReply): Error {
  if (reply.code === "internal") return new HttpError(500, "internal", "internal error");
  return new WorkerCosirError(reply);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
