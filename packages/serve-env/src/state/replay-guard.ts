import { createHash } from "node:crypto";
import { HttpError } from "../server/http-error";

const digest = (text: string): string => createHash("sha256").update(text).digest("base64url");

/**
 * Remembers which step this replica took from each episode state it was sent (a bounded, oldest-first map of
 * digests, keyed by episode and step number, so every token of one state counts as one): the same step (agent
 * and text) again is an idempotent retry and is answered again (the episode is deterministic, so with the same
 * observation and rewards); another step from a spent state is a replay and is refused (409
 * `state_replayed`). Replicas share no memory, so a replay sent to a replica that never saw the state is
 * answered there: it re-runs the same authenticated trace, so it can fork the episode but never change what a
 * trace earns.
 */
export class ReplayGuard {
  private readonly spent = new Map<string, string>();
  readonly capacity: number;
  refused = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** Throws 409 when the state `key` was spent on a different step. */
  check(key: string, fingerprint: string, field: string): void {
    const seen = this.spent.get(digest(key));
    if (seen !== undefined && seen !== digest(fingerprint)) {
      this.refused++;
      throw new HttpError(
        409,
        "state_replayed",
        `${field}: this state was already used for another step; send the state of the last answer`,
        field,
      );
    }
  }

  remember(key: string, fingerprint: string): void {
    const k = digest(key);
    this.spent.delete(k);
    this.spent.set(k, digest(fingerprint));
    if (this.spent.size > this.capacity) this.spent.delete(this.spent.keys().next().value as string);
  }

  get size(): number {
    return this.spent.size;
  }
}
