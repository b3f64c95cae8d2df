/** How long to wait between attempts. */
export interface RetryDelayOptions {
  /** First backoff (ms); doubles each retry. */
  backoffMs: number;
  /** Cap of each wait (ms); Infinity for none. */
  maxBackoffMs: number;
  /** Source of jitter in [0, 1): the backoff is scaled by 0.5 + random(). null: no jitter. */
  random: (() => number) | null;
}

/**
 * The wait (ms) after failed attempt `attempt` (0-based): backoffMs * 2^attempt, capped, times the jitter, and
 * at least the server's Retry-After (`retryAfterMs`), itself capped.
 */
export function retryDelay(attempt: number, o: RetryDelayOptions, retryAfterMs?: number): number {
  const jitter = o.random === null ? 1 : 0.5 + o.random();
  const backoff = Math.min(o.maxBackoffMs, o.backoffMs * 2 ** attempt) * jitter;
  return Math.min(o.maxBackoffMs, Math.max(backoff, retryAfterMs ?? 0));
}
