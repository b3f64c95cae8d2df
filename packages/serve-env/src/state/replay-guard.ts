import { createHash } from "node:crypto";

/** A claim's verdict: accepted (first use, or the very same step again), a replay, or no room to remember it. */
export type ClaimVerdict = true | false | "full";

/** Where the spent episode states are recorded: in this process (ReplayGuard) or shared (a cluster's primary). */
export interface SpentLedger {
  /**
   * Records that state `step` of `episode` was used for the step `fingerprint`, to be remembered until
   * `untilMs` (by when every token of that state has expired). The answer to the step issues a token of the
   * next state, and a retried step re-issues one: so the records of the episode's later states are kept as
   * long. True for a first use or the very same step again (an idempotent retry), false when the state was
   * already used for another step (a replay), "full" when the ledger holds `capacity` unexpired states.
   */
  claim(episode: string, step: number, fingerprint: string, untilMs: number): ClaimVerdict | Promise<ClaimVerdict>;
}

/** 128-bit digest (base64url): keys and fingerprints are stored as these, never as client text. */
export const spentDigest = (text: string): string =>
  createHash("sha256").update(text).digest().subarray(0, 16).toString("base64url");

interface Spent {
  fingerprint: string;
  until: number;
}

/**
 * The spent-state ledger of one process: digests of (episode, step number) -> the step it was spent on, each
 * kept until every token of that state has expired, never forgotten earlier (a record outlives the one before
 * it, so a chain of retried steps re-issuing old states' tokens finds every later state still recorded). At `capacity` unexpired states a
 * claim is refused ("full": the route answers 503 `replay_ledger_full`) rather than forgetting one, so size it
 * for the state TTL times the step rate. Expired records are dropped, oldest first, when room is needed.
 * `startEnvCluster` keeps one in the primary for all its workers; separate
 * machines keep one each, so a replay sent to another machine within the state's TTL is answered there: it
 * re-runs the same authenticated trace, so it can fork the episode but never change what a trace earns.
 */
export class ReplayGuard implements SpentLedger {
  private readonly spent = new Map<string, Spent>();
  readonly capacity: number;
  refused = 0;
  /** Claims refused because the ledger was full. */
  full = 0;

  constructor(
    capacity: number,
    private readonly now: () => number = Date.now,
  ) {
    this.capacity = capacity;
  }

  claim(episode: string, step: number, fingerprint: string, untilMs: number): ClaimVerdict {
    const now = this.now();
    const k = spentDigest(`${episode}\u0000${step}`);
    const fp = spentDigest(fingerprint);
    const seen = this.spent.get(k);
    if (seen !== undefined && seen.until > now) {
      if (seen.fingerprint !== fp) {
        this.refused++;
        return false;
      }
      this.keep(k, seen, untilMs);
    } else {
      if (seen !== undefined) this.spent.delete(k);
      if (!this.room()) {
        this.full++;
        return "full";
      }
      this.spent.set(k, { fingerprint: fp, until: untilMs });
    }
    // The states after this one that were spent (a retried step): a fresh token of each can follow.
    for (let j = step + 1; ; j++) {
      const key = spentDigest(`${episode}\u0000${j}`);
      const later = this.spent.get(key);
      if (later === undefined || later.until <= now) break;
      this.keep(key, later, untilMs);
    }
    return true;
  }

  /** Unexpired states recorded (expired ones may still be held until room is needed). */
  get size(): number {
    return this.spent.size;
  }

  /**
   * Keeps a record until `untilMs` at least, moved to the back: records stay in the order of their expiry
   * (every `untilMs` is the claim time plus the same TTL), so the expired ones are always at the front.
   */
  private keep(k: string, record: Spent, untilMs: number): void {
    if (untilMs <= record.until) return;
    record.until = untilMs;
    this.spent.delete(k);
    this.spent.set(k, record);
  }

  /** Makes room for one record by dropping expired ones from the front; false when every record is needed. */
  private room(): boolean {
    if (this.spent.size < this.capacity) return true;
    const now = this.now();
    for (const [k, s] of this.spent) {
      if (s.until > now) break;
      this.spent.delete(k);
    }
    return this.spent.size < this.capacity;
  }
}
