import { createHash } from "node:crypto";

/** Where the spent episode states are recorded: in this process (ReplayGuard) or shared (a cluster's primary). */
export interface SpentLedger {
  /**
   * Records that the state `key` was used for the step `fingerprint`; true for a first use or the very same
   * step again (an idempotent retry), false when the state was already used for another step (a replay).
   */
  claim(key: string, fingerprint: string): boolean | Promise<boolean>;
}

export const spentDigest = (text: string): string => createHash("sha256").update(text).digest("base64url");

/**
 * The spent-state ledger of one process: a bounded, oldest-first map of digests, keyed by episode and step
 * number (so every token of one state counts as one). `startEnvCluster` keeps one in the primary for all its
 * workers; separate machines keep one each, so a replay sent to another machine within the state's TTL is
 * answered there: it re-runs the same authenticated trace, so it can fork the episode but never change what a
 * trace earns.
 */
export class ReplayGuard implements SpentLedger {
  private readonly spent = new Map<string, string>();
  readonly capacity: number;
  refused = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  claim(key: string, fingerprint: string): boolean {
    const k = spentDigest(key);
    const fp = spentDigest(fingerprint);
    const seen = this.spent.get(k);
    if (seen !== undefined) {
      if (seen === fp) return true;
      this.refused++;
      return false;
    }
    this.spent.set(k, fp);
    if (this.spent.size > this.capacity) this.spent.delete(this.spent.keys().next().value as string);
    return true;
  }

  get size(): number {
    return this.spent.size;
  }
}
