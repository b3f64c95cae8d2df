import { setMaxListeners } from "node:events";
import { CosirError } from "@cosir/bayes";
import type { ChatMessage } from "@cosir/env";
import type { ChatReply, ChatResponder } from "../chat/chat-responder";
import { askResponder } from "./ask-responder";
import type { HiddenBenchEpisode } from "./hidden-bench-types";
import { RequestLadder } from "./request-ladder";
import { RunStoppedError } from "./run-stopped-error";

export interface HiddenBenchCallerOptions {
  /** Wall-clock budget (ms) from construction; when spent, the run stops and `deadlineReached` is set. */
  deadlineMs?: number;
  /** Stops the run like the deadline does. */
  signal?: AbortSignal;
  /** Planned calls done / planned, and failed calls (every ask), after every planned call. */
  onProgress?: (done: number, total: number, failed: number) => void;
  /** The optional request fields (original protocol); default none. */
  ladder?: RequestLadder;
  /** Stop when the first this-many answered calls all failed the same way; default 8 (at most the planned calls). */
  earlyStopCalls?: number;
}

/** One planned call: a vote (sent with the vote response_format), asked up to `tries` times until `accept`. */
export interface AskOptions {
  vote?: boolean;
  /** Asks at most; default 1. */
  tries?: number;
  /** Whether a reply ends the asking; default: any reply that is not an error. */
  accept?: (reply: ChatReply) => boolean;
}

/** An error text with its numbers blanked, so the same failure with another request id or time compares equal. */
const failureKind = (error: string): string => error.replace(/\d+/g, "#").slice(0, 120);

/**
 * Makes the chat calls of a HiddenBench run and keeps what the task runs share: the stop signal (deadline,
 * caller's signal, or the first fatal error), the first fatal error, and the progress count. Call
 * `dispose` when the run is over, whatever its outcome.
 */
export class HiddenBenchCaller {
  private readonly stop = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onOuterAbort = (): void => {
    this.interrupted = true;
    this.stop.abort();
  };
  private doneCalls = 0;
  private failedCalls = 0;
  private readonly ladder: RequestLadder;
  private readonly earlyStopCalls: number;
  /** Failure kinds of the first answered calls, while no call has succeeded. */
  private readonly firstFailures: string[] = [];
  private succeeded = false;
  /** The first error that is not a failed call (e.g. an unreachable endpoint); null while there is none. */
  fatal: unknown = null;
  deadlineReached = false;
  /** The caller's signal stopped the run (Ctrl-C). */
  interrupted = false;

  constructor(
    private readonly seat: (agent: number) => ChatResponder,
    private readonly totalCalls: number,
    private readonly opts: HiddenBenchCallerOptions = {},
  ) {
    // every call in flight listens on the run's signal
    setMaxListeners(0, this.stop.signal);
    this.ladder = opts.ladder ?? new RequestLadder("none", false);
    this.earlyStopCalls = Math.max(1, Math.min(opts.earlyStopCalls ?? 8, totalCalls));
    this.timer =
      opts.deadlineMs !== undefined
        ? setTimeout(() => {
            this.deadlineReached = true;
            this.stop.abort();
          }, opts.deadlineMs)
        : undefined;
    opts.signal?.addEventListener("abort", this.onOuterAbort, { once: true });
    if (opts.signal?.aborted) this.onOuterAbort();
  }

  /** The request ladder, for the report's settings. */
  get requests(): RequestLadder {
    return this.ladder;
  }

  /** True once the run was stopped: no new task run starts and every new call throws RunStoppedError. */
  get stopped(): boolean {
    return this.stop.signal.aborted;
  }

  /**
   * The reply of `agent`'s seat to `messages`, counted on episode `e` (calls, errors) and, once, in the
   * progress. Throws RunStoppedError when the run is stopped (before the call, or a call that failed
   * because of it), and rethrows, after stopping the run, whatever the responder throws.
   */
  async ask(e: HiddenBenchEpisode, agent: number, messages: ChatMessage[], o: AskOptions = {}): Promise<ChatReply> {
    return (await this.askUntil(e, agent, messages, o)).reply;
  }

  /**
   * Like `ask`, asking again (up to `o.tries` asks) until `o.accept` takes the reply; returns the last
   * reply and the asks it took. An HTTP 400 to a request with optional fields steps the request ladder
   * down and asks again at once (not counted as a try).
   */
  async askUntil(
    e: HiddenBenchEpisode,
    agent: number,
    messages: ChatMessage[],
    o: AskOptions = {},
  ): Promise<{ reply: ChatReply; tries: number }> {
    const tries = o.tries ?? 1;
    const accept = o.accept ?? ((r: ChatReply) => r.error === undefined);
    let reply: ChatReply = { error: "no attempt" };
    let n = 0;
    while (n < tries) {
      n++;
      reply = await this.attempt(e, agent, messages, o.vote === true);
      if (accept(reply)) break;
    }
    this.opts.onProgress?.(++this.doneCalls, this.totalCalls, this.failedCalls);
    return { reply, tries: n };
  }

  /** One ask, stepping the request ladder down after an HTTP 400 to its optional fields. */
  private async attempt(
    e: HiddenBenchEpisode,
    agent: number,
    messages: ChatMessage[],
    vote: boolean,
  ): Promise<ChatReply> {
    for (;;) {
      if (this.stop.signal.aborted) throw new RunStoppedError();
      const level = this.ladder.current;
      const body = this.ladder.body(level, vote);
      let reply: ChatReply;
      try {
        reply = await askResponder(
          this.seat(agent),
          messages,
          this.stop.signal,
          body === undefined ? undefined : { body },
        );
      } catch (error) {
        this.fail(error);
        throw error;
      }
      if (this.stop.signal.aborted && reply.error !== undefined) throw new RunStoppedError();
      e.calls++;
      if (reply.error !== undefined) {
        e.errors++;
        this.failedCalls++;
        if (/^HTTP 400\b/.test(reply.error) && this.ladder.stepDown(level, vote)) continue;
      }
      this.watchFirstCalls(reply);
      return reply;
    }
  }

  /** Stops the run when its first answered calls all failed the same way (an endpoint refusing the model). */
  private watchFirstCalls(reply: ChatReply): void {
    if (this.succeeded || this.firstFailures.length >= this.earlyStopCalls) return;
    if (reply.error === undefined) {
      this.succeeded = true;
      return;
    }
    this.firstFailures.push(failureKind(reply.error));
    if (this.firstFailures.length === this.earlyStopCalls && new Set(this.firstFailures).size === 1)
      this.fail(
        new CosirError(
          "endpoint_refused",
          `the first ${this.earlyStopCalls} chat calls all failed the same way, so the run stopped: ${reply.error}`,
        ),
      );
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
