import { InvalidConfigError } from "@cosir/bayes";

/** Cost units one scoring thread gets through per second (docs/design.md §7.1: 1e9 units is about 5 s). */
export const COST_UNITS_PER_THREAD_SECOND = 2e8;

export interface ScoringAdmissionOptions {
  /** Scoring requests in flight at most (reading their body, being checked, queued or scored). */
  maxRequests: number;
  /** Cost units reserved by requests in flight at most (a request reserves its budget until it is planned). */
  maxCost: number;
  /** Threads that score (for the `Retry-After` estimate); 0 counts as one. */
  threads: number;
}

/** A request's place in the server's scoring work; `release` is idempotent. */
export interface AdmissionTicket {
  /** Cost units this request holds. */
  readonly cost: number;
  /** Sets the units the request holds (its planned cost once known, never above what it was admitted with). */
  resize(cost: number): void;
  release(): void;
}

/** Why a request was not admitted, with how long to wait before retrying (seconds, for `Retry-After`). */
export interface AdmissionRefusal {
  reason: "requests" | "cost" | "closing";
  retryAfter: number;
}

/**
 * The server-wide bound on scoring work in flight (docs/design.md §7.1): at most `maxRequests` scoring
 * requests and `maxCost` reserved cost units at once. A request is admitted before its body is read, holding
 * the whole per-request budget; once planned it holds its actual cost. Beyond either bound the request is
 * refused at once (the route answers 503 with `Retry-After`) instead of waiting in an unbounded queue, so
 * the queue ahead of an admitted request is at most `maxCost` units: about maxCost / (threads × 2e8) seconds.
 */
export class ScoringAdmission {
  readonly maxRequests: number;
  readonly maxCost: number;
  private readonly threads: number;
  private requests = 0;
  private cost = 0;
  private closing = false;

  constructor(options: ScoringAdmissionOptions) {
    if (!Number.isInteger(options.maxRequests) || options.maxRequests < 1)
      throw new InvalidConfigError("maxScoringRequests", options.maxRequests, "expected an integer >= 1");
    if (!(options.maxCost > 0))
      throw new InvalidConfigError("maxScoringCost", options.maxCost, "expected a positive number of cost units");
    this.maxRequests = options.maxRequests;
    this.maxCost = options.maxCost;
    this.threads = Math.max(1, options.threads);
  }

  /** The bounds of a server's options (defaults: 2 requests per scoring thread, budget x (threads + 1)). */
  static forServer(
    opts: { scoreBudget: number; maxScoringRequests?: number | undefined; maxScoringCost?: number | undefined },
    threads: number,
  ): ScoringAdmission {
    const width = Math.max(1, threads);
    return new ScoringAdmission({
      maxRequests: opts.maxScoringRequests ?? Math.max(2, 2 * width),
      maxCost: opts.maxScoringCost ?? opts.scoreBudget * (width + 1),
      threads,
    });
  }

  /** Requests in flight and the cost units they hold. */
  get load(): { requests: number; cost: number } {
    return { requests: this.requests, cost: this.cost };
  }

  /** From now on every request is refused (`closing`): the server drains. */
  close(): void {
    this.closing = true;
  }

  /** Admits a request holding `cost` units, or says why not and when to retry. */
  admit(cost: number): AdmissionTicket | AdmissionRefusal {
    if (this.closing) return { reason: "closing", retryAfter: 1 };
    // A single request is always admitted into an empty server, however large its budget: the bound is on
    // what waits, and the per-request budget bounds the request itself.
    const over = this.requests > 0 && this.cost + cost > this.maxCost;
    if (this.requests >= this.maxRequests || over)
      return { reason: over ? "cost" : "requests", retryAfter: this.retryAfter() };
    this.requests++;
    this.cost += cost;
    let held = cost;
    let released = false;
    return {
      get cost() {
        return held;
      },
      resize: (next: number) => {
        if (released) return;
        const clamped = Math.max(0, Math.min(held, next));
        this.cost += clamped - held;
        held = clamped;
      },
      release: () => {
        if (released) return;
        released = true;
        this.requests--;
        this.cost -= held;
        held = 0;
      },
    };
  }

  /** Seconds until the work in flight is likely done: its cost over the threads' rate, 1..60. */
  private retryAfter(): number {
    const seconds = this.cost / (this.threads * COST_UNITS_PER_THREAD_SECOND);
    return Math.min(60, Math.max(1, Math.ceil(seconds)));
  }
}

/** True when `admit` refused. */
export function isRefusal(result: AdmissionTicket | AdmissionRefusal): result is AdmissionRefusal {
  return "reason" in result && "retryAfter" in result;
}
