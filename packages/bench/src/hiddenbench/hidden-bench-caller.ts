import { setMaxListeners } from "node:events";
import type { ChatMessage } from "@cosir/env";
import type { ChatReply, ChatResponder } from "../chat/chat-responder";
import { askResponder } from "./ask-responder";
import type { HiddenBenchEpisode } from "./hidden-bench-types";
import { RunStoppedError } from "./run-stopped-error";

export interface HiddenBenchCallerOptions {
  /** Wall-clock budget (ms) from construction; when spent, the run stops and `deadlineReached` is set. */
  deadlineMs?: number;
  /** Stops the run like the deadline does. */
  signal?: AbortSignal;
  /** Calls done / calls planned, after every call. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Makes the chat calls of a HiddenBench run and keeps what the task runs share: the stop signal (deadline,
 * caller's signal, or the first fatal error), the first fatal error, and the progress count. Call
 * `dispose` when the run is over, whatever its outcome.
 */
export class HiddenBenchCaller {
  private readonly stop = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onOuterAbort = (): void => this.stop.abort();
  private doneCalls = 0;
  /** The first error that is not a failed call (e.g. an unreachable endpoint); null while there is none. */
  fatal: unknown = null;
  deadlineReached = false;

  constructor(
    private readonly seat: (agent: number) => ChatResponder,
    private readonly totalCalls: number,
    private readonly opts: HiddenBenchCallerOptions = {},
  ) {
    // every call in flight listens on the run's signal
    setMaxListeners(0, this.stop.signal);
    this.timer =
      opts.deadlineMs !== undefined
        ? setTimeout(() => {
            this.deadlineReached = true;
            this.stop.abort();
          }, opts.deadlineMs)
        : undefined;
    opts.signal?.addEventListener("abort", this.onOuterAbort, { once: true });
    if (opts.signal?.aborted) this.stop.abort();
  }

  /** True once the run was stopped: no new task run starts and every new call throws RunStoppedError. */
  get stopped(): boolean {
    return this.stop.signal.aborted;
  }

  /**
   * The reply of `agent`'s seat to `messages`, counted on episode `e` (calls, errors) and in the progress.
   * Throws RunStoppedError when the run is stopped (before the call, or a call that failed because of
   * it), and rethrows, after stopping the run, whatever the responder throws.
   */
  async ask(e: HiddenBenchEpisode, agent: number, messages: ChatMessage[]): Promise<ChatReply> {
    if (this.stop.signal.aborted) throw new RunStoppedError();
    let reply: ChatReply;
    try {
      reply = await askResponder(this.seat(agent), messages, this.stop.signal);
    } catch (error) {
      this.fail(error);
      throw error;
    }
    if (this.stop.signal.aborted && reply.error !== undefined) throw new RunStoppedError();
    e.calls++;
    if (reply.error !== undefined) e.errors++;
    this.opts.onProgress?.(++this.doneCalls, this.totalCalls);
    return reply;
  }

  /** Records `error` as the run's fatal error unless one came first, and stops the run. */
  fail(error: unknown): void {
    if (this.fatal === null) this.fatal = error;
    this.stop.abort();
  }

  /** Clears the deadline and stops listening on the caller's signal. */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.opts.signal?.removeEventListener("abort", this.onOuterAbort);
  }
}
